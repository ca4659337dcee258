"""renderers.kit.samples: the sample machinery every game renderer shares."""

from __future__ import annotations

from importlib import import_module

import pytest

from renderers.kit.samples import Moment, SampleBook
from tests.support.highcard import HighCard, HighCardState

ENGINE = HighCard()


def book(comes_at: int) -> tuple[SampleBook[Moment[HighCardState], HighCardState], list[int]]:
    """A book whose "later" moment comes from seed `comes_at` on; also the seeds it played."""
    played: list[int] = []

    def play(moment: Moment[HighCardState], seed: int) -> HighCardState | None:
        played.append(seed)
        state = ENGINE.new_game(moment.seats(), moment.mode, moment.options, seed)
        return state if moment.wanted(state) and seed >= comes_at else None

    moments = {
        "later": Moment("classic", ("Ana", "Bo"), lambda s: True),
        "second_seat": Moment("classic", ("Ana", "Bo", "Cy"), lambda s: True, seat=lambda s: 2),
        "never": Moment("classic", ("Ana", "Bo"), lambda s: False),
    }
    return SampleBook(ENGINE, moments, play, seeds=5, seat=lambda s: 1), played


def test_a_sample_is_the_first_seed_where_its_moment_comes() -> None:
    samples, played = book(comes_at=2)
    public, seat = samples.sample("later") or ({}, {})
    assert played == [0, 1, 2]
    later = ENGINE.new_game(Moment("classic", ("Ana", "Bo"), lambda s: True).seats(), "classic", {}, 2)
    assert public == dict(ENGINE.view(later, None)) and seat == dict(ENGINE.view(later, 1))


def test_the_moment_can_pick_the_seat_shown() -> None:
    samples, _ = book(comes_at=0)
    built = samples.sample("second_seat")
    assert built is not None and built[1]["seat"] == 2


def test_samples_leave_out_moments_that_never_come_and_are_built_once() -> None:
    samples, played = book(comes_at=0)
    first = samples.samples()
    count = len(played)
    second = samples.samples()
    assert set(first) == {"later", "second_seat"} and len(played) == count
    assert first == second and first is not second
    assert all(first[name] is second[name] for name in first)


@pytest.mark.parametrize("game", ["letopsulle", "punchfighter", "smashmasters", "superhot", "supernova"])
def test_every_game_uses_the_shared_book(game: str) -> None:
    assert isinstance(getattr(import_module(f"renderers.{game}.samples"), "BOOK", None), SampleBook)

"""The takeback rule of the engine contract: the generic default, the face-down pile rule, never
while the game's clock runs, and restoring a state with a newer version."""

from __future__ import annotations

import msgspec

from engines.core import Event, GameState
from engines.core.takeback import can_take_back, generic_can_take_back, pile_rule, restore
from tests.support.highcard import HighCard


class Toy(GameState, kw_only=True):
    deck: list[str] = msgspec.field(default_factory=list)
    hand: list[str] = msgspec.field(default_factory=list)


def test_the_generic_rule_refuses_chance_and_private_news() -> None:
    before, after = Toy(rng=1), Toy(rng=1, version=1)
    assert generic_can_take_back(before, after, [Event("play", "Ann plays a 3.")])
    assert not generic_can_take_back(before, Toy(rng=2), []), "a shuffle or a roll"
    assert not generic_can_take_back(before, after, [Event("draw", "You draw a 9.", visible_to=(0,))])


def test_the_pile_rule_refuses_a_draw_from_a_deck_shuffled_earlier() -> None:
    rule = pile_rule(lambda state: [state.deck])
    before = Toy(deck=["a", "b"], hand=["c"])
    assert rule(before, Toy(deck=["a", "b"], hand=[]), [])
    assert not rule(before, Toy(deck=["a"], hand=["c", "b"]), [Event("draw", "Ann draws a card.")])


def test_never_while_the_clock_runs_and_the_engine_decides() -> None:
    lightning = HighCard()
    timed = lightning.new_game([], "lightning", {}, 1)
    timed.deadline = 10.0
    assert not can_take_back(lightning, timed, timed, [])
    calm = lightning.new_game([], "classic", {}, 1)
    assert can_take_back(lightning, calm, calm, [Event("lead", "Ann leads the 5.")])
    assert not can_take_back(lightning, calm, calm, [Event("swap", "Ann swaps two cards.")]), "its own rule"


def test_restore_puts_the_state_back_with_a_newer_version() -> None:
    toy = Toy(deck=["a"], version=4)
    before = msgspec.json.encode(toy)

    class Codec:
        def decode(self, data: bytes) -> Toy:
            return msgspec.json.decode(data, type=Toy)

    toy.deck.append("b")
    toy.version = 5
    restore(Codec(), toy, before)  # type: ignore[arg-type]
    assert toy.deck == ["a"] and toy.version == 6

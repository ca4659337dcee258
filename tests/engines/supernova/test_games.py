"""Whole games on a fake clock, every seat played by the AI: rounds run from launch to scoring
through paybacks, quick draws, every kind of shockwave, showdowns and every power-up."""

from __future__ import annotations

from engines.core import Seat
from tests.engines.supernova.positions import ENGINE, NAMES, drive

EVERYTHING = (
    "Payback!",
    "Quick draw!",
    "Nobody can play",
    "Press in order",
    "Odd one out",
    "Quick sum",
    "beat the shockwave",
    "The shockwave is over.",
    "Showdown!",
    "uses Booster",
    "uses Tractor Beam",
    "uses Blaster",
    "uses RepairBot",
    "is the most damaged",
    "picks up a",
    "escaped the supernova!",
)


def test_a_whole_game_covers_every_rule() -> None:
    state = ENGINE.new_game([Seat(i, NAMES[i]) for i in range(4)], "race", {"shockwaves": "often"}, 24)
    text = "\n".join(drive(state))
    assert [line for line in EVERYTHING if line not in text] == []
    assert state.round > 3 and ENGINE.outcome(state) is not None


def test_six_players_with_shared_piles_play_to_the_end() -> None:
    """Modifications: 6 players on 3 shared piles; a shared pile's zeros damage both owners."""
    state = ENGINE.new_game([Seat(i, NAMES[i]) for i in range(6)], "race", {}, 4)
    assert len(state.piles) == 3
    lines = drive(state, "normal")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and sorted(s for group in outcome.placements for s in group) == list(range(6))
    damage = [line for line in lines if line.startswith("Damage: ")]
    assert damage
    first = dict(part.rsplit(" ", 1) for part in damage[0][len("Damage: ") :].split(", "))
    assert first["Ann"] == first["Bob"] and first["Cy"] == first["Dee"] and first["Eve"] == first["Fay"]


def test_eight_players_with_two_decks() -> None:
    state = ENGINE.new_game([Seat(i, NAMES[i]) for i in range(8)], "race", {"decks": "2"}, 1)
    drive(state, "hard")
    assert ENGINE.outcome(state) is not None

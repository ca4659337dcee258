"""What the public and each seat may see (DESIGN section 2: hidden information)."""

from __future__ import annotations

import msgspec

from engines.core import Rng
from engines.supernova import flow, shockwave
from tests.engines.supernova.positions import ENGINE, game, hand, pile, play, press, screens


def test_public_view_shows_the_table_and_hides_hands() -> None:
    state = game(3)
    pile(state, 0, 3)
    pile(state, 1, 2, down=1)
    screens(state, 1, until=42.0)
    hand(state, 0, 1, 1, 1, 4, 4, draw=(2, 2, 2))
    state.players[2].tokens = ["booster2", "booster1", "repair1"]
    view = ENGINE.view(state, None)
    assert view["phase"] == "play" and view["until"] == 42.0
    assert view["piles"][1] == {
        "name": "Bob's pile", "owners": [1], "top": 0, "cards": 2, "face_down": 1, "top_down": True,
        "damage": 1, "go": True, "named": False,
    }  # fmt: skip
    ann = view["seats"][0]
    assert (ann["hand_size"], ann["draw_size"], ann["screen"]) == (5, 3, "HOLD!")
    assert view["seats"][2]["power_ups"] == {"Booster": 2, "RepairBot": 1}
    assert view["board"] == {"finish": 24, "repair_stations": [6, 12, 18]}
    assert "hand" not in view and "tokens" not in view and "puzzle" not in view


def test_a_face_down_top_shows_as_face_down_not_as_a_0() -> None:
    """Illegal plays/payback!: everyone sees a payback on top (it counts as 0, so nothing leaks)."""
    state = game(3)
    pile(state, 0, 2, down=1)
    screens(state, 0)
    hand(state, 0, 1, 1, 1, 1, 1)
    assert ENGINE.view(state, None)["piles"][0]["top_down"]
    play(state, 0, 1, 0)
    fresh = ENGINE.view(state, None)["piles"][0]
    assert (fresh["top"], fresh["top_down"], fresh["face_down"]) == (1, False, 1)


def test_the_console_gets_the_puzzle_as_data_never_its_answer() -> None:
    """Ruling 15: the seat's view carries what its console shows (symbols or numbers, progress,
    buttons), so nothing has to parse the prompt; the answer is not in it."""
    state = game(3)
    flow.start_shock(state, Rng(3), 20.0)
    state.players[0].puzzle = puzzle = shockwave.make("order", Rng(4))
    press(state, 0, "shock", f"s.{shockwave.solution(puzzle)}", now=21.0)
    shown = ENGINE.view(state, 0)["puzzle"]
    assert set(shown) == {"kind", "prompt", "shown", "progress", "buttons"}
    assert (shown["kind"], shown["shown"], shown["progress"]) == ("order", puzzle.shown, 1)
    state.players[0].puzzle = total = shockwave.make("sum", Rng(5))
    numbers = ENGINE.view(state, 0)["puzzle"]
    assert numbers["shown"] == total.shown and total.answer[0] not in numbers["shown"]


def test_seat_view_adds_hand_power_ups_and_puzzle() -> None:
    state = game(3)
    hand(state, 0, 1, 1, 1, 4, 4)
    state.players[0].tokens = ["tractor3"]
    flow.start_shock(state, Rng(3), 20.0)
    mine = ENGINE.view(state, 0)
    assert mine["hand"] == [1, 1, 1, 4, 4] and mine["tokens"] == ["tractor3"]
    assert mine["puzzle"]["buttons"] and mine["puzzle"]["prompt"].startswith("Shockwave!")
    other = msgspec.json.encode(ENGINE.view(state, 1)).decode()
    assert '"hand":[1,1,1,4,4]' not in other
    assert ENGINE.view(state, None)["shockwave"] in ("Press in order", "Odd one out", "Quick sum")


def test_events_are_public_log_lines() -> None:
    state = game(3)
    pile(state, 0, 3)
    screens(state, 0)
    hand(state, 0, 4, 4, 4, 4, 4)
    events = play(state, 0, 4, 0)
    assert [e.text for e in events] == ["Ann plays a 4 on Ann's pile."]
    assert all(e.visible_to is None for e in events)
    assert ENGINE.view(state, None)["log"][-1] == "Ann plays a 4 on Ann's pile."

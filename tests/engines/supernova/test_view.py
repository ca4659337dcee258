"""What the public and each seat may see (DESIGN section 2: hidden information)."""

from __future__ import annotations

import msgspec

from engines.core import Rng
from engines.supernova import flow
from tests.engines.supernova.positions import ENGINE, game, hand, pile, play, screens


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
        "name": "Bob's pile", "owners": [1], "top": 0, "cards": 2, "face_down": 1, "damage": 1,
        "go": True, "named": False,
    }  # fmt: skip
    ann = view["seats"][0]
    assert (ann["hand_size"], ann["draw_size"], ann["screen"]) == (5, 3, "HOLD!")
    assert view["seats"][2]["power_ups"] == {"Booster": 2, "RepairBot": 1}
    assert view["board"] == {"finish": 24, "repair_stations": [6, 12, 18]}
    assert "hand" not in view and "tokens" not in view and "puzzle" not in view


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

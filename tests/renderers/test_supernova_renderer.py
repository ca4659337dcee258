"""The Super Nova Smash! renderer: every sample (a real seeded engine game at an interesting moment)
draws a sane table and console, alt text carries the key facts, 2 to 8 players fit, broken views
do not crash, and static layers and card tiles are drawn once."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image, ImageStat

from renderers.kit.encode import MAX_ALT_TEXT
from renderers.sheets import card_sheet
from renderers.supernova import RENDERER
from renderers.supernova.cards import back_layer, value_layer
from renderers.supernova.look import HAND_W, STATION_MARK, TABLE_W
from renderers.supernova.samples import samples
from tests.renderers.every_sample import texts_drawn

SAMPLES = samples()
CASES = [pytest.param(public, seat, id=name) for name, (public, seat) in SAMPLES.items()]
MAX_TABLE_H = 880
"""Eight players' lanes, each with two lines of legible text (names, counts, badges)."""
MAX_HAND_H = 1000
"""A console with a shockwave puzzle and six piles (in two rows)."""


def not_blank(image: Image.Image) -> bool:
    return max(ImageStat.Stat(image).stddev) > 10


def test_the_samples_cover_the_asked_for_moments() -> None:
    assert set(SAMPLES) == {
        "launch_countdown",
        "midplay_payback",
        "duel_two_piles_each",
        "quick_draw",
        "shockwave_order",
        "shockwave_odd",
        "shockwave_sum",
        "showdown",
        "scoring_power_ups",
        "damage_assessment",
        "six_players_shared",
        "eight_players",
        "finished",
    }
    mid = SAMPLES["midplay_payback"][0]
    assert {pile["go"] for pile in mid["piles"]} == {True, False}
    assert any(pile["face_down"] for pile in mid["piles"])
    assert {SAMPLES[f"shockwave_{k}"][0]["shockwave"] for k in ("order", "odd", "sum")} == {
        "Press in order",
        "Odd one out",
        "Quick sum",
    }
    assert all(SAMPLES[f"shockwave_{k}"][1]["puzzle"] for k in ("order", "odd", "sum"))
    assert SAMPLES["showdown"][0]["showdown"]
    assert SAMPLES["scoring_power_ups"][1]["tokens"]
    assert SAMPLES["damage_assessment"][0]["phase"] == "damage"
    assert len(SAMPLES["six_players_shared"][0]["piles"]) == 3
    assert len(SAMPLES["eight_players"][0]["seats"]) == 8
    assert SAMPLES["finished"][0]["phase"] == "over"


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_every_sample_renders(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    table = RENDERER.table(public)
    hand = RENDERER.hand(seat)
    assert table.mode == hand.mode == "RGB"
    assert table.width == TABLE_W and table.height <= MAX_TABLE_H
    assert hand.width == HAND_W and hand.height <= MAX_HAND_H
    assert not_blank(table) and not_blank(hand)
    for alt in (RENDERER.table_alt(public), RENDERER.hand_alt(seat)):
        assert 40 < len(alt) <= MAX_ALT_TEXT


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_table_alt_names_screens_and_race(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    alt = RENDERER.table_alt(public)
    assert f"round {public['round']}" in alt
    if public["phase"] == "play":
        assert "GO!" in alt and "HOLD!" in alt
    assert "Race to space" in alt
    leader = max(public["seats"], key=lambda s: s["position"])
    assert f"{leader['name']} {leader['position']}" in alt


def test_shockwave_kind_is_in_the_alt_texts() -> None:
    for kind, label in (("order", "Press in order"), ("odd", "Odd one out"), ("sum", "Quick sum")):
        public, seat = SAMPLES[f"shockwave_{kind}"]
        assert label in RENDERER.table_alt(public)
        hand_alt = RENDERER.hand_alt(seat)
        assert label in hand_alt and seat["puzzle"]["buttons"][0] in hand_alt


def test_a_face_down_top_is_drawn_and_said_as_face_down() -> None:
    """A payback on top is a card back on the table and the console, not a face-up 0."""
    public, seat = SAMPLES["midplay_payback"]
    index = next(i for i, pile in enumerate(public["piles"]) if pile["top_down"])
    for view, draw in ((public, RENDERER.table), (seat, RENDERER.hand)):
        as_zero = copy.deepcopy(dict(view))
        as_zero["piles"][index]["top_down"] = False
        assert draw(view).tobytes() != draw(as_zero).tobytes()
    downs = sum(1 for pile in public["piles"] if pile["top_down"])
    assert RENDERER.table_alt(public).count("top face down (counts as 0)") == downs


def test_the_console_draws_the_puzzle_from_its_fields() -> None:
    """The shockwave panel comes from the view's symbols and progress, not from the prompt text."""
    _, seat = SAMPLES["shockwave_order"]
    puzzle = seat["puzzle"]
    assert 0 < puzzle["progress"] < len(puzzle["shown"])
    no_prompt = copy.deepcopy(dict(seat))
    no_prompt["puzzle"]["prompt"] = ""
    assert RENDERER.hand(seat).tobytes() == RENDERER.hand(no_prompt).tobytes()
    further = copy.deepcopy(dict(seat))
    further["puzzle"]["progress"] += 1
    assert RENDERER.hand(seat).tobytes() != RENDERER.hand(further).tobytes()
    done = ", ".join(puzzle["shown"][: puzzle["progress"]])
    assert f"(done: {done})" in RENDERER.hand_alt(no_prompt)


def test_hand_alt_lists_the_hand_and_power_ups() -> None:
    _, seat = SAMPLES["scoring_power_ups"]
    alt = RENDERER.hand_alt(seat)
    assert "Power-ups:" in alt and "Hand:" in alt


@pytest.mark.parametrize("name", ["duel_two_piles_each", "eight_players"])
def test_two_and_eight_players_fit(name: str) -> None:
    public, _ = SAMPLES[name]
    image = RENDERER.table(public)
    assert image.height <= MAX_TABLE_H
    assert len(public["seats"]) in (2, 8)


BROKEN: list[Any] = [
    {},
    {"game": "supernova"},
    {"phase": "play", "piles": None, "seats": "nope", "board": [], "log": 5},
    {"phase": "shockwave", "piles": [{"top": "x", "owners": [99, None]}, 7], "seats": [{"name": None}, {}]},
    {
        "phase": "damage",
        "round": True,
        "seats": [{"power_ups": {"Booster": "2", "Weird": 3}, "damage": 4}] * 9,
    },
    {"phase": "odd", "board": {"finish": 10_000, "repair_stations": [-1, "a", 3]}, "puzzle": {"kind": "zzz"}},
    {
        "phase": "shockwave",
        "puzzle": {"kind": "order", "prompt": None, "buttons": "abc"},
        "hand": [1, "2", None, 99],
    },
]


@pytest.mark.parametrize("view", BROKEN)
def test_bad_or_missing_fields_do_not_crash(view: Mapping[str, Any]) -> None:
    for image in (RENDERER.table(view), RENDERER.hand(view)):
        assert image.mode == "RGB"
    assert RENDERER.table_alt(view) and RENDERER.hand_alt(view)


def test_fields_removed_from_real_views_do_not_crash() -> None:
    _, seat = SAMPLES["midplay_payback"]
    for key in list(seat):
        broken = copy.deepcopy(dict(seat))
        del broken[key]
        RENDERER.table(broken)
        RENDERER.hand(broken)
        RENDERER.hand_alt(broken)


@pytest.mark.usefixtures("roomy_layers")
def test_static_layers_and_card_tiles_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawing a table again reuses its static frame and card tiles (speed is judged by the bench)."""
    views = list(SAMPLES.values())
    for public, seat in views:  # warm the caches, as a running bot has
        RENDERER.table(public), RENDERER.hand(seat)
    misses = value_layer.cache_info().misses, back_layer.cache_info().misses
    monkeypatch.setattr("renderers.supernova.frame._board", lambda *args: pytest.fail("static layer rebuilt"))
    for public, seat in views:
        RENDERER.table(public), RENDERER.hand(seat)
    assert (value_layer.cache_info().misses, back_layer.cache_info().misses) == misses


def test_the_race_says_what_its_station_mark_means(monkeypatch: pytest.MonkeyPatch) -> None:
    """The track marks repair stations with a symbol alone; its label says what the symbol is."""
    drawn = texts_drawn(monkeypatch)
    RENDERER.table(SAMPLES["quick_draw"][0])
    assert STATION_MARK in drawn, "the sample's track has stations"
    assert any(f"{STATION_MARK} repair station" in text for text in drawn), drawn


def test_a_pile_of_one_card_says_one_card_in_the_cards_list() -> None:
    view = copy.deepcopy(dict(SAMPLES["quick_draw"][0]))
    view["piles"][0]["cards"] = 1
    piles = [card for group in card_sheet("supernova", view) for card in group.cards if "pile" in card.name]
    assert " · 1 card · " in f" · {piles[0].facts} · ", piles[0].facts

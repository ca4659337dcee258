"""The Super Punch Fighter renderer: every sample (a real seeded engine game at an interesting moment)
draws a sane table and hand panel, legible where Discord shows them; the spaces the open question
offers stand out with their labels and every space is labelled; alt text carries the key facts;
the table never shows a hand; odd views never crash; static layers and tiles are drawn once; and
one palette chosen from the samples keeps the colours of other games' views."""

from __future__ import annotations

import copy
import io
from collections.abc import Mapping
from itertools import islice
from typing import Any

import pytest
from PIL import Image, ImageChops

from engines.core import Seat
from engines.punchfighter import content
from engines.punchfighter.ai import PunchAI
from engines.punchfighter.board import grid
from engines.punchfighter.engine import PunchFighter
from engines.punchfighter.hexes import parse_label
from engines.punchfighter.state import PunchState
from renderers import render_hand, render_table
from renderers.kit.encode import MAX_ALT_TEXT, encode_png, palette_of
from renderers.kit.fonts import font
from renderers.kit.text import text_width
from renderers.punchfighter import RENDERER, cards, frame, pieces
from renderers.punchfighter.geometry import Layout, hex_box
from renderers.punchfighter.look import GLANCE, HAND_W, HEX, LETTER_COLOURS, MARK, TABLE_W
from renderers.punchfighter.panels import health_cells
from renderers.punchfighter.read import read
from renderers.punchfighter.samples import samples
from renderers.punchfighter.words import initials
from tests.renderers.test_game_palette import DRIFT, SLACK, drift_of
from tests.renderers.test_legibility import measure, too_small
from tests.support.pixels import same_pixels

SAMPLES = samples()
CASES = [pytest.param(public, seat, id=name) for name, (public, seat) in SAMPLES.items()]
MAX_TABLE_H = 1030
"""Six players' panels in two rows of three under the arena (the board, offer and achievements)."""
MAX_HAND_H = 1000
"""Nine fighter cards in two rows, a full pad of ten buttons and an open chain."""


def hex_crop(image: Image.Image, view: Mapping[str, Any], label: str) -> Image.Image:
    """The part of a table image holding one space."""
    table = read(view)
    x, y = Layout(table.grid, len(table.players)).centre(parse_label(label))
    return image.crop((round(x - HEX), round(y - HEX), round(x + HEX), round(y + HEX)))


def count_colour(image: Image.Image, colour: tuple[int, int, int], within: int = 24) -> int:
    """How many pixels are within `within` levels of `colour` in every channel."""
    rgb = image.convert("RGB")
    red, green, blue = ImageChops.difference(rgb, Image.new("RGB", rgb.size, colour)).split()
    furthest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return sum(furthest.histogram()[: within + 1])


# ---------------------------------------------------------------- the samples


def test_the_samples_cover_the_asked_for_moments() -> None:
    assert set(SAMPLES) == {
        "standard_move",
        "choosing_fighters",
        "defending",
        "chain_open",
        "knocked_out_revive",
        "six_players",
        "shove_landing",
        "rush_solo",
        "rush_versus",
        "game_over",
    }
    move, seat = SAMPLES["standard_move"]
    assert move["mode"] == "standard" and len(move["players"]) == 3
    assert move["waiting"]["key"] == "move" and move["marked"] and seat["you"] == move["waiting"]["seat"]
    assert len(SAMPLES["six_players"][0]["players"]) == 6
    assert any(p["at"] is None for p in SAMPLES["six_players"][0]["players"])
    rush = SAMPLES["rush_solo"][0]
    assert rush["mode"] == "rush_solo" and rush["board"] == "minion_rush"
    assert sum(1 for m in rush["minions"] if m["at"]) >= 3
    assert SAMPLES["game_over"][0]["phase"] == "over" and SAMPLES["game_over"][0]["over"]
    assert SAMPLES["defending"][0]["waiting"]["key"] == "defend"
    assert len(SAMPLES["chain_open"][0]["chain"]) >= 2
    assert SAMPLES["choosing_fighters"][0]["phase"] == "choose"


def test_samples_are_built_once() -> None:
    first, second = samples(), samples()
    assert first == second and first is not second
    assert all(first[name] is second[name] for name in first)


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_every_sample_renders_a_table_and_a_hand_at_a_sane_size(
    public: Mapping[str, Any], seat: Mapping[str, Any]
) -> None:
    table, hand = render_table("punchfighter", public), render_hand("punchfighter", seat)
    # The registry path falls back to the generic renderer on errors: make sure it did not.
    assert table.alt == RENDERER.table_alt(public) and hand.alt == RENDERER.hand_alt(seat)
    assert table.width == TABLE_W and 800 <= table.height <= MAX_TABLE_H
    assert hand.width == HAND_W and 400 <= hand.height <= MAX_HAND_H
    for rendered in (table, hand):
        assert rendered.png.startswith(b"\x89PNG") and 40 < len(rendered.alt) <= MAX_ALT_TEXT


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_images_are_rgb_and_not_blank(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    for image in (RENDERER.table(public), RENDERER.hand(seat)):
        assert image.mode == "RGB"
        low, high = image.convert("L").getextrema()
        assert isinstance(low, int) and isinstance(high, int) and high - low > 200
        assert len(image.convert("P", palette=Image.Palette.ADAPTIVE, colors=64).getcolors() or []) > 8


@pytest.mark.parametrize("name", list(SAMPLES))
@pytest.mark.parametrize("kind", ["table", "hand"])
def test_every_sample_is_legible_where_discord_shows_it(name: str, kind: str) -> None:
    public, seat = SAMPLES[name]
    draw = RENDERER.table if kind == "table" else RENDERER.hand
    found = measure(lambda: draw(public if kind == "table" else seat))
    assert found.smallest("glance") is not None
    assert not too_small(found, kind), too_small(found, kind)


# ---------------------------------------------------------------- the board


def test_marked_spaces_stand_out_with_their_labels() -> None:
    public, _ = SAMPLES["standard_move"]
    image = RENDERER.table(public)
    plain = copy.deepcopy(dict(public))
    plain["marked"] = []
    unmarked = RENDERER.table(plain)
    for label in public["marked"]:
        assert count_colour(hex_crop(image, public, label), MARK) > 60, label
        assert count_colour(hex_crop(unmarked, public, label), MARK) == 0, label
    assert ", ".join(public["marked"][:3]) in RENDERER.table_alt(public)


def test_every_space_of_both_sides_is_labelled(monkeypatch: pytest.MonkeyPatch) -> None:
    labelled: list[str] = []
    draw_label = frame.draw_label

    def noting(draw: Any, spot: Any, *rest: Any, **named: Any) -> None:
        labelled.append(spot.label)
        draw_label(draw, spot, *rest, **named)

    monkeypatch.setattr(frame, "draw_label", noting)
    for board in content.BOARDS:
        labelled.clear()
        frame.table_frame.__wrapped__(board.id, 3, False)  # type: ignore[attr-defined]
        cells = [
            f"{'ABCDEFGHIJ'[column]}{row + 1}"
            for row, line in enumerate(board.rows)
            for column, char in enumerate(line)
            if char not in " -"
        ]
        assert sorted(labelled) == sorted(cells) and len(cells) == 70


def test_fighters_minions_and_knocked_out_fighters_are_drawn() -> None:
    public, _ = SAMPLES["six_players"]
    out = next(p for p in public["players"] if p["at"] is None)
    back = copy.deepcopy(dict(public))
    free = next(
        label for label in ("E4", "E6", "F6", "D6") if all(p["at"] != label for p in public["players"])
    )
    next(p for p in back["players"] if p["name"] == out["name"])["at"] = free
    assert not same_pixels(RENDERER.table(public), RENDERER.table(back))
    assert "K.O." in RENDERER.table_alt(public)
    rush, _ = SAMPLES["rush_solo"]
    alt = RENDERER.table_alt(rush)
    for minion in rush["minions"]:
        if minion["at"]:
            assert f"{minion['letter']} at {minion['at']} ({minion['health']}/4)" in alt


def test_health_cells_run_from_the_skull_up_in_band_colours() -> None:
    public, _ = SAMPLES["standard_move"]
    player = read(public).players[0]
    cells = health_cells(player)
    assert len(cells) == player.max_health == sum(player.bands)
    assert cells[0] != cells[-1] and len(set(cells)) == len(player.bands)


def test_initials_name_each_fighter_apart() -> None:
    from renderers.punchfighter.read import Player

    made = {
        initials(Player(0, "x", f.id, f.name, f.style, tuple(f.bands), None, 1, 0, 0, (), 0, 0, 0))
        for f in content.FIGHTERS
    }
    assert len(made) == len(content.FIGHTERS)
    assert len(set(LETTER_COLOURS.values())) == len(LETTER_COLOURS) == 5


# ---------------------------------------------------------------- alt text and the hand


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_table_alt_text_has_the_key_facts(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    alt = RENDERER.table_alt(public)
    assert alt.startswith("Super Punch Fighter table")
    for player in public["players"][:3]:
        assert player["name"] in alt
    if public["phase"] == "over":
        assert public["over"] in alt
    elif public["waiting"]:
        assert f"Waiting for {public['players'][public['waiting']['seat']]['name']}" in alt


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_hand_alt_text_lists_the_hand_and_the_pad(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    alt = RENDERER.hand_alt(seat)
    for card in seat["hand"][:2]:
        assert card["name"] in alt
    player = seat["players"][seat["you"]]
    if player["pad"]:
        assert f"{player['pad'][0]['letter']} {player['pad'][0]['name']}" in alt


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_the_table_never_shows_a_hand(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    assert same_pixels(RENDERER.table(seat), RENDERER.table(public))
    assert RENDERER.table_alt(seat) == RENDERER.table_alt(public)


def test_a_long_hand_a_full_pad_and_an_open_chain_fit() -> None:
    _, seat = SAMPLES["chain_open"]
    full = copy.deepcopy(dict(seat))
    full["hand"] = (full["hand"] * 12)[:14]
    player = full["players"][full["you"]]
    player["pad"] = (player["pad"] * 10)[:10]
    assert full["chain"]
    assert RENDERER.hand(full).height <= MAX_HAND_H
    assert "Hand (14 cards)" in RENDERER.hand_alt(full)
    table = copy.deepcopy(dict(SAMPLES["six_players"][0]))
    for each in table["players"]:
        each["pad"] = (each["pad"] * 10)[:10]
    assert RENDERER.table(table).height <= MAX_TABLE_H


def test_the_hand_shows_pushed_buttons_and_playable_cards() -> None:
    _, seat = SAMPLES["defending"]
    image = RENDERER.hand(seat)
    flipped = copy.deepcopy(dict(seat))
    for button in flipped["players"][seat["you"]]["pad"]:
        button["pushed"] = not button["pushed"]
    assert not same_pixels(image, RENDERER.hand(flipped))
    assert "Your move: defend" in RENDERER.hand_alt(seat)
    combo = next(card for card in seat["hand"] if card["combo"])
    ready = copy.deepcopy(dict(seat))
    ready["launchable"] = [combo["id"]]
    assert not same_pixels(image, RENDERER.hand(ready))
    assert f"{combo['name']} ({combo['cost']}: " in RENDERER.hand_alt(ready)
    assert RENDERER.hand_alt(ready).count("playable now") > RENDERER.hand_alt(seat).count("playable now")


def test_the_last_round_is_shown_when_the_button_deck_runs_out() -> None:
    public, _ = SAMPLES["six_players"]
    out = copy.deepcopy(dict(public))
    out["deck_out"], out["button_deck"] = True, 0
    assert not same_pixels(RENDERER.table(public), RENDERER.table(out))
    assert "button deck ran out" in RENDERER.table_alt(out)
    assert "button deck ran out" not in RENDERER.table_alt(public)


# ---------------------------------------------------------------- odd views

BROKEN: list[Any] = [
    {},
    {"mode": 3, "board": None, "players": "nope", "offer": 5, "log": 7},
    {"players": [{"name": None, "pad": [None, {"letter": 9}], "bands": "x", "at": "Z99"}, 4], "turn": 7},
    {"board": "standard", "marked": ["A1", "Q9", 5, "nonsense"], "waiting": {"seat": 9, "key": None}},
    {"mode": "rush_solo", "minions": [{"letter": None, "at": "E5", "health": "x"}, {}], "players": [{}]},
    {"players": [{"name": f"P{n}", "fighter": "khan_queso", "health": 99, "stars": -3} for n in range(8)]},
    {"hand": [None, {"cost": 7}, {"name": "X", "cost": "ZZZ", "text": None}], "you": 0, "chain": [{}]},
    {"achievements": [{"claimed_by": [0, 5, "x"]}, None], "players": [{"name": "Solo"}], "phase": "over"},
]


@pytest.mark.parametrize("view", BROKEN)
def test_bad_or_missing_fields_do_not_crash(view: Mapping[str, Any]) -> None:
    assert RENDERER.table(view).width == TABLE_W
    assert RENDERER.hand(view).width == HAND_W
    assert RENDERER.table_alt(view) and RENDERER.hand_alt(view)


def test_fields_removed_from_real_views_do_not_crash() -> None:
    _, seat = SAMPLES["standard_move"]
    for key in list(seat):
        broken = copy.deepcopy(dict(seat))
        del broken[key]
        RENDERER.table(broken), RENDERER.hand(broken), RENDERER.table_alt(broken), RENDERER.hand_alt(broken)


# ---------------------------------------------------------------- caching and colours


@pytest.mark.usefixtures("roomy_layers")
def test_static_layers_and_tiles_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawing tables again reuses the arena and every tile (speed is judged by the bench)."""
    views = list(SAMPLES.values())
    for public, seat in views:  # warm the caches, as a running bot has
        RENDERER.table(public), RENDERER.hand(seat)
    memos = (
        pieces.fighter_token,
        pieces.letter_tile,
        pieces.marked_hex,
        cards.fighter_card,
        cards.pad_button,
    )
    misses = [memo.cache_info().misses for memo in memos]
    monkeypatch.setattr(frame, "_spaces", lambda *args: pytest.fail("static layer rebuilt"))
    for public, seat in views:
        RENDERER.table(public), RENDERER.hand(seat)
    assert [memo.cache_info().misses for memo in memos] == misses


def _playout(players: int, mode: str, seed: int) -> list[PunchState]:
    engine = PunchFighter()
    state = engine.new_game([Seat(n, f"P{n}", True) for n in range(players)], mode, {}, seed)
    policies = [PunchAI("normal", seed + n) for n in range(players)]
    states = []
    for _ in range(400):
        decisions = engine.decisions(state)
        if not decisions:
            break
        d = decisions[0]
        engine.apply(state, d.seat, d.key, policies[d.seat].choose(engine, state, d))
        states.append(engine.decode(engine.encode(state)))
    return states


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_pngs_players_get_keep_their_colours_and_are_small(name: str) -> None:
    """What the bot sends (the game's one palette): within the encoding bound on every sample, and
    far smaller than a full-colour PNG."""
    public, seat = SAMPLES[name]
    for image, png in (
        (RENDERER.table(public), render_table("punchfighter", public).png),
        (RENDERER.hand(seat), render_hand("punchfighter", seat).png),
    ):
        assert drift_of(image, png) <= DRIFT
        rgb = io.BytesIO()
        image.save(rgb, format="PNG", compress_level=3)
        assert len(png) < len(rgb.getvalue()) / 2


def test_one_palette_from_the_samples_keeps_the_colours_of_other_games() -> None:
    """As renderers.game_palette does for a registered game: one palette chosen from the samples
    maps views of other seeded games within the bound the encoding tests keep."""
    palette = palette_of(
        [image for p, s in SAMPLES.values() for image in (RENDERER.table(p), RENDERER.hand(s))]
    )
    engine = PunchFighter()
    checked = 0
    for players, mode, seed in ((5, "standard", 3), (2, "rush_coop", 4)):
        for state in islice(_playout(players, mode, seed), 20, 400, 90):
            for image in (RENDERER.table(engine.view(state, None)), RENDERER.hand(engine.view(state, 0))):
                own = drift_of(image, encode_png(image))
                assert drift_of(image, encode_png(image, palette)) <= max(DRIFT, own) + SLACK
                checked += 1
    assert checked >= 8


@pytest.mark.parametrize("board", sorted(content.BOARDS_BY_ID))
def test_the_key_has_a_corner_of_its_own_clear_of_spaces_and_knocked_out_fighters(board: str) -> None:
    """Knocked-out fighters wait in the bottom corners: the key (spaces and a pushed button) sits in
    the top-left one, where no space reaches and every row fits."""
    layout = Layout(grid(board), 6)
    left, top, right, bottom = layout.key_box()
    rows = len(frame.LEGEND) + 1
    assert bottom - top >= rows * (frame.LEGEND_SWATCH + 4)
    words = [words for _kind, _mark, words in frame.LEGEND] + [frame.PUSHED_WORD]
    widest = max(text_width(font(GLANCE), word) for word in words)
    assert left + frame.LEGEND_SWATCH + 6 + widest <= right, f"{board}: a word of the key runs out"
    for tray in layout.trays():
        assert tray[1] >= bottom or tray[0] >= right, f"{board}: the key meets a tray"
    for spot in layout.grid.hexes:
        x0, y0, _x1, _y1 = hex_box(layout.centre(spot))
        assert x0 >= right or y0 >= bottom, f"{board}: {spot.label} reaches the key"

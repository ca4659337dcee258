"""The Smash Masters renderer: every sample (a real engine game at an interesting moment) draws a
sane table and hand, alt text carries the key facts (names, stunned characters, the battle chain),
stunned cards lie sideways, six teams fit, odd views never crash, the public table never shows a
hand, and static layers and card faces are drawn once."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image, ImageChops

from engines.core import Seat
from engines.smashmasters.engine import SmashMasters
from renderers import REGISTRY, render_hand, render_table
from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.fonts import has_glyph
from renderers.kit.palette import SYMBOLS
from renderers.smashmasters import KINDS, POWER_TYPES, RENDERER, TIMINGS, geometry
from renderers.smashmasters import cards as card_faces
from renderers.smashmasters.battle import chain_plan
from renderers.smashmasters.players import draw_space
from renderers.smashmasters.read import Character, Space, stack_cards
from renderers.smashmasters.samples import samples
from renderers.smashmasters.words import deciding_text, status
from tests.renderers.test_legibility import measure, too_small
from tests.support.pixels import same_pixels

SAMPLES = samples()
CASES = [pytest.param(public, seat, id=name) for name, (public, seat) in SAMPLES.items()]
MAX_TABLE_H = 860
"""The tallest table without a log line (six teams: names, counts and tags at a legible size)."""
LOG_H = 40


@pytest.fixture(autouse=True)
def smashmasters_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "smashmasters", RENDERER)


def on_table(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every character on the table (with its seat), in seat order."""
    return [
        dict(space, owner=seat["seat"]) for seat in view["seats"] for space in seat["team"] if "name" in space
    ]


def character(name: str = "Captain Test", power_type: str = "gadget") -> Character:
    return Character(name, power_type, "Test Power", "action", "Does a thing to a rival character.")


# ---------------------------------------------------------------- the samples


def test_the_samples_cover_the_asked_for_moments() -> None:
    assert set(SAMPLES) == {
        "team_choosing",
        "midgame_stunned_empty",
        "counter_chain",
        "teamup_defeating",
        "four_players",
        "six_players",
        "extra_space",
        "speed_variant",
        "finished",
        "hand_of_supers",
    }
    draft, draft_seat = SAMPLES["team_choosing"]
    assert sorted(seat["picked"] for seat in draft["seats"]) == [0, 0, 1, 3]
    assert len(draft_seat["picks"]) == 1
    mid, _ = SAMPLES["midgame_stunned_empty"]
    spaces = [space for seat in mid["seats"] for space in seat["team"]]
    assert any(space["state"] == "stunned" for space in spaces)
    assert any(space["state"] == "empty" for space in spaces)
    chain, _ = SAMPLES["counter_chain"]
    assert len(chain["battle"]["chain"]) >= 5
    teamup, _ = SAMPLES["teamup_defeating"]
    assert teamup["battle"]["chain"][-1]["strength"] == "teamup"
    assert teamup["battle"]["leader"]["fate"] == "defeated"
    assert len(SAMPLES["four_players"][0]["seats"]) == 4
    six, _ = SAMPLES["six_players"]
    assert len(six["seats"]) == 6 and six["mode"] == "big" and six["battle"]
    assert any(len(seat["team"]) >= 4 for seat in SAMPLES["extra_space"][0]["seats"])
    assert SAMPLES["speed_variant"][0]["variant"]["speed"] == "on"
    assert SAMPLES["finished"][0]["over"] is True


def test_samples_are_built_once() -> None:
    first, second = samples(), samples()
    assert first == second and first is not second
    assert all(first[name] is second[name] for name in first)


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_every_sample_renders_a_table_and_a_hand_at_a_sane_size(
    public: Mapping[str, Any], seat: Mapping[str, Any]
) -> None:
    table, hand = render_table("smashmasters", public), render_hand("smashmasters", seat)
    # The registry path falls back to the generic renderer on errors: make sure it did not.
    assert table.alt == RENDERER.table_alt(public)
    assert hand.alt == RENDERER.hand_alt(seat)
    assert table.width == 1200 and 480 <= table.height <= MAX_TABLE_H + LOG_H
    assert hand.width == 1000 and 400 <= hand.height <= 1000
    for rendered in (table, hand):
        assert rendered.png.startswith(b"\x89PNG")
        assert 0 < len(rendered.alt) <= MAX_ALT_TEXT


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_images_are_rgb_and_not_blank(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    for image in (RENDERER.table(public), RENDERER.hand(seat)):
        assert image.mode == "RGB"
        low, high = image.convert("L").getextrema()
        assert isinstance(low, int) and isinstance(high, int) and high - low > 200
        assert len(image.convert("P", palette=Image.Palette.ADAPTIVE, colors=64).getcolors() or []) > 8


# ---------------------------------------------------------------- alt text


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_table_alt_text_has_the_key_facts(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    alt = RENDERER.table_alt(public)
    assert alt.startswith("Super Powered Smash Masters table")
    for listed in public["seats"]:
        assert listed["name"] in alt
    if len(public["seats"]) <= 4:
        for char in on_table(public):
            assert char["name"] in alt
            if char["state"] == "stunned":
                assert f"{char['name']} ({char['power_type'].capitalize()}, stunned" in alt
    if public["over"]:
        assert "Game over" in alt
    elif public["deciding"]:
        assert deciding_text(public) in alt
        assert public["deciding"][0]["name"] in alt


@pytest.mark.parametrize(
    "name", [name for name, (public, _) in SAMPLES.items() if public["battle"] is not None]
)
def test_table_alt_text_tells_the_battle_chain(name: str) -> None:
    public, _ = SAMPLES[name]
    alt = RENDERER.table_alt(public)
    battle = public["battle"]
    attacker, target = battle["attacker"], battle["target"]
    assert f"Smash Battle: {attacker['name']} (" in alt and f"attacks {target['name']} (" in alt
    chain = battle["chain"]
    assert f"{len(chain)} cards played: 1. {chain[0]['player']}: " in alt
    last = chain[-1]
    named = last["card"]["name"] if last["card"] else "a free smash"
    assert f"{len(chain)}. {last['player']}: {named}" in alt
    if len(chain) <= 6:
        for number, blow in enumerate(chain, start=1):
            named = blow["card"]["name"] if blow["card"] else "a free smash"
            assert f"{number}. {blow['player']}: {named}" in alt
    fate = battle["leader"]["fate"]
    winner = next(f["name"] for f in (attacker, target) if f["id"] == battle["leader"]["winner"])
    assert f"If it ended now, {winner} wins and " in alt and f"is {fate}" in alt


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_hand_alt_text_lists_every_card_and_the_stack(
    public: Mapping[str, Any], seat: Mapping[str, Any]
) -> None:
    alt = RENDERER.hand_alt(seat)
    owner = seat["seats"][seat["seat"]]["name"]
    assert alt.startswith(f"{owner}'s hand")
    for held in seat["hand"]:
        assert held["name"] in alt
    for char in stack_cards(seat):
        assert char.name in alt
    for pick in seat["picks"]:
        assert pick["name"] in alt


def test_deciding_is_told_in_words_and_for_the_seat_itself() -> None:
    public, seat = SAMPLES["counter_chain"]
    decider = public["deciding"][0]
    assert status(public) == f"{decider['name']} is deciding whether to counter"
    assert status(seat, seat["seat"]) == "You are deciding whether to counter"
    draft, draft_seat = SAMPLES["team_choosing"]
    assert deciding_text(draft).endswith("are choosing a team")
    assert deciding_text(draft_seat, draft_seat["seat"]).startswith("You, ")
    finished, _ = SAMPLES["finished"]
    winner = next(seat["name"] for seat in finished["seats"] if not seat["out"])
    assert status(finished) == f"Game over · {winner} wins"


def test_a_supers_character_and_a_log_line_are_shown_when_the_view_has_them() -> None:
    public, seat = (dict(copy.deepcopy(view)) for view in SAMPLES["counter_chain"])
    fury = {"id": "kc-s3", "name": "Fondue Fury", "kind": "super", "text": "Free smash.", "timing": "action"}
    plain = dict(seat, hand=[*seat["hand"], fury])
    named = dict(seat, hand=[*seat["hand"], dict(fury, character="The Big Cheese")])
    assert "Fondue Fury (Super of The Big Cheese)" in RENDERER.hand_alt(named)
    assert "Fondue Fury (Super)" in RENDERER.hand_alt(plain)
    assert not same_pixels(RENDERER.hand(plain), RENDERER.hand(named))
    logged = dict(public, log=["Ana smashes.", "Bo counters with Pan Slam!"])
    assert "Last: Bo counters with Pan Slam!" in RENDERER.table_alt(logged)
    assert RENDERER.table(logged).height > RENDERER.table(public).height


# ---------------------------------------------------------------- stunned cards, rows, six teams


def ink_box(image: Image.Image, background: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """The bounding box of everything drawn over a plain background."""
    found = ImageChops.difference(image, Image.new("RGB", image.size, background)).getbbox()
    assert found is not None
    return found


def test_stunned_cards_are_drawn_turned_sideways() -> None:
    width = 120
    active_layer = card_faces.character_layer(character(), width)
    stunned = card_faces.stunned_layer(character(), width)
    assert active_layer.image.height > active_layer.image.width
    assert stunned.image.width > stunned.image.height
    face = card_faces.character_face(character(), width)
    turned = face.transpose(Image.Transpose.ROTATE_270)
    assert turned.size == (face.height, face.width)
    background = (255, 0, 255)
    drawn = {}
    for state in ("active", "stunned"):
        canvas = Image.new("RGB", (400, 400), background)
        placed = geometry.row((20, 20, 380, 380), (state == "stunned",))
        draw_space(canvas, Space(state, character(), "c1"), placed.boxes[0], placed.width)
        left, top, right, bottom = ink_box(canvas, background)
        drawn[state] = (right - left, bottom - top)
    assert drawn["active"][1] > drawn["active"][0] * 1.2, "an active card stands upright"
    assert drawn["stunned"][0] > drawn["stunned"][1] * 1.2, "a stunned card lies sideways"


def test_a_row_fits_its_area_with_stunned_cards_and_extra_spaces() -> None:
    layout = geometry.grid(6, False)
    for box in layout.panels:
        area = geometry.cards_area(box, layout.side_counts)
        for sideways in [(False,) * 3, (True,) * 3, (True, False, True, False, True), (True,) * 5]:
            placed = geometry.row(area, sideways)
            assert placed.width >= geometry.MIN_CARD_W
            for (left, top, right, bottom), lying in zip(placed.boxes, sideways, strict=True):
                assert area[0] <= left < right <= area[2] and area[1] <= top < bottom <= area[3]
                assert (right - left > bottom - top) == lying
            assert all(a[2] < b[0] for a, b in zip(placed.boxes, placed.boxes[1:], strict=False))
    upright = geometry.row(geometry.cards_area(layout.panels[0], False), (False,) * 3)
    sideways_row = geometry.row(geometry.cards_area(layout.panels[0], False), (True,) * 3)
    assert sideways_row.width < upright.width, "stunned cards take more room, so the cards shrink"


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_every_team_count_fits_without_overlaps(count: int) -> None:
    layout = geometry.grid(count, True)
    width, height = layout.size
    assert width == 1200 and height <= MAX_TABLE_H + LOG_H
    assert len(layout.panels) == count
    boxes = [*layout.panels, layout.battle, layout.story, layout.log or (0, 0, 0, 0)]
    for box in boxes[:-1]:
        assert 0 <= box[0] < box[2] <= width and 0 <= box[1] < box[3] <= height
    for number, one in enumerate(boxes[:-1]):
        for other in boxes[number + 1 : -1]:
            apart = one[2] <= other[0] or other[2] <= one[0] or one[3] <= other[1] or other[3] <= one[1]
            assert apart, (one, other)
    assert geometry.grid(count, False).size[1] <= MAX_TABLE_H


def test_six_teams_with_five_stunned_spaces_each_still_draw() -> None:
    public, _ = SAMPLES["six_players"]
    crowded = copy.deepcopy(dict(public))
    for seat in crowded["seats"]:
        seat["out"] = False
        seat["team"] = [
            {
                "id": f"c{n}",
                "name": f"Hero Number {n}",
                "power_type": "magic",
                "power": "Zap",
                "timing": "react",
                "text": "Zap: Zaps.",
                "state": "stunned",
                "waking": False,
                "turned": True,
                "extra": n > 2,
                "safe_from": ["attack", "story"],
            }
            for n in range(5)
        ]
    image = RENDERER.table(crowded)
    assert image.size[1] <= MAX_TABLE_H
    found = measure(lambda: RENDERER.table(crowded))
    assert not too_small(found, "table"), "five spaces a team are drawn as a legible roster"
    assert "Hero Number 4 (Magic, stunned, turned around, safe from attacks and Stories, extra space)" in (
        RENDERER.table_alt(crowded)
    )


def test_a_long_chain_is_shown_by_its_first_and_latest_cards() -> None:
    plan = chain_plan(21, 870)
    assert plan.shown[0] == 0 and plan.shown[1] is None and plan.shown[-1] == 20
    assert len(plan.shown) <= 2 * plan.per_row
    assert list(plan.shown[2:]) == list(range(21 - len(plan.shown) + 2, 21))
    short = chain_plan(3, 870)
    assert short.shown == (0, 1, 2)


# ---------------------------------------------------------------- hidden information and odd views


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_the_table_never_shows_a_hand(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    assert same_pixels(RENDERER.table(seat), RENDERER.table(public))
    assert RENDERER.table_alt(seat) == RENDERER.table_alt(public)


def test_missing_and_odd_fields_do_not_crash() -> None:
    bare: dict[str, Any] = {"game": "smashmasters"}
    assert RENDERER.table(bare).width == 1200
    assert RENDERER.hand(bare).width == 1000
    assert RENDERER.table_alt(bare) and RENDERER.hand_alt(bare)
    odd: dict[str, Any] = {
        "game": "smashmasters",
        "mode": 7,
        "variant": "speed",
        "turn": "Ana",
        "turns": None,
        "seats": [
            {"name": "Ana", "team": [None, {}, {"name": "Ghost", "state": "weird", "safe_from": "all"}]},
            {"name": "Bo", "team": "none", "picked": 2, "defeated": 3, "stack": "x"},
            "not a seat",
            {"team": [{"state": "stunned", "name": "Sleepy", "power_type": "cosmic", "timing": 5}]},
        ],
        "battle": {"attacker": None, "target": {"name": "Bo"}, "chain": [None, {"card": "x"}], "leader": 3},
        "last_story": {"name": None},
        "deciding": [{"seat": "x"}, None, {"seat": 9, "doing": 4}],
        "log": [None, 3],
        "over": False,
        "seat": 1,
        "hand": [{}, None, {"kind": "super", "character": 5}],
        "stack_cards": [None, {"name": "Spare"}],
        "picks": "no",
    }
    assert RENDERER.table(odd).width == 1200
    assert RENDERER.hand(odd).width == 1000
    assert "Ghost" in RENDERER.table_alt(odd) and "Sleepy" in RENDERER.table_alt(odd)
    assert "Spare" in RENDERER.hand_alt(odd)
    many = {"game": "smashmasters", "seats": [{"name": f"P{n}", "team": []} for n in range(8)]}
    assert RENDERER.table(many).width == 1200


def test_symbols_tell_types_timings_and_kinds_apart_without_colour() -> None:
    looks = [*POWER_TYPES.values(), *TIMINGS.values(), *KINDS.values()]
    symbols = [look.symbol for look in looks]
    assert len(set(symbols)) == len(symbols) == 11
    assert not set(symbols) & set(SYMBOLS), "no symbol repeats a seat's"
    for symbol in symbols:
        assert has_glyph(symbol, bold=True) and has_glyph(symbol, bold=True, condensed=True), symbol
    assert len({look.colour for look in POWER_TYPES.values()}) == 4
    assert len({look.colour for look in KINDS.values()}) == 4


# ---------------------------------------------------------------- caching


@pytest.mark.usefixtures("roomy_layers")
def test_static_layers_and_card_faces_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    public, seat = SAMPLES["six_players"]
    RENDERER.table(public), RENDERER.hand(seat)
    faces = card_faces.character_layer.cache_info().misses, card_faces.blue_layer.cache_info().misses
    monkeypatch.setattr(Image, "linear_gradient", lambda mode: pytest.fail("backdrop rebuilt"))
    monkeypatch.setattr(
        "renderers.smashmasters.frame.backdrop", lambda *args: pytest.fail("static layer rebuilt")
    )
    RENDERER.table(public), RENDERER.hand(seat)
    layers = card_faces.character_layer, card_faces.blue_layer
    assert tuple(layer.cache_info().misses for layer in layers) == faces


# ---------------------------------------------------------------- real engine views

ENGINE_GAMES = [
    pytest.param("brawl", 2, {}, id="brawl-2"),
    pytest.param("brawl", 4, {"speed": "on"}, id="speed-4"),
    pytest.param("big", 6, {"characters": "9"}, id="big-6-nine"),
]


@pytest.mark.parametrize(("mode", "players", "options"), ENGINE_GAMES)
def test_views_of_real_games_render_and_the_table_hides_every_hand(
    mode: str, players: int, options: dict[str, str]
) -> None:
    engine = SmashMasters()
    policy = engine.ai_policy(0)
    seats = [Seat(index, f"Player {index + 1}", True) for index in range(players)]
    state = engine.new_game(seats, mode, options, 7)
    for step in range(600):
        if state.over:
            break
        decision = engine.decisions(state)[0]
        engine.apply(state, decision.seat, decision.key, policy.choose(engine, state, decision))
        if step % 9 and not state.over:
            continue
        public = engine.view(state, None)
        table = RENDERER.table(public)
        alt = RENDERER.table_alt(public)
        assert table.width == 1200 and table.height <= MAX_TABLE_H + LOG_H and 0 < len(alt) <= MAX_ALT_TEXT
        own = engine.view(state, decision.seat)
        assert RENDERER.hand(own).width == 1000 and RENDERER.hand_alt(own)
        if step % 27 == 0 or state.over:
            assert same_pixels(RENDERER.table(own), table)
            assert RENDERER.table_alt(own) == alt

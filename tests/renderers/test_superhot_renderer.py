"""The SUPERHOT renderer: every sample (a real engine game at an interesting moment) draws a sane
table and hand, alt text carries the key facts, the public table never shows a hand, knocked-out
cards are shown (greyed) for what they are, and static layers and card faces are drawn once."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image, ImageChops

from engines.core import Seat
from engines.superhot.cards import pool
from engines.superhot.engine import Superhot
from engines.superhot.view import card_view
from renderers import REGISTRY, render_hand, render_table
from renderers.kit import cache, cards
from renderers.kit.cards import Half, Mark, SplitLayout
from renderers.kit.draw import paste_layer, paste_tile, shadowed
from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.fonts import has_glyph
from renderers.kit.legibility import RULES
from renderers.kit.text import ELLIPSIS, SEE_CARDS
from renderers.superhot import KINDS, NEEDS, RENDERER, TABLE_SIZE, card_tile, geometry, hand, level_text
from renderers.superhot.cards import halves
from renderers.superhot.look import AID_HALVES, CARD_STYLE, HAND_HALVES, PAPER, TABLE_HALVES
from renderers.superhot.samples import samples
from tests.renderers.every_sample import texts_drawn
from tests.support.pixels import same_pixels

SAMPLES = samples()
CASES = [pytest.param(public, seat, id=name) for name, (public, seat) in SAMPLES.items()]


@pytest.fixture(autouse=True)
def superhot_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "superhot", RENDERER)


def names_in_line(view: Mapping[str, Any]) -> list[str]:
    """Every card's name in The Line, knocked out or not (their identities are public)."""
    return [card["name"] for card in view["line"] if card]


def card(card_id: str, down: bool = False) -> dict[str, Any]:
    """A card as the engine's views carry it."""
    return card_view(card_id, down)


# ---------------------------------------------------------------- sizes and the registry path


def test_the_samples_cover_every_mode_and_the_asked_for_situations() -> None:
    assert set(SAMPLES) == {
        "solo_midgame",
        "coop_aid_target",
        "versus_system_turn",
        "seven_line_infinite",
        "twovone_double_trouble",
        "revenge_run_two",
        "finished_won",
        "finished_lost",
    }
    publics = [public for public, _ in SAMPLES.values()]
    assert {view["mode"] for view in publics} == {"solo", "coop", "versus", "twovone"}
    coop, coop_seat = SAMPLES["coop_aid_target"]
    assert coop["aid"] and coop["target"] and coop["phase"] == "Use cards" and coop_seat["picked"]
    versus, _ = SAMPLES["versus_system_turn"]
    assert versus["system"] and versus["phase"] == "System turn"
    seven, _ = SAMPLES["seven_line_infinite"]
    assert len(seven["line"]) == 7 and seven["levels"] is None
    assert any(card and card["down"] for card in seven["line"])
    assert any(card and card["type"] == "bullet" for card in seven["line"])
    assert SAMPLES["finished_won"][0]["won"] is True and SAMPLES["finished_lost"][0]["won"] is False
    assert all(SAMPLES[name][0]["over"] for name in ("finished_won", "finished_lost"))
    # The keys the engine added later: tolerated when absent, shown when present.
    assert SAMPLES["twovone_double_trouble"][1].get("copies")
    assert SAMPLES["revenge_run_two"][0].get("campaign") == 2


def test_samples_are_built_once() -> None:
    first, second = samples(), samples()
    assert first == second and first is not second
    assert all(first[name] is second[name] for name in first), "the views come from one cached build"


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_every_sample_renders_a_table_and_a_hand_at_a_sane_size(
    public: Mapping[str, Any], seat: Mapping[str, Any]
) -> None:
    table, hand = render_table("superhot", public), render_hand("superhot", seat)
    # The registry path falls back to the generic renderer on errors: make sure it did not.
    assert table.alt == RENDERER.table_alt(public)
    assert hand.alt == RENDERER.hand_alt(seat)
    assert (table.width, table.height) == TABLE_SIZE
    assert hand.width == 1000 and 380 <= hand.height <= 900
    for rendered in (table, hand):
        assert rendered.png.startswith(b"\x89PNG")
        assert 0 < len(rendered.alt) <= MAX_ALT_TEXT


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_images_are_rgb_and_not_blank(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    for image in (RENDERER.table(public), RENDERER.hand(seat)):
        assert image.mode == "RGB"
        low, high = image.convert("L").getextrema()
        assert isinstance(low, int) and isinstance(high, int) and high - low > 200


def test_a_hand_of_many_cards_grows_into_a_second_row() -> None:
    _, seat = SAMPLES["solo_midgame"]
    small = RENDERER.hand(seat)
    many = dict(seat, hand=[card("gun-1") for _ in range(9)])
    assert RENDERER.hand(many).height > small.height


# ---------------------------------------------------------------- alt text


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_table_alt_text_has_the_key_facts(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    alt = RENDERER.table_alt(public)
    assert len(alt) <= MAX_ALT_TEXT, "nothing may be clipped"
    assert public["mode_label"] in alt
    assert public["phase"].lower() in alt.lower()
    assert f"Level {public['level']}" in alt
    assert f"{public['bullets_left']} bullets left" in alt
    for listed in public["seats"]:
        assert listed["name"] in alt
    for goal in public["goals"]:
        assert goal["name"] in alt
    for name in names_in_line(public):
        assert name in alt
    assert f"The Line, {len(public['line'])} slots from its start" in alt
    if public["over"]:
        assert public["result"] in alt
    for challenge in public["challenges"]:
        assert challenge in alt


def test_alt_text_tells_progress_target_aid_system_and_level() -> None:
    solo, _ = SAMPLES["solo_midgame"]
    alt = RENDERER.table_alt(solo)
    for goal in solo["goals"]:
        if goal["done"]:
            assert f"{goal['name']} (done)" in alt
        elif goal["counted"]:
            assert f"{goal['name']} ({goal['progress']} of {goal['count']})" in alt
    assert f"Used this turn ({len(solo['used'])})" in alt
    coop, coop_seat = SAMPLES["coop_aid_target"]
    alt = RENDERER.table_alt(coop)
    aim = coop["target"]
    aimed = coop["line"][aim["slot"]]
    need = NEEDS[aim["need"]].word
    assert (
        f"Interacting with slot {aim['slot'] + 1}, {aimed['name']}, to destroy it: "
        f"{need} {aim['total']} of {aim['value']}"
    ) in alt
    giver = coop["seats"][coop["aid_from"]]["name"]
    assert f"Aid card from {giver}: {coop['aid']['top']}" in alt
    hand_alt = RENDERER.hand_alt(coop_seat)
    assert f"Aid card from {giver} to use this turn: {coop['aid']['top']}" in hand_alt
    assert "Played on the target so far: " + coop_seat["picked"][0]["top"] in hand_alt
    versus, _ = SAMPLES["versus_system_turn"]
    pool_ = versus["system"]["pool"]
    assert (
        f"pool: Fighting {pool_['fight']}, Dodge {pool_['dodge']}, Mixed {pool_['mixed']}"
        in RENDERER.table_alt(versus)
    )
    infinite, _ = SAMPLES["seven_line_infinite"]
    assert f"Level {infinite['level']}, Infinite Mode" in RENDERER.table_alt(infinite)
    assert level_text(infinite) == f"Level {infinite['level']} · Infinite"
    assert level_text(solo) == "Level 2 of 3"


def test_revenge_second_run_shows_the_run_and_the_target() -> None:
    public, seat = SAMPLES["revenge_run_two"]
    target = public["campaign_target"]
    assert target
    assert f"Run 2 of 2, {target}" in RENDERER.table_alt(public)
    first_run = dict(public, campaign=1, campaign_target=None)
    assert "Run 2 of 2" not in RENDERER.table_alt(first_run)
    assert not same_pixels(RENDERER.table(public), RENDERER.table(first_run))
    assert not same_pixels(RENDERER.hand(seat), RENDERER.hand(dict(seat, campaign=1, campaign_target=None)))
    bare = {key: value for key, value in public.items() if key not in ("campaign", "campaign_target")}
    assert same_pixels(RENDERER.table(bare), RENDERER.table(first_run))


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_hand_alt_text_lists_both_halves_of_every_card(
    public: Mapping[str, Any], seat: Mapping[str, Any]
) -> None:
    alt = RENDERER.hand_alt(seat)
    assert seat["seats"][seat["seat"]]["name"] in alt
    for held in seat["hand"]:
        if held["type"] == "bullet":
            named = "a bullet" if held["name"] == "Bullet" else f"a {held['name']} bullet"
            assert f"{named} (" in alt
        else:
            assert held["top"] in alt and held["name"] in alt


# ---------------------------------------------------------------- hidden information


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_the_table_never_shows_a_hand(public: Mapping[str, Any], seat: Mapping[str, Any]) -> None:
    """Given a seat's view (with its hand), the table is the very same image and words."""
    assert same_pixels(RENDERER.table(seat), RENDERER.table(public))
    assert RENDERER.table_alt(seat) == RENDERER.table_alt(public)


def test_a_card_only_in_a_hand_appears_nowhere_on_the_table() -> None:
    public, seat = (dict(copy.deepcopy(view)) for view in SAMPLES["solo_midgame"])
    secret = dict(card("gun-1"), name="Secret Agent", top="Silenced Pistol", text="Sneaks.")
    seat["hand"] = [*seat["hand"], secret]
    assert "Secret Agent" not in RENDERER.table_alt(seat)
    assert "Silenced Pistol" not in RENDERER.table_alt(seat)
    assert "Secret Agent" in RENDERER.hand_alt(seat)
    assert same_pixels(RENDERER.table(seat), RENDERER.table(public))


def test_knocked_out_cards_are_shown_greyed_for_what_they_are() -> None:
    """Face down in the physical game, but everyone saw them (and the System's Reboot stands one back
    up by its slot): the table shows and says which card each knocked-out one is."""
    public = dict(copy.deepcopy(SAMPLES["seven_line_infinite"][0]))
    other = copy.deepcopy(public)
    public["line"][1] = card("sniper", down=True)
    other["line"][1] = card("shotgun-1", down=True)
    alt = RENDERER.table_alt(public)
    assert "2 knocked out: Rooftop Sniper, enemy, needs Dodge 3" in alt
    assert not same_pixels(RENDERER.table(public), RENDERER.table(other)), "each shows its own face"
    standing = copy.deepcopy(public)
    standing["line"][1] = card("sniper")
    assert not same_pixels(RENDERER.table(public), RENDERER.table(standing)), "and differs from standing"
    empty = copy.deepcopy(public)
    empty["line"][1] = None
    assert not same_pixels(RENDERER.table(public), RENDERER.table(empty))


def test_a_knocked_out_card_is_greyed_under_a_band() -> None:
    size = (136, 208)
    knocked = card_tile(card("sniper", down=True), size, TABLE_HALVES, False)
    standing = card_tile(card("sniper"), size, TABLE_HALVES, False)
    band = knocked.convert("RGB").getpixel((4, 24))
    assert band == (18, 18, 21), "a black band across the top half"
    red, green, blue = knocked.convert("RGB").crop((0, 120, 136, 200)).split()
    for one, other in ((red, green), (green, blue)):
        high = ImageChops.difference(one, other).getextrema()[1]
        assert isinstance(high, int) and high <= 2, "the face is greyed"
    assert not same_pixels(knocked, standing)


# ---------------------------------------------------------------- bullets, copies, discards, fitting


def test_bullets_print_their_own_names() -> None:
    ids = [bullet_id for bullet_id in pool().bullets]
    tracer = next(card(i) for i in ids if pool().bullets[i].name == "Tracer")
    slug = next(card(i) for i in ids if pool().bullets[i].name == "Slug")
    plain = next(card(i) for i in ids if pool().bullets[i].name == "Bullet")
    retitled = dict(tracer, name="Bullet")
    size = (136, 208)
    assert not same_pixels(
        card_tile(tracer, size, TABLE_HALVES, False), card_tile(retitled, size, TABLE_HALVES, False)
    )
    public = dict(copy.deepcopy(SAMPLES["solo_midgame"][0]))
    public["line"][0] = slug
    assert f"1 a Slug bullet, needs Fighting {slug['value']}" in RENDERER.table_alt(public)
    seat = dict(copy.deepcopy(SAMPLES["solo_midgame"][1]), hand=[tracer, plain])
    alt = RENDERER.hand_alt(seat)
    assert "a Tracer bullet (Dodge" in alt and "a bullet (Dodge" in alt


def test_double_trouble_copies_are_drawn_and_told_in_the_hand() -> None:
    _, seat = SAMPLES["twovone_double_trouble"]
    copies = seat["copies"]
    alt = RENDERER.hand_alt(seat)
    assert f"Double trouble copies ready to use this turn: {copies[0]['top']}" in alt
    without = dict(seat, copies=[])
    assert "Double trouble" not in RENDERER.hand_alt(without)
    assert not same_pixels(RENDERER.hand(seat), RENDERER.hand(without))
    absent = {key: value for key, value in seat.items() if key != "copies"}
    assert same_pixels(RENDERER.hand(absent), RENDERER.hand(without))
    # With cards already played on the target too, both rows are drawn.
    both = dict(seat, picked=[card("gun-1"), card("gun-2"), card("bottle-1")])
    assert RENDERER.hand(both).height > RENDERER.hand(seat).height


def test_the_hand_lists_the_players_own_discard() -> None:
    _, sample = SAMPLES["finished_lost"]
    seat = copy.deepcopy(dict(sample))
    pile = [card(card_id) for card_id in list(pool().obstacles)[:12]]  # a long Player Discard
    seat["seats"][seat["seat"]]["discard_cards"] = pile
    alt = RENDERER.hand_alt(seat)
    assert f"Your discard ({len(pile)}, oldest first): {pile[0]['top']}, {pile[1]['top']}" in alt
    assert len(alt) <= MAX_ALT_TEXT
    seats = copy.deepcopy(seat["seats"])
    seats[seat["seat"]]["discard_cards"] = pile[:2]
    assert not same_pixels(RENDERER.hand(seat), RENDERER.hand(dict(seat, seats=seats)))
    del seats[seat["seat"]]["discard_cards"]
    older = dict(seat, seats=seats)
    assert "Your discard" not in RENDERER.hand_alt(older)
    assert RENDERER.hand(older).height < RENDERER.hand(seat).height


SHORT_TEXT = 60
"""On The Line, a card's rules text this short always shows (a longer one shows whole at a
legible size or not at all, left to the Cards panel): every gun, shotgun, sniper, bouncer, suit
and pillar."""


@pytest.mark.parametrize(
    ("layout", "sizes", "with_text", "always"),
    [
        pytest.param(
            TABLE_HALVES,
            [geometry.line(7).card, geometry.line(6).card],
            False,
            SHORT_TEXT,
            id="line-7-and-6-slots",
        ),
        pytest.param(HAND_HALVES, [(hand.CARD_W, hand.CARD_H)], True, 10_000, id="hand"),
    ],
)
def test_every_card_text_shows_whole_or_not_at_all(
    monkeypatch: pytest.MonkeyPatch,
    layout: SplitLayout,
    sizes: list[tuple[int, int]],
    with_text: bool,
    always: int,
) -> None:
    """The bottom half's text (and in a hand the top half's) is never cut, and neither are the
    titles: in a hand every text shows whole; on The Line every text up to `always` characters
    does, and a longer one shows whole or not at all, then saying "See Cards" in its place."""
    drawn: list[str] = []
    rules: list[str] = []
    original = cards._draw_lines

    def spy(draw: Any, lines: list[str], *args: Any) -> float:
        drawn.extend(lines)
        if RULES in args:
            rules.extend(lines)
        return original(draw, lines, *args)

    monkeypatch.setattr(cards, "_draw_lines", spy)
    for size in sizes:
        for card_id in pool().obstacles:
            drawn.clear()
            rules.clear()
            top, bottom = halves(card(card_id), with_text)
            cards.build_split_face(top, bottom, size, layout, CARD_STYLE)
            assert not any(line.endswith(ELLIPSIS) for line in drawn), (card_id, size, drawn)
            shown = " ".join(" ".join(drawn).split())
            for text in (bottom.text, top.text):
                words = " ".join(text.split())
                if words in shown:
                    continue
                assert len(text) > always, (card_id, size, text, drawn)
                assert not any(line in words for line in rules), (card_id, size, text, rules)
                assert rules == [SEE_CARDS], (card_id, size, "a text left out points to the Cards panel")


def test_the_aid_card_on_the_table_names_every_card_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The co-op Aid card beside the plates shows its top half's name uncut for every card (its
    rules text shows whole or says "See Cards")."""
    drawn: list[str] = []
    original = cards._draw_lines

    def spy(draw: Any, lines: list[str], *args: Any) -> float:
        drawn.extend(lines)
        return original(draw, lines, *args)

    monkeypatch.setattr(cards, "_draw_lines", spy)
    left, top, right, bottom = geometry.players(("IT", "PZ"), True, False).aid or (0, 0, 0, 0)
    size = (right - left - 4, bottom - top - geometry.AID_LABEL_H - 2)
    for card_id in pool().obstacles:
        drawn.clear()
        cards.build_split_face(
            halves(card(card_id), True)[0], Half(title="", face=PAPER), size, AID_HALVES, CARD_STYLE
        )
        assert not any(line.endswith(ELLIPSIS) for line in drawn), (card_id, drawn)


def test_a_goal_whose_text_does_not_fit_says_see_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four goals in a row leave no room for the longer texts: those goals say "See Cards"."""
    view = copy.deepcopy(dict(SAMPLES["solo_midgame"][0]))
    view["goals"] = (view["goals"] * 2)[:4]
    drawn = texts_drawn(monkeypatch)
    RENDERER.table(view)
    assert drawn.count(SEE_CARDS) >= 2, drawn


# ---------------------------------------------------------------- robustness


def test_missing_optional_keys_are_tolerated() -> None:
    bare: dict[str, Any] = {"game": "superhot"}
    assert RENDERER.table(bare).size == TABLE_SIZE
    assert RENDERER.hand(bare).width == 1000
    assert "Level 1 of" not in RENDERER.table_alt(bare)
    assert RENDERER.hand_alt(bare)
    nulls: dict[str, Any] = {
        "game": "superhot",
        "mode": "coop",
        "levels": 3,
        "turn": None,
        "seats": [{"name": "Ana"}, {"name": "Bo", "role": "PZ", "discard_top": None, "discard_cards": "x"}],
        "line": [None, {"name": "Mystery"}, card("b01"), {"name": "Ghost", "down": True}, None, None],
        "deck_top": None,
        "discard_top": None,
        "goals": [{"name": "Some goal", "counted": True, "count": 30, "progress": 4}],
        "used": [{}, {"use": "double"}],
        "new": None,
        "aid": {"top": "Thing"},
        "aid_from": None,
        "target": {"slot": 9},
        "system": {"cards": None},
        "log": None,
        "copies": [None, {"top": "Echo"}],
        "campaign": 2,
        "campaign_target": 7,
        "seat": 5,
        "hand": [{}, {"type": "bullet"}, {"kind": "weird", "need": "psychic", "value": "x"}],
    }
    assert RENDERER.table(nulls).size == TABLE_SIZE
    assert RENDERER.hand(nulls).width == 1000
    assert "Mystery" in RENDERER.table_alt(nulls)
    assert RENDERER.hand_alt(nulls)


def test_symbols_tell_skills_and_kinds_apart_without_colour() -> None:
    symbols = [look.symbol for look in (*NEEDS.values(), *KINDS.values())]
    assert len(set(symbols)) == len(symbols) == 6
    for symbol in symbols:
        assert has_glyph(symbol, bold=True) and has_glyph(symbol, bold=True, condensed=True), symbol
    assert len({look.colour for look in NEEDS.values()}) == 3


# ---------------------------------------------------------------- the kit's two-halved card face


def test_split_faces_are_cached_copies_with_both_halves() -> None:
    top = Half("GUN", "Gives 2 Fighting.", mark=Mark("F2", (230, 159, 0), (0, 0, 0)))
    bottom = Half(
        "DUDE", "Shoots.", band=(222, 33, 27), band_ink=(255, 255, 255), mark=Mark("F2", (0, 0, 0), (9, 9, 9))
    )
    layout = SplitLayout(split=0.5)
    first = cache.split_face(top, bottom, (180, 270), layout)
    assert first.mode == "RGBA" and first.size == (180, 270)
    assert first.getpixel((170, 142)) == (222, 33, 27, 255), "the band fills the bottom half's title strip"
    first.paste((0, 0, 255), (0, 0, 180, 270))
    assert cache.split_face(top, bottom, (180, 270), layout).getpixel((90, 140)) != (0, 0, 255, 255)


def test_a_card_baked_onto_its_shadow_looks_the_same_in_one_paste() -> None:
    tile = cache.card_face("7", (120, 170))
    two_pastes, one_paste = (Image.new("RGB", (300, 300), (200, 210, 220)) for _ in range(2))
    paste_tile(two_pastes, tile, (50, 60))
    paste_layer(one_paste, shadowed(tile), (50, 60))
    low, high = ImageChops.difference(two_pastes, one_paste).convert("L").getextrema()
    assert high == low == 0 or (isinstance(high, int) and high <= 1)


# ---------------------------------------------------------------- caching


@pytest.mark.usefixtures("roomy_layers")
def test_static_layers_and_card_faces_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    public, seat = SAMPLES["coop_aid_target"]
    RENDERER.table(public), RENDERER.hand(seat)
    built: list[str] = []

    def counting_split(*args: Any) -> Image.Image:
        built.append("split face")
        return original_split(*args)

    def counting_back(*args: Any) -> Image.Image:
        built.append("card back")
        return original_back(*args)

    original_split, original_back = cards.build_split_face, cards.build_back
    monkeypatch.setattr(cards, "build_split_face", counting_split)
    monkeypatch.setattr(cards, "build_back", counting_back)
    monkeypatch.setattr(Image, "linear_gradient", lambda mode: pytest.fail("backdrop rebuilt"))
    monkeypatch.setattr(
        "renderers.superhot.frame.goal_face", lambda *args: pytest.fail("static layer rebuilt")
    )
    RENDERER.table(public), RENDERER.hand(seat)
    assert built == []


# ---------------------------------------------------------------- real engine views

ENGINE_GAMES = [
    pytest.param("solo", 1, {}, id="solo"),
    pytest.param("coop", 2, {"seven_line": "on"}, id="coop-7line"),
    pytest.param("versus", 2, {"bullet_storm": "on"}, id="versus"),
    pytest.param("twovone", 3, {"infinite": "on"}, id="twovone"),
    pytest.param("solo", 1, {"infinite": "on", "times_up": "on"}, id="solo-infinite"),
]


@pytest.mark.parametrize(("mode", "players", "options"), ENGINE_GAMES)
def test_views_of_real_games_render_and_the_table_hides_every_hand(
    mode: str, players: int, options: dict[str, str]
) -> None:
    engine = Superhot()
    policy = engine.ai_policy(0)
    seats = [Seat(index, f"Player {index + 1}", True) for index in range(players)]
    for seed in (3, 11):
        state = engine.new_game(seats, mode, options, seed)
        for step in range(400):
            if state.over:
                break
            decision = engine.decisions(state)[0]
            engine.apply(state, decision.seat, decision.key, policy.choose(engine, state, decision))
            if step % 4 and not state.over:
                continue
            public = engine.view(state, None)
            table = RENDERER.table(public)
            alt = RENDERER.table_alt(public)
            assert table.size == TABLE_SIZE and 0 < len(alt) <= MAX_ALT_TEXT
            for seat in range(players):
                own = engine.view(state, seat)
                assert RENDERER.hand(own).width == 1000 and RENDERER.hand_alt(own)
                if step % 12 == 0 or state.over:
                    assert same_pixels(RENDERER.table(own), table)
                    assert RENDERER.table_alt(own) == alt

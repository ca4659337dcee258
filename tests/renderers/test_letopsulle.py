"""The Letopsulle renderer: every sample (a real seeded engine game at an interesting moment, or a
crowded hand-made state drawn through the engine's own view) draws a sane table and hand panel,
legible where Discord shows them; the table shows every player's heroes, villains, objects,
score, the plot twist and the last battle, and still fits six players with eight villains each;
the hand shows every card; alt text carries the key facts; odd views never crash."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engines.letopsulle.content import CARDS
from engines.letopsulle.view import card_face
from renderers import render_hand, render_table
from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.text import ELLIPSIS, SEE_CARDS
from renderers.letopsulle import RENDERER, cards, handmade, tiles
from renderers.letopsulle import table as table_module
from renderers.letopsulle.hand import CARD_H, CARD_W, PEEK_H
from renderers.letopsulle.look import HAND_W, TABLE_W
from renderers.letopsulle.read import card as read_card
from renderers.letopsulle.read import read
from renderers.letopsulle.rows import SMALLEST, plan
from renderers.letopsulle.samples import samples
from renderers.sheets import card_sheet
from tests.renderers.test_legibility import forget_memoised_layers, measure, too_small
from tests.support.pixels import same_pixels

SAMPLES = samples()
CASES = [pytest.param(public, seat, id=name) for name, (public, seat) in SAMPLES.items()]
MAX_TABLE_H = 1300
"""Six players' panels in three rows of two, under the plot twist and the last battle."""
MAX_HAND_H = 1000
"""Ten hand cards in two rows and three cards Intelligence showed."""
View = Mapping[str, Any]


@contextmanager
def texts_drawn() -> Iterator[list[str]]:
    """Every text drawn inside the block, memoised card tiles included (their memos are cleared)."""
    forget_memoised_layers()
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def noting(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        drawn.append(str(text))
        original(self, xy, text, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", noting)
        yield drawn


def drawn_by(draw: Callable[[], Image.Image]) -> str:
    """The texts an image draws, one a line, then all of them run together (a name wrapped onto
    two lines, or broken with a hyphen, reads whole there)."""
    with texts_drawn() as drawn:
        draw()
    return "\n".join(drawn) + "\n" + " ".join(drawn).replace("- ", "")


def crowded() -> View:
    """Six players, eight active villains each (a hand-made state through the engine's view)."""
    return SAMPLES["six_crowded"][0]


# ---------------------------------------------------------------- the samples


def test_the_samples_cover_the_asked_for_moments() -> None:
    assert set(SAMPLES) >= {"two_players", "six_players", "solitaire", "game_over", "two_active", "tag_teams"}
    assert len(SAMPLES["two_players"][0]["players"]) == 2 and SAMPLES["two_players"][0]["battle"]
    assert len(SAMPLES["six_players"][0]["players"]) == 6
    assert SAMPLES["solitaire"][0]["mode"] == "solitaire" and len(SAMPLES["solitaire"][0]["players"]) == 1
    over = SAMPLES["game_over"][0]
    assert over["phase"] == "over" and over["winner"] is not None
    two = SAMPLES["two_active"][0]
    assert two["options"]["two_active"] == "on" and any(len(p["active"]) == 2 for p in two["players"])
    tag = SAMPLES["tag_teams"][0]
    assert any(len(slot["heroes"]) == 2 for p in tag["players"] for slot in p["active"])
    assert SAMPLES["peek"][1]["you"]["peek"]
    assert all(len(p["villains"]) == 8 for p in crowded()["players"])


def test_samples_are_built_once() -> None:
    first, second = samples(), samples()
    assert first == second and first is not second
    assert all(first[name] is second[name] for name in first)


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_every_sample_renders_a_table_and_a_hand_at_a_sane_size(public: View, seat: View) -> None:
    table, hand = render_table("letopsulle", public), render_hand("letopsulle", seat)
    # The registry path falls back to the generic renderer on errors: make sure it did not.
    assert table.alt == RENDERER.table_alt(public) and hand.alt == RENDERER.hand_alt(seat)
    assert table.width == TABLE_W and 400 <= table.height <= MAX_TABLE_H
    assert hand.width == HAND_W and 400 <= hand.height <= MAX_HAND_H
    for rendered in (table, hand):
        assert rendered.png.startswith(b"\x89PNG") and 40 < len(rendered.alt) <= MAX_ALT_TEXT


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_images_are_rgb_and_not_blank(public: View, seat: View) -> None:
    for image in (RENDERER.table(public), RENDERER.hand(seat)):
        assert image.mode == "RGB"
        low, high = image.convert("L").getextrema()
        assert isinstance(low, int) and isinstance(high, int) and high - low > 200


@pytest.mark.parametrize("name", list(SAMPLES))
@pytest.mark.parametrize("kind", ["table", "hand"])
def test_every_sample_is_legible_where_discord_shows_it(name: str, kind: str) -> None:
    public, seat = SAMPLES[name]
    draw = RENDERER.table if kind == "table" else RENDERER.hand
    found = measure(lambda: draw(public if kind == "table" else seat))
    assert found.smallest("glance") is not None
    assert not too_small(found, kind), too_small(found, kind)


# ---------------------------------------------------------------- the table


@pytest.mark.parametrize("name", ["two_players", "six_players", "game_over", "tag_teams"])
def test_the_table_shows_each_players_cards_score_plot_and_battle(name: str) -> None:
    public, _ = SAMPLES[name]
    table = read(public)
    text = drawn_by(lambda: RENDERER.table(public))
    assert table.plot is not None and table.plot.name in text and table.plot.text.split()[0] in text
    assert table.battle[-1] in text
    for player in table.players:
        assert player.name in text and f"{player.points}/{table.goal_points}" in text
        if player.knocked_out:
            continue
        for slot in player.active + player.reserve + player.villains[:3]:
            assert all(fighter.card.name in text for fighter in slot.fighters), slot
            if slot.item:
                assert slot.item.name in text
            if slot.defending:
                assert "DEFENDING" in text
        hidden = [item for item in player.waiting if item.name not in text]
        assert not hidden or f"+{len(hidden)} more" in text, "waiting objects are named or counted"
    assert table.status in text


def test_six_players_with_eight_villains_each_fit_and_are_summarised() -> None:
    view = crowded()
    table = read(view)
    image = RENDERER.table(view)
    assert image.height <= MAX_TABLE_H
    text = drawn_by(lambda: RENDERER.table(view))
    for player in table.players:
        assert player.name in text
    assert "+5 more" in text and "KNOCKED OUT" in text and "WAITING" in text
    for player in table.players:
        placed = plan((player.villains,), 112, 568, 116 if player.waiting else 0)
        ends = [x + width for x, width in placed.groups[0]]
        ends += [spot[0] + spot[1] for spot in (placed.more_at, placed.tail_at) if spot]
        assert max(ends) <= 568 and all(width >= SMALLEST for _, width in placed.groups[0])
        assert len(placed.groups[0]) + len(placed.hidden) == 8 and placed.hidden


def test_a_defending_card_is_drawn_sideways_and_marked() -> None:
    view = SAMPLES["two_players"][0]
    slot = next(s for p in read(view).players for s in p.villains + p.active)
    upright = tiles.slot_tile(slot, (116, 128))
    sideways = tiles.slot_tile(type(slot)(slot.fighters, slot.item, True, 2), (152, 128))
    assert not same_pixels(upright.crop((0, 0, 116, 128)), sideways.crop((0, 0, 116, 128)))
    guarded = copy.deepcopy(dict(view))
    holder = next(player for player in guarded["players"] if player["villains"])
    holder["villains"][0].update(defending=True, guard=3)
    assert "DEFENDING +3" in drawn_by(lambda: RENDERER.table(guarded))
    assert "defending +3" in RENDERER.table_alt(guarded)


def test_a_knocked_out_team_is_stamped() -> None:
    view = copy.deepcopy(dict(SAMPLES["two_players"][0]))
    assert "KNOCKED OUT" not in drawn_by(lambda: RENDERER.table(view))
    view["players"][1]["knocked_out"] = True
    assert "KNOCKED OUT" in drawn_by(lambda: RENDERER.table(view))
    assert "knocked out" in RENDERER.table_alt(view)


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_the_table_never_shows_a_hand(public: View, seat: View) -> None:
    assert same_pixels(RENDERER.table(seat), RENDERER.table(public))
    assert RENDERER.table_alt(seat) == RENDERER.table_alt(public)


# ---------------------------------------------------------------- alt text and the hand


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_table_alt_names_the_active_heroes_and_the_plot_twist(public: View, seat: View) -> None:
    alt = RENDERER.table_alt(public)
    table = read(public)
    assert alt.startswith("Letopsulle table")
    if table.plot:
        assert f"Plot twist {table.plot.name}" in alt
    for player in table.players:
        assert player.name in alt
        if not player.knocked_out:
            assert all(f.card.name in alt for slot in player.active for f in slot.fighters)
    if table.finished:
        assert "wins" in alt


@pytest.mark.parametrize(("public", "seat"), CASES)
def test_the_hand_shows_every_card_and_what_intelligence_showed(public: View, seat: View) -> None:
    table = read(seat)
    text = drawn_by(lambda: RENDERER.hand(seat))
    alt = RENDERER.hand_alt(seat)
    for card in table.hand + table.peek:
        assert card.name in text, card.name
        assert card.name in alt
    if table.peek:
        assert "INTELLIGENCE" in text and table.peek_of in alt


def test_a_long_hand_fits() -> None:
    _, seat = SAMPLES["tag_teams"]
    full = copy.deepcopy(dict(seat))
    full["you"]["hand"] = (full["you"]["hand"] * 12)[:12]
    assert RENDERER.hand(full).height <= MAX_HAND_H
    assert "Hand (12 cards)" in RENDERER.hand_alt(full)


# ---------------------------------------------------------------- caching


@pytest.mark.usefixtures("roomy_layers")
def test_static_layers_and_cards_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawing tables again reuses the frame and every card (speed is judged by the bench)."""
    views = list(SAMPLES.values())
    for public, seat in views:  # warm the caches, as a running bot has
        RENDERER.table(public), RENDERER.hand(seat)
    memos = (tiles.slot_layer, tiles.more_layer, tiles.waiting_layer, tiles.empty_layer, cards.card_layer)
    misses = [memo.cache_info().misses for memo in memos]
    monkeypatch.setattr(table_module, "rounded_box", lambda *args: pytest.fail("static layer rebuilt"))
    for public, seat in views:
        RENDERER.table(public), RENDERER.hand(seat)
    assert [memo.cache_info().misses for memo in memos] == misses


# ---------------------------------------------------------------- odd views

BROKEN: list[Any] = [
    {},
    {"mode": 3, "players": "nope", "plot": 5, "battle": 7, "goal": None},
    {
        "players": [{"name": None, "active": [None, {"heroes": [{"base": "x"}]}], "villains": [4]}, 4],
        "turn": 7,
    },
    {"players": [{"active": [{"heroes": [{"name": "A", "base": 30, "damage": -2}] * 3, "object": {}}]}]},
    {"phase": "over", "winner": -1, "players": [{"name": "Solo", "claimed_names": [None, "Zeus"]}]},
    {"you": {"seat": 0, "hand": [None, {"kind": "hero", "abilities": {"speed": "x"}}], "peek": 5}},
    {"players": [{"name": f"P{n}", "villains": [{"name": "V", "base": 9}] * 12} for n in range(8)]},
]


@pytest.mark.parametrize("view", BROKEN)
def test_bad_or_missing_fields_do_not_crash(view: View) -> None:
    assert RENDERER.table(view).width == TABLE_W
    assert RENDERER.hand(view).width == HAND_W
    assert RENDERER.table_alt(view) and RENDERER.hand_alt(view)


def test_fields_removed_from_real_views_do_not_crash() -> None:
    _, seat = SAMPLES["two_players"]
    for key in list(seat):
        broken = copy.deepcopy(dict(seat))
        del broken[key]
        RENDERER.table(broken), RENDERER.hand(broken), RENDERER.table_alt(broken), RENDERER.hand_alt(broken)


def test_handmade_states_go_through_the_engines_view() -> None:
    public, seat = handmade.views(handmade.crowded(), 2)
    assert public == crowded() and seat["you"]["seat"] == 2 and "you" not in public


def test_a_damaged_card_says_how_much_it_can_still_take() -> None:
    """Issue 32: "9 dmg" on a base-9 card read as dead; the pill says what is left before it
    falls (a lone card falls with damage above its base, a tag team's card at zero), with the
    damage too where there is room."""
    assert tiles.damage_label(9, 1, 200) == "9 dmg · 1 left"
    assert tiles.damage_label(9, 1, 40) == "1 left"
    state = handmade.tag_teams()
    state.teams[1].active[0].heroes[0].damage = 8  # Paragon, base 9: one more point is too many
    state.teams[0].active[0].heroes[1].damage = 1  # Kion (base 2) in the tag team: 1 to zero
    text = drawn_by(lambda: RENDERER.table(handmade.views(state, 0)[0]))
    assert "2 left" in text and "1 left" in text and " dmg" not in text.replace("dmg · ", "")
    sheet = card_sheet("letopsulle", handmade.views(state, 0)[0])
    facts = [f"{card.name} · {card.facts}" for group in sheet for card in group.cards]
    assert any("Paragon · active" in f and "damage 8 (2 more defeats it)" in f for f in facts), facts
    assert any("Kion · active" in f and "damage 1 (1 more defeats it)" in f for f in facts), (
        "tag team: at base"
    )


def test_the_header_keeps_every_optional_rule_and_the_goal() -> None:
    """Issue 32: with tag teams and two active heroes both on, the "Two active" chip was lost; a
    multiplayer table shows its players, so the mode chip gives way to the optional rules."""
    text = drawn_by(lambda: RENDERER.table(handmade.views(handmade.tag_teams(), 0)[0]))
    assert "Tag teams" in text and "Two active" in text and "Goal" in text


def test_a_finished_table_says_who_won_in_the_header_whole() -> None:
    """Issue 32: the solitaire header cut the result off ("the villains win. Bwa ha..."): the
    status of a finished game is short and drawn whole, whatever the table."""
    state = handmade.tag_teams()
    state.phase, state.winner, state.note = "over", -1, "Every hero team is knocked out: the villains win."
    text = drawn_by(lambda: RENDERER.table(handmade.views(state, 0)[0]))
    assert "The villains win. Bwa ha ha!" in text.split("\n")


def test_every_card_in_a_hand_or_a_peek_shows_its_text_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every card of the game, drawn as a hand (or Intelligence peek) card, shows its rules text
    whole: never cut short with an ellipsis (issue 36)."""
    drawn: list[str] = []
    original = cards._lines

    def spy(draw: Any, lines: Any, *args: Any) -> Any:
        drawn.extend(lines)
        return original(draw, lines, *args)

    monkeypatch.setattr(cards, "_lines", spy)
    for card_id in CARDS:
        found = read_card(card_face(card_id))
        assert found is not None
        for size in ((CARD_W, CARD_H), (CARD_W, PEEK_H)):
            drawn.clear()
            cards.card_face(found, size)
            assert not any(line.endswith(ELLIPSIS) or line == SEE_CARDS for line in drawn), (card_id, drawn)

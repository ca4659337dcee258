"""Super Punch Fighter content: the shipped data files, their checks and their printed texts
(docs/rulings/punchfighter.md, section Content)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from engines.core import MAX_LABEL, CardDataError
from engines.punchfighter import content, words
from engines.punchfighter.content import (
    Content,
    board_cells,
    check,
    check_achievements,
    check_boards,
    check_buttons,
    check_cards,
    check_ids,
    load,
)
from engines.punchfighter.schema import Attack, Board, Button, Draw, FighterCard, Move, Recharge

SHIPPED = content.load()
DATA_FILES = ("fighters.toml", "buttons.toml", "achievements.toml", "boards.toml")


def _neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six hexes around a hex, odd rows shifted right (written out again, independently)."""
    shift = row % 2
    return [
        (col - 1, row),
        (col + 1, row),
        (col - 1 + shift, row - 1),
        (col + shift, row - 1),
        (col - 1 + shift, row + 1),
        (col + shift, row + 1),
    ]


def _card(card_id: str) -> FighterCard:
    return content.CARDS_BY_ID[card_id]


def _swap(cards: tuple[FighterCard, ...], card_id: str, **changes: object) -> tuple[FighterCard, ...]:
    return tuple(msgspec.structs.replace(c, **changes) if c.id == card_id else c for c in cards)


def _swap_button(buttons: tuple[Button, ...], button_id: str, **changes: object) -> tuple[Button, ...]:
    return tuple(msgspec.structs.replace(b, **changes) if b.id == button_id else b for b in buttons)


def _board(side: str, rows: list[str], board_id: str = "broken") -> Board:
    return msgspec.convert({"id": board_id, "name": "Broken", "side": side, "rows": rows}, Board)


def _boards_with(broken: Board) -> tuple[Board, ...]:
    return tuple(broken if b.side == broken.side else b for b in SHIPPED.boards)


# --- The shipped data ---------------------------------------------------------------------------


def test_the_shipped_data_loads_with_the_box_counts() -> None:
    assert len(SHIPPED.fighters) == 6
    assert sum(card.copies for card in SHIPPED.cards) == 84
    assert sum(button.copies for button in SHIPPED.buttons) == 58
    assert len(SHIPPED.achievements) == 12
    assert sorted(board.side for board in SHIPPED.boards) == ["minion_rush", "standard"]
    loaded = Content(content.FIGHTERS, content.CARDS, content.BUTTONS, content.ACHIEVEMENTS, content.BOARDS)
    assert loaded == SHIPPED


def test_the_rulebook_fighters_are_there_with_two_more() -> None:
    names = {fighter.name for fighter in SHIPPED.fighters}
    assert {"Tchotchke", "Dr. Curium", "Business Lizard", "Khan Queso"} < names
    assert len({fighter.style for fighter in SHIPPED.fighters}) == 6


@pytest.mark.parametrize("fighter_id", [fighter.id for fighter in SHIPPED.fighters])
def test_each_deck_has_14_cards_mostly_combos(fighter_id: str) -> None:
    deck = content.DECKS[fighter_id]
    assert len(deck) == 14
    combos = sum(1 for card_id in deck if _card(card_id).is_combo)
    assert 10 <= combos <= 11
    assert all(1 <= len(_card(card_id).cost) <= 4 for card_id in deck if _card(card_id).is_combo)
    fighter = content.FIGHTERS_BY_ID[fighter_id]
    assert 10 <= sum(fighter.bands) <= 14
    assert len(fighter.bands) in (3, 4)


def test_every_fighter_has_its_own_dial() -> None:
    assert len({tuple(fighter.bands) for fighter in SHIPPED.fighters}) == 6


def test_the_button_deck_composition() -> None:
    starters = [button for button in SHIPPED.buttons if button.starter]
    assert sorted(button.letter for button in starters) == ["A", "B", "C", "D"]
    assert all(button.copies == 6 for button in starters)
    assert {button.letter: button.id for button in starters} == content.STARTERS
    assert len(content.DECK_BUTTONS) == 34
    letters = Counter(content.BUTTONS_BY_ID[button_id].letter for button_id in content.DECK_BUTTONS)
    assert 5 <= letters["W"] <= 7
    assert set(letters) == {"A", "B", "C", "D", "W"}


def test_no_two_buttons_can_free_each_other_for_ever() -> None:
    """Ruling C19: a pushed button's recharge frees other buttons, so two recharging buttons can
    free each other turn after turn. The only ones recharge 1 and do nothing else, so that loop
    gains nothing (a button that drew or hit as it recharged would draw or hit for ever)."""
    for button in SHIPPED.buttons:
        if any(isinstance(effect, Recharge) for effect in button.effects):
            assert button.effects == [Recharge(buttons=1)], button.id


def test_starter_buttons_do_what_the_rulebook_setup_names() -> None:
    by_letter = {letter: content.BUTTONS_BY_ID[button_id] for letter, button_id in content.STARTERS.items()}
    assert by_letter["A"].effects == [Attack(range=1, strength=1)]
    assert by_letter["B"].block == 1
    assert by_letter["C"].effects == [Move(spaces=2)]
    assert by_letter["D"].effects == [Draw(cards=1)]


def test_achievements_are_all_different_checks() -> None:
    assert len({achievement.check for achievement in SHIPPED.achievements}) == 12


def test_lookups_cover_every_entry() -> None:
    assert set(content.FIGHTERS_BY_ID) == {fighter.id for fighter in SHIPPED.fighters}
    assert set(content.CARDS_BY_ID) == {card.id for card in SHIPPED.cards}
    assert set(content.BUTTONS_BY_ID) == {button.id for button in SHIPPED.buttons}
    assert set(content.ACHIEVEMENTS_BY_ID) == {achievement.id for achievement in SHIPPED.achievements}
    assert set(content.BOARD_BY_SIDE) == {"standard", "minion_rush"}
    assert set(content.BOARDS_BY_ID) == {board.id for board in SHIPPED.boards}


def test_the_standard_side() -> None:
    cells = board_cells(content.BOARD_BY_SIDE["standard"])
    kinds = Counter(cells.values())
    assert 60 <= len(cells) <= 80
    assert kinds["s"] == 4
    assert 4 <= kinds["y"] <= 6
    assert kinds["r"] == 2
    assert 2 <= kinds["o"] <= 4
    for at, char in cells.items():
        if char == "s":
            assert sum(1 for n in _neighbours(*at) if cells.get(n) in (".", "y", "r")) >= 4


def test_the_minion_rush_side() -> None:
    cells = board_cells(content.BOARD_BY_SIDE["minion_rush"])
    kinds = Counter(cells.values())
    assert 60 <= len(cells) <= 80
    ring = {at for at in cells if any(n not in cells for n in _neighbours(*at))}
    ring_yellows = [at for at, char in cells.items() if char == "y" and at in ring]
    assert len(ring_yellows) >= 8
    assert kinds["y"] == len(ring_yellows)
    assert kinds["r"] == 2
    assert 2 <= kinds["s"] <= 3
    assert 1 <= kinds["o"] <= 2


def test_board_rows_are_padded_to_one_length() -> None:
    for board in SHIPPED.boards:
        assert len({len(row) for row in board.rows}) == 1
        assert 7 <= len(board.rows) <= 9
        assert 9 <= len(board.rows[0]) <= 11


# --- Each check rejects broken data, naming the file and the card -------------------------------


def test_a_card_of_an_unknown_fighter_is_rejected() -> None:
    cards = _swap(SHIPPED.cards, "kq_curd_clinch", fighter="nobody")
    with pytest.raises(CardDataError, match=r"fighters\.toml: card 'kq_curd_clinch': unknown fighter"):
        check_cards(SHIPPED.fighters, cards)


def test_a_deck_of_13_cards_is_rejected() -> None:
    cards = _swap(SHIPPED.cards, "kq_curd_clinch", copies=1)
    with pytest.raises(CardDataError, match=r"fighters\.toml: fighter 'khan_queso': has 13 cards"):
        check_cards(SHIPPED.fighters, cards)


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"effects": []}, "a combo card needs effects"),
        ({"block": 2}, "a combo card has no block"),
        ({"steady": True}, "a combo card has no block"),
        ({"draw": 1}, "a combo card has no block"),
        ({"cost": "ABCDA"}, "a combo card costs at most 4 buttons"),
        ({"effects": [Attack(range=1, strength=2, push=1, throw=1)]}, "an attack has more than one of push"),
    ],
)
def test_a_broken_combo_card_is_rejected(changes: dict[str, object], problem: str) -> None:
    cards = _swap(SHIPPED.cards, "kq_cheddar_suplex", **changes)
    with pytest.raises(CardDataError, match=rf"fighters\.toml: card 'kq_cheddar_suplex': {problem}"):
        check_cards(SHIPPED.fighters, cards)


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"effects": [Draw(cards=1)]}, "a defence card \\(no cost\\) has no effects"),
        ({"block": 0}, "a defence card needs block > 0 or everything"),
    ],
)
def test_a_broken_defence_card_is_rejected(changes: dict[str, object], problem: str) -> None:
    cards = _swap(SHIPPED.cards, "kq_cheese_curtain", **changes)
    with pytest.raises(CardDataError, match=rf"fighters\.toml: card 'kq_cheese_curtain': {problem}"):
        check_cards(SHIPPED.fighters, cards)


def test_a_defence_card_blocking_everything_needs_no_block_number() -> None:
    assert _card("kq_unbreakable").block == 0
    check_cards(SHIPPED.fighters, SHIPPED.cards)


def test_a_button_total_other_than_58_is_rejected() -> None:
    buttons = _swap_button(SHIPPED.buttons, "w_turbo", copies=2)
    with pytest.raises(CardDataError, match=r"buttons\.toml: 57 buttons counting copies, not 58"):
        check_buttons(buttons)


@pytest.mark.parametrize(
    ("button_id", "changes", "problem"),
    [
        ("b_guard_up", {"effects": [Draw(cards=1)]}, "a B button blocks"),
        ("b_guard_up", {"block": 0}, "a B button blocks"),
        ("a_heavy_punch", {"block": 1}, "an A button has effects and no block"),
        ("w_turbo", {"effects": []}, "a W button has effects and no block"),
        ("a_shove", {"effects": [Attack(range=1, strength=1, pull=1, push=1)]}, "an attack has more"),
        ("a_punch", {"copies": 5}, "a starter has 6 copies, not 5"),
        ("w_turbo", {"starter": True}, "a starter is an A, B, C or D button"),
        ("a_heavy_punch", {"starter": True}, "a second A starter"),
    ],
)
def test_a_broken_button_is_rejected(button_id: str, changes: dict[str, object], problem: str) -> None:
    buttons = _swap_button(SHIPPED.buttons, button_id, **changes)
    with pytest.raises(CardDataError, match=rf"buttons\.toml: card '{button_id}': {problem}"):
        check_buttons(buttons)


def test_a_missing_starter_is_rejected() -> None:
    buttons = _swap_button(SHIPPED.buttons, "d_draw", starter=False)
    with pytest.raises(CardDataError, match=r"buttons\.toml: no starter button for D"):
        check_buttons(buttons)


def test_eleven_achievements_are_rejected() -> None:
    with pytest.raises(CardDataError, match=r"achievements\.toml: 11 achievements, not 12"):
        check_achievements(SHIPPED.achievements[:-1])


def test_a_card_sharing_a_button_id_is_rejected() -> None:
    cards = _swap(SHIPPED.cards, "kq_curd_clinch", id="a_punch")
    with pytest.raises(CardDataError, match=r"fighters\.toml: card 'a_punch': the same id as a button"):
        check_ids(cards, SHIPPED.buttons)


def test_two_boards_of_one_side_are_rejected() -> None:
    boards = (*SHIPPED.boards, _board("standard", ["...", "...", "..."]))
    with pytest.raises(CardDataError, match=r"boards\.toml: 2 boards of side 'standard', not 1"):
        check_boards(boards)


@pytest.mark.parametrize(
    ("rows", "problem"),
    [
        (["s....", "....", "...s.", "s...."], "rows differ in length"),
        (["s....", ".x...", "...s.", "s...."], "unknown characters 'x'"),
        (["s....", ".....", ".....", "....."], "1 spawn point, fewer than 3"),
        (["so...", "oo...", "...s.", "s...."], "the spawn point in row 1, column 1 has 0 free floor hexes"),
    ],
)
def test_a_broken_standard_side_is_rejected(rows: list[str], problem: str) -> None:
    with pytest.raises(CardDataError, match=rf"boards\.toml: board 'broken': {problem}"):
        check_boards(_boards_with(_board("standard", rows)))


def test_a_minion_rush_side_without_entry_spaces_is_rejected() -> None:
    rows = ["y...y", ".....", "..s..", "....."]
    with pytest.raises(CardDataError, match=r"boards\.toml: board 'broken': 2 yellow spaces on the outer"):
        check_boards(_boards_with(_board("minion_rush", rows)))


def test_check_accepts_the_shipped_data() -> None:
    check(SHIPPED)


def _copy_data(folder: Path) -> None:
    for name in DATA_FILES:
        shutil.copy(content.FOLDER / name, folder / name)


def test_load_reads_a_folder_and_names_the_broken_file_and_card(tmp_path: Path) -> None:
    _copy_data(tmp_path)
    assert load(tmp_path) == SHIPPED
    path = tmp_path / "fighters.toml"
    path.write_text(path.read_text().replace('fighter = "dr_curium"', 'fighter = "dr_who"', 1))
    with pytest.raises(CardDataError, match=r"fighters\.toml: card 'cu_half_life_beam': unknown fighter"):
        load(tmp_path)


def test_load_names_a_card_whose_effect_does_not_decode(tmp_path: Path) -> None:
    _copy_data(tmp_path)
    path = tmp_path / "buttons.toml"
    text = path.read_text().replace('type = "recharge", buttons = 1', 'type = "warp", buttons = 1', 1)
    path.write_text(text)
    with pytest.raises(CardDataError, match=r"buttons\.toml: card 'w_turbo'"):
        load(tmp_path)


# --- Printed texts ------------------------------------------------------------------------------


def test_effect_and_card_texts_read_as_intended() -> None:
    assert words.effect_text(Attack(range=1, strength=2, push=1)) == "Attack 2, range 1, push 1"
    assert words.effect_text(Move(spaces=2)) == "Move 2"
    assert words.effect_text(Draw(cards=1)) == "Draw 1"
    assert words.card_text(_card("kq_unbreakable")) == "Defence: Block everything; steady"
    assert words.card_text(_card("kq_cheddar_suplex")) == "AB: Attack 3, range 1, throw 1"
    assert words.card_label(_card("kq_cheddar_suplex")) == "Cheddar Suplex (AB)"
    assert words.button_text(content.BUTTONS_BY_ID["b_guard_up"]) == "Block 2"
    assert words.button_text(content.BUTTONS_BY_ID["w_turbo"]) == "Wild (any letter); Recharge 1"
    beatdown = content.ACHIEVEMENTS_BY_ID["beatdown"]
    assert words.achievement_text(beatdown) == "Deal 6 or more damage in one turn"
    assert words.fighter_text(content.FIGHTERS_BY_ID["khan_queso"]) == "Grappler, 12 health (4/5/3)"


def test_every_text_fits_discord() -> None:
    labels = [
        *(words.card_label(card) for card in SHIPPED.cards),
        *(words.button_label(button) for button in SHIPPED.buttons),
        *(words.achievement_label(achievement) for achievement in SHIPPED.achievements),
        *(words.fighter_label(fighter) for fighter in SHIPPED.fighters),
        *(words.fighter_text(fighter) for fighter in SHIPPED.fighters),
    ]
    details = [
        *(words.card_text(card) for card in SHIPPED.cards),
        *(words.button_text(button) for button in SHIPPED.buttons),
        *(words.achievement_text(achievement) for achievement in SHIPPED.achievements),
        *words.GLOSSARY.values(),
    ]
    assert all(words.fits(label) for label in labels), [label for label in labels if len(label) > MAX_LABEL]
    assert all(words.fits(text, words.MAX_DETAIL) for text in details)


def test_every_achievement_check_has_a_text() -> None:
    for achievement in SHIPPED.achievements:
        for at_least in (1, achievement.at_least, 12):
            text = words.achievement_text(msgspec.structs.replace(achievement, at_least=at_least))
            assert words.fits(text, words.MAX_DETAIL)
            assert "{n}" not in text

"""Super Punch Fighter content: fighters and their cards, buttons, achievements and board sides.

Loaded from the TOML files next to this module with `engines.core.load_cards` and checked once, at
import. The checks are small functions over the decoded tuples (so tests can feed broken data);
every error is a `CardDataError` naming the file and the card. Design notes:
`docs/rulings/punchfighter.md` (section Content).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple, NoReturn

from engines.core import CardDataError, load_cards
from engines.punchfighter.schema import LETTERS, Achievement, Attack, Board, Button, Fighter, FighterCard

FOLDER = Path(__file__).parent
FIGHTERS_FILE = "fighters.toml"
BUTTONS_FILE = "buttons.toml"
ACHIEVEMENTS_FILE = "achievements.toml"
BOARDS_FILE = "boards.toml"

DECK_SIZE = 14  # fighter cards per fighter, counting copies
MAX_COST = 4  # letters in a combo card's cost
BUTTON_TOTAL = 58
STARTER_COPIES = 6  # of each starter (one per letter A-D): enough pads for 6 players
ACHIEVEMENT_COUNT = 12
BOARD_CHARS = frozenset(".yrso -")
FLOOR = frozenset(".yr")  # hexes a fighter may stand on
NO_HEX = frozenset(" -")
SIDES = ("standard", "minion_rush")
MIN_SPAWNS = {"standard": 3, "minion_rush": 1}
MIN_FREE_AROUND_SPAWN = 3  # floor hexes next to a spawn point, where fighters enter
MIN_RUSH_ENTRIES = 4  # yellow spaces on the outer ring of the Minion Rush side: one per minion


class Content(NamedTuple):
    """Everything the data files hold, in file order."""

    fighters: tuple[Fighter, ...]
    cards: tuple[FighterCard, ...]
    buttons: tuple[Button, ...]
    achievements: tuple[Achievement, ...]
    boards: tuple[Board, ...]


def _fail(file: str, kind: str, ident: str, problem: str) -> NoReturn:
    raise CardDataError(f"{file}: {kind} {ident!r}: {problem}")


def attack_problem(effects: Iterable[object]) -> str | None:
    """What is wrong with a list of effects: an attack that pushes, pulls or throws at once."""
    for effect in effects:
        if isinstance(effect, Attack) and sum(1 for n in (effect.push, effect.pull, effect.throw) if n) > 1:
            return "an attack has more than one of push, pull and throw"
    return None


def card_problem(card: FighterCard) -> str | None:
    """What is wrong with one fighter card on its own (None: nothing)."""
    if card.cost:
        if len(card.cost) > MAX_COST:
            return f"a combo card costs at most {MAX_COST} buttons"
        if not card.effects:
            return "a combo card needs effects"
        if card.block or card.everything or card.steady or card.draw:
            return "a combo card has no block, everything, steady or draw"
        return attack_problem(card.effects)
    if card.effects:
        return "a defence card (no cost) has no effects"
    if not (card.block or card.everything):
        return "a defence card needs block > 0 or everything"
    return None


def check_cards(fighters: Sequence[Fighter], cards: Sequence[FighterCard], file: str = FIGHTERS_FILE) -> None:
    """Every card belongs to a known fighter and is a well-formed combo or defence card; every
    fighter has exactly `DECK_SIZE` cards counting copies."""
    known = {fighter.id for fighter in fighters}
    sizes: Counter[str] = Counter()
    for card in cards:
        if card.fighter not in known:
            _fail(file, "card", card.id, f"unknown fighter {card.fighter!r}")
        if problem := card_problem(card):
            _fail(file, "card", card.id, problem)
        sizes[card.fighter] += card.copies
    for fighter in fighters:
        if (size := sizes[fighter.id]) != DECK_SIZE:
            _fail(file, "fighter", fighter.id, f"has {size} cards counting copies, not {DECK_SIZE}")


def button_problem(button: Button) -> str | None:
    """What is wrong with one button on its own (None: nothing)."""
    if button.letter == "B":
        if button.block <= 0 or button.effects:
            return "a B button blocks (block > 0) and has no effects"
        return None
    if button.block or not button.effects:
        article = "an" if button.letter == "A" else "a"
        return f"{article} {button.letter} button has effects and no block"
    return attack_problem(button.effects)


def check_buttons(buttons: Sequence[Button], file: str = BUTTONS_FILE) -> None:
    """Each button is well formed; there are `BUTTON_TOTAL` counting copies; the starters are one
    button id per letter A-D with `STARTER_COPIES` copies each."""
    starters: dict[str, Button] = {}
    for button in buttons:
        if problem := button_problem(button):
            _fail(file, "card", button.id, problem)
        if not button.starter:
            continue
        if button.letter not in LETTERS:
            _fail(file, "card", button.id, "a starter is an A, B, C or D button")
        if (first := starters.get(button.letter)) is not None:
            _fail(file, "card", button.id, f"a second {button.letter} starter (after {first.id!r})")
        if button.copies != STARTER_COPIES:
            _fail(file, "card", button.id, f"a starter has {STARTER_COPIES} copies, not {button.copies}")
        starters[button.letter] = button
    missing = [letter for letter in LETTERS if letter not in starters]
    if missing:
        raise CardDataError(f"{file}: no starter button for {', '.join(missing)}")
    total = sum(button.copies for button in buttons)
    if total != BUTTON_TOTAL:
        raise CardDataError(f"{file}: {total} buttons counting copies, not {BUTTON_TOTAL}")


def check_achievements(achievements: Sequence[Achievement], file: str = ACHIEVEMENTS_FILE) -> None:
    """There are exactly `ACHIEVEMENT_COUNT` achievements."""
    if len(achievements) != ACHIEVEMENT_COUNT:
        raise CardDataError(f"{file}: {len(achievements)} achievements, not {ACHIEVEMENT_COUNT}")


def check_ids(cards: Sequence[FighterCard], buttons: Sequence[Button]) -> None:
    """No fighter card shares an id with a button (an effect's source is looked up by id in both)."""
    button_ids = {button.id for button in buttons}
    for card in cards:
        if card.id in button_ids:
            _fail(FIGHTERS_FILE, "card", card.id, f"the same id as a button in {BUTTONS_FILE}")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _neighbours(col: int, row: int) -> tuple[tuple[int, int], ...]:
    """The six hexes around (col, row) as (col, row) pairs, odd rows shifted right ("odd-r")."""
    if row % 2 == 0:
        steps = ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
    else:
        steps = ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))
    return tuple((col + dc, row + dr) for dc, dr in steps)


def board_cells(board: Board) -> dict[tuple[int, int], str]:
    """The hexes of a board side: (col, row) -> its character (pits included)."""
    return {
        (col, row): char
        for row, line in enumerate(board.rows)
        for col, char in enumerate(line)
        if char not in NO_HEX
    }


def board_problem(board: Board) -> str | None:
    """What is wrong with one board side on its own (None: nothing)."""
    if len({len(line) for line in board.rows}) != 1:
        return "rows differ in length"
    odd = sorted({char for line in board.rows for char in line} - BOARD_CHARS)
    if odd:
        return f"unknown characters {''.join(odd)!r} (use . y r s o -)"
    cells = board_cells(board)
    spawns = [at for at, char in cells.items() if char == "s"]
    if len(spawns) < MIN_SPAWNS[board.side]:
        return f"{_count(len(spawns), 'spawn point')}, fewer than {MIN_SPAWNS[board.side]}"
    for col, row in spawns:
        free = sum(1 for at in _neighbours(col, row) if cells.get(at, "-") in FLOOR)
        if free < MIN_FREE_AROUND_SPAWN:
            return f"the spawn point in row {row + 1}, column {col + 1} has {free} free floor hexes around it"
    if board.side == "minion_rush":
        ring = [
            at for at, char in cells.items() if char == "y" and any(n not in cells for n in _neighbours(*at))
        ]
        if len(ring) < MIN_RUSH_ENTRIES:
            return f"{_count(len(ring), 'yellow space')} on the outer ring, fewer than {MIN_RUSH_ENTRIES}"
    return None


def check_boards(boards: Sequence[Board], file: str = BOARDS_FILE) -> None:
    """Exactly one board per side, each well formed (see `board_problem`)."""
    for side in SIDES:
        count = sum(1 for board in boards if board.side == side)
        if count != 1:
            raise CardDataError(f"{file}: {count} boards of side {side!r}, not 1")
    for board in boards:
        if problem := board_problem(board):
            _fail(file, "board", board.id, problem)


def check(content: Content) -> None:
    """Every cross-file and per-file rule; raises `CardDataError` at the first problem."""
    check_cards(content.fighters, content.cards)
    check_buttons(content.buttons)
    check_achievements(content.achievements)
    check_boards(content.boards)
    check_ids(content.cards, content.buttons)


def load(folder: Path = FOLDER) -> Content:
    """Decode and check the four data files of a folder."""
    fighters_path = folder / FIGHTERS_FILE
    content = Content(
        fighters=load_cards(fighters_path, Fighter, table="fighters"),
        cards=load_cards(fighters_path, FighterCard, table="cards"),
        buttons=load_cards(folder / BUTTONS_FILE, Button, table="buttons"),
        achievements=load_cards(folder / ACHIEVEMENTS_FILE, Achievement, table="achievements"),
        boards=load_cards(folder / BOARDS_FILE, Board, table="boards"),
    )
    check(content)
    return content


def expand(ids_and_copies: Iterable[tuple[str, int]]) -> tuple[str, ...]:
    """Ids repeated by their copies, in order: one entry per physical card."""
    return tuple(ident for ident, copies in ids_and_copies for _ in range(copies))


FIGHTERS, CARDS, BUTTONS, ACHIEVEMENTS, BOARDS = load()

FIGHTERS_BY_ID: dict[str, Fighter] = {fighter.id: fighter for fighter in FIGHTERS}
CARDS_BY_ID: dict[str, FighterCard] = {card.id: card for card in CARDS}
BUTTONS_BY_ID: dict[str, Button] = {button.id: button for button in BUTTONS}
ACHIEVEMENTS_BY_ID: dict[str, Achievement] = {achievement.id: achievement for achievement in ACHIEVEMENTS}
BOARDS_BY_ID: dict[str, Board] = {board.id: board for board in BOARDS}
BOARD_BY_SIDE: dict[str, Board] = {board.side: board for board in BOARDS}

DECKS: dict[str, tuple[str, ...]] = {
    fighter.id: expand((card.id, card.copies) for card in CARDS if card.fighter == fighter.id)
    for fighter in FIGHTERS
}
"""Fighter id -> its 14 card ids, one entry per physical card, in file order."""

STARTERS: dict[str, str] = {button.letter: button.id for button in BUTTONS if button.starter}
"""Letter (A-D) -> the id of its starter button."""

DECK_BUTTONS: tuple[str, ...] = expand((b.id, b.copies) for b in BUTTONS if not b.starter)
"""The 34 non-starter button ids, one entry per physical card (the starters no player took join
them to make the button deck)."""

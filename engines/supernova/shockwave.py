"""Shockwave mini-games: each seat races its own puzzle of the same kind (rulings 15-18).

Every answer is one button press. A wrong press starts the sequence again (order) or deals a
fresh puzzle (odd one out, quick sum), so guessing costs time, never the game.
"""

from __future__ import annotations

from engines.core import Rng
from engines.supernova.state import Puzzle

KINDS = ("order", "odd", "sum")
KIND_LABELS = {"order": "Press in order", "odd": "Odd one out", "sum": "Quick sum"}
SYMBOLS = ("Comet", "Moon", "Star", "Sun", "Rocket", "Ring", "Alien", "Bolt")
ORDER_BUTTONS, ORDER_LENGTH = 6, 4
ODD_SYMBOLS = 4


def make(kind: str, rng: Rng) -> Puzzle:
    """A fresh puzzle of this kind."""
    if kind == "order":
        buttons = _pick(SYMBOLS, ORDER_BUTTONS, rng)
        answer = _pick(buttons, ORDER_LENGTH, rng)
        return Puzzle(kind=kind, shown=answer, buttons=buttons, answer=answer)
    if kind == "odd":
        buttons = _pick(SYMBOLS, ODD_SYMBOLS, rng)
        odd = rng.choice(buttons)
        shown = [odd, *(symbol for symbol in buttons if symbol != odd for _ in range(2))]
        rng.shuffle(shown)
        return Puzzle(kind=kind, shown=shown, buttons=buttons, answer=[odd])
    terms = [rng.randint(2, 9) for _ in range(3)]
    total = sum(terms)
    wrong = _pick([total + delta for delta in (-3, -2, -1, 1, 2, 3)], 3, rng)
    buttons = [str(number) for number in [total, *wrong]]
    rng.shuffle(buttons)
    return Puzzle(kind=kind, shown=[str(term) for term in terms], buttons=buttons, answer=[str(total)])


def _pick(items: tuple[str, ...] | list[str] | list[int], count: int, rng: Rng) -> list[str]:
    pool = [str(item) for item in items]
    rng.shuffle(pool)
    return pool[:count]


def prompt(puzzle: Puzzle) -> str:
    """What the seat's console asks."""
    if puzzle.kind == "order":
        done = ", ".join(puzzle.answer[: puzzle.progress])
        rest = ", ".join(puzzle.answer[puzzle.progress :])
        return f"Shockwave! Press in order: {rest}" + (f" (done: {done})" if done else "")
    if puzzle.kind == "odd":
        return "Shockwave! Which appears only once? " + " ".join(puzzle.shown)
    return "Shockwave! " + " + ".join(puzzle.shown) + " = ?"


def press(puzzle: Puzzle, button: str, rng: Rng) -> Puzzle | None:
    """The puzzle after a press: None when solved; a reset or fresh puzzle after a wrong press."""
    if button == puzzle.answer[puzzle.progress]:
        if puzzle.progress + 1 == len(puzzle.answer):
            return None
        puzzle.progress += 1
        return puzzle
    if puzzle.kind == "order":
        puzzle.progress = 0
        return puzzle
    return make(puzzle.kind, rng)


def solution(puzzle: Puzzle) -> str:
    """The next correct button."""
    return puzzle.answer[puzzle.progress]


def read_answer(kind: str, shown: list[str], progress: int) -> str:
    """The next correct button, worked out from what the console shows (as a player, or the AI,
    does): the next symbol in order, the symbol shown only once, or the sum."""
    if kind == "order":
        return shown[progress]
    if kind == "odd":
        return next(symbol for symbol in shown if shown.count(symbol) == 1)
    return str(sum(int(term) for term in shown))

"""Phrases shared by the images and the alt text."""

from __future__ import annotations

from engines.core.words import called, joint_possessive
from engines.supernova import cards
from engines.supernova.view import PHASES
from renderers.kit.views import join_names
from renderers.supernova.read import Pile, Player, Puzzle, Table


def ordinal(number: int) -> str:
    """1 -> "1st"."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def phase_text(table: Table) -> str:
    """ "Shockwave: Odd one out", "Showdown: play", "Launch countdown"."""
    base = PHASES.get(table.phase) or table.phase_label or "Waiting"
    if table.phase == "shockwave" and table.shockwave:
        base = f"Shockwave: {table.shockwave}"
    if table.showdown and table.phase in ("play", "free", "shockwave", "quickdraw"):
        base = f"Showdown · {base}"
    return base


def status_text(table: Table) -> str:
    """The header's right side: who has GO!, or what the table waits for."""
    if table.phase == "play":
        names = [player.name for player in table.go_players]
        return f"GO! now: {join_names(names)}" if names else "Everybody on HOLD!"
    if table.phase == "shockwave":
        return (
            f"Solved: {join_names(list(table.solved))}"
            if table.solved
            else "Solve the puzzle to play anywhere"
        )
    if table.phase == "free":
        named = next((pile for pile in table.piles if pile.named), None)
        return f"Any one card on {named.name}" if named else "Any one card on the named pile"
    return {
        "launch": "Get ready: screens light up soon",
        "quickdraw": "Everyone drew: play resumes soon",
        "scoring": "Boosters and Tractor Beams",
        "damage": "Blasters and RepairBots",
        "over": winners_text(table),
    }.get(table.phase, "")


def winners_text(table: Table) -> str:
    """ "Ana escaped the supernova!" (the furthest on the board)."""
    if not table.players:
        return "Game over"
    best = max(player.position for player in table.players)
    names = [player.name for player in table.players if player.position == best]
    return f"{join_names(names)} escaped the supernova!"


def pile_state(table: Table, pile: Pile) -> tuple[str, str]:
    """The pile's banner: ("go" | "hold" | "amber" | "neutral", words)."""
    if table.phase == "play":
        return ("go", "GO!") if pile.go else ("hold", "HOLD!")
    if table.phase == "free":
        return ("amber", "FREE PLAY") if pile.named else ("hold", "HOLD!")
    if table.phase == "shockwave":
        return "amber", "SOLVERS ONLY"
    if table.phase in ("launch", "quickdraw"):
        return "hold", "HOLD!"
    return "neutral", "ROUND OVER" if table.phase in ("scoring", "damage") else "CLOSED"


def top_text(pile: Pile) -> str:
    """ "top 3", "top 0 (damage)", "empty"."""
    if pile.top is None:
        return "empty"
    if pile.top_down:
        return "top face down (counts as 0)"
    return f"top {pile.top}" + (" (damage)" if pile.top == 0 else "")


def puzzle_text(puzzle: Puzzle) -> str:
    """ "press Star, Bolt in order (done: Sun)", "which symbol appears only once? ...", "2 + 5 + 7 = ?"."""
    if not puzzle.shown:
        return puzzle.prompt.removeprefix("Shockwave! ")
    if puzzle.kind == "order":
        done = f" (done: {', '.join(puzzle.done)})" if puzzle.done else ""
        return f"press {', '.join(puzzle.todo)} in order{done}"
    if puzzle.kind == "odd":
        return f"which symbol appears only once? {' '.join(puzzle.shown)}"
    return " + ".join(puzzle.shown) + " = ?"


def owner_names(table: Table, pile: Pile) -> list[str]:
    return [table.players[o].name for o in pile.owners if o < len(table.players)]


def owners_text(table: Table, pile: Pile) -> str:
    return " & ".join(called(name) for name in owner_names(table, pile)) or "nobody"


def owners_possessive(table: Table, pile: Pile) -> str:
    """ "Ann & Bo's", "“You”'s", "nobody's"."""
    names = owner_names(table, pile)
    return joint_possessive(names) if names else "nobody's"


def power_text(player: Player) -> str:
    """ "Booster ×1, Blaster ×2" or ""."""
    return ", ".join(f"{kind} ×{count}" for kind, count in player.power_ups)


def token_text(token: str) -> str:
    """ "booster2" -> "Booster 2"."""
    kind = cards.token_kind(token)
    value = token[len(kind) :]
    return f"{cards.KIND_LABELS.get(kind, kind.title())} {value}".strip()


def token_kind_word(token: str) -> str:
    return cards.KIND_LABELS.get(cards.token_kind(token), "")


def fits(value: int, top: int | None) -> bool:
    """One higher or lower, wrapping 5 <-> 0 (an empty pile counts as 0)."""
    return cards.fits(value, top or 0)


def fitting(top: int | None) -> tuple[int, int]:
    """The two values that fit on this top."""
    base = top or 0
    return (base - 1) % 6, (base + 1) % 6

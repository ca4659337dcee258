"""SUPERHOT words shared by the images and their alt text: levels, whose turn, and cards by either
half ("Gun (Fighting 2)", "Dude with Gun, enemy, needs Fighting 2")."""

from __future__ import annotations

from collections.abc import Iterable

from engines.core.words import possessive
from renderers.kit.views import View, as_int, as_mapping, as_str, seat_name
from renderers.superhot.look import NEEDS
from renderers.superhot.read import Card, bullet_name, campaign, is_bullet, kind, need, turn

BULLET_IN_HAND = "Can't be played. Holding 4 bullets loses."
"""A bullet's rule, on its face in a hand and in its Cards entry."""


def level_text(view: View, spoken: bool = False) -> str:
    """ "Level 2 of 3", "Level 5 · Infinite" (spoken, for alt text: "Level 5, Infinite Mode")."""
    level, levels = as_int(view.get("level"), 1), view.get("levels")
    if isinstance(levels, int) and not isinstance(levels, bool):
        return f"Level {level} of {levels}"
    return f"Level {level}, Infinite Mode" if spoken else f"Level {level} · Infinite"


def mode_text(view: View) -> str:
    return as_str(view.get("mode_label")) or as_str(view.get("mode")).capitalize() or "Solo"


def revenge_text(view: View) -> str:
    """ "Run 2 of 2 · to beat: Ana 1 level(s), 2 goal(s)" in 1v1 Revenge's second run, else "" (the
    target is the engine's own short words)."""
    run, aim = campaign(view)
    if run < 2:
        return ""
    return f"Run {run} of 2" + (f" · {aim}" if aim else "")


def revenge_aim(view: View) -> str:
    """ "to beat: Ana 1 level(s), 2 goal(s)" in 1v1 Revenge's second run, else "": the images draw
    it on its own (it is too long to share the header with the run)."""
    run, aim = campaign(view)
    return aim if run >= 2 else ""


def name(view: View, index: int | None) -> str:
    """A seat's name ("Seat" when no seat is meant)."""
    return "Seat" if index is None else seat_name(view, index)


def status(view: View) -> str:
    """The table header's right side: what happens now and whose it is."""
    if view.get("over"):
        return as_str(view.get("result")) or "Game over"
    phase, seat = as_str(view.get("phase")), turn(view)
    if seat is None:
        return phase
    return f"{name(view, seat)} · {phase}" if phase else f"{possessive(name(view, seat))} turn"


def hand_status(view: View, seat: int) -> str:
    """The hand header's right side: "Your turn · Use cards", "Ana · System turn"."""
    if view.get("over"):
        return as_str(view.get("result")) or "Game over"
    phase, current = as_str(view.get("phase")), turn(view)
    if current == seat:
        return f"Your turn · {phase}" if phase else "Your turn"
    if current is None:
        return phase
    return f"{name(view, current)} · {phase}" if phase else f"Waiting for {name(view, current)}"


def need_text(card: Card) -> str:
    """ "⚔2": the need as a symbol and a number."""
    return f"{need(card).symbol}{as_int(card.get('value'))}"


def need_words(card: Card) -> str:
    return f"{need(card).word} {as_int(card.get('value'))}"


def bullet_words(card: Card) -> str:
    """ "a Tracer bullet" (or "a bullet" when it has no name of its own)."""
    named = bullet_name(card)
    return "a bullet" if named.lower() == "bullet" else f"a {named} bullet"


def top_name(card: Card) -> str:
    """The top half's name ("Gun"), a bullet's own name."""
    if is_bullet(card):
        return bullet_name(card)
    return as_str(card.get("top")) or as_str(card.get("name")) or "card"


def top_text(card: Card) -> str:
    """What the top half does, in words: its own text, else "Gives 2 Fighting."."""
    text, use = as_str(card.get("top_text")), as_str(card.get("use"))
    if text or use not in ("fight", "dodge"):
        return text
    return f"Gives {as_int(card.get('power'))} {NEEDS[use].word}."


def use_words(card: Card, detail: bool = False) -> str:
    """The top half in words: "Gun (Fighting 2)", "Pliers (ability)"; with `detail`, an ability
    says what it does: "Pliers (Either send ...)"."""
    if is_bullet(card):
        return f"{bullet_name(card)} (bullet)"
    use, power = as_str(card.get("use")), as_int(card.get("power"))
    top = top_name(card)
    if use in ("fight", "dodge"):
        return f"{top} ({NEEDS[use].word} {power})"
    text = as_str(card.get("top_text")).rstrip(".")
    if detail and text:
        return f"{top} ({text})"
    return f"{top} (ability)" if use else top


def obstacle_words(card: Card) -> str:
    """The bottom half in words: "Dude with Gun, enemy, needs Fighting 2"; a bullet by its name."""
    if is_bullet(card):
        return f"{bullet_words(card)}, needs {need_words(card)}"
    named = as_str(card.get("name")) or "obstacle"
    return f"{named}, {kind(card).word}, needs {need_words(card)}"


def top_names(cards: Iterable[Card]) -> list[str]:
    """Cards by their top halves' names, for compact lists ("Punch, Gun, Jump")."""
    return [top_name(card) for card in cards]


def top_bullet_text(view: View) -> str:
    """The face-up top of the Bullets Deck, short: "Next: Tracer ↯ 3" ("" when the deck is empty)."""
    card = as_mapping(view.get("bullets_top"))
    if card is None:
        return ""
    return f"Next: {bullet_name(card)} {need(card).symbol} {as_int(card.get('value'))}"


def top_bullet_words(view: View) -> str:
    """The top of the Bullets Deck in words, for alt text: ", top: Slug (Fighting 3)" ("" when empty)."""
    card = as_mapping(view.get("bullets_top"))
    return f", top: {bullet_name(card)} ({need_words(card)})" if card is not None else ""

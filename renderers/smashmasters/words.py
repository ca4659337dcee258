"""Smash Masters words shared by the images and their alt text: the mode, who is deciding what,
characters and cards in a few words, the battle's outcome so far."""

from __future__ import annotations

from collections.abc import Sequence

import engines
from renderers.kit.views import View, as_int, as_str, humanize, join_names, seat_name, seats
from renderers.smashmasters.look import DANGER_WORDS, kind, power_type
from renderers.smashmasters.read import (
    Battle,
    Blow,
    Card,
    Counts,
    Deciding,
    Space,
    deciding,
    variant,
)

MODES = {"brawl": "Brawl", "big": "Big brawl"}


def mode_text(view: View) -> str:
    mode = as_str(view.get("mode"))
    if mode in MODES:
        return MODES[mode]
    engine = engines.REGISTRY.get(as_str(view.get("game")))
    labels = {m.id: m.label for m in engine.meta.modes} if engine else {}
    return labels.get(mode, humanize(mode).capitalize())


def variant_texts(view: View) -> list[str]:
    """The variants in play (rulebook section 8), as short chip texts."""
    options = variant(view)
    found = []
    if str(options.get("characters", "6")) not in ("6", ""):
        found.append(f"{options.get('characters')} characters")
    if str(options.get("speed", "off")) == "on":
        found.append("Need for speed")
    return found


def turn_text(view: View) -> str:
    turns = as_int(view.get("turns"))
    return f"Turn {turns}" if turns > 0 else ""


def name(view: View, index: int | None) -> str:
    return "Someone" if index is None else seat_name(view, index)


def _doing(doing: str, subject: str, many: bool) -> str:
    doing = doing or "is deciding"
    if subject == "You":
        doing = doing.replace(" their ", " your ")
    if (many or subject == "You") and doing.startswith("is "):
        doing = "are " + doing[3:]
    return f"{subject} {doing}"


def deciding_text(view: View, me: int | None = None, found: Sequence[Deciding] | None = None) -> str:
    """ "Ana is deciding whether to counter"; "Ana, Bo and Cy are choosing a team"; with `me`,
    that seat is "You" ("You are choosing an action")."""
    groups: dict[str, list[str]] = {}
    for item in deciding(view) if found is None else found:
        who = "You" if me is not None and item.seat == me else item.name or name(view, item.seat)
        groups.setdefault(item.doing, [])
        if who not in groups[item.doing]:
            groups[item.doing].append(who)
    parts = []
    for doing, names in groups.items():
        if "You" in names:
            names = ["You", *(n for n in names if n != "You")]
        parts.append(_doing(doing, join_names(names), len(names) > 1))
    return "; ".join(parts)


def winners(view: View) -> list[int]:
    """When the game is over: the seats still in it (the view has no outcome of its own)."""
    if not view.get("over"):
        return []
    return [index for index, seat in enumerate(seats(view)) if seat.get("out") is False]


def status(view: View, me: int | None = None) -> str:
    """The header's right side: "Game over · Dee wins", else who is deciding what."""
    if view.get("over"):
        won = [name(view, index) for index in winners(view)]
        if me is not None and len(won) == 1 and winners(view) == [me]:
            return "Game over · You win!"
        return f"Game over · {join_names(won)} {'wins' if len(won) == 1 else 'win'}" if won else "Game over"
    return deciding_text(view, me)


def safe_words(safe_from: Sequence[str]) -> str:
    """ "safe from attacks and stuns"."""
    return "safe from " + join_names([DANGER_WORDS.get(d, d) for d in safe_from]) if safe_from else ""


def space_words(space: Space, fighters: dict[str, str] | None = None) -> str:
    """ "Captain Clicky (Gadget, stunned, safe from attacks)", "empty space"."""
    if space.char is None:
        return "an empty extra space" if space.extra else "an empty space"
    marks = [power_type(space.char.power_type).word]
    if space.stunned:
        marks.append("stunned")
    if space.waking:
        marks.append("waking up, power back next turn")
    if space.turned:
        marks.append("turned around")
    if space.safe_from:
        marks.append(safe_words(space.safe_from))
    if space.extra:
        marks.append("extra space")
    if fighters and space.id in fighters:
        marks.append(fighters[space.id])
    return f"{space.char.name} ({', '.join(marks)})"


def card_words(card: Card | None, detail: bool = False) -> str:
    """ "Soup-er Punch (Smash)", "Fondue Fury (Super of The Big Cheese)"; with `detail`, Stories
    and Supers say what they do."""
    if card is None:
        return "a free smash"
    look = kind(card.kind)
    what = look.word
    if card.kind == "super" and card.character:
        what = f"Super of {card.character}"
    words = f"{card.name} ({what})"
    if detail and card.text and card.kind in ("super", "story"):
        words += f": {card.text.rstrip('.')}"
    return words


def blow_words(view: View, blow: Blow) -> str:
    who = blow.player or name(view, blow.seat)
    if blow.card is None:
        strength = "Team-Up" if blow.teamup else "Smash"
        return f"{who}: a free smash ({strength})"
    return f"{who}: {card_words(blow.card)}"


def outcome_words(battle: Battle) -> str:
    """ "Sourdough Sam wins and Captain Clicky is stunned"."""
    if not battle.winner:
        return ""
    fate = f" and {battle.loser} is {battle.fate}" if battle.loser and battle.fate else ""
    return f"{battle.winner} wins{fate}"


def counts_words(counts: Counts) -> str:
    """ "stack 2, deck 25, discard 10, hand 5, defeated 1"."""
    return (
        f"stack {counts.stack}, deck {counts.deck}, discard {counts.discard}, hand {counts.hand}, "
        f"defeated {counts.defeated}"
    )

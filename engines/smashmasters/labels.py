"""How characters read on buttons."""

from __future__ import annotations

from engines.core import MAX_LABEL, Option
from engines.smashmasters.look import char_of, locate, name
from engines.smashmasters.state import SmashState


def clip(text: str, limit: int = MAX_LABEL) -> str:
    """Text cut to fit a label (long player names), with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def char_label(state: SmashState, char: str) -> str:
    """A character on the table: name, owner, and stunned if it is."""
    found = locate(state, char)
    if found is None:
        return name(char)
    player, space = found
    return clip(f"{name(char)} ({state.names[player.seat]}{', stunned' if space.stunned else ''})")


def char_option(char: str) -> Option:
    """A character to pick from a stack: name, power type and rank, its power as the detail (the
    fluff does not fit a 100-character detail; the seat's view carries it with the card)."""
    found = char_of(char)
    return Option(char, f"{found.name} ({found.power_type}, rank {found.rank})", found.text)

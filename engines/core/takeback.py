"""Takebacks (DESIGN.md section 8): which actions a player may take back, and how.

The engine decides, the bot asks. An engine may define

    def can_take_back(self, before: State, after: State, events: Sequence[Event]) -> bool

saying whether the action that turned `before` into `after` (with these events) revealed nothing
hidden, so that taking it back gives nobody an advantage. Engines without it get the generic
answer below; an engine overrides it where a move reveals something the generic test cannot see
(a card drawn from a deck shuffled earlier, for instance).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Sized
from typing import Any

from engines.core.engine import Engine
from engines.core.types import Event


def generic_can_take_back(before: Any, after: Any, events: Sequence[Event]) -> bool:
    """The sound default: an action may be taken back unless it used the PRNG (a shuffle, a draw
    of chance, a coin flip) or told any seat something privately (a card drawn into a hand)."""
    return before.rng == after.rng and all(event.visible_to is None for event in events)


def can_take_back(engine: Engine[Any], before: Any, after: Any, events: Sequence[Event]) -> bool:
    """Whether the engine lets this action be taken back (its own rule, else the generic one).
    Never while the game's clock runs (a deadline before or after): time has moved on."""
    if engine.next_deadline(before) is not None or engine.next_deadline(after) is not None:
        return False
    rule = getattr(engine, "can_take_back", None)
    if rule is not None:
        return bool(rule(before, after, events))
    return generic_can_take_back(before, after, events)


def restore(engine: Engine[Any], state: Any, before: bytes) -> None:
    """Put `state` back as it was (`before`, its encoding then), in place, with a version newer
    than any it had, so no button from the taken-back position still fits."""
    version = state.version
    old = engine.decode(before)
    for name in type(old).__struct_fields__:
        setattr(state, name, getattr(old, name))
    state.version = version + 1


def piles_unchanged(before: Any, after: Any, piles: Callable[[Any], Iterable[Sized]]) -> bool:
    """Whether every face-down pile (decks, hidden picks) kept its size: nothing was drawn from one
    that was shuffled earlier, nothing hidden was added or revealed."""
    return [len(pile) for pile in piles(before)] == [len(pile) for pile in piles(after)]


def pile_rule(piles: Callable[[Any], Iterable[Sized]]) -> Callable[[Any, Any, Sequence[Event]], bool]:
    """An engine's `can_take_back` for a game with face-down piles: the generic rule, and no pile
    changed size."""

    def rule(before: Any, after: Any, events: Sequence[Event]) -> bool:
        return generic_can_take_back(before, after, events) and piles_unchanged(before, after, piles)

    return rule

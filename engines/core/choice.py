"""Checking an answer against the open decisions: the part of apply() every engine shares."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.types import Decision, IllegalChoice


def check_choice(decisions: Sequence[Decision], seat: int, key: str, choice: Sequence[str]) -> Decision:
    """The open decision this answer is for; IllegalChoice (with a message a player can read) when
    the seat has no such decision, an option repeats or is unknown, or the count is wrong."""
    decision = next((d for d in decisions if d.seat == seat and d.key == key), None)
    if decision is None:
        raise IllegalChoice("That is not yours to decide right now.")
    picked = list(choice)
    if len(set(picked)) != len(picked):
        raise IllegalChoice("Choose each option at most once.")
    low, high = decision.min_choices, decision.max_choices
    if not low <= len(picked) <= high:
        raise IllegalChoice(f"Choose exactly {low}." if low == high else f"Choose between {low} and {high}.")
    if any(decision.option(option) is None for option in picked):
        raise IllegalChoice("That choice is not available any more; look at the table again.")
    return decision

"""The lines the bot adds to a table's log about its players (timeouts, away, back, forfeits,
removals), built with `engines.core.words` so that every name, "You" included, reads right."""

from __future__ import annotations

from engines.core.words import acts, called, possessive, sentence, their, them

BACK_BUTTON = "“I'm back”"  # shown as plain text, like every line of a table's log


def timed_out(name: str) -> str:
    """The AI answered a decision whose time ran out."""
    return f"Time ran out for {called(name)}; the AI chose for {them(name)}."


def defended_automatically(name: str) -> str:
    """The AI answered a timed defence for a player who chose automatic defence."""
    return f"Time ran out for {called(name)}; the AI defended for {them(name)} (automatic defence)."


def setup_timed_out(name: str) -> str:
    """The AI made a late player's setup choices."""
    return f"Time ran out for {called(name)}; the AI finished {their(name)} setup."


def taken_over(name: str, why: str) -> str:
    """The AI plays an absent player's seat; `why` is a verb phrase such as "missed 3 turns in a row"."""
    until = f"until {acts(name, 'presses')} {BACK_BUTTON}"
    return sentence(f"{acts(name, why)}: the AI plays {possessive(name)} seat {until}.")


def back(name: str) -> str:
    """The player took their seat back."""
    return sentence(f"{acts(name, 'is')} back.")


def forfeits(name: str) -> str:
    """The player gave up."""
    return sentence(f"{acts(name, 'forfeits')}.")


def removed(name: str) -> str:
    """The player was kicked while the game runs."""
    return sentence(f"{acts(name, 'was')} removed; the AI plays {possessive(name)} seat to the end.")

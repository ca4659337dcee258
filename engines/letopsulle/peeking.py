"""Intelligence: a look at the top cards of a draw pile, shown only to the player who looked."""

from __future__ import annotations

from engines.core.words import acts, possessive
from engines.letopsulle import content
from engines.letopsulle.state import LetoState
from engines.letopsulle.words import top_cards


def peek(state: LetoState, viewer: int, pile: str, x: int, who: str) -> None:
    """`viewer` sees up to X cards on top of the pile `hp:<seat>` or `vp:<seat>` (top first)."""
    kind, _, seat_text = pile.partition("-")
    seat = int(seat_text)
    team = state.teams[seat]
    cards = (team.hero_pile if kind == "hp" else team.villain_pile)[-x:][::-1]
    label = f"{possessive(state.names[seat])} {'hero' if kind == 'hp' else 'villain'} pile"
    if viewer < state.seats():
        mine = state.teams[viewer]
        mine.peek, mine.peek_of = cards, label
    names = ", ".join(content.CARDS[card].name for card in cards)
    state.say(f"{who} looks at the {top_cards(len(cards))} of {label}")
    if viewer < state.seats() and names:
        state.whisper(viewer, f"{acts(state.names[viewer], 'sees')}, top first: {names}")

"""Helpers for Letopsulle tests: card accounting, secrets, and setting up moments."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from engines.core import Decision, Event, Rng, Seat
from engines.letopsulle import content, flow, hero_turn, villain_turn
from engines.letopsulle.engine import Letopsulle
from engines.letopsulle.state import Hero, LetoState, Slot, Villain
from engines.letopsulle.view import card_face

ENGINE = Letopsulle()


def all_cards(state: LetoState) -> Counter[str]:
    """Every card of every deck, wherever it lies (the plot twist in play included)."""
    cards: list[str] = [state.plot] if state.plot else []
    for team in state.teams:
        cards += team.hero_pile + team.hero_discard + team.hand + team.claimed
        cards += team.villain_pile + team.villain_discard + team.waiting
        for slot in [*team.active, *team.reserve]:
            cards += [hero.card for hero in slot.heroes] + ([slot.item] if slot.item else [])
        for villain in team.villains:
            cards += [villain.card] + ([villain.item] if villain.item else [])
    return Counter(cards)


def secrets(state: LetoState) -> dict[int, list[str]]:
    """A seat's hand is seen only in its own view."""
    return {
        seat: [
            msgspec.json.encode({"seat": seat, "hand": [card_face(card) for card in team.hand]}).decode()[
                1:-1
            ]
        ]
        for seat, team in enumerate(state.teams)
        if team.hand
    }


def new_game(seats: int = 2, seed: int = 1, mode: str = "", **options: str) -> LetoState:
    """A fresh seeded game (multiplayer unless one seat)."""
    mode = mode or ("solitaire" if seats == 1 else "multiplayer")
    return ENGINE.new_game([Seat(i, f"P{i + 1}") for i in range(seats)], mode, options, seed)


def basic_counts() -> Counter[str]:
    """The basic deck's cards, by id."""
    return Counter(content.BASIC_DECK)


# --- setting up moments ------------------------------------------------------------------------

FILLER = "h_heal"  # what the hero piles of a `table` hold: a card that changes nothing by being drawn


def run(state: LetoState, step: Callable[..., None], *args: Any) -> None:
    """Call an engine function that takes (state, rng, ...), keeping the game's PRNG."""
    rng = Rng(state.rng)
    step(state, rng, *args)
    state.rng = rng.state


def table(
    seats: int = 2, heroes: Sequence[str] = ("night", "night"), *, seed: int = 1, **options: str
) -> LetoState:
    """A game past everyone's first turn (round 2, seat 0 plays first): each team has the active
    hero `heroes[seat]` (no reserve), an empty hand, a hero pile of FILLER cards, no villain in
    play and empty villain piles (a villain turn draws nothing unless a test puts a card on top);
    no plot twist. Nothing is asked yet: start a turn with `begin_hero_turn` / `begin_villain_turn`."""
    state = new_game(seats, seed, **options)
    state.ask, state.turn, state.round = None, 0, 2
    # seat 0 plays first (with `catch_up`, the first place has passed to seat 0 this round)
    state.first = (1 - state.round) % seats if state.option("catch_up") else 0
    state.order = flow.round_order(state)
    state.plot, state.plot_owner, state.log, state.last_battle = "", -1, [], []
    for seat, team in enumerate(state.teams):
        team.hand, team.hero_discard, team.claimed = [], [], []
        team.hero_pile = [FILLER] * 10
        team.villain_pile, team.villain_discard, team.villains, team.waiting = [], [], [], []
        team.active = [Slot(heroes=[Hero(heroes[seat])])] if seat < len(heroes) else []
        team.reserve = []
        team.started, team.hero_turns, team.villain_turns = True, 1, 1
    return state


def begin_hero_turn(
    state: LetoState, seat: int, *, hand: Sequence[str] = (), draw: str | None = None
) -> None:
    """Start `seat`'s (later) hero turn with this hand; it draws `draw` (put on top of its pile)."""
    team = state.teams[seat]
    team.hand = list(hand)
    if draw is not None:
        team.hero_pile.append(draw)
    state.ask = None
    run(state, hero_turn.start, seat)


def begin_villain_turn(state: LetoState, seat: int, *, draw: str | None = None) -> None:
    """Start `seat`'s (later) villain turn; it draws `draw` (put on top of its villain pile)."""
    if draw is not None:
        state.teams[seat].villain_pile.append(draw)
    state.ask, state.villain_pass = None, 1
    run(state, villain_turn.start, seat)


def set_active(
    state: LetoState, seat: int, *cards: str, damage: int = 0, item: str = "", guard: int | None = None
) -> Slot:
    """Make `cards` (one hero, or a tag team) `seat`'s only active slot; `damage` on the first."""
    slot = Slot(heroes=[Hero(card) for card in cards], item=item, guard=guard)
    slot.heroes[0].damage = damage
    state.teams[seat].active = [slot]
    return slot


def add_active(state: LetoState, seat: int, card: str) -> Slot:
    """Add an active slot (two active heroes, O5)."""
    slot = Slot(heroes=[Hero(card)])
    state.teams[seat].active.append(slot)
    return slot


def add_reserve(state: LetoState, seat: int, card: str, damage: int = 0) -> Slot:
    """Put a hero in `seat`'s reserve."""
    slot = Slot(heroes=[Hero(card, damage)])
    state.teams[seat].reserve.append(slot)
    return slot


def add_villain(
    state: LetoState, seat: int, card: str, *, damage: int = 0, item: str = "", guard: int | None = None
) -> Villain:
    """Put a villain in play in `seat`'s villain layout (the newest one)."""
    villain = Villain(card=card, uid=state.next_uid, damage=damage, item=item, guard=guard)
    state.next_uid += 1
    state.teams[seat].villains.append(villain)
    return villain


# --- asking and answering ----------------------------------------------------------------------


def decision(state: LetoState) -> Decision:
    """The open question."""
    (found,) = ENGINE.decisions(state)
    return found


def options(state: LetoState) -> list[str]:
    """The option ids of the open question."""
    return [option.id for option in decision(state).options]


def labels(state: LetoState) -> dict[str, str]:
    """The options of the open question: id -> label."""
    return {option.id: option.label for option in decision(state).options}


def answer(state: LetoState, *choice: str) -> list[Event]:
    """Answer the open question (as whoever it asks) with these options."""
    asked = decision(state)
    return ENGINE.apply(state, asked.seat, asked.key, list(choice))


def said(state: LetoState, text: str) -> bool:
    """Whether a line of the public log contains `text`."""
    return any(text in line for line in state.log)

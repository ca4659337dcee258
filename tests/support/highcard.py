"""High Card: a small test-only game that exercises every part of the engine contract.

Each seat holds a hidden hand. Everybody may swap up to two cards at once (an optional,
simultaneous multi-choice decision); then, trick by trick, the leader plays a card face up
and every other seat answers at the same time, face down (out-of-turn decisions). The
highest card takes the trick. In the `lightning` mode a trick must be finished within
LIGHTNING_SECONDS: when time runs out, tick() plays the lowest card for anyone still thinking.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from engines.core import (
    Decision,
    Event,
    GameMeta,
    GameState,
    Mode,
    Option,
    Outcome,
    Rng,
    Seat,
    check_choice,
    seed_state,
)
from engines.core.takeback import generic_can_take_back

DECK_SIZE = 24
HAND_SIZE = 4
LIGHTNING_SECONDS = 20.0

RULES = (
    "**High Card** is a tiny game for testing. Everyone holds four secret cards numbered 1 to 24.",
    "First everyone may swap up to two cards. Then the leader plays a card face up, everybody "
    "else answers face down at the same time, and the highest card takes the trick.",
)


def card_id(value: int) -> str:
    """The option id of a card (distinctive, so leaks are easy to spot)."""
    return f"k{value:02d}"


class HighCardState(GameState, kw_only=True):
    mode: str
    names: list[str]
    deck: list[int]
    hands: list[list[int]]
    pending_swap: list[bool]
    phase: str = "swap"
    leader: int = 0
    played: list[int | None] = msgspec.field(default_factory=list)
    points: list[int] = msgspec.field(default_factory=list)
    discard: list[int] = msgspec.field(default_factory=list)
    trick: int = 1
    deadline: float | None = None
    last: str = ""


class HighCard:
    """The High Card engine."""

    meta = GameMeta(
        id="highcard",
        title="High Card",
        min_seats=2,
        max_seats=4,
        modes=(Mode("classic", "Classic", range(2, 5)), Mode("lightning", "Lightning", range(2, 5))),
        realtime=True,
        rules_pages=RULES,
        tagline="Highest card takes the trick.",
        rated_modes=("classic", "lightning"),
    )

    def ai_policy(self, seed: int) -> HighCardAI:
        return HighCardAI()

    def new_game(
        self, seats: Sequence[Seat], mode: str, options: Mapping[str, Any], seed: int
    ) -> HighCardState:
        if mode not in {m.id for m in self.meta.modes}:
            raise ValueError(f"unknown mode {mode!r}")
        rng = Rng(seed_state(seed))
        deck = list(range(1, DECK_SIZE + 1))
        rng.shuffle(deck)
        hands = [sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(len(seats))]
        return HighCardState(
            mode=mode,
            names=[seat.name for seat in seats],
            deck=deck[len(seats) * HAND_SIZE :],
            hands=hands,
            pending_swap=[True] * len(seats),
            played=[None] * len(seats),
            points=[0] * len(seats),
            rng=rng.state,
        )

    def decisions(self, state: HighCardState) -> list[Decision]:
        if state.phase == "swap":
            return [
                Decision(seat, "swap", "Swap up to two cards (or keep your hand)", self._options(hand), 0, 2)
                for seat, hand in enumerate(state.hands)
                if state.pending_swap[seat]
            ]
        if state.phase == "lead":
            hand = state.hands[state.leader]
            return [
                Decision(state.leader, "lead", "Lead a card", self._options(hand), deadline=state.deadline)
            ]
        if state.phase == "follow":
            lead = state.played[state.leader]
            return [
                Decision(seat, "follow", f"Answer the {lead}", self._options(hand), deadline=state.deadline)
                for seat, hand in enumerate(state.hands)
                if state.played[seat] is None
            ]
        return []

    def apply(
        self, state: HighCardState, seat: int, key: str, choice: Sequence[str], now: float = 0.0
    ) -> list[Event]:
        picked = list(choice)
        check_choice(self.decisions(state), seat, key, picked)
        values = [int(option_id[1:]) for option_id in picked]
        events = (
            self._swap(state, seat, values, now) if key == "swap" else self._play(state, seat, values[0], now)
        )
        state.version += 1
        return events

    def tick(self, state: HighCardState, now: float) -> list[Event]:
        if state.deadline is None or now < state.deadline:
            return []
        events: list[Event] = []
        if state.phase == "lead":
            events += self._play(state, state.leader, min(state.hands[state.leader]), now, timed_out=True)
        while state.phase == "follow":
            seat = next(s for s, card in enumerate(state.played) if card is None)
            events += self._play(state, seat, min(state.hands[seat]), now, timed_out=True)
        state.version += 1
        return events

    def next_deadline(self, state: HighCardState) -> float | None:
        return state.deadline

    def view(self, state: HighCardState, seat: int | None) -> Mapping[str, Any]:
        hidden = state.phase == "follow"
        seats = [
            {
                "name": name,
                "points": state.points[index],
                "hand_size": len(state.hands[index]),
                "played": self._shown(state, index, seat, hidden),
            }
            for index, name in enumerate(state.names)
        ]
        view: dict[str, Any] = {
            "game": "highcard",
            "mode": state.mode,
            "phase": state.phase,
            "trick": state.trick,
            "tricks": HAND_SIZE,
            "leader": state.leader,
            "seats": seats,
            "deck": len(state.deck),
            "last": state.last,
            "deadline": state.deadline,
        }
        if seat is not None:
            view["seat"] = seat
            view["hand"] = [card_id(value) for value in state.hands[seat]]
        return view

    def outcome(self, state: HighCardState) -> Outcome | None:
        if state.phase != "over":
            return None
        by_points = sorted(set(state.points), reverse=True)
        placements = [[s for s, p in enumerate(state.points) if p == points] for points in by_points]
        winners = " and ".join(state.names[s] for s in placements[0])
        return Outcome(
            placements, {s: float(p) for s, p in enumerate(state.points)}, f"{winners} took the most tricks."
        )

    def encode(self, state: HighCardState) -> bytes:
        return msgspec.json.encode(state)

    def can_take_back(self, before: HighCardState, after: HighCardState, events: Sequence[Event]) -> bool:
        """Only a lead may be taken back: a swap draws from the deck, and the last answer of a
        trick turns every face-down card up."""
        return all(event.kind == "lead" for event in events) and generic_can_take_back(before, after, events)

    def decode(self, data: bytes) -> HighCardState:
        return msgspec.json.decode(data, type=HighCardState)

    @staticmethod
    def _options(hand: list[int]) -> tuple[Option, ...]:
        return tuple(Option(card_id(value), str(value)) for value in hand)

    @staticmethod
    def _shown(state: HighCardState, index: int, viewer: int | None, hidden: bool) -> str | None:
        card = state.played[index]
        if card is None:
            return None
        if hidden and index != state.leader and index != viewer:
            return "hidden"
        return card_id(card)

    def _swap(self, state: HighCardState, seat: int, values: list[int], now: float) -> list[Event]:
        hand = state.hands[seat]
        for value in values:
            hand.remove(value)
            state.discard.append(value)
            hand.append(state.deck.pop())
        hand.sort()
        state.pending_swap[seat] = False
        if not any(state.pending_swap):
            state.phase = "lead"
            state.deadline = now + LIGHTNING_SECONDS if state.mode == "lightning" else None
        text = (
            f"{state.names[seat]} swapped {len(values)} card(s)."
            if values
            else f"{state.names[seat]} kept their hand."
        )
        return [Event("swap", text)]

    def _play(
        self, state: HighCardState, seat: int, value: int, now: float, timed_out: bool = False
    ) -> list[Event]:
        state.hands[seat].remove(value)
        state.played[seat] = value
        name = state.names[seat]
        late = " (out of time)" if timed_out else ""
        if state.phase == "lead":
            state.phase = "follow"
            if state.mode == "lightning":
                state.deadline = now + LIGHTNING_SECONDS
            return [Event("lead", f"{name} leads the {value}{late}.")]
        events = [Event("answer", f"{name} answers face down{late}.")]
        if all(card is not None for card in state.played):
            events += self._resolve(state, now)
        return events

    def _resolve(self, state: HighCardState, now: float) -> list[Event]:
        cards = [card for card in state.played if card is not None]
        winner = max(range(len(state.played)), key=lambda s: state.played[s] or 0)
        state.points[winner] += 1
        state.discard.extend(cards)
        shown = ", ".join(f"{state.names[s]} {card}" for s, card in enumerate(state.played))
        state.last = f"Trick {state.trick}: {shown}. {state.names[winner]} takes it."
        state.played = [None] * len(state.played)
        state.leader = winner
        state.trick += 1
        state.deadline = now + LIGHTNING_SECONDS if state.mode == "lightning" else None
        state.phase = "lead"
        if state.trick > HAND_SIZE:
            state.phase = "over"
            state.deadline = None
        return [Event("trick", state.last)]


class HighCardAI:
    """Leads its highest card; answers with the cheapest winner, else its lowest; swaps low cards."""

    def choose(self, engine: Any, state: HighCardState, decision: Decision) -> list[str]:
        hand = state.hands[decision.seat]
        if decision.key == "swap":
            return [card_id(value) for value in hand if value < 8][:2]
        if decision.key == "lead":
            return [card_id(max(hand))]
        lead = state.played[state.leader] or 0
        winners = [value for value in hand if value > lead]
        return [card_id(min(winners) if winners else min(hand))]


def secrets(state: HighCardState) -> dict[int, list[str]]:
    """Each seat's hand, and its face-down answer, must stay private."""
    out: dict[int, list[str]] = {}
    for seat, hand in enumerate(state.hands):
        tokens = [f'"{card_id(value)}"' for value in hand]
        card = state.played[seat]
        if state.phase == "follow" and card is not None and seat != state.leader:
            tokens.append(f'"{card_id(card)}"')
        out[seat] = tokens
    return out


def card_count(state: HighCardState) -> Counter[str]:
    """Every card is somewhere exactly once."""
    cards = [*state.deck, *state.discard, *(c for c in state.played if c is not None)]
    for hand in state.hands:
        cards += hand
    return Counter(card_id(value) for value in cards)

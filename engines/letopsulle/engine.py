"""The Letopsulle engine: the DESIGN section 2 contract over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from engines.core import (
    Decision,
    Event,
    GameMeta,
    GameOption,
    Mode,
    Outcome,
    Rng,
    Seat,
    check_choice,
    seed_state,
)
from engines.core.steps import step_done
from engines.letopsulle import answers, asks, content, flow, hero_turn, takeback
from engines.letopsulle.ai import LEVELS, LetoAI
from engines.letopsulle.house_rules import HOUSE_RULES, ON_OFF
from engines.letopsulle.rules_text import RULES
from engines.letopsulle.state import LetoState, Team
from engines.letopsulle.view import build_view

MODES = (
    Mode("multiplayer", "Multiplayer", range(2, 7)),
    Mode("solitaire", "Solitaire", range(1, 2)),
)


def deal(options: Mapping[str, Any], seat: int) -> list[str]:
    """A seat's 72 cards: its custom deck (`deck<seat>`, checked) or the basic deck."""
    text = options.get(f"deck{seat}")
    if not text:
        return list(content.BASIC_DECK)
    cards = content.parse_deck(str(text))
    problems = content.deck_problems(cards)
    if problems:
        raise ValueError(f"Seat {seat + 1}'s custom deck breaks the deck rules: {'; '.join(problems)}.")
    return cards


class Letopsulle:
    """Letopsulle: heroes claim villains; everyone runs a hero team and a villain deck."""

    meta = GameMeta(
        id="letopsulle",
        title="Letopsulle",
        min_seats=1,
        max_seats=6,
        modes=MODES,
        tagline="Run a hero team and a villain deck: claim 30 villain points or 10 villains to win.",
        rated_modes=("multiplayer",),
        high_score_modes=("solitaire",),
        high_score="Villain points (solitaire)",
        rules_pages=RULES,
        options=(
            GameOption("ai", "AI players: how well they play", LEVELS, "normal"),
            GameOption(
                "villains",
                "Who plays the villains (solitaire: coin flips or the AI)",
                ("owner", "ai"),
                "owner",
            ),
            GameOption("tag_teams", "Heroes of base 1-4 may team up in one active slot", ON_OFF, "off"),
            GameOption(
                "long_game", "Idle villains heal 1 a round; 45 points or 15 villains win", ON_OFF, "off"
            ),
            GameOption("two_active", "Two active heroes and two in reserve", ON_OFF, "off"),
            *HOUSE_RULES,
        ),
    )

    def ai_policy(self, seed: int) -> LetoAI:
        """The heuristic player for heroes and villains, at the table's `ai` level."""
        return LetoAI(None, seed)

    def new_game(self, seats: Sequence[Seat], mode: str, options: Mapping[str, Any], seed: int) -> LetoState:
        """Shuffle every player's hero and villain piles; a random player goes first."""
        seat_range = self.meta.mode(mode).seats
        if len(seats) not in seat_range:
            raise ValueError(f"{mode} needs {seat_range.start} to {seat_range.stop - 1} seats")
        rng = Rng(seed_state(seed))
        teams = []
        for seat in range(len(seats)):
            heroes, villains = content.split_deck(deal(options, seat))
            rng.shuffle(heroes)
            rng.shuffle(villains)
            teams.append(Team(hero_pile=heroes, villain_pile=villains))
        points, cards = flow.goals(mode, options.get("long_game") == "on")
        first = rng.below(len(seats))
        state = LetoState(
            names=[seat.name for seat in seats],
            mode=mode,
            options={key: str(value) for key, value in options.items()},
            teams=teams,
            first=first,
            turn=first,
            goal_points=points,
            goal_cards=cards,
        )
        state.say(
            f"{state.names[first]} goes first. Claim {points} villain points or {cards} villains to win"
        )
        state.order = flow.round_order(state)
        hero_turn.start(state, rng, first)
        _flip_for_villains(state, rng)
        state.rng = rng.state
        return state

    def decisions(self, state: LetoState) -> list[Decision]:
        return asks.decisions(state)

    def apply(
        self, state: LetoState, seat: int, key: str, choice: Sequence[str], now: float = 0.0
    ) -> list[Event]:
        check_choice(asks.answerable(state), seat, key, choice)
        said = state.said
        rng = Rng(state.rng)
        state.whispers = []
        answers.answer(state, rng, key.partition(".")[0], list(choice))
        _flip_for_villains(state, rng)
        events = step_done(state, rng, said)
        private = [Event("peek", text, visible_to=(viewer,)) for viewer, text in state.whispers]
        state.whispers = []
        return events + private

    def tick(self, state: LetoState, now: float) -> list[Event]:
        return []

    def next_deadline(self, state: LetoState) -> float | None:
        return None

    def view(self, state: LetoState, seat: int | None) -> Mapping[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: LetoState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {seat: float(flow.points(team)) for seat, team in enumerate(state.teams)}
        if state.mode == "solitaire" and state.winner == 0:  # a quicker win keeps more cards unplayed
            scores[0] += len(state.teams[0].hero_pile)
        ranked: dict[tuple[bool, int, int], list[int]] = {}
        for seat, team in enumerate(state.teams):
            ranked.setdefault((seat == state.winner, flow.points(team), len(team.claimed)), []).append(seat)
        placements = [ranked[key] for key in sorted(ranked, reverse=True)]
        won = state.winner >= 0 if state.mode == "solitaire" else None
        return Outcome(placements, scores, state.note, won=won)

    def encode(self, state: LetoState) -> bytes:
        return msgspec.json.encode(state)

    can_take_back = staticmethod(takeback.can_take_back)  # which moves may be taken back

    def decode(self, data: bytes) -> LetoState:
        return msgspec.json.decode(data, type=LetoState)


def _flip_for_villains(state: LetoState, rng: Rng) -> None:
    """Solitaire with `villains=owner`: every villain choice (its action, its target, where an
    object goes) is made by coin flips, each told in the log. House rule `smart_villains`: the
    action is no choice, the villain makes its strongest attack (`solo_villain_action`)."""
    coins = state.options.get("villains", "owner") != "ai"
    smart = state.option("smart_villains")
    while coins and state.mode == "solitaire" and state.ask is not None and state.ask.seat >= state.seats():
        decision = asks.decisions(state)[0]
        planned = answers.solo_villain_action(decision) if smart else None
        if planned:
            answers.answer(state, rng, decision.key, [planned])
            continue
        picks, flips = answers.flip_coins(rng, decision)
        if flips:
            labels = ", ".join(option.label for option in decision.options if option.id in picks)
            state.say(f"🪙 Coin flips for the villains ({', '.join(flips)}): {labels}")
        answers.answer(state, rng, decision.key, picks)

"""The Super Nova Smash! engine: the DESIGN section 2 contract over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from engines.core import Decision, Event, GameMeta, Mode, Outcome, Rng, Seat, check_choice, seed_state
from engines.core.steps import step_done
from engines.supernova import clock, flow, race
from engines.supernova.ai import REACTION, SupernovaAI
from engines.supernova.cards import BOARDS, SHARED_FROM, token_bag
from engines.supernova.decide import answer, decisions
from engines.supernova.rules_text import RULES
from engines.supernova.state import NovaState, Player
from engines.supernova.view import build_view, result_text


class Supernova:
    """Super Nova Smash!: a real-time race to empty your hand, for 2 to 8 players."""

    meta = GameMeta(
        id="supernova",
        title="Super Nova Smash!",
        min_seats=2,
        max_seats=8,
        modes=(Mode("race", "Race", range(2, 9), seat_labels=((SHARED_FROM, "Race (shared piles)"),)),),
        realtime=True,
        options=clock.OPTIONS,
        rules_pages=RULES,
        tagline="Play fast on GO!, dump your zeros on rivals, outrun the supernova.",
        rated_modes=("race",),
        live_play=True,
        judged_when_stale=("play", "shock"),
    )

    def ai_policy(self, seed: int) -> SupernovaAI:
        """The heuristic player at the table's difficulty (option `ai`)."""
        return SupernovaAI(None, seed)

    def ai_reaction(self, state: NovaState, seat: int) -> tuple[float, float]:
        """How many seconds (least, most) an AI seat takes to react: the bot waits that long."""
        return REACTION[state.options.get("ai", "normal")]

    def new_game(self, seats: Sequence[Seat], mode: str, options: Mapping[str, Any], seed: int) -> NovaState:
        """Deal round 1; the launch countdown starts at the first tick."""
        seat_range = self.meta.mode(mode).seats
        if len(seats) not in seat_range:
            raise ValueError(f"{mode} needs {seat_range.start} to {seat_range.stop - 1} seats")
        chosen = clock.chosen_options(options)
        track, stations = BOARDS[chosen["board"]]
        rng = Rng(seed_state(seed))
        bag = token_bag()
        rng.shuffle(bag)
        state = NovaState(
            names=[seat.name for seat in seats],
            options=chosen,
            players=[Player() for _ in seats],
            piles=[],
            bag=bag,
            track=track,
            stations=list(stations),
        )
        flow.deal(state, rng, None)
        state.rng = rng.state
        return state

    def decisions(self, state: NovaState) -> list[Decision]:
        return decisions(state)

    def apply(
        self, state: NovaState, seat: int, key: str, choice: Sequence[str], now: float = 0.0
    ) -> list[Event]:
        check_choice(decisions(state, seat) if 0 <= seat < len(state.players) else [], seat, key, choice)
        said = state.said
        rng = Rng(state.rng)
        answer(state, rng, seat, key, list(choice), now)
        return step_done(state, rng, said)

    def tick(self, state: NovaState, now: float) -> list[Event]:
        said = state.said
        rng = Rng(state.rng)
        flow.tick(state, rng, now)
        return step_done(state, rng, said)

    def next_deadline(self, state: NovaState) -> float | None:
        if state.phase == "over":
            return None
        return 0.0 if state.until is None else state.until

    def view(self, state: NovaState, seat: int | None) -> Mapping[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: NovaState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {seat: float(player.position) for seat, player in enumerate(state.players)}
        return Outcome(race.placements(state), scores, result_text(state))

    def encode(self, state: NovaState) -> bytes:
        return msgspec.json.encode(state)

    def decode(self, data: bytes) -> NovaState:
        return msgspec.json.decode(data, type=NovaState)

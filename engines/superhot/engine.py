"""The SUPERHOT engine: the DESIGN section 2 contract over the modules of this package."""

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
from engines.core.menus import answerable, fitted
from engines.core.steps import step_done
from engines.superhot import flow, takeback
from engines.superhot.ai import DEFAULT_LEVEL, LEVELS, SuperhotAI
from engines.superhot.decide import answer, decisions
from engines.superhot.piles import Defeat
from engines.superhot.rules_text import RULES
from engines.superhot.state import SuperhotState
from engines.superhot.view import build_view, result_text

ON_OFF = ("off", "on")
INFINITE_MODES = ("solo", "coop")  # Versus needs a last level for the System to defend
CROSSFIRE_WHY = (
    "The printed co-op is easy for two good players sharing one Line: in 200 seeded games two hard AI "
    "players win 86.5% of them, against 51.9% for one hard player solo. One more bullet per volley "
    "brings them to 47.0% (±7 points); normal AIs go from 11.0% to 4.5%."
)
NO_LAST_VETO_WHY = (
    "Versus and 2 vs 1 end after level 2, so a goal vetoed there never has to be faced and the veto's "
    "price is gone; this rule keeps the price. Measured with hard AIs, 200 seeded games each, it "
    "changes nothing we can see: the Normal side won 41.5% of Versus games (39.0% as printed) and "
    "45.5% of 2 vs 1 (48.5%), both within the noise of ±7 points."
)
OPTIONS = (
    GameOption("bullet_storm", "Bullet Storm (3 hidden bullets)", ON_OFF, "off"),
    GameOption("times_up", "Time's Up (2 fewer bullets)", ON_OFF, "off"),
    GameOption("seven_line", "7 Line", ON_OFF, "off"),
    GameOption("infinite", "Infinite Mode (solo and co-op)", ON_OFF, "off", modes=INFINITE_MODES),
    GameOption("revenge", "1v1 Revenge (versus)", ON_OFF, "off", modes=("versus",)),
    GameOption("bat", "Dudes with a Baseball Bat", ("0", "1", "2"), "0"),
    GameOption(
        "crossfire",
        "Crossfire (co-op: The Line fires one more bullet)",
        ON_OFF,
        "off",
        modes=("coop",),
        house_rule=True,
        why=CROSSFIRE_WHY,
        changes_difficulty=True,
    ),
    GameOption(
        "no_last_veto",
        "No veto on the last level (versus, 2 vs 1)",
        ON_OFF,
        "off",
        modes=("versus", "twovone"),
        house_rule=True,
        why=NO_LAST_VETO_WHY,
    ),
    GameOption("ai", "AI players: how well they play (the System too)", tuple(LEVELS), DEFAULT_LEVEL),
)


class Superhot:
    """SUPERHOT The Card Game: solo, co-op, versus and 2 vs 1, with every challenge."""

    meta = GameMeta(
        id="superhot",
        title="SUPERHOT The Card Game",
        min_seats=1,
        max_seats=3,
        modes=(
            Mode("solo", "Solo", range(1, 2)),
            Mode("coop", "Co-op", range(2, 3)),
            Mode("versus", "Versus (second seat is the System)", range(2, 3)),
            Mode("twovone", "2 vs 1 (third seat is the System)", range(3, 4)),
        ),
        options=OPTIONS,
        rules_pages=RULES,
        tagline="Time moves only when you move. Clear the levels before the bullets catch up.",
        rated_modes=("versus", "twovone"),
        high_score_modes=("solo", "coop"),
        high_score="Levels cleared",
        high_score_variants=(("infinite", "Infinite Mode"),),
    )

    def ai_policy(self, seed: int) -> SuperhotAI:
        """The heuristic player (Normal and System roles), at the table's `ai` level."""
        return SuperhotAI()

    def new_game(
        self, seats: Sequence[Seat], mode: str, options: Mapping[str, Any], seed: int
    ) -> SuperhotState:
        """Set up a campaign; the System player is the last seat in Versus and 2 vs 1."""
        seat_range = self.meta.mode(mode).seats
        if len(seats) not in seat_range:
            raise ValueError(f"{mode} needs {seat_range.start} to {seat_range.stop - 1} seats")
        chosen = {option.id: option.default for option in OPTIONS}
        chosen.update({key: str(value) for key, value in options.items() if key in chosen})
        infinite = flow.on(chosen, "infinite") and mode in INFINITE_MODES
        state = SuperhotState(
            mode=mode,
            names=[seat.name for seat in seats],
            options=chosen,
            line_size=flow.SEVEN_LINE if flow.on(chosen, "seven_line") else flow.LINE_SIZE,
            levels=0 if infinite else flow.MODE_LEVELS[mode],
            players=[],
            system=None,
            line=[],
            deck=[],
            discard=[],
            bullets=[],
            goal_deck=[],
            goals=[],
        )
        versus = mode in ("versus", "twovone")
        normal = list(range(len(seats) - 1)) if versus else list(range(len(seats)))
        rng = Rng(seed_state(seed))
        flow.setup_campaign(state, rng, normal, len(seats) - 1 if versus else None)
        state.rng = rng.state
        return state

    def decisions(self, state: SuperhotState) -> list[Decision]:
        """The open decision; a hand longer than a menu holds (no hand limit) is split in menus."""
        return [menu for decision in decisions(state) for menu in fitted(decision)]

    def apply(
        self, state: SuperhotState, seat: int, key: str, choice: Sequence[str], now: float = 0.0
    ) -> list[Event]:
        check_choice(answerable(self.decisions(state)), seat, key, choice)
        picked = list(choice)
        said = state.said
        rng = Rng(state.rng)
        try:
            answer(state, rng, key, picked)
        except Defeat as defeat:
            flow.lose(state, rng, defeat)
        return step_done(state, rng, said)

    def tick(self, state: SuperhotState, now: float) -> list[Event]:
        return []

    def next_deadline(self, state: SuperhotState) -> float | None:
        return None

    def view(self, state: SuperhotState, seat: int | None) -> Mapping[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: SuperhotState) -> Outcome | None:
        if not state.over:
            return None
        everyone = list(range(len(state.names)))
        summary = result_text(state)
        if state.mode in ("solo", "coop"):
            last = state.campaigns[-1]
            scores = {seat: float(last.levels) for seat in everyone}
            board = "infinite" if state.levels == 0 else ""
            return Outcome([everyone], scores, summary, won=last.won, board=board)
        scores = {seat: 0.0 for seat in everyone}
        for campaign in state.campaigns:
            score = campaign.levels * 100 + campaign.goals + (1000 if campaign.won else 0)
            for seat in campaign.normal:
                scores[seat] = float(score)
        if len(state.campaigns) == 1:
            normal = state.campaigns[0].normal
            system = [seat for seat in everyone if seat not in normal]
            won = state.campaigns[0].won
            placements = [normal, system] if won else [system, normal]
            return Outcome(placements, scores, summary, teams=[normal, system] if len(normal) > 1 else None)
        best = sorted(set(scores.values()), reverse=True)
        return Outcome([[s for s in everyone if scores[s] == score] for score in best], scores, summary)

    def encode(self, state: SuperhotState) -> bytes:
        return msgspec.json.encode(state)

    can_take_back = staticmethod(takeback.can_take_back)  # which moves may be taken back

    def decode(self, data: bytes) -> SuperhotState:
        return msgspec.json.decode(data, type=SuperhotState)

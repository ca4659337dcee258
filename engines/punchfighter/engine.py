"""The Super Punch Fighter engine: the DESIGN section 2 contract over the modules of this package."""

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
from engines.punchfighter import answers, asks, content, flow, takeback
from engines.punchfighter.ai import LEVELS, PunchAI
from engines.punchfighter.drawing import refill_offer
from engines.punchfighter.minions import LETTERS
from engines.punchfighter.ranks import rank
from engines.punchfighter.rules_text import RULES
from engines.punchfighter.state import Minion, PadButton, Player, PunchState
from engines.punchfighter.view import build_view

ACHIEVEMENTS_FACE_UP = 4
FINISH_ROUND_WHY = (
    "The printed game ends the moment someone reaches 9 stars, so the first player has always had "
    "the most turns. Here the round is played out and most stars (then health) wins. Measured over "
    "600 AI games per table size, the first player's share of the wins falls from 1.22 to 1.09 "
    "times a fair share at 4 players and from 1.30 to 1.16 at 5 (ruling H1)."
)
TWO_DECKS_WHY = (
    "The button deck is Minion Rush's clock, and as printed two co-op players share one deck: each "
    "gets about half a solo player's turns, while the rank chart asks a pair for about one and a "
    "half times a solo player's stars. Here two button decks are shuffled together. Measured over "
    "300 games by two normal AIs, the team total rises from 5.0 stars (always Amateur) to 13.7 "
    "(Semi-Pro to Ranked 74 % of the time; ruling C25)."
)
MODES = (
    Mode("standard", "Standard", range(3, 7)),
    Mode("rush_solo", "Minion Rush solo", range(1, 2)),
    Mode("rush_coop", "Minion Rush co-op", range(2, 3)),
    Mode("rush_versus", "Minion Rush competitive", range(2, 3)),
)


class PunchFighter:
    """Super Punch Fighter: fighters on a hex board, button combos, first to 9 stars."""

    meta = GameMeta(
        id="punchfighter",
        title="Super Punch Fighter",
        min_seats=1,
        max_seats=6,
        modes=MODES,
        tagline="Push buttons, chain combos, knock rivals off the board: first to 9 stars.",
        rated_modes=("standard", "rush_versus"),
        rules_pages=RULES,
        options=(
            GameOption("ai", "AI players: how well they play", LEVELS, "normal"),
            GameOption(
                "defence",
                "Seconds to answer an attack (then the hit lands)",
                ("10", "20", "30", "60"),
                asks.DEFENCE_SECONDS,
            ),
            GameOption(
                "finish_round",
                "Nine stars: play the round out, most stars wins",
                ("off", "on"),
                "off",
                modes=("standard",),
                house_rule=True,
                why=FINISH_ROUND_WHY,
            ),
            GameOption(
                "two_decks",
                "Co-op: two button decks shuffled together",
                ("off", "on"),
                "off",
                modes=("rush_coop",),
                house_rule=True,
                why=TWO_DECKS_WHY,
                changes_difficulty=True,
            ),
        ),
        high_score_modes=("rush_solo", "rush_coop"),
        high_score="Stars (Minion Rush)",
    )

    def ai_policy(self, seed: int) -> PunchAI:
        """The heuristic player, at the table's `ai` level (easy, normal or hard)."""
        return PunchAI(None, seed)

    def new_game(self, seats: Sequence[Seat], mode: str, options: Mapping[str, Any], seed: int) -> PunchState:
        """Deal the button deck and offer; the fighters are chosen first, in reverse turn order."""
        seat_range = self.meta.mode(mode).seats
        if len(seats) not in seat_range:
            raise ValueError(f"{mode} needs {seat_range.start} to {seat_range.stop - 1} seats")
        rng = Rng(seed_state(seed))
        count = len(seats)
        side = "minion_rush" if mode.startswith("rush") else "standard"
        board = content.BOARD_BY_SIDE[side].id
        first = rng.below(count)
        starters = content.STARTERS
        spare = [starters[letter] for letter in "ABCD" for _ in range(content.STARTER_COPIES - count)]
        decks = 2 if mode == "rush_coop" and options.get("two_decks") == "on" else 1  # house rule
        deck = [*content.DECK_BUTTONS, *spare] * decks
        rng.shuffle(deck)
        achievements = [] if mode.startswith("rush") else [a.id for a in content.ACHIEVEMENTS]
        rng.shuffle(achievements)
        state = PunchState(
            names=[seat.name for seat in seats],
            mode=mode,
            options=dict(options),
            board=board,
            players=[Player(pad=[PadButton(starters[letter]) for letter in "ABCD"]) for _ in seats],
            first=first,
            turn=first,
            picking=[(first - i) % count for i in range(1, count + 1)],
            button_deck=deck,
            achievements=achievements[:ACHIEVEMENTS_FACE_UP],
            minions=[Minion(letter=letter) for letter in LETTERS] if mode.startswith("rush") else [],
        )
        refill_offer(state)
        state.say(f"{state.names[first]} goes first; fighters are chosen in reverse order")
        flow.advance(state, rng)
        state.rng = rng.state
        return state

    def decisions(self, state: PunchState) -> list[Decision]:
        return asks.decisions(state)

    def apply(
        self, state: PunchState, seat: int, key: str, choice: Sequence[str], now: float = 0.0
    ) -> list[Event]:
        check_choice(asks.answerable(state), seat, key, choice)
        said = state.said
        rng = Rng(state.rng)
        state.now = now
        answers.answer(state, rng, seat, key, list(choice))
        return step_done(state, rng, said)

    def tick(self, state: PunchState, now: float) -> list[Event]:
        """A defence not chosen in time: the hit lands."""
        due = asks.defence_deadline(state)
        if due is None or now < due:
            return []
        said = state.said
        rng = Rng(state.rng)
        state.now = now
        answers.time_out(state, rng)
        return step_done(state, rng, said)

    def next_deadline(self, state: PunchState) -> float | None:
        """When an open defence question times out."""
        return asks.defence_deadline(state)

    def view(self, state: PunchState, seat: int | None) -> Mapping[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: PunchState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {seat: float(player.stars) for seat, player in enumerate(state.players)}
        note = state.winner_note
        if note.startswith("the "):  # "the button deck ran out" starts the results line
            note = "T" + note[1:]
        if state.counts_past_nine:
            total = sum(player.stars for player in state.players)
            earned = f"{total} stars: {rank(total, len(state.players))}"
            team = {seat: float(total) for seat in scores}  # co-op stars are added together
            return Outcome([list(range(len(state.players)))], team, f"{note}. {earned}")
        ranked: dict[tuple[int, int], list[int]] = {}
        for seat, player in enumerate(state.players):
            ranked.setdefault((player.stars, player.health), []).append(seat)
        placements = [ranked[key] for key in sorted(ranked, reverse=True)]
        return Outcome(placements, scores, note)

    def high_score_text(self, board: str, score: float) -> str:
        """A Minion Rush solo or co-op star total on /leaderboard, with the rank it earns."""
        players = 1 if board.startswith("rush_solo") else 2
        return f"{score:g} · {rank(int(score), players)}"

    def encode(self, state: PunchState) -> bytes:
        return msgspec.json.encode(state)

    can_take_back = staticmethod(takeback.can_take_back)  # which moves may be taken back

    def decode(self, data: bytes) -> PunchState:
        return msgspec.json.decode(data, type=PunchState)

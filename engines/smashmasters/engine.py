"""The Smash Masters engine: the DESIGN section 2 contract over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import permutations
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
from engines.smashmasters import takeback
from engines.smashmasters.ai import DEFAULT_LEVEL, LEVELS, SmashAI
from engines.smashmasters.cards import CARDS
from engines.smashmasters.context import Ctx
from engines.smashmasters.decide import answer, decisions, run
from engines.smashmasters.flow import placements, result_text, setup
from engines.smashmasters.rules_text import RULES
from engines.smashmasters.state import Counter, SmashState
from engines.smashmasters.view import build_view

ON_OFF = ("off", "on")
_DECK_ID = "(?:" + "|".join(CARDS.decks) + ")"
DECK_LIST = rf"{_DECK_ID}(?:,{_DECK_ID}){{1,5}}"
"""The `decks` option's form: 2 to 6 deck ids between commas (second copies in a big brawl)."""
DECK_ORDERS = tuple(",".join(order) for size in (2, 3, 4) for order in permutations(CARDS.decks, size))
OPTIONS = (
    GameOption("characters", "Characters per player (9: a longer game)", ("6", "9"), "6"),
    GameOption("speed", "Need for speed (no Character Stack: 3 characters each)", ON_OFF, "off"),
    GameOption(
        "decks",
        "Decks by seat, e.g. kc,ld,ga (default: dealt at random)",
        ("random", *DECK_ORDERS),
        "random",
        free_form=True,
        form=DECK_LIST,
    ),
    GameOption(
        "counter_timer", "Seconds to decide a counter (then: no counter)", ("30", "60", "120", "300"), "60"
    ),
    GameOption("ai", "AI players: how well they play", tuple(LEVELS), DEFAULT_LEVEL),
)
CUSTOM_DECK_KEYS = tuple(f"deck{seat}" for seat in range(6))
"""Option keys carrying a seat's custom deck: 46 comma-separated card ids (checked by validate_deck)."""


class SmashMasters:
    """Super Powered Smash Masters: a free-for-all superhero card brawl for 2 to 6 players."""

    meta = GameMeta(
        id="smashmasters",
        title="Super Powered Smash Masters",
        min_seats=2,
        max_seats=6,
        modes=(
            Mode("brawl", "Brawl", range(2, 5)),
            Mode("big", "Big brawl (second copies of the decks)", range(5, 7)),
        ),
        options=OPTIONS,
        rules_pages=RULES,
        tagline="Pick three silly superheroes and smash every rival team off the table.",
        rated_modes=("brawl", "big"),
        setup_keys=("team",),
    )

    def ai_policy(self, seed: int) -> SmashAI:
        """The heuristic player, at the table's `ai` level (easy, normal or hard)."""
        return SmashAI()

    def new_game(self, seats: Sequence[Seat], mode: str, options: Mapping[str, Any], seed: int) -> SmashState:
        """Deal the decks and open the team draft; raises ValueError for a bad mode, seat count or option."""
        try:
            seat_range = self.meta.mode(mode).seats
        except KeyError:
            raise ValueError(f"unknown mode {mode!r}: use brawl (2-4 players) or big (5-6)") from None
        if len(seats) not in seat_range:
            raise ValueError(
                f"{mode} needs {seat_range.start} to {seat_range.stop - 1} seats, not {len(seats)}"
            )
        chosen = {option.id: option.default for option in OPTIONS}
        for key, value in options.items():
            spec = next((option for option in OPTIONS if option.id == key), None)
            if spec is not None and spec.id != "decks" and str(value) not in spec.choices:
                raise ValueError(f"{spec.label}: {value!r} is not one of {', '.join(spec.choices)}")
            if spec is not None or key in CUSTOM_DECK_KEYS[: len(seats)]:
                chosen[key] = str(value)
        rng = Rng(seed_state(seed))
        state = setup(mode, [seat.name for seat in seats], chosen, rng)
        state.rng = rng.state
        return state

    def decisions(self, state: SmashState) -> list[Decision]:
        """The open decisions; a list longer than a menu holds (a long Defeated Pile) is split."""
        return [menu for decision in decisions(state) for menu in fitted(decision)]

    def apply(
        self, state: SmashState, seat: int, key: str, choice: Sequence[str], now: float = 0.0
    ) -> list[Event]:
        check_choice(answerable(self.decisions(state)), seat, key, choice)
        ctx = Ctx(state, Rng(state.rng), now=now)
        answer(ctx, seat, list(choice))
        return self._finish(ctx)

    def tick(self, state: SmashState, now: float) -> list[Event]:
        """A counter not decided in time counts as no counter."""
        due = self.next_deadline(state)
        if due is None or now < due:
            return []
        (late,) = decisions(state)
        ctx = Ctx(state, Rng(state.rng), now=now)
        ctx.say(f"{ctx.who(late.seat)} ran out of time to counter.")
        answer(ctx, late.seat, ["pass"])
        return self._finish(ctx)

    def next_deadline(self, state: SmashState) -> float | None:
        """The open counter question's deadline, if one is open."""
        if state.over or not state.tasks or not isinstance(state.tasks[-1], Counter):
            return None
        return next((d.deadline for d in decisions(state)), None)

    @staticmethod
    def _finish(ctx: Ctx) -> list[Event]:
        """Run on to the next question and count the change."""
        run(ctx)
        ctx.state.rng = ctx.rng.state
        ctx.state.version += 1
        return ctx.events

    def view(self, state: SmashState, seat: int | None) -> Mapping[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: SmashState) -> Outcome | None:
        if not state.over:
            return None
        order = placements(state)
        scores: dict[int, float] = {}
        below = 0
        for group in reversed(order):
            for seat in group:
                scores[seat] = float(below)
            below += len(group)
        return Outcome(order, scores, result_text(state))

    def encode(self, state: SmashState) -> bytes:
        return msgspec.json.encode(state)

    can_take_back = staticmethod(takeback.can_take_back)  # which moves may be taken back

    def decode(self, data: bytes) -> SmashState:
        return msgspec.json.decode(data, type=SmashState)

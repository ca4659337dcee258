"""The heuristic Super Punch Fighter player, at three levels.

It reads only what its seat may know (the board, pads, the offer, its own hand, hand sizes) and
scores what each option is worth in stars: a combo card by playing it through on a scratch copy of
the pieces (`Sim`): a move before an attack goes where that attack lands best, each hit counts the
dial colours it turns (after the block the defender can be expected to use), a push, pull or throw
the ring-out it can make, a stagger the buttons it takes away, and the best card to chain after it.
A button pushed for its effect is weighed against the combo it would no longer pay for and
against the reset's limit of four (a fifth pushed button is lost). The draw weighs a fighter card
against a button the deck needs, and a button against the clock: the button deck running out ends
the game, which a leader wants and Minion Rush solo does not. It defends when the hit would turn
its dial, ring it out or stagger it, with the cheapest answer that does.

Levels: easy slips into a random answer three times in ten, normal one in twenty, hard never, and
hard looks one step ahead on its main menu and chain questions (`Lookahead`): each of its best few
options is played out on a copy of the table, hidden cards shuffled, to the end of its turn with
the normal policy, and the positions are compared.
"""

from __future__ import annotations

from typing import Any

from engines.core import Decision, Rng
from engines.punchfighter.ai_choosers import CHOOSERS
from engines.punchfighter.ai_lookahead import Lookahead
from engines.punchfighter.asks import answerable
from engines.punchfighter.state import PunchState

SLIPS = {"easy": 0.3, "normal": 0.05, "hard": 0.0}
LEVELS = tuple(SLIPS)


class PunchAI:
    """Chooses for a seat; `level` None follows the table's `ai` option."""

    def __init__(self, level: str | None, seed: int) -> None:
        self.level = level
        self.rng = Rng(seed)

    def thinks_long(self, state: PunchState) -> bool:
        """Whether this choice may take long: the hard level playing its options out at its main
        menu or a chain question (the bot then thinks off the event loop)."""
        key = state.ask.key if state.ask is not None else ""
        return self._level(state) == "hard" and key in ("main", "chain")

    def _level(self, state: PunchState) -> str:
        return self.level or state.options.get("ai", "normal")

    def choose(self, engine: Any, state: PunchState, decision: Decision) -> list[str]:
        level = self._level(state)
        whole = next(
            (d for d in answerable(state) if (d.seat, d.key) == (decision.seat, decision.key)), decision
        )
        ids = [o.id for o in whole.options if o.id != "back"]
        count = decision.min_choices
        key = decision.key.partition(".")[0]
        if key == "fighter" or self.rng.random() < SLIPS.get(level, 0.0) or key not in CHOOSERS:
            ids = [i for i in ids if i != "drop"] or ids
            self.rng.shuffle(ids)
            return ids[: max(count, 1) if decision.max_choices else 0][: decision.max_choices]
        thinking = key == "chain" or (key == "main" and not state.action_used)
        if level == "hard" and thinking and len(ids) > 1:
            return [Lookahead(engine, self.rng).best(state, decision.seat, key, ids)]
        return CHOOSERS[key](state, decision.seat, ids, count)

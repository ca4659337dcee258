"""A modelled person playing Super Nova Smash! from a live console over Discord (issue 17's model).

- The console is edited as the bot's console refresher does it: on every change, coalesced to
  one edit per `CONSOLE_INTERVAL` (leading edge), each edit showing the table as it stood when the
  edit began, `DRAW` seconds later. After a click the clicked panel is also redrawn at once.
- The person reacts 0.3 to 0.8 s after something new appears on the console, then makes the move
  the hard AI would make on what the console shows; a shockwave of Press in order is pressed as the
  whole sequence shown, PRESS_GAP apart (a person who knows the answer does not wait in between).
- A click reaches the bot LAG seconds after it is made, carrying the console's state version.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bench.nova_table import CONSOLE_INTERVAL, DRAW, Action, Snapshot, VirtualTable
from engines.supernova.ai import SupernovaAI
from engines.supernova.engine import Supernova

LAG = 0.3  # seconds from a click to the bot
REACTION = (0.3, 0.8)  # seconds from something new on the console to the click
PRESS_GAP = 0.2  # seconds between the presses of a sequence the person already knows
SEAT = 0
PRIORITY = {"shock": 0, "any": 1, "play": 2, "power": 3, "target": 4}
ENGINE = Supernova()


@dataclass
class Person:
    """Seat 0, playing from a console on `table`."""

    table: VirtualTable
    seed: int
    shown: Snapshot | None = None
    acted_on: int = -1  # the console version the person last acted on
    _rng: random.Random = field(init=False)
    _brain: SupernovaAI = field(init=False)
    _editing: bool = False
    _dirty: bool = False

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._brain = SupernovaAI("hard", self.seed)
        self.table.on_change = self.request_edit

    def open_console(self) -> None:
        """Press Open console: the panel is drawn now."""
        self._draw()

    # ------------------------------------------------------------------ the console

    def request_edit(self) -> None:
        """The table changed: the coalesced console edit (at once when idle, else after the pause)."""
        self._dirty = True
        if not self._editing:
            self._editing = True
            self.table.at(self.table.clock.now, self._edit)

    async def _edit(self) -> None:
        if not self._dirty:
            self._editing = False
            return
        self._dirty = False
        self._draw()
        self.table.at(self.table.clock.now + DRAW + CONSOLE_INTERVAL, self._edit)

    def _draw(self) -> None:
        """Draw the console from the table as it is now; it shows DRAW seconds later."""
        snapshot = self.table.snapshot()

        async def show() -> None:
            if self.shown is None or snapshot.version >= self.shown.version:
                self.shown = snapshot
                self.table.at(self.table.clock.now + self._rng.uniform(*REACTION), self._decide)

        self.table.at(self.table.clock.now + DRAW, show)

    # ------------------------------------------------------------------ the person

    async def _decide(self) -> None:
        """Look at the console and click, unless this console was acted on already."""
        shown = self.shown
        if shown is None or shown.version == self.acted_on:
            return
        presses = self.plan(shown)
        if not presses:
            return
        self.acted_on = shown.version
        for index, (key, choice) in enumerate(presses):
            when = self.table.clock.now + LAG + index * PRESS_GAP
            self.table.at(when, self._click(key, choice, shown.version))

    def _click(self, key: str, choice: list[str], version: int) -> Action:
        async def arrive() -> None:
            await self.table.act(key, choice, version)
            self._draw()  # the bot redraws the clicked panel (with a note when it refused)

        return arrive

    def plan(self, shown: Snapshot) -> list[tuple[str, list[str]]]:
        """The presses the hard AI's choice leads to on this console (empty: wait)."""
        state = shown.state
        mine = sorted(
            (d for d in ENGINE.decisions(state) if d.seat == SEAT), key=lambda d: PRIORITY.get(d.key, 9)
        )
        for decision in mine:
            choice = self._brain.choose(ENGINE, state, decision)
            if not choice:
                continue
            puzzle = state.players[SEAT].puzzle
            if decision.key == "shock" and puzzle is not None and puzzle.kind == "order":
                rest = [[f"s.{symbol}"] for symbol in puzzle.shown[puzzle.progress + 1 :]]
                return [(decision.key, choice), *(("shock", press) for press in rest)]
            return [(decision.key, choice)]
        return []

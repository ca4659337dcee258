"""The plain-data state of a Super Nova Smash! game (msgspec structs, encoded as JSON).

Times (`until`, and those of `seen`) are seconds on the clock the bot injects as `now`.
"""

from __future__ import annotations

import msgspec

from engines.core import GameState
from engines.core.words import sentence


class Laid(msgspec.Struct, array_like=True):
    """A card on a Play Pile; a face-down (payback) card counts as a 0."""

    value: int
    down: bool = False

    @property
    def worth(self) -> int:
        """The value it shows: 0 when face down."""
        return 0 if self.down else self.value


class Pile(msgspec.Struct, kw_only=True):
    """A Play Pile and its owner(s) (two when piles are shared)."""

    owners: list[int]
    cards: list[Laid] = msgspec.field(default_factory=list)

    @property
    def top(self) -> int:
        """The value on top."""
        return self.cards[-1].worth if self.cards else 0

    @property
    def damage(self) -> int:
        """Zeros and face-down cards in the pile."""
        return sum(1 for card in self.cards if card.worth == 0)


class Puzzle(msgspec.Struct, kw_only=True):
    """One seat's shockwave mini-game: what it shows, its buttons (in this seat's order), the answer."""

    kind: str  # "order", "odd" or "sum"
    shown: list[str]
    buttons: list[str]
    answer: list[str]
    progress: int = 0


class Sight(msgspec.Struct, array_like=True):
    """How the table looked until `until` (kept for the lag allowance): the phase, the seats whose
    screens said GO!, the shockwave finishers and every pile's top."""

    until: float
    phase: str
    go: list[int]
    finished: list[int]
    tops: list[int]


class Player(msgspec.Struct, kw_only=True):
    """A seat: cards, screen, race position, power-ups and per-phase bookkeeping."""

    hand: list[int] = msgspec.field(default_factory=list)
    draw: list[int] = msgspec.field(default_factory=list)  # drawn from the end
    go: bool = False  # the seat's screen says GO!
    go_time: float = 0.0  # GO! seconds granted so far (the schedule evens this out)
    position: int = 0
    tokens: list[str] = msgspec.field(default_factory=list)
    damage: int = 0  # during damage assessment
    puzzle: Puzzle | None = None
    pending: str = ""  # power-up chosen, waiting for its target
    done: bool = False  # finished the power-up phase, or played in a free-play moment
    last: str = ""  # the seat's last card play and how it was judged ("3 on Bob's pile: fit")
    verdict: str = ""  # that judgement: "fit", "returned" or "payback"


class NovaState(GameState, kw_only=True):
    """A whole game: the table, the app's clock and the race."""

    names: list[str]
    options: dict[str, str]
    players: list[Player]
    piles: list[Pile]
    aside: list[int] = msgspec.field(default_factory=list)  # left over when dealing
    bag: list[str] = msgspec.field(default_factory=list)  # power-up supply
    track: int
    stations: list[int]
    round: int = 1
    phase: str = "launch"  # launch, play, quickdraw, shockwave, free, scoring, damage, over
    until: float | None = None  # when the phase (or the current GO!/HOLD! turn) ends
    seen: list[Sight] = msgspec.field(default_factory=list)  # the looks of the last few seconds
    turns: int = 0  # GO!/HOLD! turns this round
    laid_turn: int = 0  # the turn in which a card was last laid
    showdown: bool = False
    named: int = -1  # the pile of a free-play moment
    shock_kind: str = ""
    finished: list[int] = msgspec.field(default_factory=list)  # shockwave finishers, in order
    gone: list[int] = msgspec.field(default_factory=list)  # going-out order this round
    log: list[str] = msgspec.field(default_factory=list)
    said: int = 0  # log lines ever written (the log keeps only the latest)

    def active(self) -> list[int]:
        """Seats still playing this round."""
        return [seat for seat in range(len(self.players)) if seat not in self.gone]

    def say(self, line: str) -> None:
        """Add a public log line."""
        self.log = [*self.log[-(LOG_KEEP - 1) :], sentence(line)]
        self.said += 1


LOG_KEEP = 12
PLAYING = ("play", "quickdraw", "shockwave", "free")  # the phases with cards in play

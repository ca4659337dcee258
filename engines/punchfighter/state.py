"""The plain-data state of a Super Punch Fighter game (msgspec structs, encoded as JSON).

Fighters and minions stand on hexes named by their labels ("C4"); `None` is off the board.
A piece on the board is named `f<seat>` (a player's fighter) or `m<letter>` (a minion).
What the game waits for is one `Ask` at a time; the effects still to resolve wait in `queue`.
"""

from __future__ import annotations

import msgspec

from engines.core import GameState
from engines.core.words import sentence

LOG_KEEP = 14
WINNING_STARS = 9
PAD_LIMIT = 10
OFFER_SIZE = 5
MINION_HEALTH = 4


class PadButton(msgspec.Struct, array_like=True):
    """A button card on a control pad, whether a thumb token sits on it, and whether it was pushed
    for its own recharge (then only the reset frees it: two recharging buttons cannot free each
    other without end)."""

    card: str
    pushed: bool = False
    recharger: bool = False


class TurnStats(msgspec.Struct, kw_only=True):
    """What a player did this turn, for the achievements (reset at the start of every turn)."""

    damage: int = 0
    chain: int = 0
    pushed: int = 0
    knockouts: int = 0
    ring_outs: int = 0
    targets: list[str] = msgspec.field(default_factory=list)
    long_hit: int = 0
    blocked: int = 0
    moved: int = 0


class Player(msgspec.Struct, kw_only=True):
    """A seat: its fighter, cards, control pad, stars and claimed achievements."""

    fighter: str = ""  # the fighter's id; "" until chosen
    at: str | None = None  # the hex the fighter stands on; None off the board
    health: int = 0
    stars: int = 0
    deck: list[str] = msgspec.field(default_factory=list)  # drawn from the end
    hand: list[str] = msgspec.field(default_factory=list)
    discard: list[str] = msgspec.field(default_factory=list)
    pad: list[PadButton] = msgspec.field(default_factory=list)
    claimed: list[str] = msgspec.field(default_factory=list)
    stats: TurnStats = msgspec.field(default_factory=TurnStats)


class Minion(msgspec.Struct, kw_only=True):
    """A Minion Rush minion (A, B, C or D): where it stands and the damage on it."""

    letter: str
    at: str | None = None
    damage: int = 0


class Task(msgspec.Struct, kw_only=True):
    """An effect waiting to resolve, and what it has gathered so far.

    `kind` is an effect kind ("attack", "move", "draw", "recharge", "heal"), a rule step ("revive",
    "power", "stagger", "claim", "reset", "step_after_hit", "minion") or "chain_end". `effect` is
    the card effect's index in `source` (a fighter card or button id), when it comes from one.
    """

    kind: str
    seat: int
    source: str = ""
    effect: int = -1
    count: int = 0  # draws left, buttons to stagger, reveals left...
    attacker: str = ""  # the attacking piece
    target: str = ""  # the attacked piece
    blocked: int = 0
    steady: bool = False
    minion: str = ""
    pad: int = -1  # the pad position of the button whose effect this is (a recharge skips it)


class Ask(msgspec.Struct, kw_only=True):
    """The one question the game waits for: who answers, what about (`key`), and its context."""

    seat: int
    key: str
    task: Task | None = None
    since: float = 0.0  # when it opened, on the bot's clock (a defence is timed from it)


class PunchState(GameState, kw_only=True):
    """A whole game of Super Punch Fighter."""

    names: list[str]
    mode: str
    options: dict[str, str]
    board: str
    players: list[Player]
    first: int = 0
    turn: int = 0  # whose turn it is
    rounds: int = 0  # turns the first player has started
    phase: str = "choose"  # choose, minion, revive, power, action, end, over
    picking: list[int] = msgspec.field(default_factory=list)  # seats still to choose a fighter, in order
    button_deck: list[str] = msgspec.field(default_factory=list)  # drawn from the end
    button_discard: list[str] = msgspec.field(default_factory=list)
    offer: list[str] = msgspec.field(default_factory=list)
    achievements: list[str] = msgspec.field(default_factory=list)
    minions: list[Minion] = msgspec.field(default_factory=list)
    action_used: bool = False
    chain: list[str] = msgspec.field(default_factory=list)  # combo cards played in the open chain
    queue: list[Task] = msgspec.field(default_factory=list)  # effects still to resolve, next first
    ask: Ask | None = None
    undo: bytes = b""  # the state before a step that Back can take back
    now: float = 0.0  # the bot's clock at the latest answer or tick
    deck_out: bool = False  # the button deck ran out: the game ends when the first player's turn starts
    last_round: str = ""  # house rule `finish_round`: who reached nine stars; the round is played out
    winner_note: str = ""
    log: list[str] = msgspec.field(default_factory=list)
    said: int = 0

    def say(self, line: str) -> None:
        """Add a public log line."""
        self.log = [*self.log[-(LOG_KEEP - 1) :], sentence(line)]
        self.said += 1

    @property
    def rush(self) -> bool:
        """Minion Rush (solo, co-op or competitive)."""
        return self.mode.startswith("rush")

    @property
    def finishes_round(self) -> bool:
        """House rule `finish_round` (Standard): nine stars end the game only when the round is over."""
        return self.mode == "standard" and self.options.get("finish_round") == "on"

    @property
    def counts_past_nine(self) -> bool:
        """Solo and co-op Minion Rush: played until the button deck runs out, stars past 9 counted."""
        return self.mode in ("rush_solo", "rush_coop")

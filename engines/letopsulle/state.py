"""The plain-data state of a Letopsulle game (msgspec structs, encoded as JSON).

Cards are named by their ids (copies repeat the id); damage counters live on the card in play, so
a card back from the discard pile has none. The game waits for one `Ask` at a time.
"""

from __future__ import annotations

import msgspec

from engines.core import GameState
from engines.core.words import sentence

LOG_KEEP = 14
HAND_LIMIT = 5


class Hero(msgspec.Struct, array_like=True):
    """A hero card in play and the damage counters on it."""

    card: str
    damage: int = 0


class Slot(msgspec.Struct, kw_only=True):
    """An active or reserve place: one hero, or a tag team of two, with its attached object.

    `guard` is the stance bonus while the card is sideways (defending); None when it is upright."""

    heroes: list[Hero]
    item: str = ""
    guard: int | None = None


class Villain(msgspec.Struct, kw_only=True):
    """An active villain, its object, its damage and whether it is sideways (defending)."""

    card: str
    uid: int
    damage: int = 0
    item: str = ""
    guard: int | None = None
    battled: bool = False  # fought this round (the healing variant heals the others)


class Team(msgspec.Struct, kw_only=True):
    """One player's two layouts: the hero team with its hand, and the villain deck in play."""

    hero_pile: list[str] = msgspec.field(default_factory=list)  # drawn from the end
    hero_discard: list[str] = msgspec.field(default_factory=list)
    hand: list[str] = msgspec.field(default_factory=list)
    active: list[Slot] = msgspec.field(default_factory=list)
    reserve: list[Slot] = msgspec.field(default_factory=list)
    claimed: list[str] = msgspec.field(default_factory=list)
    knocked_out: bool = False
    started: bool = False  # a hero came into play (a team is knocked out only after that)
    reshuffled: bool = False  # the long game's one reshuffle of the hero discard is used
    hero_turns: int = 0
    villain_pile: list[str] = msgspec.field(default_factory=list)  # drawn from the end
    villain_discard: list[str] = msgspec.field(default_factory=list)
    villains: list[Villain] = msgspec.field(default_factory=list)
    waiting: list[str] = msgspec.field(default_factory=list)  # villain objects no villain can use yet
    villain_turns: int = 0
    peek: list[str] = msgspec.field(default_factory=list)  # what Intelligence showed, this turn only
    peek_of: str = ""


class Ask(msgspec.Struct, kw_only=True):
    """The open question: its key, who answers, and what it is about.

    `stage` orders a hero turn (0 start, 1 reserve, 2 switch, 3 object, 4 action); `actor` is the
    acting villain's index (villain turns) or active slot (hero turns); `move` the chosen action
    awaiting its target; `among` the seat whose cards a two-step target menu lists."""

    key: str
    seat: int
    stage: int = 0
    actor: int = 0
    move: str = ""
    x: int = 0
    among: int = -1
    queue: list[int] = msgspec.field(default_factory=list)  # villain indexes still to act


class LetoState(GameState, kw_only=True):
    """A whole game: the players' layouts, the plot twist in play, whose phase it is, the log."""

    names: list[str]
    mode: str
    options: dict[str, str]
    teams: list[Team]
    first: int = 0
    order: list[int] = msgspec.field(default_factory=list)  # this round's play order, both phases
    villain_pass: int = 0  # which of the round's villain phases is on (solitaire may have two)
    round: int = 1
    phase: str = "hero"  # hero, villain or over
    turn: int = 0
    ask: Ask | None = None
    used_ability: bool = False  # the active card used its one ability this turn
    acting_slot: int = -1  # two active heroes: the one that used a first-of-turn ability acts
    next_uid: int = 1
    plot: str = ""
    plot_owner: int = -1
    goal_points: int = 30
    goal_cards: int = 10
    winner: int = -1  # the winning seat; -1 with phase "over": the villains won
    note: str = ""
    log: list[str] = msgspec.field(default_factory=list)
    said: int = 0
    last_battle: list[str] = msgspec.field(default_factory=list)
    whispers: list[tuple[int, str]] = msgspec.field(default_factory=list)  # private lines of this step

    def say(self, text: str) -> None:
        """Add a line to the public log (keeping the latest LOG_KEEP)."""
        self.log.append(sentence(text))
        self.said += 1
        del self.log[:-LOG_KEEP]

    def whisper(self, seat: int, text: str) -> None:
        """A line only this seat may read (what Intelligence showed it)."""
        self.whispers.append((seat, sentence(text)))

    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.names)

    def option(self, key: str) -> bool:
        """Whether an on/off table option is on."""
        return self.options.get(key, "off") == "on"

"""The plain-data state of a SUPERHOT game (msgspec structs, encoded as JSON)."""

from __future__ import annotations

import msgspec

from engines.core import GameState


class Slot(msgspec.Struct, kw_only=True):
    """A card in The Line; `down` marks a knocked-out (face-down) card."""

    card: str
    down: bool = False


class Player(msgspec.Struct, kw_only=True):
    """A Normal player's cards. Index 0 of `deck` is the top."""

    seat: int
    mark: str
    hand: list[str] = msgspec.field(default_factory=list)
    deck: list[str] = msgspec.field(default_factory=list)
    discard: list[str] = msgspec.field(default_factory=list)


class Pick(msgspec.Struct, kw_only=True):
    """A card committed to the obstacle being dealt with: where it came from and what it gave."""

    card: str
    source: str  # "hand", "aid" or "echo" (a Double trouble copy)
    amount: int


class Target(msgspec.Struct, kw_only=True):
    """The obstacle the active player is dealing with, and the cards committed so far."""

    slot: int
    fate: str  # "destroy" or "knockout"
    picks: list[Pick] = msgspec.field(default_factory=list)


class Echo(msgspec.Struct, kw_only=True):
    """A virtual copy of a card made by Double trouble: usable this turn, never counted as used."""

    card: str
    amount: int
    skill: str  # "fight", "dodge", or "" for an ability (Pliers)
    use: str = ""  # the copied card's top use, so a Katana or Pliers copy can also be played as such


class Goal(msgspec.Struct, kw_only=True):
    """A goal card in play for the current level."""

    card: str
    done: bool = False
    progress: int = 0


class TurnLog(msgspec.Struct, kw_only=True):
    """What happened during the current turn (the Used and New Cards Areas and counts for goals)."""

    used: list[str] = msgspec.field(default_factory=list)
    spent: int = 0  # cards used this turn, still counted after they leave the Used Cards Area
    new: list[str] = msgspec.field(default_factory=list)
    destroyed: list[str] = msgspec.field(default_factory=list)
    knocked: list[str] = msgspec.field(default_factory=list)
    echoes: list[Echo] = msgspec.field(default_factory=list)
    aid_used: bool = False
    doubled: list[Pick] = msgspec.field(default_factory=list)  # the last Double trouble and its card
    doubled_echoes: int = 0  # copies ready right after it (it may be taken back while none is used)


class SystemTurn(msgspec.Struct, kw_only=True):
    """The System player's four cards and what it has spent of each skill."""

    cards: list[str]
    fight: int
    dodge: int
    mixed: int
    spent_fight: int = 0
    spent_dodge: int = 0
    spent_mixed: int = 0


class Campaign(msgspec.Struct, kw_only=True):
    """A finished campaign (1v1 Revenge plays two): who played Normal and how far they got."""

    normal: list[int]
    won: bool
    levels: int
    goals: int
    cause: str


class SuperhotState(GameState, kw_only=True):
    """The whole table. Lists whose order matters say which end is the top."""

    mode: str
    names: list[str]
    options: dict[str, str]
    line_size: int
    levels: int  # 0 = Infinite Mode
    players: list[Player]
    system: int | None  # the System player's seat, if any
    line: list[Slot | None]  # index 0 = the start of The Line
    deck: list[str]  # Obstacles Deck, index 0 = the visible top
    discard: list[str]  # Obstacles Discard, last = top
    bullets: list[str]  # Bullets Deck, index 0 = top
    goal_deck: list[str]  # index 0 = top
    goals: list[Goal]
    level: int = 1
    phase: str = "start"
    active: int = 0  # index into players of the Normal player whose turn it is
    next_after_system: int = 0
    target: Target | None = None
    turn: TurnLog = msgspec.field(default_factory=TurnLog)
    aid: str | None = None
    aid_from: int | None = None  # players index of the Aid card's owner
    slash_left: int = 0
    double_for: str = ""  # the target ("d3", "k3") a Double trouble is being played for
    system_turn: SystemTurn | None = None
    veto_used: bool = False
    veto_pick: str | None = None
    vetoed: list[str] = msgspec.field(default_factory=list)
    levels_cleared: int = 0
    goals_cleared: int = 0
    campaigns: list[Campaign] = msgspec.field(default_factory=list)
    over: bool = False
    cause: str = ""
    log: list[str] = msgspec.field(default_factory=list)
    said: int = 0
    idle: int = 0  # Move turns in a row that used no card (the AI avoids stalling)

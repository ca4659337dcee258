"""The plain-data state of a Smash Masters game (msgspec structs, encoded as JSON).

Cards are instance ids: a catalogue id (`kc-x1-3`), with a `.n` suffix for the second and later
copies of the same card in one game (`kc-x1-3.2`). Characters on the table are found by their
instance id, which is unique in the game, so pending work never holds a position that could move.

Pending work is a stack of tasks (`SmashState.tasks`, last = next). Some tasks run by themselves;
the others are questions: the top task's question is the open decision.
"""

from __future__ import annotations

from typing import TypeAlias

import msgspec

from engines.core import GameState
from engines.smashmasters.card_schema import Modifier


class Token(msgspec.Struct, kw_only=True):
    """A "safe from `danger`" token: it ends when `seat`'s next turn starts, or with this turn."""

    danger: str
    seat: int
    turn_end: bool = False


class Turned(msgspec.Struct, kw_only=True):
    """A turned-around card's extra modifiers, and when it turns back (`until`, for `seat`)."""

    modifiers: tuple[Modifier, ...]
    until: str
    seat: int


class Space(msgspec.Struct, kw_only=True):
    """One space of a team; `char` is empty when the space is."""

    char: str = ""
    stunned: bool = False
    waking: bool = False  # revived this turn: its power works from the next turn
    extra: bool = False  # added by an extra-character effect
    turned: Turned | None = None
    tokens: list[Token] = msgspec.field(default_factory=list)


class Player(msgspec.Struct, kw_only=True):
    """A player's cards. `deck` is drawn from its end; `discard` and `defeated` grow at the end."""

    seat: int
    deck_name: str
    team: list[Space] = msgspec.field(default_factory=list)
    stack: list[str] = msgspec.field(default_factory=list)
    picks: list[str] = msgspec.field(default_factory=list)  # team picks, hidden until the reveal
    aside: list[str] = msgspec.field(default_factory=list)  # speed variant: out of the game
    hand: list[str] = msgspec.field(default_factory=list)
    deck: list[str] = msgspec.field(default_factory=list)
    discard: list[str] = msgspec.field(default_factory=list)
    defeated: list[str] = msgspec.field(default_factory=list)
    playing: list[str] = msgspec.field(default_factory=list)  # Stories and Supers resolving
    used: list[str] = msgspec.field(default_factory=list)  # react powers used this turn
    last_action: str = ""  # the option id of the player's last action (public; the AI avoids loops)
    repeats: int = 0  # how many turns in a row before that one took the same action
    out: bool = False


class Blow(msgspec.Struct, kw_only=True):
    """A card played in a Smash Battle (`card` is empty for a free smash)."""

    seat: int
    card: str
    strength: str  # "smash" or "teamup"


class Battle(msgspec.Struct, kw_only=True):
    """The Smash Battle in progress: two characters and the chain of cards."""

    attacker: str
    attacker_seat: int
    target: str
    target_seat: int
    blows: list[Blow] = msgspec.field(default_factory=list)
    cancelled: bool = False


class Source(msgspec.Struct, frozen=True, kw_only=True):
    """What is resolving: a Story, a Super or a character's power, and whose it is."""

    kind: str  # "story", "super" or "power"
    seat: int
    card: str  # the Story or Super, or the character for a power
    char: str = ""  # the source character ("" for a Story)
    trigger: str = ""  # the character a react trigger named


class Fired(msgspec.Struct, frozen=True, kw_only=True):
    """A stun, defeat or battle win waiting for its react window."""

    trigger: str
    seat: int
    char: str


# --- tasks -----------------------------------------------------------------------------------


class Draft(msgspec.Struct, tag=True):
    """Question (every seat at once): pick the starting team from the Character Stack."""


class Act(msgspec.Struct, tag=True):
    """Question: the turn player's action."""


class AimAttacker(msgspec.Struct, tag=True, kw_only=True):
    """Question: which active character attacks with a `strength` card."""

    strength: str


class AimTarget(msgspec.Struct, tag=True, kw_only=True):
    """Question: which rival character to attack (with a card, or a free smash of `src`)."""

    attacker: str
    strength: str
    src: Source | None = None  # set for a free smash


class Clash(msgspec.Struct, tag=True):
    """After the attack's react window: defeat a stunned target, or open the counters."""


class Counter(msgspec.Struct, tag=True):
    """Question: the next fighter counters, or lets the battle end (`since`: when it was asked,
    for the counter timer)."""

    since: float = 0.0


class Resolve(msgspec.Struct, tag=True, kw_only=True):
    """A Story, Super or power after its react window (a Super revives its character first)."""

    src: Source
    cancelled: bool = False


class Steps(msgspec.Struct, tag=True, kw_only=True):
    """Resolve effect step `index` of `src`, then the following ones."""

    src: Source
    index: int


class Settle(msgspec.Struct, tag=True):
    """After a step or battle: react windows, replacements, hand refills, eliminations."""


class Window(msgspec.Struct, tag=True, kw_only=True):
    """Question: a react window for `trigger`, asking `seats` in order."""

    trigger: str
    seats: list[int]
    about: str  # what happened, for the prompt
    char: str = ""
    closed: bool = False


class EndReact(msgspec.Struct, tag=True):
    """A react has resolved: events open react windows again."""


class Finish(msgspec.Struct, tag=True, kw_only=True):
    """A played Story or Super goes to its player's Discard Pile."""

    seat: int
    card: str


class Choose(msgspec.Struct, tag=True, kw_only=True):
    """Question: `chooser` picks a target of step `index` of `src` (`left` more to pick)."""

    src: Source
    index: int
    chooser: int
    left: int
    own: bool = False  # each_team: only the chooser's own characters
    done: list[str] = msgspec.field(default_factory=list)


class Discard(msgspec.Struct, tag=True, kw_only=True):
    """Question: discard `low` to `high` cards (the Discard action, or an effect)."""

    seat: int
    low: int
    high: int
    action: bool = False
    why: str = ""  # the card or power that makes the player discard
    then: int = 0  # cards the same card makes the player draw afterwards


class Search(msgspec.Struct, tag=True, kw_only=True):
    """Question: take a card of `kind` from the Deck (`left` more)."""

    seat: int
    kind: str
    left: int


class End(msgspec.Struct, tag=True, kw_only=True):
    """Question: which end of the team gets the extra space."""

    seat: int


class Place(msgspec.Struct, tag=True, kw_only=True):
    """Question: where a character joins the team (`char`, or "" for one from the stack)."""

    seat: int
    char: str = ""


class Summon(msgspec.Struct, tag=True, kw_only=True):
    """Question: which character of the stack comes into space `space`."""

    seat: int
    space: int


Task: TypeAlias = (
    Draft
    | Act
    | AimAttacker
    | AimTarget
    | Clash
    | Counter
    | Resolve
    | Steps
    | Settle
    | Window
    | EndReact
    | Finish
    | Choose
    | Discard
    | Search
    | End
    | Place
    | Summon
)


class SmashState(GameState, kw_only=True):
    """The whole table."""

    mode: str
    options: dict[str, str]
    names: list[str]
    players: list[Player]
    turn: int = 0  # the turn player's seat
    turns: int = 0  # turns started so far
    over: bool = False
    tasks: list[Task] = msgspec.field(default_factory=list)
    battle: Battle | None = None
    fired: list[Fired] = msgspec.field(default_factory=list)
    reacting: int = 0
    last_story: str = ""
    out_order: list[list[int]] = msgspec.field(default_factory=list)

"""The bot's own per-table data that lives beside the engine state (timers, away seats, log)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from engines.core import Decision, Event

LOG_LINES = 8
PRIVATE_LINES = 4
MAX_LINE = 200


def clip(text: str, limit: int = MAX_LINE) -> str:
    """A line short enough for Discord's message limits."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class DecisionClock(msgspec.Struct):
    """An open human decision: since which state version it has been open, and its timer."""

    seat: int
    key: str
    signature: str
    since_version: int
    opened_at: float
    warned: bool = False


class Answer(msgspec.Struct):
    """A person's last answer to a decision judged when stale, and the version it was made on."""

    key: str
    choice: list[str]
    version: int


class AiWait(msgspec.Struct):
    """An AI seat thinking about one of its decisions in a real-time game: it answers at `due`."""

    seat: int
    key: str
    signature: str
    due: float


def deck_option(seat: int) -> str:
    """The engine option that carries a seat's custom deck (comma-separated card ids)."""
    return f"deck{seat}"


def table_options(options: Mapping[str, str]) -> dict[str, str]:
    """The options a host chose, without the per-seat custom decks the start added."""
    return {
        key: value for key, value in options.items() if not (key.startswith("deck") and key[4:].isdigit())
    }


class DeckChoice(msgspec.Struct):
    """A custom deck a player brings to a lobby: its name and a copy of its cards."""

    name: str
    cards: list[str]


class Undo(msgspec.Struct):
    """The state from before a seat's last move (its engine encoding), while it may be taken back.
    `version` is the state version the move led to."""

    seat: int
    before: bytes
    version: int


class TakebackAsk(msgspec.Struct):
    """A seat asked to take back its last move: the people still to answer, until `deadline`."""

    seat: int
    version: int
    deadline: float
    waiting: list[int]
    agreed: list[int] = msgspec.field(default_factory=list)


class Runtime(msgspec.Struct):
    """Persisted with the table row; opaque to storage."""

    clocks: list[DecisionClock] = msgspec.field(default_factory=list)
    missed: dict[int, int] = msgspec.field(default_factory=dict)
    away: list[int] = msgspec.field(default_factory=list)
    forfeited: list[int] = msgspec.field(default_factory=list)
    kicked: list[int] = msgspec.field(default_factory=list)  # removed players: the AI plays, still rated
    log: list[str] = msgspec.field(default_factory=list)
    private: dict[int, list[str]] = msgspec.field(default_factory=dict)
    start_seats: list[tuple[str, bool]] = msgspec.field(default_factory=list)
    decks: dict[int, DeckChoice] = msgspec.field(default_factory=dict)  # in the lobby: user id -> custom deck
    ai_waits: list[AiWait] = msgspec.field(default_factory=list)  # real time: when AI seats answer
    active_at: dict[int, float] = msgspec.field(default_factory=dict)  # live play: seat -> last play
    idle_warned: list[int] = msgspec.field(default_factory=list)  # live play: warned for being idle
    bursts: int = 0  # AI bursts in a row that ran out of steps (nobody left to play)
    ahead: float = 0.0  # the game clock those bursts fast-forwarded to
    last_answer: dict[int, Answer] = msgspec.field(default_factory=dict)  # seat -> judged answer
    hold_until: float = 0.0  # live play: the game clock waits for the table to be shown (or this time)
    undo: Undo | None = None  # the last move, while its player may take it back (bot/takebacks.py)
    takeback_ask: TakebackAsk | None = None  # a takeback the other people are asked about
    takebacks: int = 0  # moves taken back in this game
    takebacks_off: bool = False  # the server had turned takebacks off when the game started
    takebacks_unagreed: bool = False  # a takeback some person could not agree to: the game is not rated
    watchers: list[int] = msgspec.field(default_factory=list)  # members who opened a spectator panel
    saw_hands: list[int] = msgspec.field(default_factory=list)  # spectators shown a hand while it ran
    logged: int = 0  # action-log lines of this game so far
    actors: list[int] = msgspec.field(default_factory=list)  # seats (and roles) that have acted
    acted_since: dict[int, list[int]] = msgspec.field(
        default_factory=dict
    )  # seat -> who acted since its turn
    turn_marks: dict[int, list[int]] = msgspec.field(
        default_factory=dict
    )  # seat -> where its last turns began

    def repeats(self, seat: int, key: str, choice: Sequence[str], version: int) -> bool:
        """Whether this answer, made on a view of `version`, is the same one the seat already gave
        on that view or later (a double click), not a new decision."""
        last = self.last_answer.get(seat)
        return last is not None and (last.key, last.choice) == (key, list(choice)) and version <= last.version

    def mark_active(self, seat: int, now: float) -> None:
        """A person played (or came back): their idle time starts again."""
        self.active_at[seat] = now
        self.idle_warned = [s for s in self.idle_warned if s != seat]

    def ai_wait(self, seat: int, key: str) -> AiWait | None:
        """The AI's thinking time for this seat's decision, if it has started."""
        return next((w for w in self.ai_waits if (w.seat, w.key) == (seat, key)), None)

    def forget_ai_waits(self, seat: int, key: str | None = None) -> None:
        """The seat acted (or chose to wait on `key`): what it thinks about next starts afresh."""
        self.ai_waits = [w for w in self.ai_waits if w.seat != seat or key not in (None, w.key)]

    def clock(self, seat: int, key: str) -> DecisionClock | None:
        """The clock of this seat's open decision with this key."""
        return next((c for c in self.clocks if c.seat == seat and c.key == key), None)

    def remember(self, events: Sequence[Event], notes: Sequence[str]) -> None:
        """Keep the last public lines for the table message and each seat's private lines."""
        public = [clip(e.text) for e in events if e.visible(None)] + [clip(n) for n in notes]
        self.log = (self.log + public)[-LOG_LINES:]
        for event in events:
            for seat in event.visible_to or ():
                self.private[seat] = [*self.private.get(seat, []), clip(event.text)][-PRIVATE_LINES:]


def signature(decision: Decision) -> str:
    """Identity of a decision as a player sees it: same key, prompt and options."""
    return "\x1f".join([decision.key, decision.prompt, *(o.id for o in decision.options)])


def encode_runtime(runtime: Runtime) -> bytes:
    """Runtime as JSON."""
    return msgspec.json.encode(runtime)


def decode_runtime(data: bytes) -> Runtime:
    """Runtime back from JSON."""
    return msgspec.json.decode(data or b"{}", type=Runtime)

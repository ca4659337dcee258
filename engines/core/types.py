"""The value types of the engine contract (DESIGN.md section 2)."""

from __future__ import annotations

from typing import Any

import msgspec

MAX_OPTIONS = 25
MAX_LABEL = 80
MAX_ID = 20


class IllegalChoice(Exception):
    """A choice that the rules do not allow; the message is shown to the player."""


class Mode(msgspec.Struct, frozen=True):
    """A way to play a game, with the seat counts it supports."""

    id: str
    label: str
    seats: range
    seat_labels: tuple[tuple[int, str], ...] = ()  # (from this many seats on, label), fewest first

    def label_for(self, seats: int) -> str:
        """The mode's name at a table of `seats` seats (e.g. "Race (shared piles)" from 6)."""
        return next((label for least, label in reversed(self.seat_labels) if seats >= least), self.label)


FREE_FORM = r"[A-Za-z0-9,._-]{1,100}"
"""What a free-form option takes when it documents no form of its own."""


class GameOption(msgspec.Struct, frozen=True):
    """One table option a host may set at /play (e.g. a variant or a challenge)."""

    id: str
    label: str
    choices: tuple[str, ...]
    default: str
    free_form: bool = False  # a value beyond the choices (suggestions) goes when it matches `form`
    # A free-form value's documented form: a regular expression it must match whole (the engine
    # still checks the value when dealing). Empty: FREE_FORM, letters, digits and , . _ - only.
    form: str = ""
    modes: tuple[str, ...] = ()  # the mode ids it changes anything in; empty: every mode
    # A house rule (DESIGN.md section 7): a change to a printed rule, off (its default) unless the
    # table turns it on. `why` gives the reason and the measured effect, for the game's House rules
    # page; `changes_difficulty` keeps results played with it apart on high-score boards.
    house_rule: bool = False
    why: str = ""
    changes_difficulty: bool = False

    def applies_to(self, mode: str) -> bool:
        """Whether choosing this option changes a game of this mode."""
        return not self.modes or mode in self.modes

    def is_on(self, value: str) -> bool:
        """Whether a table with this value plays something other than the default."""
        return value != self.default


class GameMeta(msgspec.Struct, frozen=True):
    """What the lobby and the Discord layer need to know about a game."""

    id: str
    title: str
    min_seats: int
    max_seats: int
    modes: tuple[Mode, ...]
    realtime: bool = False
    options: tuple[GameOption, ...] = ()
    rules_pages: tuple[str, ...] = ()
    tagline: str = ""
    rated_modes: tuple[str, ...] = ()
    high_score_modes: tuple[str, ...] = ()
    high_score: str = ""
    high_score_variants: tuple[tuple[str, str], ...] = ()  # (id, label): boards kept apart, e.g. Infinite
    # Everyone plays at once from live consoles (Super Nova Smash!): consoles refresh on every
    # change and show every open decision, nobody is pinged per decision, and a person idle for a
    # whole turn timer is handed to the AI.
    live_play: bool = False
    # Decision keys whose answers made on an out-of-date view go to apply(), which judges them
    # (Super Nova Smash! judges a late card by what its player saw, and a shockwave press against
    # the mini-game), instead of being refused as stale.
    judged_when_stale: tuple[str, ...] = ()
    # Decision keys every seat answers at the same time before play starts (Smash Masters' face-down
    # team picks). They are not turns: when one times out the AI makes the seat's remaining setup
    # choices, and no missed turn is counted.
    setup_keys: tuple[str, ...] = ()

    def records(self, mode: str) -> str:
        """How a finished game of this mode is recorded: "rated", "high_score" or "" (neither).

        Rated modes feed the ratings (Outcome.teams gives the sides of a team game); high-score
        modes (co-operative and solo) keep each player's best Outcome score under `high_score`,
        on the mode's board or on the variant board Outcome.board names.
        """
        if mode in self.rated_modes:
            return "rated"
        return "high_score" if mode in self.high_score_modes else ""

    def mode(self, mode_id: str) -> Mode:
        """The mode with this id; raises KeyError when the game has none."""
        for mode in self.modes:
            if mode.id == mode_id:
                return mode
        raise KeyError(mode_id)


class Seat(msgspec.Struct, frozen=True):
    """A place at the table, held by a person or by the AI."""

    index: int
    name: str
    is_ai: bool = False


class Option(msgspec.Struct, frozen=True):
    """One answer to a decision. `tone` marks it on a live console: "good" (it works now),
    "risky" (it works but costs the player), "idle" (it would not work now), "" (plain)."""

    id: str
    label: str
    detail: str = ""
    tone: str = ""


class Decision(msgspec.Struct, frozen=True):
    """An open choice for one seat. min_choices=0 makes it optional. `whole` is set on each menu of a
    several-pick question split over several menus (engines/core/menus.py): the fewest and most
    picks of the whole question, across its menus (each menu's own bounds are 0 to its size)."""

    seat: int
    key: str
    prompt: str
    options: tuple[Option, ...]
    min_choices: int = 1
    max_choices: int = 1
    deadline: float | None = None
    whole: tuple[int, int] | None = None

    def option(self, option_id: str) -> Option | None:
        """The option with this id, if the decision offers it."""
        for option in self.options:
            if option.id == option_id:
                return option
        return None


class Event(msgspec.Struct, frozen=True):
    """Something that happened. visible_to=None means everybody may see it."""

    kind: str
    text: str
    visible_to: tuple[int, ...] | None = None
    data: dict[str, Any] = msgspec.field(default_factory=dict)

    def visible(self, seat: int | None) -> bool:
        """Whether this seat (None = the public) may see the event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class Outcome(msgspec.Struct, frozen=True):
    """How a game ended: placements best first (ties share a list), scores, a summary."""

    placements: list[list[int]]
    scores: dict[int, float]
    summary: str
    won: bool | None = None  # co-operative and solo games: whether the players won
    teams: list[list[int]] | None = None  # team games: the seats of each side (rated as teams)
    board: str = ""  # high-score games: a variant board (one of GameMeta.high_score_variants)

    def placement_of(self, seat: int) -> int:
        """1-based place of a seat (tied seats share a place)."""
        for place, group in enumerate(self.placements, start=1):
            if seat in group:
                return place
        raise KeyError(seat)


class GameState(msgspec.Struct, kw_only=True):
    """Base for every game's state: plain data with a version and the PRNG state."""

    version: int = 0
    rng: int = 0

"""The facts of a Letopsulle view (engines/letopsulle/view.py), read defensively: a missing or
malformed field reads as empty, never as a crash (the renderer draws whatever the bot hands it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from renderers.kit.views import View, as_index, as_int, as_mapping, as_mappings, as_str


@dataclass(frozen=True)
class Card:
    """A card face: a hero or villain (base, abilities), an object (value) or a plot twist."""

    id: str
    name: str
    kind: str
    text: str
    base: int = 0
    abilities: tuple[tuple[str, int], ...] = ()
    value: int = 0

    @property
    def character(self) -> bool:
        return self.kind in ("hero", "villain")


@dataclass(frozen=True)
class Fighter:
    """A hero or villain in play: its card and the damage counters on it."""

    card: Card
    damage: int


@dataclass(frozen=True)
class Slot:
    """An active or reserve place (one hero, or a tag team of two), or an active villain: its
    fighters, attached object, and the stance bonus while it is sideways (defending)."""

    fighters: tuple[Fighter, ...]
    item: Card | None
    defending: bool
    guard: int

    @property
    def tag_team(self) -> bool:
        return len(self.fighters) > 1


@dataclass(frozen=True)
class Player:
    """A seat's two layouts, score and piles."""

    index: int
    name: str
    knocked_out: bool
    points: int
    claimed: int
    claimed_names: tuple[str, ...]
    active: tuple[Slot, ...]
    reserve: tuple[Slot, ...]
    hand: int
    hero_pile: int
    hero_discard: int
    villains: tuple[Slot, ...]
    waiting: tuple[Card, ...]
    villain_pile: int
    villain_discard: int


@dataclass(frozen=True)
class Table:
    """The whole view: mode, round, whose phase, goal, the plot twist, players, the last battle, and
    (in a seat's view) that seat's hand and what Intelligence showed it."""

    mode: str
    round: int
    phase: str
    turn: int
    status: str
    goal_points: int
    goal_cards: int
    plot: Card | None
    plot_owner: int | None
    players: tuple[Player, ...]
    battle: tuple[str, ...]
    log: tuple[str, ...]
    winner: int | None
    options: tuple[tuple[str, str], ...]
    you: int | None
    hand: tuple[Card, ...]
    peek: tuple[Card, ...]
    peek_of: str

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def player(self, index: int | None) -> Player | None:
        """The player at this seat, or None."""
        return self.players[index] if index is not None and 0 <= index < len(self.players) else None

    def option(self, key: str) -> bool:
        """Whether an on/off table option is on."""
        return dict(self.options).get(key, "off") == "on"


def card(value: Any) -> Card | None:
    """A card face, or None when `value` is not one."""
    face = as_mapping(value)
    if face is None:
        return None
    abilities = as_mapping(face.get("abilities")) or {}
    return Card(
        id=as_str(face.get("id")),
        name=as_str(face.get("name")) or as_str(face.get("id")) or "?",
        kind=as_str(face.get("kind")),
        text=as_str(face.get("text")),
        base=max(0, as_int(face.get("base"))),
        abilities=tuple((str(k), as_int(v)) for k, v in abilities.items() if isinstance(k, str)),
        value=as_int(face.get("value")),
    )


def cards(value: Any) -> tuple[Card, ...]:
    """The card faces in a list (anything else left out)."""
    return tuple(c for c in (card(item) for item in as_mappings(value)) if c is not None)


def _fighter(face: Mapping[str, Any]) -> Fighter | None:
    made = card(face)
    return Fighter(made, max(0, as_int(face.get("damage")))) if made else None


def _slot(value: Mapping[str, Any], heroes: bool) -> Slot:
    if heroes:
        fighters = tuple(f for f in (_fighter(h) for h in as_mappings(value.get("heroes"))) if f)
    else:
        one = _fighter(value)
        fighters = (one,) if one else ()
    return Slot(
        fighters, card(value.get("object")), value.get("defending") is True, as_int(value.get("guard"))
    )


def _slots(value: Any, heroes: bool) -> tuple[Slot, ...]:
    return tuple(s for s in (_slot(item, heroes) for item in as_mappings(value)) if s.fighters)


def _names(value: Any) -> tuple[str, ...]:
    return tuple(item for item in value if isinstance(item, str)) if isinstance(value, list) else ()


def _player(index: int, value: Mapping[str, Any]) -> Player:
    return Player(
        index=index,
        name=as_str(value.get("name")) or f"Seat {index + 1}",
        knocked_out=value.get("knocked_out") is True,
        points=as_int(value.get("points")),
        claimed=as_int(value.get("claimed")),
        claimed_names=_names(value.get("claimed_names")),
        active=_slots(value.get("active"), heroes=True),
        reserve=_slots(value.get("reserve"), heroes=True),
        hand=as_int(value.get("hand")),
        hero_pile=as_int(value.get("hero_pile")),
        hero_discard=as_int(value.get("hero_discard")),
        villains=_slots(value.get("villains"), heroes=False),
        waiting=cards(value.get("waiting")),
        villain_pile=as_int(value.get("villain_pile")),
        villain_discard=as_int(value.get("villain_discard")),
    )


def _lines(value: Any) -> tuple[str, ...]:
    return tuple(line for line in value if isinstance(line, str) and line) if isinstance(value, list) else ()


def read(view: View) -> Table:
    """The table a view describes (a public view has no hand)."""
    goal = as_mapping(view.get("goal")) or {}
    plot = as_mapping(view.get("plot"))
    you = as_mapping(view.get("you")) or {}
    options = as_mapping(view.get("options")) or {}
    players = tuple(_player(n, p) for n, p in enumerate(as_mappings(view.get("players"))))
    winner = as_index(view.get("winner"))
    return Table(
        mode=as_str(view.get("mode")),
        round=as_int(view.get("round")),
        phase=as_str(view.get("phase")),
        turn=as_int(view.get("turn"), -1),
        status=as_str(view.get("status")),
        goal_points=as_int(goal.get("points")),
        goal_cards=as_int(goal.get("cards")),
        plot=card(plot),
        plot_owner=as_index(plot.get("owner")) if plot else None,
        players=players,
        battle=_lines(view.get("battle")),
        log=_lines(view.get("log")),
        winner=winner,
        options=tuple((str(k), str(v)) for k, v in options.items()),
        you=as_index(you.get("seat")) if you else None,
        hand=cards(you.get("hand")),
        peek=cards(you.get("peek")),
        peek_of=as_str(you.get("peek_of")),
    )

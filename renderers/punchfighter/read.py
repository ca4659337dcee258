"""The facts of a Super Punch Fighter view, read defensively: a missing or malformed field reads as
empty, never as a crash (the renderer must draw whatever the bot hands it). The board's shape is
not in the view: it comes from the game's content by the view's board id (its side by the mode
when the id is unknown)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engines.punchfighter import board as engine_board
from engines.punchfighter import content
from engines.punchfighter.hexes import Grid, Hex, parse_label
from engines.punchfighter.state import MINION_HEALTH
from renderers.kit.views import View, as_index, as_int, as_mapping, as_mappings, as_str

LETTERS = ("A", "B", "C", "D", "W")


@dataclass(frozen=True)
class Button:
    """A button card: on a pad (`pushed` when a thumb token sits on it) or in the offer."""

    name: str
    letter: str
    text: str
    pushed: bool = False


@dataclass(frozen=True)
class Card:
    """A fighter card: a combo card with its cost, or a defence card (no cost)."""

    id: str
    name: str
    cost: str
    text: str

    @property
    def combo(self) -> bool:
        return bool(self.cost)

    @property
    def effect(self) -> str:
        """What it does, without the "AB: " or "Defence: " the engine's text starts with."""
        head, sep, rest = self.text.partition(": ")
        return rest if sep and (head == self.cost or head == "Defence") else self.text


@dataclass(frozen=True)
class Player:
    """A seat as the images show it."""

    index: int
    name: str
    fighter: str
    fighter_name: str
    style: str
    bands: tuple[int, ...]
    at: str | None
    health: int
    band: int
    stars: int
    pad: tuple[Button, ...]
    hand: int
    deck: int
    discard: int

    @property
    def max_health(self) -> int:
        return sum(self.bands)

    @property
    def chosen(self) -> bool:
        """Whether a fighter has been chosen."""
        return bool(self.fighter)


@dataclass(frozen=True)
class Minion:
    """A Minion Rush minion: its letter (its button colour), where it stands, health left."""

    letter: str
    at: str | None
    health: int


@dataclass(frozen=True)
class Achievement:
    """A face-up achievement and the seats that claimed it."""

    name: str
    text: str
    claimed_by: tuple[int, ...]


@dataclass(frozen=True)
class Table:
    """The public facts of the table, and a seat's own (its hand) when the view is a seat's."""

    mode: str
    board: str
    grid: Grid
    phase: str
    turn: int | None
    first: int
    rounds: int
    players: tuple[Player, ...]
    minions: tuple[Minion, ...]
    offer: tuple[Button, ...]
    button_deck: int
    button_discard: int
    deck_out: bool
    achievements: tuple[Achievement, ...]
    chain: tuple[Card, ...]
    waiting: tuple[int, str] | None
    marked: tuple[str, ...]
    log: tuple[str, ...]
    over: str
    you: int | None = None
    hand: tuple[Card, ...] = ()
    launchable: tuple[str, ...] = ()

    @property
    def rush(self) -> bool:
        return self.mode.startswith("rush")

    @property
    def past_nine(self) -> bool:
        """Solo and co-op Minion Rush count stars past 9 (there is no race to 9)."""
        return self.mode in ("rush_solo", "rush_coop")

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def player(self, seat: int | None) -> Player | None:
        return self.players[seat] if seat is not None and 0 <= seat < len(self.players) else None

    def pieces(self) -> dict[str, str]:
        """Hex label -> the piece standing there: "f<seat>" or "m<letter>" (labels on the map only)."""
        found = {p.at: f"f{p.index}" for p in self.players if p.at and self.on_map(p.at)}
        found.update({m.at: f"m{m.letter}" for m in self.minions if m.at and self.on_map(m.at)})
        return found

    def on_map(self, label: str | None) -> bool:
        spot = hex_of(label or "")
        return spot is not None and spot in self.grid.kinds

    def on_board(self, player: Player) -> bool:
        return self.on_map(player.at)

    def entered(self, player: Player) -> bool:
        """Whether the fighter has been on the board: every seat enters on its first turn, in
        turn order from the first player (so off the board after that means K.O.'d)."""
        if self.on_board(player):
            return True
        if self.phase in ("choose", "") or self.turn is None or not player.chosen:
            return False
        count = len(self.players)
        return self.rounds >= 2 or (player.index - self.first) % count < (self.turn - self.first) % count

    def knocked_out(self) -> list[Player]:
        """Fighters off the board after entering it."""
        return [p for p in self.players if p.chosen and not self.on_board(p) and self.entered(p)]


def hex_of(label: str) -> Hex | None:
    """The hex a label names, or None for anything else."""
    try:
        return parse_label(label)
    except ValueError:
        return None


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(item for item in value if isinstance(item, str)) if isinstance(value, list) else ()


def _seat(value: Any, count: int) -> int | None:
    """A seat number, if the view's value is one."""
    seat = as_index(value)
    return seat if seat is not None and 0 <= seat < count else None


def _seats(value: Any, count: int) -> tuple[int, ...]:
    found = (_seat(item, count) for item in value) if isinstance(value, list) else iter(())
    return tuple(seat for seat in found if seat is not None)


def _button(raw: Mapping[str, Any]) -> Button:
    letter = as_str(raw.get("letter")).upper()
    return Button(
        name=as_str(raw.get("name")) or "Button",
        letter=letter if letter in LETTERS else "?",
        text=as_str(raw.get("text")),
        pushed=raw.get("pushed") is True,
    )


def _card(raw: Mapping[str, Any]) -> Card:
    cost = "".join(ch for ch in as_str(raw.get("cost")).upper() if ch in "ABCD")
    return Card(
        id=as_str(raw.get("id")),
        name=as_str(raw.get("name")) or "Card",
        cost=cost,
        text=as_str(raw.get("text")),
    )


def _bands(raw: Mapping[str, Any], fighter: str) -> tuple[int, ...]:
    """The dial's bands (top first), else the fighter's own from the content."""
    listed = raw.get("bands")
    bands = tuple(b for b in map(as_int, listed if isinstance(listed, list) else ()) if 0 < b <= 20)[:6]
    known = content.FIGHTERS_BY_ID.get(fighter)
    return bands or (tuple(known.bands) if known else ())


def _player(index: int, raw: Mapping[str, Any]) -> Player:
    fighter = as_str(raw.get("fighter"))
    bands = _bands(raw, fighter)
    known = content.FIGHTERS_BY_ID.get(fighter)
    top = sum(bands)
    return Player(
        index=index,
        name=as_str(raw.get("name")) or f"Seat {index + 1}",
        fighter=fighter,
        fighter_name=as_str(raw.get("fighter_name")) or (known.name if known else ""),
        style=as_str(raw.get("style")) or (known.style if known else ""),
        bands=bands,
        at=as_str(raw.get("at")).upper() or None,
        health=min(max(0, as_int(raw.get("health"))), top),
        band=max(0, as_int(raw.get("band"))),
        stars=max(0, as_int(raw.get("stars"))),
        pad=tuple(_button(b) for b in as_mappings(raw.get("pad")))[:12],
        hand=max(0, as_int(raw.get("hand"))),
        deck=max(0, as_int(raw.get("deck"))),
        discard=max(0, as_int(raw.get("discard"))),
    )


def _grid(board: str, mode: str) -> tuple[str, Grid]:
    if board not in content.BOARDS_BY_ID:
        board = content.BOARD_BY_SIDE["minion_rush" if mode.startswith("rush") else "standard"].id
    return board, engine_board.grid(board)


def _waiting(value: Any, count: int) -> tuple[int, str] | None:
    raw = as_mapping(value) or {}
    seat = _seat(raw.get("seat"), count)
    return None if seat is None else (seat, as_str(raw.get("key")))


def read(view: View) -> Table:
    """Everything the images and alt text need, from a public or a seat's view."""
    players = tuple(_player(i, raw) for i, raw in enumerate(as_mappings(view.get("players"))[:8]))
    count = len(players)
    mode = as_str(view.get("mode"))
    board, grid = _grid(as_str(view.get("board")), mode)
    minions = tuple(
        Minion(
            letter=as_str(raw.get("letter"))[:1].upper() or "?",
            at=as_str(raw.get("at")).upper() or None,
            health=min(max(0, as_int(raw.get("health"), MINION_HEALTH)), MINION_HEALTH),
        )
        for raw in as_mappings(view.get("minions"))[:4]
    )
    achievements = tuple(
        Achievement(
            name=as_str(raw.get("name")) or "Achievement",
            text=as_str(raw.get("text")),
            claimed_by=_seats(raw.get("claimed_by"), count),
        )
        for raw in as_mappings(view.get("achievements"))[:4]
    )
    marked = tuple(label.upper() for label in _strings(view.get("marked")))
    table = Table(
        mode=mode,
        board=board,
        grid=grid,
        phase=as_str(view.get("phase")),
        turn=_seat(view.get("turn"), count),
        first=_seat(view.get("first"), count) or 0,
        rounds=max(0, as_int(view.get("rounds"))),
        players=players,
        minions=minions,
        offer=tuple(_button(raw) for raw in as_mappings(view.get("offer"))[:5]),
        button_deck=max(0, as_int(view.get("button_deck"))),
        button_discard=max(0, as_int(view.get("button_discard"))),
        deck_out=view.get("deck_out") is True,
        achievements=achievements,
        chain=tuple(_card(raw) for raw in as_mappings(view.get("chain"))),
        waiting=_waiting(view.get("waiting"), count),
        marked=tuple(label for label in dict.fromkeys(marked) if (h := hex_of(label)) and h in grid.kinds),
        log=tuple(line for line in _strings(view.get("log")) if line),
        over=as_str(view.get("over")),
        you=_seat(view.get("you"), count),
        hand=tuple(_card(raw) for raw in as_mappings(view.get("hand"))),
        launchable=_strings(view.get("launchable")),
    )
    # Setup turns every dial to its top: a fighter yet to enter shows its full health.
    waiting = tuple(
        replace(p, health=p.max_health, band=0) if p.chosen and p.health == 0 and not table.entered(p) else p
        for p in players
    )
    return replace(table, players=waiting) if waiting != players else table

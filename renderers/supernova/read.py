"""The facts of a Super Nova Smash! view, read defensively: a missing or malformed field reads as
empty, never as a crash (the renderer must draw whatever the bot hands it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from renderers.kit.views import View, as_index, as_int, as_mapping, as_mappings, as_str
from renderers.supernova.look import POWER_KINDS

PHASES = ("launch", "play", "quickdraw", "shockwave", "free", "scoring", "damage", "over")


@dataclass(frozen=True)
class Pile:
    """A Play Pile: its top (None when empty), cards, face-down paybacks, owners and screen."""

    index: int
    name: str
    owners: tuple[int, ...]
    top: int | None
    cards: int
    face_down: int
    damage: int
    go: bool
    named: bool
    top_down: bool


@dataclass(frozen=True)
class Player:
    """A seat as the table shows it."""

    index: int
    name: str
    go: bool
    hand: int
    draw: int
    out: int | None
    position: int
    power_ups: tuple[tuple[str, int], ...]
    damage: int | None
    solved: bool


@dataclass(frozen=True)
class Puzzle:
    """A seat's shockwave puzzle: its kind, prompt, what it shows, how far the seat got, and its
    buttons (in this seat's order)."""

    kind: str
    prompt: str
    shown: tuple[str, ...]
    progress: int
    buttons: tuple[str, ...]

    @property
    def done(self) -> tuple[str, ...]:
        """Press in order: the symbols already pressed."""
        return self.shown[: self.progress] if self.kind == "order" else ()

    @property
    def todo(self) -> tuple[str, ...]:
        """What is left: the symbols still to press (Press in order), else everything shown."""
        return self.shown[self.progress :] if self.kind == "order" else self.shown


@dataclass(frozen=True)
class Table:
    """The public facts of the table."""

    phase: str
    phase_label: str
    round: int
    showdown: bool
    shockwave: str
    solved: tuple[str, ...]
    piles: tuple[Pile, ...]
    players: tuple[Player, ...]
    finish: int
    stations: tuple[int, ...]
    log: str
    you: int | None = None
    hand: tuple[int, ...] = ()
    tokens: tuple[str, ...] = ()
    puzzle: Puzzle | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def go_players(self) -> list[Player]:
        return [player for player in self.players if player.go and player.out is None]


def _value(value: Any) -> int | None:
    number = as_index(value)
    return number if number is not None and 0 <= number <= 9 else None


def _pile(index: int, raw: Mapping[str, Any], names: list[str]) -> Pile:
    owners = tuple(
        o
        for o in (as_index(x) for x in raw.get("owners") or () if isinstance(raw.get("owners"), list))
        if o is not None and o >= 0
    )
    cards = max(0, as_int(raw.get("cards")))
    name = as_str(raw.get("name")) or (
        " & ".join(names[o] for o in owners if o < len(names)) + "'s pile" if owners else f"Pile {index + 1}"
    )
    return Pile(
        index=index,
        name=name,
        owners=owners,
        top=_value(raw.get("top")) if cards or raw.get("cards") is None else None,
        cards=cards,
        face_down=max(0, as_int(raw.get("face_down"))),
        damage=max(0, as_int(raw.get("damage"))),
        go=raw.get("go") is True,
        named=raw.get("named") is True,
        top_down=raw.get("top_down") is True,
    )


def _power_ups(value: Any) -> tuple[tuple[str, int], ...]:
    held = as_mapping(value) or {}
    known = [(kind, as_int(held.get(kind))) for kind in POWER_KINDS]
    other = [(str(k), as_int(v)) for k, v in held.items() if k not in POWER_KINDS]
    return tuple((kind, count) for kind, count in known + other if count > 0)


def _player(index: int, raw: Mapping[str, Any]) -> Player:
    out = as_index(raw.get("out"))
    damage = raw.get("damage")
    return Player(
        index=index,
        name=as_str(raw.get("name")) or f"Seat {index + 1}",
        go=as_str(raw.get("screen")).upper().startswith("GO"),
        hand=max(0, as_int(raw.get("hand_size"))),
        draw=max(0, as_int(raw.get("draw_size"))),
        out=out if out is not None and out > 0 else None,
        position=max(0, as_int(raw.get("position"))),
        power_ups=_power_ups(raw.get("power_ups")),
        damage=as_index(damage),
        solved=raw.get("shockwave_done") is True,
    )


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(str(item) for item in value) if isinstance(value, list) else ()


def _puzzle(raw: Mapping[str, Any]) -> Puzzle:
    shown = _strings(raw.get("shown"))
    return Puzzle(
        kind=as_str(raw.get("kind")),
        prompt=as_str(raw.get("prompt")),
        shown=shown,
        progress=min(max(0, as_int(raw.get("progress"))), len(shown)),
        buttons=_strings(raw.get("buttons")),
    )


def read(view: View) -> Table:
    """Everything the images and alt text need, from a public or a seat's view."""
    players = tuple(_player(i, raw) for i, raw in enumerate(as_mappings(view.get("seats"))))
    names = [player.name for player in players]
    piles = tuple(_pile(i, raw, names) for i, raw in enumerate(as_mappings(view.get("piles"))))
    board = as_mapping(view.get("board")) or {}
    finish = as_int(board.get("finish"), 24)
    finish = finish if 4 <= finish <= 60 else 24
    stations_raw = board.get("repair_stations")
    stations = tuple(
        s
        for s in (as_index(x) for x in (stations_raw if isinstance(stations_raw, list) else ()))
        if s is not None and 0 < s < finish
    )
    log = view.get("log")
    lines = [as_str(line) for line in log] if isinstance(log, list) else [as_str(log)]
    lines = [line for line in lines if line]
    phase = as_str(view.get("phase"))
    puzzle_raw = as_mapping(view.get("puzzle"))
    puzzle = _puzzle(puzzle_raw) if puzzle_raw is not None else None
    hand = view.get("hand")
    you = as_index(view.get("you"))
    return Table(
        phase=phase if phase in PHASES else "",
        phase_label=as_str(view.get("phase_label")),
        round=max(0, as_int(view.get("round"))),
        showdown=view.get("showdown") is True,
        shockwave=as_str(view.get("shockwave")),
        solved=_strings(view.get("shockwave_finished")),
        piles=piles,
        players=players,
        finish=finish,
        stations=stations,
        log=lines[-1] if lines else "",
        you=you if you is not None and 0 <= you < len(players) else None,
        hand=tuple(v for v in (_value(x) for x in (hand if isinstance(hand, list) else ())) if v is not None),
        tokens=_strings(view.get("tokens")),
        puzzle=puzzle,
    )

"""Pieces on the board: where fighters and minions stand, what blocks, and health dials."""

from __future__ import annotations

from functools import cache

from engines.punchfighter import content
from engines.punchfighter.hexes import Grid, Hex, parse_label
from engines.punchfighter.state import MINION_HEALTH, PunchState


@cache
def grid(board_id: str) -> Grid:
    """The geometry of a board side (built once)."""
    return Grid.from_board(content.BOARDS_BY_ID[board_id])


def grid_of(state: PunchState) -> Grid:
    return grid(state.board)


def pieces(state: PunchState) -> dict[str, str]:
    """Hex label -> the piece standing there (`f<seat>` or `m<letter>`)."""
    here = {player.at: f"f{seat}" for seat, player in enumerate(state.players) if player.at is not None}
    here.update({minion.at: f"m{minion.letter}" for minion in state.minions if minion.at is not None})
    return here


def where(state: PunchState, piece: str) -> str | None:
    """The hex a piece stands on (None: off the board)."""
    if piece.startswith("f"):
        return state.players[int(piece[1:])].at
    return next((m.at for m in state.minions if m.letter == piece[1:]), None)


def place(state: PunchState, piece: str, label: str | None) -> None:
    """Stand a piece on a hex (None: take it off the board)."""
    if piece.startswith("f"):
        state.players[int(piece[1:])].at = label
        return
    for minion in state.minions:
        if minion.letter == piece[1:]:
            minion.at = label


def hex_of(state: PunchState, piece: str) -> Hex | None:
    label = where(state, piece)
    return None if label is None else parse_label(label)


def blockers(state: PunchState, *, besides: str = "") -> set[Hex]:
    """Hexes holding a piece other than `besides`."""
    return {parse_label(label) for label, piece in pieces(state).items() if piece != besides}


def owner(piece: str) -> int | None:
    """The seat controlling a piece (None for a minion)."""
    return int(piece[1:]) if piece.startswith("f") else None


def piece_name(state: PunchState, piece: str) -> str:
    """A piece as the log names it: the fighter's name, or "the A minion"."""
    seat = owner(piece)
    if seat is None:
        return f"the {piece[1:]} minion"
    fighter = state.players[seat].fighter
    return content.FIGHTERS_BY_ID[fighter].name if fighter else state.names[seat]


def piece_title(state: PunchState, piece: str) -> str:
    """A piece's name to begin a sentence with: "The A minion"."""
    name = piece_name(state, piece)
    return name[:1].upper() + name[1:] if piece.startswith("m") else name


def max_health(fighter: str) -> int:
    return sum(content.FIGHTERS_BY_ID[fighter].bands)


def band(fighter: str, health: int) -> int:
    """The colour band the dial shows at `health`: 0 the top band, len(bands) the skull."""
    if health <= 0:
        return len(content.FIGHTERS_BY_ID[fighter].bands)
    lost = max_health(fighter) - health
    for index, size in enumerate(content.FIGHTERS_BY_ID[fighter].bands):
        if lost < size:
            return index
        lost -= size
    return len(content.FIGHTERS_BY_ID[fighter].bands) - 1


def health_of(state: PunchState, piece: str) -> int:
    """Health left: a fighter's dial, or a minion's 4 less its damage."""
    seat = owner(piece)
    if seat is not None:
        return state.players[seat].health
    minion = next(m for m in state.minions if m.letter == piece[1:])
    return MINION_HEALTH - minion.damage

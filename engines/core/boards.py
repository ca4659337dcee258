"""High-score boards, named the same way in every game: "mode", "mode.variant" (a variant the game
keeps apart, GameMeta.high_score_variants) and either with ".house" when a house rule that changes
the difficulty was on (engines.core.house_rules)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.core.house_rules import HOUSE_BOARD, HOUSE_BOARD_LABEL, changes_difficulty, house_board_modes
from engines.core.types import GameMeta


def board_of(meta: GameMeta, mode: str, variant: str, options: Mapping[str, str]) -> str:
    """The board a finished high-score game of this mode goes to (`variant`: Outcome.board)."""
    parts = [mode, variant] if variant else [mode]
    if changes_difficulty(meta, mode, options):
        parts.append(HOUSE_BOARD)
    return ".".join(parts)


def is_board(meta: GameMeta, board: str) -> bool:
    """Whether `board` names a high-score board of the game (its mode is checked by the caller)."""
    mode, _, rest = board.partition(".")
    parts = rest.split(".") if rest else []
    if parts and parts[-1] == HOUSE_BOARD:
        if mode not in house_board_modes(meta):
            return False
        parts.pop()
    return len(parts) <= 1 and all(part in dict(meta.high_score_variants) for part in parts)


def board_label(meta: GameMeta, board: str) -> str:
    """How a board is named, e.g. "Solo · Infinite Mode" or "Co-op · House rules"."""
    mode, _, rest = board.partition(".")
    names = {**dict(meta.high_score_variants), HOUSE_BOARD: HOUSE_BOARD_LABEL}
    return " · ".join([meta.mode(mode).label, *(names[part] for part in rest.split(".") if part)])


def high_score_boards(meta: GameMeta) -> list[str]:
    """Every high-score board of a game: each mode, its variants, and their house-rules boards."""
    boards = []
    for mode in meta.high_score_modes:
        mine = [mode, *(f"{mode}.{variant}" for variant, _ in meta.high_score_variants)]
        boards += mine
        if mode in house_board_modes(meta):
            boards += [f"{board}.{HOUSE_BOARD}" for board in mine]
    return boards

"""Achievements: which face-up ones a player has met at the end of a turn (rulebook, Claiming
Achievements). Each condition reads the turn's statistics or the table as the turn ends."""

from __future__ import annotations

from engines.punchfighter import board, content
from engines.punchfighter.hexes import parse_label
from engines.punchfighter.state import PunchState


def measure(state: PunchState, seat: int, check: str) -> int:
    """The value of an achievement's check for a seat now."""
    player = state.players[seat]
    stats = player.stats
    if check == "targets":
        return len(stats.targets)
    if check == "pad":
        return len(player.pad)
    if check == "hand":
        return len(player.hand)
    if check == "red_space":
        return int(player.at is not None and board.grid_of(state).kind(parse_label(player.at)) == "red")
    value = getattr(stats, check)
    assert isinstance(value, int)
    return value


def reached(state: PunchState, seat: int) -> list[str]:
    """Face-up achievements the seat met and has not claimed yet."""
    player = state.players[seat]
    return [
        achievement
        for achievement in state.achievements
        if achievement not in player.claimed
        and measure(state, seat, content.ACHIEVEMENTS_BY_ID[achievement].check)
        >= content.ACHIEVEMENTS_BY_ID[achievement].at_least
    ]

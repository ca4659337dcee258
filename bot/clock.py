"""The bot's wall clock (epoch seconds).

Read through discord.utils.utcnow so that offline test harnesses that virtualise
Discord time (SimCord) drive game timers too. Engines never read it: it is injected.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

Clock = Callable[[], float]


def wall_clock() -> float:
    """Seconds since the epoch, now."""
    return discord.utils.utcnow().timestamp()


def format_seconds(seconds: float) -> str:
    """A duration as a short human string (30 s, 10 min, 2 h)."""
    if seconds < 60:
        return f"{seconds:g} s"
    if seconds < 3600:
        return f"{seconds / 60:g} min"
    return f"{seconds / 3600:g} h"

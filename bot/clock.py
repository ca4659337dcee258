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

"""Time in the sandbox: SimCord's clock follows the real one, and only the sandbox moves it.

SimCord runs the bot on its own clock: message ids and timestamps, and the bot's clock
(`discord.utils.utcnow`, read by `bot.clock.wall_clock`), all read it. A page action ends when the
bot has finished what the action caused ("settled"), and work waiting on SimCord's clock counts as
finished. So the bot's game deadlines (the scheduler's one sleeping task) are declared as waits on
that clock, and the sandbox moves the clock to the real time every `PULSE` seconds: deadlines fire
on time, timestamps are the real time, and a click on a live table never waits for the table to go
quiet (a real-time race never does).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable
from typing import Any

import simcord

from bot import SuperTableBot

log = logging.getLogger(__name__)
PULSE = 0.1  # seconds between moves of SimCord's clock: how late a deadline may fire at most


def on_simcord_time(bot: SuperTableBot, env: simcord.Env) -> None:
    """Make the bot's game deadlines wait on SimCord's clock (call once the bot has started)."""

    def wait_on_simcord_clock(waiting: Awaitable[Any]) -> Awaitable[Any]:
        return env.external_wait(waiting, reason="game deadlines on the sandbox's clock")

    bot.service.scheduler.wait_hook = wait_on_simcord_clock


async def catch_up(env: simcord.Env) -> None:
    """Move SimCord's clock to the real time, running every deadline and timer due on the way.

    The caller holds the sandbox's gate: nothing else drives the simulation meanwhile.
    """
    behind = time.time() - env.now().timestamp()
    if behind <= 0:
        return
    try:
        await env.advance_time(behind)
    except TimeoutError:
        log.warning("the bot took longer than its settle timeout over a timer; it carries on")

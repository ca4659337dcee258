"""Running the bot until it stops: one clear line for each failure, and new tries with growing
pauses while Discord cannot be reached (no network, DNS, a proxy, Discord having trouble)."""

from __future__ import annotations

import signal
import socket
import sys
import time
from types import FrameType

import aiohttp
import discord

from bot.app import create_bot
from bot.settings import Settings

RETRY_DELAYS = (5.0, 10.0, 30.0, 60.0)  # seconds before each new try; the last one repeats
NETWORK_ERRORS = (
    aiohttp.ClientConnectionError,
    socket.gaierror,
    ConnectionError,
    TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)
"""Failures on the way to Discord that may pass by themselves. Other OSErrors (a database folder
that cannot be written, a full disk) are this machine's and are not retried."""
STOPPED = 130  # the exit status of a run stopped (Ctrl+C or SIGTERM) between two tries


def network_problem(exc: BaseException) -> str:
    """What failed while reaching Discord, and what to check."""
    if isinstance(exc, discord.DiscordServerError):
        return f"Discord answered with a server error ({exc.status}): it is having trouble, not you"
    if isinstance(exc, discord.GatewayNotFound):
        return "Discord's gateway could not be found: Discord may be having trouble"
    detail = str(exc) or type(exc).__name__
    return (
        f"cannot reach Discord ({detail}): check this machine's internet connection, DNS, "
        "proxy and firewall (discord.com must be reachable on port 443)"
    )


def say(line: str) -> None:
    """One line on stderr, marked as ours."""
    print(f"supertable: {line}", file=sys.stderr, flush=True)


def interrupt_on_sigterm() -> None:
    """Make SIGTERM (what `docker stop`, compose and systemd send) stop the bot exactly as Ctrl+C
    does: the bot's tables are handed over, its `processes` row removed, storage and the render
    pool closed. Without this, SIGTERM kills the process at once (or, as a container's process 1,
    is ignored until Docker kills it)."""

    def as_interrupt(_signum: int, _frame: FrameType | None) -> None:
        signal.raise_signal(signal.SIGINT)  # whatever handles Ctrl+C now (asyncio's runner) handles it

    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        # Started with Ctrl+C ignored (a script's background job, some launchers): asyncio's runner
        # would leave SIGINT alone, and SIGTERM would then do nothing at all.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, as_interrupt)


def run_until_stopped(settings: Settings, token: str) -> int:
    """Run the bot; a network failure is told in one line and retried after RETRY_DELAYS. Returns
    the exit status: 0 when the bot closed (Ctrl+C and SIGTERM close it cleanly), 2 when Discord
    refuses the configuration, 130 when stopped while waiting to try again."""
    interrupt_on_sigterm()
    failures = 0
    while True:
        try:
            create_bot(settings).run(token, log_handler=None)
            return 0
        except discord.LoginFailure:
            say("Discord refused DISCORD_TOKEN; reset it on the Bot page and try again.")
            return 2
        except discord.PrivilegedIntentsRequired:
            say("Discord asked for privileged intents; SuperTable needs none.")
            return 2
        except NETWORK_ERRORS as exc:
            delay = RETRY_DELAYS[min(failures, len(RETRY_DELAYS) - 1)]
            failures += 1
            say(f"{network_problem(exc)}. Trying again in {delay:g} s (Ctrl+C to stop).")
        except OSError as exc:
            where = f" ({exc.filename})" if exc.filename else ""
            say(f"this machine refused: {exc.strerror or exc}{where}. Check the path and its permissions.")
            return 1
        try:
            time.sleep(delay)
        except KeyboardInterrupt:
            return STOPPED

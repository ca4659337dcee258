"""`python -m bot sandbox`: play SuperTable in a browser, offline, without a Discord token."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import logging
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace

from dotenv import dotenv_values

from bot.logs import setup_logging
from bot.settings import Settings, SettingsError
from sandbox.home import SandboxBusy, database_file

SANDBOX_DATABASE_URL = "sqlite:///data/sandbox.db"
# SimCord and what its preview page needs at run time (simcord[preview]).
RUNTIME_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex", "PIL")
INSTALL_HINT = (
    "supertable: the sandbox needs SimCord's browser preview, which is not installed; "
    'install it with: pip install -e ".[sandbox]"'
)


def missing_runtime() -> list[str]:
    """The modules of simcord[preview] that cannot be imported."""
    return [name for name in RUNTIME_MODULES if importlib.util.find_spec(name) is None]


def sandbox_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """The bot's settings from the environment, with the sandbox's own database and no Discord.

    The database is SANDBOX_DATABASE_URL (default `sqlite:///data/sandbox.db`), never DATABASE_URL:
    that one names the real bot's games (the Docker image sets it), and the simulated server must
    not be written into them. Token, command sync and sharding do not apply offline, and neither do
    Discord's rate limits: tables and consoles are redrawn at every change, without the cool-downs
    (TABLE_EDIT_INTERVAL, CONSOLE_EDIT_INTERVAL) that a page action would otherwise wait out.
    """
    values = (
        dict(environ)
        if environ is not None
        else {
            **{k: v for k, v in dotenv_values(".env").items() if v is not None},
            **os.environ,
        }
    )
    return replace(
        Settings.from_env(environ),
        token=None,
        database_url=values.get("SANDBOX_DATABASE_URL") or SANDBOX_DATABASE_URL,
        sync_guild_id=None,
        shard_count=None,
        shard_ids=None,
        table_edit_interval=0.0,
        console_edit_interval=0.0,
        render_workers=0,  # SimCord runs executor work in wrappers of its own: threads, not processes
        dms=False,  # the preview shows #games only: turns come as pings there, never to unseen DMs
    )


def database_label(url: str) -> str:
    """Where the games are kept, for people: the file's path when it is a SQLite file."""
    path = database_file(url)
    return url if path is None else str(path.resolve())


def banner(urls: Mapping[str, str], database: str, moved: Sequence[str] = ()) -> str:
    """What the sandbox prints once it is up (`moved`: members whose usual port was taken)."""
    width = max(len(name) for name in urls)
    lines = [
        'SuperTable sandbox: the real bot in a simulated Discord server, "SuperTable Sandbox".',
        "Open a member's page in your browser; use one tab per member to play together:",
        "",
        *(f"  {name:<{width}}  {url}" for name, url in urls.items()),
        "",
        "These links stay the same each time you start the sandbox (bookmark yours).",
        *(
            [
                f"Another program uses the usual port of {', '.join(moved)}, so that link is different "
                "this time; the usual one comes back once that port is free."
            ]
            if moved
            else []
        ),
        "In #games, type /play (e.g. /play game:superhot mode:solo), then use the buttons.",
        "Tables open in #games itself here (on a real server each gets its own thread).",
        f"Games are saved in {database} and carry on when you start the sandbox again.",
        "The pages only listen on 127.0.0.1; each link lets whoever has it play as that member.",
        "Stop with Ctrl+C.",
    ]
    return "\n".join(lines)


async def serve(settings: Settings, port: int) -> None:
    """Run the sandbox until Ctrl+C, SIGTERM, or the session is ended from a page."""
    from sandbox.runner import Sandbox  # imports simcord: only once the runtime is known to be there

    sandbox = Sandbox(settings, port=port)
    await sandbox.start()
    try:
        print(banner(sandbox.urls, database_label(settings.database_url), sandbox.moved), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C raises KeyboardInterrupt
                loop.add_signal_handler(sig, stop.set)
        stopped = asyncio.create_task(stop.wait())
        closed = asyncio.create_task(sandbox.wait_closed())
        done, waiting = await asyncio.wait({stopped, closed}, return_when=asyncio.FIRST_COMPLETED)
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)
        if closed in done:
            print("The preview session was ended from a page.", flush=True)
    finally:
        print("Stopping the sandbox...", flush=True)
        await sandbox.stop()
        print("Stopped. Your games are saved.", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `python -m bot sandbox`; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot sandbox",
        description="Play SuperTable in your browser: the real bot in a simulated Discord, offline.",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=0,
        help="serve the four member pages on this port and the next three "
        "(default: the ports of the last run, kept beside the database; 8765 to 8768 the first time)",
    )
    args = parser.parse_args(argv)
    if missing_runtime():
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    try:
        settings = sandbox_settings()
    except SettingsError as exc:
        print(f"supertable: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    if settings.log_level != "DEBUG":
        # discord.py's start-up chatter (voice support, intents under simulation) is noise here.
        logging.getLogger("discord").setLevel(logging.ERROR)
    try:
        asyncio.run(serve(settings, args.port))
    except KeyboardInterrupt:
        pass
    except SandboxBusy as exc:
        print(f"supertable: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"supertable: the sandbox could not open its pages: {exc}", file=sys.stderr)
        return 1
    return 0

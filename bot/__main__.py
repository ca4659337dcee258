"""`python -m bot [command]`: run SuperTable with the token from DISCORD_TOKEN, or a command.

`python -m bot sandbox` runs the sandbox instead (the `sandbox` package, imported only then);
`python -m bot migrate --to postgresql://...` copies a SQLite install into PostgreSQL;
`python -m bot replay FILE` replays a game file from /game export offline.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bot.app import tune_interpreter
from bot.launch import run_until_stopped, say
from bot.logs import setup_logging
from bot.settings import ENVIRONMENT, Settings, SettingsError

COMMANDS = {
    "sandbox": "play with the bot offline, in your browser: no Discord account or token needed",
    "migrate": "copy a SQLite install into an empty PostgreSQL database (`--to postgresql://...`)",
    "replay": "replay a game file from /game export offline: the result and the final table image",
}
EPILOG = "\n".join(
    [
        "commands:",
        *(f"  {name:<10}{what} (`python -m bot {name} --help`)" for name, what in COMMANDS.items()),
        "",
        "Without a command the bot connects to Discord with DISCORD_TOKEN. A network failure is retried",
        "with growing pauses; Ctrl+C stops.",
        "",
        "settings (environment variables or a .env file; the README says what each one does):",
        *(f"  {name:<23}{default}" for name, default in ENVIRONMENT.items()),
    ]
)


def parser() -> argparse.ArgumentParser:
    """The command line of `python -m bot`."""
    found = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run SuperTable, the Discord bot for tabletop card games.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    found.add_argument(
        "command", nargs="?", metavar="command", help="sandbox, migrate, replay, or nothing to run the bot"
    )
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bot (or a command); problems print one line and exit non-zero."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["sandbox"]:
        from sandbox.cli import main as sandbox  # lazily: the real run never imports simcord

        return sandbox(args[1:])
    if args[:1] == ["migrate"]:
        from bot.storage.transfer import main as migrate  # lazily: only this command needs it

        return migrate(args[1:], say)
    if args[:1] == ["replay"]:
        from bot.replay_cli import main as replay  # lazily: only this command draws tables

        return replay(args[1:], say)
    command_line = parser()
    command = command_line.parse_args(args).command
    if command is not None:
        known = ", ".join(f"`{name}` ({what})" for name, what in COMMANDS.items())
        command_line.error(f"unknown command {command!r}. The commands are: {known}.")
    try:
        settings = Settings.from_env()
        token = settings.require_token()
    except SettingsError as exc:
        say(str(exc))
        return 2
    setup_logging(settings.log_level, token)
    tune_interpreter()
    return run_until_stopped(settings, token)


if __name__ == "__main__":
    sys.exit(main())

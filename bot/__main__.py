"""`python -m bot`: run SuperTable with the token from DISCORD_TOKEN.

`python -m bot sandbox` runs the offline sandbox instead (the `sandbox` package, imported only then).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import discord

from bot.app import create_bot, tune_interpreter
from bot.logs import setup_logging
from bot.settings import Settings, SettingsError


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bot; configuration problems print one line and exit non-zero."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["sandbox"]:
        from sandbox.cli import main as sandbox  # lazily: the real run never imports simcord

        return sandbox(args[1:])
    try:
        settings = Settings.from_env()
        token = settings.require_token()
    except SettingsError as exc:
        print(f"supertable: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level, token)
    tune_interpreter()
    bot = create_bot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "supertable: Discord refused DISCORD_TOKEN; reset it on the Bot page and try again.",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print("supertable: Discord asked for privileged intents; SuperTable needs none.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

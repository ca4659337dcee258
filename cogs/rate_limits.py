"""Per-member rate limits of the commands that draw a lot (/replay, /leaderboard), built on
discord.py's app_commands.Cooldown: a token bucket per member, spent only when the drawing is
about to start (a mistyped game id costs nothing), and a clear reply saying when to come back."""

from __future__ import annotations

import math

from discord import app_commands

from bot.clock import format_seconds
from bot.errors import UserError
from engines.core.words import counted

FORGET_AFTER = 1_000  # members remembered before those whose bucket has refilled are forgotten


class MemberRate:
    """At most `rate` uses of `/command` per `per` seconds for each member."""

    def __init__(self, command: str, rate: int, per: float) -> None:
        self.command, self.rate, self.per = command, rate, per
        self._buckets: dict[int, app_commands.Cooldown] = {}

    def spend(self, user_id: int) -> None:
        """Count one use by this member, or UserError saying when they may use the command again."""
        if len(self._buckets) >= FORGET_AFTER:
            self._buckets = {
                user: bucket for user, bucket in self._buckets.items() if bucket.get_tokens() < bucket.rate
            }
        bucket = self._buckets.setdefault(user_id, app_commands.Cooldown(self.rate, self.per))
        retry_after = bucket.update_rate_limit()
        if retry_after:
            raise UserError(
                f"⏳ /{self.command} takes a while to draw, so each member may use it "
                f"{counted(self.rate, 'time')} every {format_seconds(self.per)}: "
                f"try again in {math.ceil(retry_after)} s."
            )

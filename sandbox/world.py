"""The simulated server: its members, its #games channel, and ids that stay the same run after run."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import discord
import simcord

GUILD_NAME = "SuperTable Sandbox"
CHANNEL_NAME = "games"
CHANNEL_TOPIC = "Type /play to open a table. In the sandbox, tables live in this channel."
BOT_NAME = "SuperTable"
MEMBER_NAMES = ("You", "Ana", "Ben", "Cleo")


@dataclass(frozen=True)
class World:
    """What the sandbox built: the server, its one channel and its members (in MEMBER_NAMES order)."""

    guild: simcord.GuildHandle
    games: simcord.ChannelHandle
    members: dict[str, simcord.MemberActor]


def build_world(env: simcord.Env) -> World:
    """The server, built before the bot connects.

    SimCord hands out ids from its own clock, which starts at the same instant in every run, so
    building the same things in the same order gives the same ids. Games are stored under their
    guild and channel ids, so the games of an earlier run are found again in #games.

    The bot may not create threads in #games: SimCord's preview shows one channel, so tables live
    in the channel itself (the bot's own fallback when it may not make a thread), one at a time.
    """
    env.backend.edit_bot_profile(BOT_NAME)
    guild = env.create_guild(GUILD_NAME)
    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    games = guild.create_text_channel(
        CHANNEL_NAME, overwrites={guild.default_role: no_threads}, topic=CHANNEL_TOPIC
    )
    members = {
        name: guild.add_member(env.create_user(name.lower(), global_name=name)) for name in MEMBER_NAMES
    }
    return World(guild, games, members)


def catch_up_clock(env: simcord.Env, now: datetime | None = None) -> None:
    """Move the simulated clock to the real time; call it after build_world, before the bot starts.

    Ids made from then on (messages, interactions) are later than any id of an earlier run, so a
    message id saved by an earlier run never names a message of this one, and deadlines saved as
    epoch seconds keep meaning the same instant.
    """
    behind = ((now or datetime.now(UTC)) - env.now()).total_seconds()
    if behind > 0:
        env.backend.advance_clock(behind)

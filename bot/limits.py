"""How many lobbies and tables may be open at once: per member (the host) and per server.

Each open lobby holds a thread, a message and a 24-hour timer, so one member must not be able to
open dozens in seconds. A server's managers change both limits with `/server settings`.
"""

from __future__ import annotations

from bot.errors import UserError
from bot.storage import Storage
from engines.core.words import counted

MEMBER_TABLES = 3  # a host starts or cancels one table before opening a fourth
SERVER_TABLES = 50  # a busy server's evening: ten tables is a lot, fifty leaves plenty of room
MAX_MEMBER_TABLES = 20
MAX_SERVER_TABLES = 500


async def check_room(storage: Storage, guild_id: int | None, host_id: int) -> None:
    """UserError when this member, or the server, already has as many open tables as allowed."""
    if guild_id is None:
        return
    settings = await storage.guild_settings(guild_id)
    hosted, everyone = await storage.open_tables(guild_id, host_id)
    member_cap = settings.member_tables or MEMBER_TABLES
    server_cap = settings.server_tables or SERVER_TABLES
    if hosted >= member_cap:
        raise UserError(
            f"You already host {counted(hosted, 'open table')} in this server, the most allowed here. "
            "Start one, or cancel one you no longer need (`/game cancel` in its thread), then open another."
        )
    if everyone >= server_cap:
        raise UserError(
            f"This server already has {counted(everyone, 'open table')}, the most it allows. Join one "
            "of them, or wait for one to finish; a manager can raise the limit with `/server settings`."
        )

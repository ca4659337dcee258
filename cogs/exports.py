"""`/game export`: a game as a JSON file (docs/export.md), for study, bug reports and sharing."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.errors import UserError
from bot.export import MAX_FILE, GameExport, encode_export, finished_export, running_export
from cogs.replies import can_see_channel

if TYPE_CHECKING:
    from bot.app import SuperTableBot


async def game_export(bot: SuperTableBot, interaction: discord.Interaction, table_id: int) -> GameExport:
    """The export of game `table_id` as the asking member may have it: a finished game whole, a
    running one as they see it now (their own hand if they play). Games of other servers, or of a
    channel hidden from the asker, are only for their players."""
    service = bot.service
    user_id = interaction.user.id
    record = await service.storage.load_table(table_id)
    played = record is not None and any(seat.user_id == user_id for seat in record.seats)
    if record is None or not (
        played
        or (record.guild_id == interaction.guild_id and can_see_channel(interaction, record.channel_id))
    ):
        raise UserError(f"There is no game #{table_id} here.")
    if record.status == "finished" and record.state is not None:
        engine = service.registry.get(record.game)
        if engine is None:
            raise UserError(f"Game #{table_id} is a game this bot no longer has.")
        result = await service.storage.result(table_id)
        actions = await service.storage.actions(table_id)
        return finished_export(engine, record, actions, result.summary if result else "")
    if record.status != "active":
        raise UserError(f"Game #{table_id} never started or was cancelled: there is nothing to export.")
    live = await service.get(table_id)
    return running_export(live.engine, live.record, live.state, live.seat_of(user_id), live.runtime.log)


def export_file(export: GameExport) -> discord.File:
    """The export as an attachment, under Discord's upload limit."""
    data = encode_export(export)
    if len(data) > MAX_FILE:
        raise UserError("This game is too long to fit in one Discord upload.")
    what = (
        "finished, with its seed and every move"
        if export.status == "finished"
        else "running: what you may see"
    )
    return discord.File(
        io.BytesIO(data),
        filename=f"supertable-game-{export.table_id}.json",
        description=f"Game #{export.table_id}, {export.title} ({export.mode}), {what}",
    )


def export_text(export: GameExport) -> str:
    """The words sent with the file."""
    if export.status == "finished":
        return (
            f"📦 Game #{export.table_id} ({export.title}) as a file. Replay it offline with "
            "`python -m bot replay FILE`."
        )
    return (
        f"📦 Game #{export.table_id} ({export.title}) is still running: this file holds only what you "
        "may see now (no seed, no moves). Export it again once it ends for the whole game."
    )

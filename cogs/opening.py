"""Opening a table: a thread for it when the bot may, the lobby message, rematches."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

import discord

from bot.errors import UserError
from bot.limits import check_room
from bot.live import LiveTable
from bot.runtime import table_options
from bot.user_text import clean_name
from cogs import ui
from cogs.replies import tell

if TYPE_CHECKING:
    from bot.app import SuperTableBot

log = logging.getLogger(__name__)
THREAD_AUTO_ARCHIVE_MINUTES: Literal[10080] = 10080
"""A week: longer than a lobby lives (24 h) or a turn lasts, so Discord rarely archives a table's thread
under it; when it does, the presenter reopens the thread to edit the table."""


async def open_table(
    bot: SuperTableBot,
    interaction: discord.Interaction,
    *,
    game: str,
    mode: str,
    options: Mapping[str, str],
    turn_timer: float | None,
) -> LiveTable:
    """Validate, make a thread (or use the channel), open the lobby and post its message."""
    channel = interaction.channel
    if interaction.guild is None or not isinstance(channel, (discord.TextChannel, discord.Thread)):
        raise UserError("Tables open in a server text channel or thread. Try again there.")
    service = bot.service
    engine = service.validate_new(game, mode, options, turn_timer)
    place_is_thread = isinstance(channel, discord.Thread)
    if await service.storage.live_in(channel.id) is not None:
        raise UserError("A game is already running here. Finish or cancel it first (`/game cancel`).")
    await check_room(service.storage, interaction.guild.id, interaction.user.id)  # before making a thread
    thread, no_thread = (
        (channel, "")
        if isinstance(channel, discord.Thread)
        else await _make_thread(channel, engine.meta.title, interaction.user)
    )
    try:
        live = await service.create_lobby(
            guild_id=interaction.guild.id,
            channel_id=channel.parent_id
            if place_is_thread and isinstance(channel, discord.Thread)
            else channel.id,
            thread_id=thread.id if thread is not None else None,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            game=game,
            mode=mode,
            options=options,
            turn_timer=turn_timer,
        )
    except UserError:
        if thread is not None and thread is not channel:  # another /play took the last place meanwhile
            with contextlib.suppress(discord.HTTPException):
                await thread.delete()
        raise
    place = thread or channel
    try:
        message = await place.send(view=ui.lobby_view(live), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        await service.cancel(live.id, interaction.user.id, can_manage=True)
        raise UserError(
            "I could not post the table here. Check that I may View Channel, Send Messages "
            "(and Send Messages in Threads) in this channel."
        ) from None
    await service.set_message(live.id, message.id)
    where = f"in {thread.mention}" if thread is not None and not place_is_thread else "here"
    note = f"\n-# {no_thread}" if no_thread else ""
    await tell(interaction, f"🎲 {engine.meta.title} table opened {where}.{note}")
    return live


async def _make_thread(
    channel: discord.TextChannel, title: str, host: discord.User | discord.Member
) -> tuple[discord.Thread | None, str]:
    """A public thread for the table; or None and why the table stays in the channel."""
    me = channel.guild.me
    perms = channel.permissions_for(me)
    if not (perms.create_public_threads and perms.send_messages_in_threads):
        return None, "Tables stay in this channel: I may not create threads here."
    try:
        thread = await channel.create_thread(
            name=f"{title} · {clean_name(host.display_name)}"[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_AUTO_ARCHIVE_MINUTES,
        )
    except discord.HTTPException as exc:
        log.info("thread creation refused in %s: %s", channel.id, exc)
        return None, "This table stays in the channel: Discord did not open a thread for it."
    return thread, ""


async def open_rematch(bot: SuperTableBot, interaction: discord.Interaction, table_id: int) -> None:
    """A new lobby with the same game, mode, options, timer and AI seats, in the same place."""
    old = await bot.service.get(table_id)
    record = old.record
    if record.status != "finished":
        raise UserError("A rematch can start once this game is over.")
    if old.seat_of(interaction.user.id) is None:
        raise UserError("Only players of this game can call a rematch; start your own with /play.")
    if await bot.service.storage.live_in(record.place_id) is not None:
        raise UserError("A new table is already open here.")
    place = bot.get_partial_messageable(record.place_id, guild_id=record.guild_id)
    live = await bot.service.create_lobby(
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        thread_id=record.thread_id,
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
        game=record.game,
        mode=record.mode,
        options=table_options(record.options),
        turn_timer=record.turn_timer,
    )
    for _ in (s for s in record.seats if s.is_ai):
        live = await bot.service.add_ai(live.id, interaction.user.id)
    own_deck = old.runtime.decks.get(interaction.user.id)
    if own_deck is not None:  # the host plays their deck again; others bring theirs when they join
        live = await bot.service.bring_deck(live.id, interaction.user.id, own_deck.name, own_deck.cards)
    message = await place.send(view=ui.lobby_view(live), allowed_mentions=discord.AllowedMentions.none())
    await bot.service.set_message(live.id, message.id)
    players = " ".join(
        f"<@{s.user_id}>" for s in record.seats if s.user_id and s.user_id != interaction.user.id
    )
    decks = any(user != interaction.user.id for user in old.runtime.decks)
    await place.send(
        f"🔁 Rematch! {players} press **Join** to play again."
        + ("\n-# Bringing your own deck again? Join, then use `/deck use`." if decks else ""),
        allowed_mentions=discord.AllowedMentions(users=True),
    )
    await tell(interaction, "Rematch lobby opened.")

"""Answering interactions: acknowledged before any slow work, every error a polite ephemeral message.

Discord drops an interaction that is not acknowledged within 3 seconds, whatever the database or
the render pool is doing. So handlers acknowledge first (`acknowledge`, or `guarded(..., ack=...)`)
and only then read storage, take table locks or draw. The reply then fills the deferred message
through the edit-original route (`answer`); later messages are follow-ups.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.runtime import clip
from cogs.ids import ForgedId

log = logging.getLogger(__name__)
MAX_CONTENT = 2_000
NO_DMS = "Turns by DM are not available here: you are pinged in the game's channel when it is your turn."
OOPS = "Something went wrong on our side. Nothing was lost; please try again in a moment."
FORGED = (
    "That button is out of date or not one of mine, so nothing happened. "
    "Open a fresh panel from the table (**Open my hand**, or **Open console** in a real-time game)."
)
FILLED = "supertable_answered"  # in Interaction.extras: the deferred message was filled


async def acknowledge(interaction: discord.Interaction) -> None:
    """Defer the reply (a private "thinking…") unless the interaction is answered already."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


def _awaiting_fill(interaction: discord.Interaction) -> bool:
    """Whether the reply is a deferred "thinking…" message that nothing has filled yet."""
    kind = interaction.response.type
    return kind == discord.InteractionResponseType.deferred_channel_message and not interaction.extras.get(
        FILLED
    )


async def answer(
    interaction: discord.Interaction,
    text: str | None = None,
    *,
    view: discord.ui.LayoutView | None = None,
    files: Sequence[discord.File] = (),
    mentions: discord.AllowedMentions | None = None,
) -> None:
    """The reply: a new ephemeral message, the deferred message filled, or a follow-up after it."""
    content = clip(text, MAX_CONTENT) if text is not None else None
    extra: dict[str, Any] = {"allowed_mentions": mentions} if mentions is not None else {}
    if view is not None:
        extra["view"] = view
    if not interaction.response.is_done():
        await interaction.response.send_message(content, files=list(files), ephemeral=True, **extra)
    elif _awaiting_fill(interaction):
        interaction.extras[FILLED] = True
        await interaction.edit_original_response(content=content, attachments=list(files), **extra)
    else:
        await interaction.followup.send(
            content or discord.utils.MISSING, files=list(files), ephemeral=True, **extra
        )


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A short ephemeral text reply, wherever the interaction stands."""
    await answer(interaction, text, mentions=discord.AllowedMentions.none())


async def guarded(
    interaction: discord.Interaction, work: Callable[[], Awaitable[None]], *, ack: bool = True
) -> None:
    """Acknowledge (unless not `ack`: the handler answers at once by itself), then run a handler;
    user errors are told to the user, bugs are logged and apologised for, and a reply that cannot be
    delivered (an expired interaction) is logged, never raised into the command tree."""
    try:
        if ack:
            await acknowledge(interaction)
        await work()
    except UserError as exc:
        await _reply_safely(interaction, str(exc))
    except ForgedId:
        await _reply_safely(interaction, FORGED)
    except Exception:
        log.exception("interaction %s failed", interaction.data)
        await _reply_safely(interaction, OOPS)


async def _reply_safely(interaction: discord.Interaction, text: str) -> None:
    """Tell the user; an interaction that can no longer be answered is only logged."""
    try:
        await tell(interaction, text)
    except discord.HTTPException as exc:
        log.warning("could not answer interaction %s: %s", interaction.id, exc)


def can_manage_threads(interaction: discord.Interaction) -> bool:
    """Whether the member may manage threads where the interaction happened."""
    return bool(interaction.permissions.manage_threads)


def can_see_channel(interaction: discord.Interaction, channel_id: int) -> bool:
    """Whether the member may see a channel of the server where the interaction happened (a game
    played in a channel hidden from them is not theirs to watch or export)."""
    guild, member = interaction.guild, interaction.user
    channel = guild.get_channel(channel_id) if guild is not None else None
    if channel is None or not isinstance(member, discord.Member):
        return False
    return channel.permissions_for(member).view_channel

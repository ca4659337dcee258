"""Answering interactions: every error becomes a polite ephemeral message, never a failure."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.errors import UserError
from cogs.ids import ForgedId

log = logging.getLogger(__name__)
OOPS = "Something went wrong on our side. Nothing was lost; please try again in a moment."
FORGED = (
    "That button is out of date or not one of mine, so nothing happened. "
    "Open a fresh panel from the table (**Open my hand**, or **Open console** in a real-time game)."
)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral text reply, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run a handler; user errors are told to the user, bugs are logged and apologised for."""
    try:
        await work()
    except UserError as exc:
        await tell(interaction, str(exc))
    except ForgedId:
        await tell(interaction, FORGED)
    except Exception:
        log.exception("interaction %s failed", interaction.data)
        try:
            await tell(interaction, OOPS)
        except discord.HTTPException:
            log.warning("could not even apologise for interaction %s", interaction.id)


def can_manage_threads(interaction: discord.Interaction) -> bool:
    """Whether the member may manage threads where the interaction happened."""
    return bool(interaction.permissions.manage_threads)

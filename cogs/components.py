"""The two entry points for every button and select the bot has ever sent.

Both are DynamicItems with a permissive pattern: the custom_id is parsed strictly inside,
so a forged or outdated id gets a polite answer instead of "This interaction failed", and
every button keeps working after a restart without re-registering views.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self, cast

import discord
from discord import ui

from cogs import ids
from cogs.replies import guarded

if TYPE_CHECKING:
    from cogs.actions import Actions


class RawIdButton(ui.DynamicItem[ui.Button[Any]], template=r"(?!)"):
    """A button entry point that keeps its custom_id as sent, for its callback to parse strictly.
    Each subclass gives its own template (this one matches nothing)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(ui.Button(custom_id=custom_id))
        self.raw_id = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(match.string)


class AnyButton(RawIdButton, template=ids.BUTTON_PATTERN):
    """Every SuperTable button."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            lambda: actions_of(interaction).route(interaction, ids.parse(self.raw_id), []),
            ack=False,  # each action acknowledges in its own way (an update, or a new ephemeral reply)
        )


class AnySelect(ui.DynamicItem[ui.Select[Any]], template=ids.SELECT_PATTERN):
    """Every SuperTable select menu."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(ui.Select(custom_id=custom_id))
        self.raw_id = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> AnySelect:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        await guarded(
            interaction,
            lambda: actions_of(interaction).route(interaction, ids.parse(self.raw_id), values),
            ack=False,
        )


def actions_of(interaction: discord.Interaction) -> Actions:
    """The Actions of the bot that received the interaction."""
    from cogs.commands import GameCommands

    cog = interaction.client.get_cog(GameCommands.__cog_name__)  # type: ignore[attr-defined]
    assert isinstance(cog, GameCommands)
    return cog.actions

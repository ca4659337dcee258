"""The Discord layer: slash commands, buttons, panels and DMs over the TableService.

Loaded by the bot as a discord.py extension (`load_extension("cogs")`), so `bot` never imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: show table changes, handle every component, add the commands."""
    from bot.app import SuperTableBot
    from cogs.cards import CardsButton
    from cogs.commands import GameCommands
    from cogs.components import AnyButton, AnySelect
    from cogs.decks import DeckCommands
    from cogs.presenter import TablePresenter
    from cogs.records import RecordsCommands
    from cogs.seasons import SeasonPosts
    from cogs.shelf import DeckShelf
    from cogs.takebacks import TakebackButton
    from cogs.tournaments import TournamentCommands
    from cogs.watching import WatchButton

    assert isinstance(bot, SuperTableBot)
    bot.service.listener = TablePresenter(bot)
    bot.add_dynamic_items(AnyButton, AnySelect, CardsButton, TakebackButton, WatchButton)
    shelf = DeckShelf(bot.service.storage)
    await bot.add_cog(GameCommands(bot, shelf))
    await bot.add_cog(RecordsCommands(bot))
    await bot.add_cog(DeckCommands(bot, shelf))
    await bot.add_cog(SeasonPosts(bot))
    await bot.add_cog(TournamentCommands(bot))

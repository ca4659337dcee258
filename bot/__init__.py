"""SuperTable's runtime: settings, storage, the TableService, timers."""

from bot.app import SuperTableBot, create_bot
from bot.settings import Settings

__all__ = ["Settings", "SuperTableBot", "create_bot"]

"""Shutdown: what is still being shown to Discord finishes before the connection closes."""

from __future__ import annotations

from pathlib import Path

from bot import Settings, create_bot
from tests.bot.service_kit import make_service


class ClosingListener:
    """Notes whether the bot's connection was still open when the listener was asked to close."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.connection_open_at_close: bool | None = None

    async def on_change(self, change: object) -> None:
        """Nothing to show here."""

    async def close(self) -> None:
        self.connection_open_at_close = not self.bot.is_closed()  # type: ignore[attr-defined]


async def test_pending_table_edits_are_drained_before_the_connection_closes(tmp_path: Path) -> None:
    bot = create_bot(Settings(token=None, database_url=f"sqlite:///{tmp_path / 'db'}"))
    bot.service = await make_service(tmp_path / "db")
    listener = ClosingListener(bot)
    bot.service.listener = listener
    await bot.close()
    assert listener.connection_open_at_close is True
    assert bot.is_closed()

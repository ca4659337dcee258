"""Rendering for Discord: images are drawn in worker threads, never on the event loop."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord
import msgspec

import renderers
from bot.live import LiveTable


@dataclass(frozen=True)
class Picture:
    """A rendered image ready to attach, with its alt text."""

    png: bytes
    filename: str
    alt: str

    def file(self) -> discord.File:
        """A fresh discord.File (a File can be sent only once)."""
        return discord.File(io.BytesIO(self.png), filename=self.filename, description=self.alt[:1024])


def snapshot(view: Mapping[str, Any]) -> Any:
    """A deep copy of a view, so the worker thread never shares objects with the live state."""
    return msgspec.json.decode(msgspec.json.encode(view))


async def table_picture(live: LiveTable) -> Picture:
    """The public table image."""
    image = await asyncio.to_thread(renderers.render_table, live.record.game, snapshot(live.view(None)))
    return Picture(image.png, f"table-{live.id}.png", image.alt)


async def hand_picture(live: LiveTable, seat: int) -> Picture:
    """A seat's private hand image."""
    image = await asyncio.to_thread(renderers.render_hand, live.record.game, snapshot(live.view(seat)))
    return Picture(image.png, f"hand-{live.id}-{seat}.png", image.alt)

"""Rendering for Discord: table and hand images come from the bot's render pool (worker processes);
leaderboards and replays are drawn in threads. Nothing is drawn on the event loop."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
import msgspec
from PIL import Image

import renderers
from bot.errors import UserError
from bot.live import LiveTable
from bot.render_pool import RenderPool, Urgency
from bot.replays import Replay
from engines.core.house_rules import names_on
from renderers.kit.house_rules import HOUSE_RULES_KEY
from renderers.replay import ReplayTooLarge, encode_replay_gif, pick_frames

T = TypeVar("T")
_RENDER_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")
"""Leaderboard images: rare, so one thread (tables and hands go to the RenderPool's workers)."""
_REPLAY_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")
"""Replays are heavy (seconds each): one at a time, in their own thread, so memory stays bounded and
table edits and hand panels never wait behind a GIF."""


async def in_render_thread(work: Callable[..., T], *args: Any) -> T:
    """Run blocking drawing work (a leaderboard) in a render thread, never on the event loop."""
    return await asyncio.get_running_loop().run_in_executor(_RENDER_POOL, work, *args)


@dataclass(frozen=True)
class Picture:
    """A rendered image ready to attach, with its alt text (and for a table, the state version it
    shows at least)."""

    png: bytes
    filename: str
    alt: str
    version: int = 0

    def file(self) -> discord.File:
        """A fresh discord.File (a File can be sent only once)."""
        return discord.File(io.BytesIO(self.png), filename=self.filename, description=self.alt[:1024])


def snapshot(view: Mapping[str, Any]) -> Any:
    """A deep copy of a view, so a worker thread never shares objects with the live state."""
    return msgspec.json.decode(msgspec.json.encode(view))


async def table_picture(pool: RenderPool, live: LiveTable, urgency: Urgency = Urgency.BACKGROUND) -> Picture:
    """The public table image, of the table as it is when a worker takes it up: moves made while
    it waited in the render queue are in it."""
    shown = [live.version]

    house_rules = names_on(live.engine.meta, live.record.mode, live.record.options)

    def newest() -> Mapping[str, Any]:
        shown.append(live.version)
        view = live.view(None)
        return {**view, HOUSE_RULES_KEY: house_rules} if house_rules and view else view

    image = await pool.render("table", live.record.game, newest, urgency, key=("table", live.id))
    return Picture(image.png, f"table-{live.id}.png", image.alt, max(shown))


async def hand_picture(pool: RenderPool, live: LiveTable, seat: int) -> Picture:
    """A seat's private hand image: someone is waiting for it."""
    image = await pool.render(
        "hand", live.record.game, live.view(seat), Urgency.WAITED_ON, key=("hand", live.id, seat)
    )
    return Picture(image.png, f"hand-{live.id}-{seat}.png", image.alt)


MAX_REPLAY_FRAMES = 120
REPLAY_WIDTH = 800
MAX_UPLOAD = 8_000_000
MAX_LOG = 2_000_000


def _replay_gif(game: str, frames: list[Any], budget: int) -> bytes:
    """Blocking: draw the chosen public views, each shrunk at once to the GIF's width and paletted
    (so memory stays small), and encode them as one animated GIF."""
    images: list[Image.Image] = []
    for view in frames:
        image = renderers.table_image(game, view).convert("RGB")
        if image.width > REPLAY_WIDTH:
            image = image.resize(
                (REPLAY_WIDTH, round(image.height * REPLAY_WIDTH / image.width)), Image.Resampling.LANCZOS
            )
        images.append(image.quantize(256, Image.Quantize.FASTOCTREE))  # a third of the memory of RGB
    return encode_replay_gif(images, max_bytes=budget)


async def replay_files(story: Replay, title: str) -> list[discord.File]:
    """The replay as an animated GIF of the public table plus the narrated log, under the upload limit."""
    log = "\n".join(story.lines).encode()[:MAX_LOG]
    keep = pick_frames(len(story.frames), MAX_REPLAY_FRAMES)
    frames = [snapshot(story.frames[index]) for index in keep]
    try:
        gif = await asyncio.get_running_loop().run_in_executor(
            _REPLAY_POOL, _replay_gif, story.record.game, frames, MAX_UPLOAD - len(log)
        )
    except ReplayTooLarge:
        raise UserError("This replay does not fit in one Discord upload, even shrunk.") from None
    table_id = story.record.id
    players = ", ".join(seat.name for seat in story.record.seats)
    ending = story.lines[-1] if story.lines else ""
    alt = (
        f"Replay of game #{table_id}, {title} ({story.record.mode}) with {players}: "
        f"the public table, {len(keep)} moments. {ending}"
    )
    return [
        discord.File(io.BytesIO(gif), filename=f"replay-{table_id}.gif", description=alt[:1024]),
        discord.File(
            io.BytesIO(log), filename=f"replay-{table_id}.txt", description="What happened, turn by turn"
        ),
    ]

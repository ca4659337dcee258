"""Leaderboards on Discord: the query, the rendered board (in a worker thread) and its pager."""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from discord import ui

from bot.errors import UserError
from bot.ratings import DISPLAY_BASE, DISPLAY_SCALE
from bot.storage.records import BoardRow
from cogs import ids
from cogs.media import Picture
from cogs.ui import button, gallery, layout
from engines.core import Engine
from renderers.leaderboard import Board, Row, leaderboard_text, render_leaderboard

if TYPE_CHECKING:
    from bot.app import SuperTableBot

log = logging.getLogger(__name__)

PER_PAGE = 10
GLOBAL = 0


@dataclass(frozen=True)
class BoardQuery:
    """Which board a user asked for."""

    game: str
    mode: str | None  # None: the game's rating board
    server: bool
    page: int


def resolve(engine: Engine[Any], mode: str | None) -> str | None:
    """The board a /leaderboard mode means: None for the game's rating board, or a high-score mode."""
    meta = engine.meta
    if mode is None:
        if meta.rated_modes:
            return None
        if meta.high_score_modes:
            return meta.high_score_modes[0]
        raise UserError(f"{meta.title} keeps no leaderboard yet.")
    try:
        label = meta.mode(mode).label
    except KeyError:
        raise UserError(f"{meta.title} has no mode {mode!r}.") from None
    kind = meta.records(mode)
    if kind == "rated":
        return None
    if kind == "high_score":
        return mode
    raise UserError(f"{meta.title} {label} games are not ranked.")


def shown_value(row: BoardRow, rating: bool) -> str:
    """A board value as players read it (the rating on its friendly scale, or the high score)."""
    if rating:
        return f"{round(DISPLAY_BASE + DISPLAY_SCALE * row.value):,}"
    return f"{row.value:g}"


def _row(row: BoardRow, rating: bool, viewer: int) -> Row:
    rate = row.wins / row.games if row.games else None
    return Row(row.rank, row.name, shown_value(row, rating), row.games, rate, row.user_id == viewer)


async def board_message(
    bot: SuperTableBot, query: BoardQuery, guild_id: int | None, viewer: int
) -> tuple[ui.LayoutView, Picture | None]:
    """The rendered page of a leaderboard and its page buttons (as text if the image fails)."""
    engine = bot.service.registry.get(query.game)
    if engine is None:
        raise UserError(f"There is no game called {query.game!r}. Try /help for the list.")
    mode = resolve(engine, query.mode)
    if query.server and guild_id is None:
        raise UserError("Server leaderboards live in servers; use scope:global here.")
    scope = guild_id if query.server and guild_id is not None else GLOBAL
    min_games = bot.settings.leaderboard_min_games
    if scope:
        min_games = (await bot.service.storage.guild_settings(scope)).min_games or min_games
    page = max(1, query.page)
    found = await bot.service.storage.leaderboard(
        query.game,
        mode,
        scope,
        min_games=min_games,
        offset=(page - 1) * PER_PAGE,
        limit=PER_PAGE,
        viewer=viewer,
    )
    pages = max(1, math.ceil(found.total / PER_PAGE))
    if page > pages:
        page = pages
        found = await bot.service.storage.leaderboard(
            query.game, mode, scope, min_games=min_games, offset=(page - 1) * PER_PAGE, limit=PER_PAGE,
            viewer=viewer,
        )  # fmt: skip
    rating = mode is None
    meta = engine.meta
    board = Board(
        title=f"{meta.title} · " + ("Rating" if rating else meta.mode(mode or "").label),
        scope="This server" if scope else "Global",
        metric="Rating" if rating else meta.high_score,
        rows=[_row(row, rating, viewer) for row in found.rows],
        page=page,
        pages=pages,
        viewer_row=_row(found.viewer, rating, viewer) if found.viewer else None,
        empty_text=f"Nobody has {min_games} recorded game(s) here yet: play some!",
    )
    here = BoardQuery(query.game, mode, bool(scope), page)
    try:
        image = await asyncio.to_thread(render_leaderboard, board)
    except Exception:
        log.exception("the leaderboard image failed; sending the text version")
        return layout(ui.TextDisplay(leaderboard_text(board)), _pager(board, here)), None
    picture = Picture(image.png, image.filename, image.alt)
    return layout(gallery(picture.filename, picture.alt), _pager(board, here)), picture


def _pager(board: Board, query: BoardQuery) -> ui.ActionRow[ui.LayoutView]:
    before, after = query.page - 1, query.page + 1
    return ui.ActionRow(
        button("Previous", ids.board(query.game, query.mode, query.server, before), disabled=before < 1),
        button("Next", ids.board(query.game, query.mode, query.server, after), disabled=after > board.pages),
    )

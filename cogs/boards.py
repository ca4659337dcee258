"""Leaderboards on Discord: the query, the rendered board (in a worker thread) and its pager."""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from discord import ui

from bot.errors import UserError
from bot.lookup import find_game, find_mode
from bot.ratings import shown
from bot.seasons import LENGTHS, Season, previous, season_at
from bot.storage.records import GLOBAL_SCOPE, BoardRow
from bot.user_text import quoted
from cogs import ids
from cogs.media import Picture, in_render_thread
from cogs.ui import button, gallery, layout
from engines.core import Engine
from engines.core.boards import board_label, high_score_boards, is_board
from engines.core.words import counted
from renderers.leaderboard import render_leaderboard
from renderers.leaderboard_board import Board, Row
from renderers.leaderboard_words import leaderboard_text

if TYPE_CHECKING:
    from bot.app import SuperTableBot

log = logging.getLogger(__name__)

PER_PAGE = 10


@dataclass(frozen=True)
class BoardQuery:
    """Which board a user asked for. `season` is "current", "previous", "all", or "" for the
    server's default (its current season when it runs seasons, else all time)."""

    game: str
    mode: str | None  # None: the game's rating board
    server: bool
    page: int
    season: str = ""


def resolve(engine: Engine[Any], mode: str | None) -> str | None:
    """The board a /leaderboard mode means: None for the game's rating board, or a high-score
    board (a mode, or "mode.variant" such as "solo.infinite", either with ".house" for results
    played with a house rule that changes the difficulty)."""
    meta = engine.meta
    if mode is None:
        if meta.rated_modes:
            return None
        if meta.high_score_modes:
            return meta.high_score_modes[0]
        raise UserError(f"{meta.title} keeps no leaderboard yet.")
    base, _, variant = mode.partition(".")
    base = find_mode(meta, base)
    mode = f"{base}.{variant}" if variant else base
    label = meta.mode(base).label
    kind = meta.records(base)
    if kind == "rated" and not variant:
        return None
    if kind == "high_score" and is_board(meta, mode):
        return mode
    raise UserError(f"{meta.title} {label} games have no board {quoted(mode)}.")


def board_choices(engine: Engine[Any]) -> list[tuple[str, str]]:
    """(board, label) for every high-score board of a game (for autocomplete)."""
    return [(board, board_label(engine.meta, board)) for board in high_score_boards(engine.meta)]


def shown_value(value: float, engine: Engine[Any], board: str | None) -> str:
    """A board value as players read it: on the rating board (`board` None) the rating on its
    friendly scale; on a high-score board the score, as the game words it when it has
    `high_score_text(board, score)` (e.g. with the rank it earns)."""
    if board is None:
        return f"{shown(value):,}"
    words = getattr(engine, "high_score_text", None)
    return str(words(board, value)) if words is not None else f"{value:g}"


def _row(row: BoardRow, engine: Engine[Any], board: str | None, viewer: int) -> Row:
    rate = row.wins / row.games if row.games else None
    value = shown_value(row.value, engine, board)
    return Row(row.rank, row.name, value, row.games, rate, row.user_id == viewer)


async def season_for(bot: SuperTableBot, query: BoardQuery, scope: int) -> tuple[str, Season | None]:
    """The season a query asks for ("current", "previous" or "all") and, unless all, which one."""
    if not scope:
        if query.season in ("current", "previous"):
            raise UserError("Seasons belong to a server: use scope:server for a season board.")
        return "all", None
    length = (await bot.service.storage.guild_settings(scope)).season
    wanted = query.season or ("current" if length in LENGTHS else "all")
    if wanted == "all":
        return wanted, None
    if length not in LENGTHS:
        raise UserError("This server runs no seasons; a server manager can start them with /server settings.")
    current = season_at(bot.service.clock(), length)
    return wanted, current if wanted == "current" else previous(current)


async def load_board(
    bot: SuperTableBot, query: BoardQuery, guild_id: int | None, viewer: int, *, season: Season | None = None
) -> tuple[Board, BoardQuery, list[BoardRow]]:
    """One page of the board a query asks for (or of the server's given `season`), the query of
    that page (as the pager repeats it) and its rows as stored."""
    game = find_game(bot.service.registry, query.game)
    engine = bot.service.registry[game]
    mode = resolve(engine, query.mode)
    if query.server and guild_id is None:
        raise UserError("Server leaderboards live in servers; use scope:global here.")
    scope = guild_id if query.server and guild_id is not None else GLOBAL_SCOPE
    wanted, season = ("all", season) if season is not None else await season_for(bot, query, scope)
    min_games = bot.settings.leaderboard_min_games
    if scope:
        min_games = (await bot.service.storage.guild_settings(scope)).min_games or min_games
    page = max(1, query.page)
    key = season.key if season else ""
    found = await bot.service.storage.leaderboard(
        game, mode, scope, min_games=min_games, offset=(page - 1) * PER_PAGE, limit=PER_PAGE, viewer=viewer,
        season=key,
    )  # fmt: skip
    pages = max(1, math.ceil(found.total / PER_PAGE))
    if page > pages:
        page = pages
        found = await bot.service.storage.leaderboard(
            game, mode, scope, min_games=min_games, offset=(page - 1) * PER_PAGE, limit=PER_PAGE,
            viewer=viewer, season=key,
        )  # fmt: skip
    rating = mode is None
    meta = engine.meta
    where = "This server" if scope else "Global"
    board = Board(
        title=f"{meta.title} · " + ("Rating" if rating else board_label(meta, mode or "")),
        scope=f"{where} · {season.label} season" if season else where,
        metric="Rating" if rating else meta.high_score,
        rows=[_row(row, engine, mode, viewer) for row in found.rows],
        page=page,
        pages=pages,
        viewer_row=_row(found.viewer, engine, mode, viewer) if found.viewer else None,
        empty_text=f"Nobody has {counted(min_games, 'recorded game')} "
        + (f"in the {season.label} season yet: play some!" if season else "here yet: play some!"),
    )
    return board, BoardQuery(game, mode, bool(scope), page, wanted), found.rows


async def board_message(
    bot: SuperTableBot, query: BoardQuery, guild_id: int | None, viewer: int
) -> tuple[ui.LayoutView, Picture | None]:
    """The rendered page of a leaderboard and its page buttons (as text if the image fails)."""
    board, here, _ = await load_board(bot, query, guild_id, viewer)
    picture = await board_picture(board)
    if picture is None:
        return layout(ui.TextDisplay(leaderboard_text(board)), _pager(board, here)), None
    return layout(gallery(picture.filename, picture.alt), _pager(board, here)), picture


async def board_picture(board: Board) -> Picture | None:
    """The board drawn in a render thread, or None when drawing failed (logged)."""
    try:
        image = await in_render_thread(render_leaderboard, board)
    except Exception:
        log.exception("the leaderboard image failed; sending the text version")
        return None
    return Picture(image.png, image.filename, image.alt)


def _pager(board: Board, query: BoardQuery) -> ui.ActionRow[ui.LayoutView]:
    before, after = query.page - 1, query.page + 1
    return ui.ActionRow(
        button(
            "Previous",
            ids.board(query.game, query.mode, query.server, before, query.season),
            disabled=before < 1,
        ),
        button(
            "Next",
            ids.board(query.game, query.mode, query.server, after, query.season),
            disabled=after > board.pages,
        ),
    )

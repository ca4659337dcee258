"""Seasons on simulated Discord: a month's season rolls over (with a restart in between), its final
boards and champion are posted in the chosen channel, the champion role is given when the bot may,
and /leaderboard and /stats show seasons."""

from __future__ import annotations

import sys

from tests.cogs.test_full_game import play_to_end, start_game
from tests.cogs.test_records import admin
from tests.cogs.test_records import board_text as said_by
from tests.cogs.world import World, make_world, on_virtual_time, reply

DAY = 86400.0


def board_text(message) -> str:
    """A leaderboard message's words (its alt text writes the scope in lower case)."""
    return said_by(message).lower()


async def seasons_on(world: World, role=None):
    """A server manager turns monthly seasons on, posting to #results; returns that channel."""
    results = world.guild.create_text_channel("results")
    options = {"season": "month", "season_channel": results, "min_games": 1}
    if role is not None:
        options["champion_role"] = role
    shown = await admin(world).slash(world.games, "server settings", **options)
    said = reply(shown)
    assert "calendar month" in said and f"<#{results.id}>" in said
    return results


async def test_a_month_rolls_over_across_a_restart(simcord_env, make_bot) -> None:
    world = make_world(simcord_env)
    results = await seasons_on(world)
    thread, _ = await start_game(world, ai=0)
    await play_to_end(world, thread)

    board = await world.alice.slash(world.games, "leaderboard", game="highcard")
    current = board_text(board.response.message)
    assert "january 2026 season" in current and "alice" in current and "bob" in current

    await simcord_env.restart_bot(make_bot())
    on_virtual_time(world.bot, simcord_env)
    await simcord_env.advance_time(30 * DAY)
    assert not results.history(), "nothing is posted before the month is over"
    await simcord_env.advance_time(1 * DAY + 60)

    (post,) = results.history()
    assert "January 2026 season is over" in post.content
    assert "High Card" in post.content and (
        f"<@{world.alice.id}>" in post.content or f"<@{world.bob.id}>" in post.content
    )
    assert post.attachments and post.attachments[0].filename.endswith(".png")
    assert "january 2026" in (post.attachments[0].description or "").lower(), (
        "the final board says its season"
    )

    fresh = await world.alice.slash(world.games, "leaderboard", game="highcard")
    assert "february 2026 season" in board_text(fresh.response.message)
    assert "alice" not in board_text(fresh.response.message), "a new season's board starts empty"
    before = await world.alice.slash(world.games, "leaderboard", game="highcard", season="previous")
    assert "january 2026 season" in board_text(before.response.message) and "alice" in board_text(
        before.response.message
    )
    ever = await world.alice.slash(world.games, "leaderboard", game="highcard", season="all")
    assert "season" not in board_text(ever.response.message) and "alice" in board_text(ever.response.message)

    stats = await world.bob.slash(world.games, "stats")
    assert "Seasons" in reply(stats) and "January 2026" in reply(stats)

    await simcord_env.restart_bot(make_bot())
    on_virtual_time(world.bot, simcord_env)
    await simcord_env.advance_time(DAY)
    assert len(results.history()) == 1, "a season is posted once, whatever restarts follow"


async def test_the_champion_role_is_given_only_when_the_bot_may(simcord_env) -> None:
    world = make_world(simcord_env)
    above_the_bot = world.guild.create_role("Champions", position=5)
    results = await seasons_on(world, role=above_the_bot)
    thread, _ = await start_game(world, ai=0)
    await play_to_end(world, thread)
    await simcord_env.advance_time(31 * DAY + 60)
    (post,) = results.history()
    assert "January 2026 season is over" in post.content
    assert "I could not give" in post.content and "Manage Roles" in post.content

    winners = world.guild.create_role("Winners", position=1)
    shown = await admin(world).slash(world.games, "server settings", champion_role=winners)
    assert f"<@&{winners.id}>" in reply(shown)
    thread, _ = await start_game(world, ai=0)
    await play_to_end(world, thread)
    await simcord_env.advance_time(29 * DAY)
    second = results.history()[-1]
    assert "February 2026 season is over" in second.content and "goes to" in second.content
    members = [simcord_env.backend.get_member(world.guild.id, m.id) for m in (world.alice, world.bob)]
    crowned = [m.user_id for m in members if winners.id in m.role_ids]
    assert len(crowned) == 1 and f"<@{crowned[0]}> (" in second.content, (
        "the champion, and only them, gets it"
    )


async def test_season_boards_need_seasons_on(simcord_env) -> None:
    world = make_world(simcord_env)
    asked = await world.alice.slash(world.games, "leaderboard", game="highcard", season="current")
    assert "runs no seasons" in reply(asked)
    shown = await admin(world).slash(world.games, "server settings")
    assert "Seasons are **off**" in reply(shown)


async def test_a_season_whose_channel_is_gone_closes_without_retrying_forever(simcord_env) -> None:
    world = make_world(simcord_env)
    results = await seasons_on(world)
    thread, _ = await start_game(world, ai=0)
    await play_to_end(world, thread)
    simcord_env.backend.delete_channel(results.id)
    await simcord_env.advance_time(31 * DAY + 60)
    storage = world.bot.service.storage
    assert await storage.seasons_to_close(world.bot.service.clock()) == [], "the season is closed"
    before = await world.alice.slash(world.games, "leaderboard", game="highcard", season="previous")
    assert "january 2026 season" in board_text(before.response.message), "its board is kept"


async def test_past_the_attachment_limit_champions_are_still_named(simcord_env, monkeypatch) -> None:
    world = make_world(simcord_env)
    results = await seasons_on(world)
    # as if the season had more boards than fit (the module the running bot loaded its cogs from)
    monkeypatch.setattr(sys.modules["cogs.seasons"], "MAX_BOARDS", 0)
    thread, _ = await start_game(world, ai=0)
    await play_to_end(world, thread)
    await simcord_env.advance_time(31 * DAY + 60)
    (post,) = results.history()
    assert "**High Card**: 🥇 <@" in post.content and not post.attachments

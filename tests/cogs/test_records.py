"""Records on simulated Discord: results with rating changes, /leaderboard, /stats, /history,
/replay and /server settings."""

from __future__ import annotations

import dataclasses

import discord
import pytest

from bot.errors import UserError
from cogs.boards import board_choices, resolve
from engines.superhot.engine import Superhot
from tests.cogs.test_full_game import play_to_end, start_game
from tests.cogs.world import World, custom_ids, make_world, reply, texts
from tests.support.records import record_game


def board_text(message) -> str:
    """What a leaderboard message says: its text and the image's alt text."""
    return texts(message) + "\n" + "\n".join(a.description or "" for a in message.attachments)


def result_text(world: World, thread) -> str:
    return texts(next(m for m in reversed(thread.history()) if "results" in texts(m)))


def table_id_of(world: World, thread) -> int:
    result = next(m for m in reversed(thread.history()) if "results" in texts(m))
    return int(next(c for c in custom_ids(result) if c.startswith("sm:")).split(":")[1])


def admin(world: World):
    """A member allowed to manage the server (and so to use /server settings)."""
    role = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("admin"), roles=[role])


async def allow_new_players(world: World) -> None:
    shown = await admin(world).slash(world.games, "server settings", min_games=1)
    assert "after **1** game" in shown.response.content


async def test_a_rated_game_shows_up_everywhere(simcord_env) -> None:
    world = make_world(simcord_env)
    await allow_new_players(world)
    thread, _ = await start_game(world, ai=0)
    await play_to_end(world, thread)
    body = result_text(world, thread)
    assert "rating 1000 →" in body and "Rated" in body
    table_id = table_id_of(world, thread)

    board = await world.alice.slash(world.games, "leaderboard", game="highcard")
    assert board.ephemeral
    page = board.response.message
    assert page.attachments and page.attachments[0].filename.endswith(".png")
    assert "alice" in board_text(page) and "bob" in board_text(page)

    stats = await world.bob.slash(world.games, "stats")
    assert "High Card" in stats.response.content and "1 games" in stats.response.content
    assert "rating" in stats.response.content

    by_title = await world.bob.slash(world.games, "stats", game="HIGH CARD")
    assert "High Card" in by_title.response.content, "a game is named as in /play, in any case"
    history = await world.alice.slash(world.games, "history")
    assert f"#{table_id}" in history.response.content

    replay = await world.alice.slash(world.games, "replay", game_id=table_id)
    assert replay.ephemeral and "replay of game" in replay.response.content
    shown = replay.followups[-1]
    assert not shown.ephemeral, "the replay itself is for everyone in the channel"
    names = sorted(a.filename for a in shown.attachments)
    assert names == [f"replay-{table_id}.gif", f"replay-{table_id}.txt"]


async def test_a_game_against_the_ai_is_recorded_but_not_rated(simcord_env) -> None:
    world = make_world(simcord_env)
    await allow_new_players(world)
    thread = await play_against_the_ai(world, world.carol)
    assert "Not rated" in result_text(world, thread)
    board = await world.carol.slash(world.games, "leaderboard", game="highcard")
    assert "carol" not in board_text(board.response.message)
    stats = await world.carol.slash(world.games, "stats")
    assert "1 games" in stats.response.content and "rating" not in stats.response.content

    await admin(world).slash(world.games, "server settings", rate_ai="on")
    thread = await play_against_the_ai(world, world.carol)
    assert "rating 1000 →" in result_text(world, thread)


async def play_against_the_ai(world: World, actor) -> object:
    """One person and one AI seat play High Card to the end; returns the thread."""
    thread = await world.open_table(actor)
    lobby = world.table_message(thread)
    await actor.click(lobby, label="Add AI")
    await actor.click(lobby, label="Start")
    await play_to_end(world, thread, (actor,))
    return thread


async def test_pages_scopes_and_the_viewer_row(simcord_env) -> None:
    world = make_world(simcord_env)
    await allow_new_players(world)
    world.bot.settings = dataclasses.replace(world.bot.settings, leaderboard_min_games=1)
    storage = world.bot.service.storage
    guild = world.guild.id
    for n in range(12):
        await record_game(storage, [(1000 + n, f"P{n:02}"), (2000 + n, f"Q{n:02}")], [1, 2], guild_id=guild)
    await record_game(storage, [(world.alice.id, "alice"), (3000, "Zed")], [2, 1], guild_id=guild)
    await record_game(storage, [(4000, "Faraway"), (4001, "Far2")], [1, 2], guild_id=999)

    board = await world.alice.slash(world.games, "leaderboard", game="highcard")
    first = board_text(board.response.message)
    assert "page 1 of 3" in first and "You: 26. alice" in first, "the caller's row is shown even off the page"
    assert "Faraway" not in first
    second = await world.alice.click(board.response.message, label="Next")
    page_two = board_text(second.response.message)
    assert "page 2 of 3" in page_two and page_two != first

    worldwide = await world.alice.slash(world.games, "leaderboard", game="highcard", scope="global")
    assert "leaderboard, global" in board_text(worldwide.response.message)
    everyone = await world.alice.slash(world.games, "leaderboard", game="highcard", scope="global", page=2)
    assert "Faraway" in board_text(everyone.response.message), "global boards count every server"


async def test_records_stay_private_across_servers(simcord_env) -> None:
    world = make_world(simcord_env)
    storage = world.bot.service.storage
    played = await record_game(storage, [(world.bob.id, "bob"), (4000, "Far")], [1, 2], guild_id=999)
    snoop = await world.carol.user.slash("history", user=world.bob.user)
    assert "only look at your own" in reply(snoop)
    elsewhere = await world.carol.slash(world.games, "replay", game_id=played.table_id)
    assert elsewhere.ephemeral and f"no game #{played.table_id} here" in reply(elsewhere)
    missing = await world.carol.slash(world.games, "replay", game_id=424242)
    assert missing.ephemeral and "no game #424242" in reply(missing)


def test_leaderboard_shows_the_house_rules_boards() -> None:
    """/leaderboard finds a mode's House rules board and offers it among the choices."""
    engine = Superhot()
    assert resolve(engine, "coop.house") == "coop.house"
    assert resolve(engine, "coop.infinite.house") == "coop.infinite.house"
    assert ("coop.house", "Co-op · House rules") in board_choices(engine)
    with pytest.raises(UserError, match="no board"):
        resolve(engine, "solo.house")

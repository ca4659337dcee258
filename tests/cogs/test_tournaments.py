"""Tournaments on simulated Discord: sign-up, check-in with a no-show, a bye, tables in threads, a
restart in the middle, a round that times out (the AI plays it out), knockout, and the champion."""

from __future__ import annotations

import discord
import pytest
from simcord.backend.errors import OptionError

from tests.cogs.test_full_game import play_to_end, texts_of_buttons
from tests.cogs.world import World, custom_ids, make_world, on_virtual_time, reply, texts

MINUTE = 60.0


def tournament_message(world: World):
    """The tournament's own message (status, standings, buttons) in #games."""
    return next(m for m in world.games.history() if "Tournament #" in texts(m) and m.components)


def news(world: World) -> str:
    return "\n".join(m.content for m in world.games.history() if m.content)


async def open_tournament(world: World, **options) -> None:
    made = await world.alice.slash(
        world.games, "tournament create", game="highcard", mode="classic", round_minutes=5,
        start_in_minutes=1, **options,
    )  # fmt: skip
    assert "open for sign-up" in reply(made)


async def checked_in(world: World, members, **options) -> None:
    """Open a tournament, have `members` join and check in, and let check-in end (round 1 begins)."""
    await open_tournament(world, **options)
    for member in members:
        await member.click(tournament_message(world), label="Join")
    await world.env.advance_time(MINUTE + 1)
    for member in members:
        await member.click(tournament_message(world), label="Check in")


async def test_a_swiss_tournament_from_sign_up_to_champion(simcord_env, make_bot) -> None:
    world = make_world(simcord_env)
    dave = world.guild.add_member(simcord_env.create_user("dave"))
    await open_tournament(world, format="swiss", rounds=2)
    for member in (world.alice, world.bob, world.carol, dave):
        joined = await member.click(tournament_message(world), label="Join")
        assert "signed up" in reply(joined)
    assert "4 signed up" in texts(tournament_message(world))

    await simcord_env.advance_time(MINUTE + 1)
    assert "Check-in is open" in news(world)
    for member in (world.alice, world.bob, world.carol):  # dave never checks in
        checked = await member.click(tournament_message(world), label="Check in")
        assert "checked in" in reply(checked)

    await simcord_env.advance_time(10 * MINUTE)
    said = news(world)
    assert "Did not check in (dropped): dave" in said and "Round 1 has begun: 1 tables" in said
    assert "Bye: carol" in said, "the lowest-ranked player sits the odd round out"
    (thread,) = world.games.threads
    await play_to_end(world, thread, (world.alice, world.bob))
    await simcord_env.advance_time(1)
    assert "Round 2 has begun" in news(world)
    board = tournament_message(world)
    assert board.attachments and "points" in (board.attachments[0].description or "").lower()

    await simcord_env.restart_bot(make_bot())
    on_virtual_time(world.bot, simcord_env)
    await simcord_env.advance_time(6 * MINUTE)  # nobody plays round 2: the AI plays it out
    round_two = world.games.threads[-1]
    assert "time is up" in "\n".join(texts(m) for m in round_two.history()).lower()
    said = news(world)
    assert "The tournament is over" in said and "Champion: <@" in said
    assert "Finished" in texts(tournament_message(world))


async def test_a_knockout_tournament_leaves_one_player(simcord_env) -> None:
    world = make_world(simcord_env)
    await checked_in(world, (world.alice, world.bob, world.carol), format="knockout")
    await simcord_env.advance_time(10 * MINUTE)
    assert "Round 1 has begun" in news(world) and "Bye: alice" in news(world), "the top seed has the bye"
    for _ in range(3):
        await simcord_env.advance_time(6 * MINUTE)
    said = news(world)
    assert "Knocked out:" in said and "The tournament is over" in said and "Champion: <@" in said


async def test_only_the_organiser_runs_the_tournament(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_tournament(world, format="swiss", rounds=1)
    refused = await world.bob.slash(world.games, "tournament cancel", tournament=1)
    assert "Only the tournament's organiser" in reply(refused)
    longer = await world.alice.slash(world.games, "tournament extend", tournament=1, minutes=10)
    assert "10 more minutes" in reply(longer)
    stopped = await world.alice.slash(world.games, "tournament cancel", tournament=1)
    assert "cancelled" in reply(stopped)
    closed = tournament_message(world)
    assert "Cancelled" in texts(closed) and "Join" not in texts_of_buttons(closed), (
        "no sign-up once cancelled"
    )


async def test_a_tournament_needs_threads_and_a_known_game(simcord_env) -> None:
    world = make_world(simcord_env)
    closed = world.guild.create_text_channel(
        "no-threads", overwrites={world.guild.me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    refused = await world.alice.slash(
        closed, "tournament create", game="highcard", mode="classic", format="swiss"
    )
    assert "Create Public Threads" in reply(refused) and not closed.history()
    unknown = await world.alice.slash(
        world.games, "tournament create", game="chess", mode="x", format="swiss"
    )
    assert "chess" in reply(unknown).lower() and not world.games.history()
    too_big = await world.alice.slash(
        world.games, "tournament create", game="highcard", mode="classic", format="swiss", table_size=7
    )
    assert "seat 2 to 4" in reply(too_big)


async def test_the_ai_fills_the_empty_seats_of_a_table(simcord_env) -> None:
    world = make_world(simcord_env)
    await checked_in(world, (world.alice, world.bob), format="swiss", rounds=1, table_size=3)
    await simcord_env.advance_time(10 * MINUTE)
    (thread,) = world.games.threads
    live = await world.bot.service.get(await table_in(world, thread))
    assert [seat.is_ai for seat in live.record.seats] == [False, False, True]
    await simcord_env.advance_time(6 * MINUTE)
    assert "The tournament is over" in news(world)


async def table_in(world: World, thread) -> int:
    table_id = await world.bot.service.storage.live_in(thread.id)
    if table_id is None:  # already over
        record = next(m for m in thread.history() if m.components)
        return int(next(c for c in custom_ids(record) if c.startswith(("sm:", "sl:"))).split(":")[1])
    return table_id


async def test_a_round_whose_table_cannot_open_cancels_the_tournament_saying_why(simcord_env) -> None:
    from simcord.backend.models.channel import Overwrite, OverwriteType

    world = make_world(simcord_env)
    await checked_in(world, (world.alice, world.bob), format="swiss", rounds=2)
    no_threads = discord.Permissions(create_public_threads=True).value
    bot_id = simcord_env.backend.bot_user.id
    simcord_env.backend.set_overwrite(
        world.games.id, Overwrite(bot_id, OverwriteType.MEMBER, deny=no_threads)
    )

    await simcord_env.advance_time(10 * MINUTE)
    said = news(world)
    assert "Round 1's table 1 could not open (I may no longer create threads" in said
    assert "the tournament is cancelled" in said and "Cancelled" in texts(tournament_message(world))
    await simcord_env.advance_time(10 * MINUTE)
    assert news(world).count("could not open") == 1, "told once, not retried"


async def test_no_player_may_cancel_a_tournament_table_or_remove_an_opponent(simcord_env) -> None:
    world = make_world(simcord_env)
    await checked_in(world, (world.alice, world.bob), format="swiss", rounds=1)
    await simcord_env.advance_time(10 * MINUTE)
    (thread,) = world.games.threads
    for member, other in ((world.alice, world.bob), (world.bob, world.alice)):
        kicked = await member.slash(thread, "game kick", user=other)
        assert "Only the host or someone with Manage Threads" in reply(kicked)
        cancelled = await member.slash(thread, "game cancel")
        assert "Only the host or someone with Manage Threads" in reply(cancelled)


async def test_sign_up_lasts_at_least_a_minute(simcord_env) -> None:
    """With no sign-up time the tournament would be cancelled at once for want of players."""
    world = make_world(simcord_env)
    with pytest.raises(OptionError, match="start_in_minutes"):
        await world.alice.slash(
            world.games, "tournament create", game="highcard", mode="classic", format="swiss",
            start_in_minutes=0,
        )  # fmt: skip


async def test_a_name_that_looks_like_a_mention_pings_nobody(simcord_env) -> None:
    world = make_world(simcord_env)
    sly = world.guild.add_member(simcord_env.create_user(f"<@{world.carol.id}>"))
    await checked_in(world, (world.alice, world.bob), format="swiss", rounds=1)
    await sly.click(tournament_message(world), label="Join")  # joining during check-in checks in
    await world.env.advance_time(10 * MINUTE)
    said = news(world)
    assert "Round 1 has begun" in said and f"<@{world.carol.id}>" not in said

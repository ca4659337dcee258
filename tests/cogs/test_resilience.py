"""The Discord layer under failure: restarts with timers, refused DMs, refused posts, forged ids."""

from __future__ import annotations

import re

import discord

from cogs import cards_ids, ids, takeback_ids, watch_ids
from cogs.cards import CardsButton
from cogs.components import AnyButton, AnySelect
from cogs.takebacks import TakebackButton
from cogs.watching import WatchButton
from tests.cogs.test_full_game import play_to_end, start_game
from tests.cogs.test_table_flow import table_id_of
from tests.cogs.world import make_world, reply, texts


def test_buttons_and_selects_have_their_own_disjoint_entry_points() -> None:
    button, select = re.compile(ids.BUTTON_PATTERN), re.compile(ids.SELECT_PATTERN)
    assert button.pattern != select.pattern
    for made in (
        ids.option_button(1, 2, "k", "o"),
        ids.confirm(1, 2, "k", (1,)),
        ids.lobby(1, "join"),
        ids.table(1, "hand"),
        ids.rules("g", 0),
        ids.dm(True),
    ):
        assert button.fullmatch(made) and not select.fullmatch(made)
    assert select.fullmatch(ids.option_select(1, 2, "k")) and not button.fullmatch(
        ids.option_select(1, 2, "k")
    )


async def test_both_component_entry_points_are_registered(simcord_env) -> None:
    registered = set(simcord_env.bot._connection._view_store._dynamic_items.values())
    assert registered == {AnyButton, AnySelect, CardsButton, TakebackButton, WatchButton}
    button = re.compile(ids.BUTTON_PATTERN)
    mine = (
        takeback_ids.ask(1),
        takeback_ids.answer(1, 2, True),
        watch_ids.watch_id(1),
        cards_ids.cards_id(1),
    )
    for own in (*mine, cards_ids.cards_id(1, 2)):
        assert not button.fullmatch(own), "each id has exactly one entry point"


async def test_a_turn_timer_set_before_a_restart_fires_after_it(simcord_env, make_bot) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world, turn_timer=30)
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(31)
    said = "\n".join(m.content for m in thread.history())
    assert "Time ran out for alice" in said and "Time ran out for bob" in said
    live = await world.bot.service.get(table_id_of(table))
    assert live.state.phase != "swap"


async def test_a_dm_refused_by_discord_falls_back_and_the_game_still_ends(simcord_env) -> None:
    world = make_world(simcord_env)
    await world.bob.slash(world.games, "settings", dm="on")
    dm = world.bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=500, code=0, times=None)
    thread, _table = await start_game(world)
    said = "\n".join(m.content for m in thread.history())
    assert "I can't send you DMs (Discord refused it)" in said
    await play_to_end(world, thread)
    assert any("results" in texts(m) for m in thread.history())


async def test_a_lobby_that_cannot_be_posted_is_undone(simcord_env) -> None:
    world = make_world(simcord_env)
    me = world.guild.me
    mute = world.guild.create_text_channel(
        "read-only",
        overwrites={me: discord.PermissionOverwrite(create_public_threads=False, send_messages=False)},
    )
    result = await world.alice.slash(mute, "play", game="highcard")
    assert "could not post the table here" in reply(result)
    assert await world.bot.service.storage.live_in(mute.id) is None
    again = await world.alice.slash(mute, "play", game="highcard")
    assert "already running" not in reply(again)

"""End-to-end behaviour of tables on simulated Discord (SimCord, real discord.py)."""

from __future__ import annotations

import discord
import pytest
import simcord

from tests.cogs.test_full_game import play_to_end, start_game, texts_of_buttons
from tests.cogs.world import custom_ids, make_world, open_hand, panel_after, take_turn, texts


def table_id_of(message: discord.Message) -> int:
    return int(next(c for c in custom_ids(message) if c.startswith(("sm:", "sl:"))).split(":")[1])


async def test_hand_panel_is_private_and_spectators_are_refused(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world)
    panel = await open_hand(world.alice, table)
    assert panel.flags.ephemeral
    assert all(m.id != panel.id for m in thread.history(viewer=world.bob)), "Bob must not see Alice's hand"
    with pytest.raises(simcord.SetupError):
        await world.bob.click(panel, custom_id=custom_ids(panel)[0])

    live = await world.bot.service.get(table_id_of(table))
    alice_cards = {str(v) for v in live.state.hands[0]}
    bob_panel = await open_hand(world.bob, table)
    bob_options = {o.label for c in bob_panel.components for o in _options(c)}
    assert bob_options and not bob_options & alice_cards

    refused = await world.carol.click(table, label="Open my hand")
    assert refused.ephemeral and "watching" in refused.response.content


def _options(component):
    stack = [component]
    while stack:
        item = stack.pop()
        yield from getattr(item, "options", None) or []
        stack.extend(getattr(item, "children", None) or [])


async def test_stale_panel_gets_a_fresh_one_and_a_double_click_applies_once(simcord_env) -> None:
    world = make_world(simcord_env)
    _thread, table = await start_game(world)
    first = await open_hand(world.alice, table)
    second = await open_hand(world.alice, table)
    confirm = next(c for c in custom_ids(first) if c.startswith("sc:"))
    assert confirm in custom_ids(second)

    await world.alice.click(second, custom_id=confirm)  # keeps her hand: the swap is done
    again = panel_after(await world.alice.click(first, custom_id=confirm))  # the same click, late

    assert "moved on" in texts(again)
    assert "Nothing to decide" in texts(again) or "Lead a card" in texts(again)
    log = await world.bot.service.storage.actions(table_id_of(table))
    alice_swaps = [a for a in log if a.seat == 0 and a.key == "swap"]
    assert len(alice_swaps) == 1


async def test_turn_by_dm_and_closed_dms_fall_back_to_the_channel(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    joined = await world.bob.click(lobby, label="Join")
    offer = joined.response.message
    assert "DM" in texts(offer)
    await world.bob.click(offer, label="Send my turns by DM")
    assert (await world.bot.service.storage.user_settings(world.bob.id)).dm

    await world.carol.click(lobby, label="Join")
    await world.carol.slash(thread, "settings", dm="on")
    carol_dm = world.carol.user.dm_channel
    simcord_env.inject_error(
        "POST",
        f"/channels/{carol_dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await world.alice.click(lobby, label="Start")

    bob_dm = world.bob.user.dm_channel.history()
    assert bob_dm and "Your hand" in texts(bob_dm[-1]), "Bob's panel arrives by DM"
    channel_text = "\n".join(m.content for m in thread.history())
    assert f"<@{world.carol.id}>, I can't send you DMs" in channel_text
    ping = next(m.content for m in thread.history() if "your turn" in m.content)
    assert str(world.carol.id) in ping and str(world.alice.id) in ping and str(world.bob.id) not in ping

    after = await take_turn(world.bob.user, bob_dm[-1])
    assert "Nothing to decide" in texts(after), "the DM panel works like the ephemeral one"
    log = await world.bot.service.storage.actions(table_id_of(lobby))
    assert [(a.seat, a.key, a.actor) for a in log] == [(1, "swap", "human")]

    await world.alice.click(world.table_message(thread), label="Forfeit")  # any later ping: still once
    warnings = [m for m in thread.history() if "can't send you DMs" in m.content]
    assert len(warnings) == 1
    gets = [r.path for r in simcord_env.http_requests if r.method == "GET"]
    lookups = [path for path in gets if path.startswith("/users/")]
    assert not [path for path in lookups if path != "/users/@me"], "a DM turn needs no user look-up"


async def test_restart_mid_game_then_finish(simcord_env, make_bot) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world)
    await take_turn(world.alice, await open_hand(world.alice, table))

    await simcord_env.restart_bot(make_bot())

    assert any("carries on" in m.content for m in thread.history()), "a short resumed note"
    panel = await open_hand(world.bob, table)  # a button on a message sent before the restart
    assert "Swap" in texts(panel)
    await play_to_end(world, thread)
    assert any("results" in texts(m) for m in thread.history())


async def test_turn_timer_warns_then_ai_decides_then_away_until_back(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world, turn_timer=30)
    await simcord_env.advance_time(23)
    assert any("⏰" in m.content and str(world.alice.id) in m.content for m in thread.history())

    for _ in range(6):
        live = await world.bot.service.get(table_id_of(table))
        if 0 in live.runtime.away:
            break
        if live.decisions_for(1):
            await take_turn(world.bob, await open_hand(world.bob, world.table_message(thread)))
        await simcord_env.advance_time(31)
    live = await world.bot.service.get(table_id_of(table))
    assert 0 in live.runtime.away
    said = "\n".join(m.content for m in thread.history())
    assert "Time ran out for alice; the AI chose for them." in said
    assert "alice missed 3 turns in a row" in said
    actors = [a.actor for a in await world.bot.service.storage.actions(table_id_of(table)) if a.seat == 0]
    assert actors[:3] == ["timeout"] * 3
    table = world.table_message(thread)
    assert "I'm back" in texts_of_buttons(table)

    await world.alice.click(table, label="I'm back")
    live = await world.bot.service.get(table_id_of(table))
    assert 0 not in live.runtime.away


async def test_cancel_needs_host_or_manage_threads(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await world.open_table(world.alice)
    refused = await world.carol.slash(thread, "game cancel")
    assert refused.ephemeral and "Only the host" in (refused.response.content if refused.response else "")
    assert await world.bot.service.storage.live_in(thread.id) is not None

    mods = world.guild.create_role("Mods", permissions=discord.Permissions(manage_threads=True))
    mod = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    done = await mod.slash(thread, "game cancel")
    assert "cancelled" in done.response.content
    assert await world.bot.service.storage.live_in(thread.id) is None
    assert "cancelled" in texts(world.table_message_or_closed(thread))


async def test_multi_choice_is_selected_then_confirmed(simcord_env) -> None:
    from tests.cogs.world import find_select

    world = make_world(simcord_env)
    _thread, table = await start_game(world)
    panel = await open_hand(world.alice, table)
    menu = find_select(panel)
    picked = [o.value for o in menu.options][:2]
    shown = panel_after(await world.alice.select(panel, picked, custom_id=menu.custom_id))
    labels = [o.label for o in menu.options][:2]
    assert f"Selected: {labels[0]}, {labels[1]}" in texts(shown)
    assert not await world.bot.service.storage.actions(table_id_of(table)) or all(
        a.seat != 0 for a in await world.bot.service.storage.actions(table_id_of(table))
    ), "selecting alone does not play"

    confirm = next(c for c in custom_ids(shown) if c.startswith("sc:"))
    await world.alice.click(shown, custom_id=confirm)
    swaps = [a for a in await world.bot.service.storage.actions(table_id_of(table)) if a.seat == 0]
    assert [(a.key, sorted(a.choice)) for a in swaps] == [("swap", sorted(picked))]


async def test_panels_and_table_edits_leave_no_view_in_memory(simcord_env) -> None:
    """Buttons are answered by the registered dynamic items, so no per-message view is kept."""
    world = make_world(simcord_env)
    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    for actor in (world.alice, world.bob, world.alice):
        await open_hand(actor, world.table_message(thread))
    assert not world.bot.persistent_views

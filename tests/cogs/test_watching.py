"""Watching on simulated Discord: carol watches alice and bob play (the table counts her), players
cannot watch their own table, hands appear after the game as each player chose in /settings."""

from __future__ import annotations

import discord

import renderers
from tests.cogs.test_full_game import play_to_end, start_game
from tests.cogs.test_records import admin
from tests.cogs.world import (
    button_labels,
    custom_ids,
    make_world,
    panel_after,
    play_until_second_turn,
    reply,
    texts,
)


async def test_carol_watches_and_sees_hands_after_the_game(simcord_env) -> None:
    world = make_world(simcord_env)
    shy = await world.bob.slash(world.games, "settings", spectators="never")
    assert "never see your hand" in reply(shy)
    thread, table = await start_game(world)
    assert "Watch" in button_labels(table)

    watched = await world.carol.click(table, label="Watch")
    assert watched.ephemeral
    panel = watched.response.message
    body = texts(panel)
    assert "Watching · High Card" in body and "Swap up to two cards" in body
    assert "alice: shown once the game is over" in body and "bob: hidden" in body
    assert [a.filename for a in panel.attachments] == [f"table-{table_id(table)}.png"]
    assert "👀 1 watching" in texts(world.table_message(thread))

    own = await world.alice.click(world.table_message(thread), label="Watch")
    assert own.ephemeral and "You play at this table" in reply(own)

    await play_to_end(world, thread)
    after = panel_after(await world.carol.click(panel, label="Refresh"))
    assert "game over" in texts(after) and "bob: hidden" in texts(after)
    shown = sorted(a.description or "" for a in after.attachments)
    assert any(d.startswith("alice's hand") for d in shown) and any(
        d.startswith("Botley's hand") for d in shown
    )
    assert not any(d.startswith("bob's hand") for d in shown)

    again = await world.carol.slash(world.games, "game watch", game_id=table_id(table))
    assert "game over" in texts(again.response.message)


async def test_game_watch_in_the_thread_and_nothing_to_watch(simcord_env) -> None:
    world = make_world(simcord_env)
    nothing = await world.carol.slash(world.games, "game watch")
    assert "no running game here" in reply(nothing).lower()
    thread, _ = await start_game(world)
    watched = await world.carol.slash(thread, "game watch")
    assert "Watching · High Card" in texts(watched.response.message)


def table_id(table) -> int:
    return int(next(c for c in custom_ids(table) if c.startswith("sm:")).split(":")[1])


async def test_a_live_hand_one_round_late_unless_the_server_forbids_it(simcord_env) -> None:
    world = make_world(simcord_env)
    renderers.game_palette("superhot")  # drawn once per process: not inside an interaction's time
    await world.alice.slash(world.games, "settings", spectators="live")
    await world.alice.slash(world.games, "play", game="superhot", mode="versus")
    thread = world.thread()
    lobby = world.table_message(thread)
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    service = world.bot.service
    table = table_id(world.table_message(thread))
    live = await play_until_second_turn(world, thread, table, {0: world.alice})
    assert len(live.runtime.turn_marks.get(0, [])) == 2, "alice's second turn began"

    watched = await world.carol.click(world.table_message(thread), label="Watch")
    panel = watched.response.message
    hands = [a.description or "" for a in panel.attachments if (a.description or "").startswith("alice's")]
    assert hands and hands[0].startswith("alice's hand one round ago")
    assert world.carol.id in (await service.get(table)).runtime.saw_hands

    await admin(world).slash(world.games, "server settings", live_hands="off")
    again = panel_after(await world.carol.click(panel, label="Refresh"))
    assert not any((a.description or "").startswith("alice's") for a in again.attachments)
    assert "alice: shown once the game is over" in texts(again)


async def test_a_game_in_a_channel_hidden_from_a_member_is_not_theirs_to_watch_or_export(simcord_env) -> None:
    world = make_world(simcord_env)
    secret = world.guild.create_text_channel(
        "secret", overwrites={world.carol: discord.PermissionOverwrite(view_channel=False)}
    )
    await world.alice.slash(secret, "play", game="highcard")
    lobby = world.table_message(secret.threads[-1])
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    number = table_id(world.table_message(secret.threads[-1]))

    for command in ("game watch", "game export"):
        refused = await world.carol.slash(world.games, command, game_id=number)
        assert f"There is no game #{number} here" in reply(refused), command
    seen = await world.bob.slash(world.games, "game watch", game_id=number)
    assert "Watching · High Card" in texts(seen.response.message)

"""Lobby buttons, slash commands, engine timers, forfeits, kicks, rematches, archiving, edits."""

from __future__ import annotations

import discord
import pytest

from bot.errors import UserError
from cogs.commands import parse_options
from tests.cogs.test_full_game import play_to_end, start_game, texts_of_buttons
from tests.cogs.test_table_flow import table_id_of
from tests.cogs.world import components, make_world, open_hand, reply, take_turn, texts


async def test_lobby_buttons_and_start_explains_seat_counts(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    too_few = await world.alice.click(lobby, label="Start")
    assert "needs 2 to 4 players and there is 1 player." in reply(too_few)

    await world.bob.click(lobby, label="Join")
    again = await world.bob.click(lobby, label="Join")
    assert "already have a seat" in again.response.content
    not_host = await world.bob.click(lobby, label="Start")
    assert "Only the host" in reply(not_host)

    for _ in range(2):
        await world.alice.click(lobby, label="Add AI")
    lobby = world.table_message(thread)
    assert "Botley" in texts(lobby) and "Deckard" in texts(lobby)
    join = next(c for c in components(lobby) if getattr(c, "label", None) == "Join")
    assert join.disabled, "a full lobby offers no Join"
    with pytest.raises(UserError, match="full"):  # a Join pressed on an older copy of the lobby
        await world.bot.service.join(table_id_of(lobby), world.carol.id, "carol")
    await world.alice.click(lobby, label="Remove AI")
    assert "Deckard" not in texts(world.table_message(thread))
    left = await world.bob.click(lobby, label="Leave")
    assert "left" in left.response.content
    assert str(world.bob.id) not in texts(world.table_message(thread))


async def test_the_last_person_leaving_is_asked_before_the_table_closes(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    await world.alice.click(lobby, label="Add AI")
    asked = await world.alice.click(world.table_message(thread), label="Leave")
    assert "leaving closes this table" in texts(asked.response.message)
    live = await world.bot.service.get(table_id_of(lobby))
    assert live.record.status == "lobby" and live.seat_of(world.alice.id) is not None, "nothing happened yet"
    await world.alice.click(asked.response.message, label="Leave and close the table")
    assert (await world.bot.service.get(table_id_of(lobby))).record.status == "cancelled"


async def test_one_table_per_place_and_play_inside_a_thread(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await world.open_table(world.alice)
    busy = await world.bob.slash(thread, "play", game="highcard")
    assert busy.ephemeral and "already running here" in reply(busy)
    other = await world.bob.slash(world.games, "play", game="highcard", mode="lightning")
    assert other.acknowledged and len(world.games.threads) == 2
    unknown = await world.bob.slash(world.games, "play", game="chess")
    assert "no game called 'chess'" in unknown.response.content
    bad_mode = await world.bob.slash(world.games, "play", game="highcard", mode="speedrun")
    assert "no mode 'speedrun'" in reply(bad_mode)
    bad_option = await world.bob.slash(world.games, "play", game="highcard", options="colour=blue")
    assert "no option 'colour'" in reply(bad_option)


async def test_without_thread_permission_the_table_lives_in_the_channel(simcord_env) -> None:
    world = make_world(simcord_env)
    me = world.guild.me
    closed = world.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    result = await world.alice.slash(closed, "play", game="highcard")
    said = reply(result)
    assert "table opened here" in said and "I may not create threads here" in said
    assert "-# Tables stay in this channel" in said, "said as a note, not as an error"
    assert not closed.threads
    assert "High Card" in texts(world.table_message(closed))
    in_thread = reply(await world.bob.slash(world.games, "play", game="highcard"))
    assert "table opened in <#" in in_thread and "thread" not in in_thread, "no note when a thread opens"


async def test_status_rules_help_and_settings(simcord_env) -> None:
    world = make_world(simcord_env)
    nothing = await world.alice.slash(world.games, "game status")
    assert "no game here" in nothing.response.content.lower()
    thread, table = await start_game(world)
    status = await world.carol.slash(thread, "game status")
    assert "in play" in status.response.content and "Botley" in status.response.content

    rules = await world.carol.click(table, label="Rules")
    assert rules.ephemeral and "rules (1/3)" in texts(rules.response.message)
    page_two = await world.carol.click(rules.response.message, label="Next")
    assert "rules (2/3)" in texts(page_two.response.message)
    house = await world.carol.click(page_two.response.message, label="Next")
    assert "rules (3/3)" in texts(house.response.message), "the generated House rules page comes last"
    assert "High Card plays as printed" in texts(house.response.message)
    by_command = await world.carol.slash(thread, "rules", game="highcard")
    assert "High Card" in texts(by_command.response.message)

    helped = texts((await world.carol.slash(world.games, "help")).response.message)
    assert "High Card" in helped and "/play" in helped
    assert "Highest card takes the trick." in helped
    assert "**Letopsulle** (`letopsulle`)" in helped, "every game is listed"
    assert "/deck build" in helped and "house rules" in helped
    for told in ("/game watch", "/game takeback", "/game export", "/tournament create", "season:month"):
        assert told in helped, told
    shown = await world.carol.slash(world.games, "settings")
    assert "DMs are off" in shown.response.content
    turned = await world.carol.slash(world.games, "settings", dm="on")
    assert "DMs are on" in turned.response.content
    assert "Automatic defence is off" in turned.response.content
    defending = await world.carol.slash(world.games, "settings", auto_defence="on")
    assert "Automatic defence is on" in defending.response.content
    assert "DMs are on" in defending.response.content  # one setting changed leaves the other alone


async def test_lightning_deadline_plays_for_slow_players(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world, mode="lightning")
    for actor in (world.alice, world.bob):
        await take_turn(actor, await open_hand(actor, world.table_message(thread)))
    table_id = table_id_of(table)
    live = await world.bot.service.get(table_id)
    assert live.state.phase in ("lead", "follow")
    trick = live.state.trick
    await simcord_env.advance_time(21)
    await simcord_env.advance_time(21)
    live = await world.bot.service.get(table_id)
    assert live.state.trick > trick
    assert "out of time" in "\n".join(live.runtime.log)
    ticks = [a for a in await world.bot.service.storage.actions(table_id) if a.actor == "tick"]
    assert ticks


async def test_forfeit_button_confirms_and_the_last_player_wins(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world, ai=0)
    asked = await world.bob.click(table, label="Forfeit")
    assert "Really forfeit" in texts(asked.response.message)
    await world.bob.click(asked.response.message, label="Yes, forfeit")
    result = next(m for m in reversed(thread.history()) if "results" in texts(m))
    body = texts(result)
    assert body.index(str(world.alice.id)) < body.index(str(world.bob.id))
    assert "forfeited" in body


async def test_kick_hands_the_seat_to_the_ai_and_checks_permission(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world)
    refused = await world.bob.slash(thread, "game kick", user=world.alice)
    assert "Only the host" in refused.response.content
    done = await world.alice.slash(thread, "game kick", user=world.bob)
    assert "removed" in done.response.content
    live = await world.bot.service.get(table_id_of(table))
    assert live.is_automatic(1) and live.seat_of(world.bob.id) is None
    gone = await world.bob.click(world.table_message(thread), label="Open my hand")
    assert "watching" in gone.response.content


async def test_rematch_and_thread_archive(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, _table = await start_game(world)
    await play_to_end(world, thread)
    result = next(m for m in reversed(thread.history()) if "results" in texts(m))
    stranger = await world.carol.click(result, label="Rematch")
    assert "Only players of this game" in reply(stranger)
    await world.bob.click(result, label="Rematch")
    lobby = world.table_message(thread)
    assert "Press **Join**" in texts(lobby) and "Botley" in texts(lobby)
    assert any("Rematch!" in m.content and str(world.alice.id) in m.content for m in thread.history())

    await world.bob.click(lobby, label="Cancel table")
    await simcord_env.advance_time(world.bot.settings.thread_archive_after + 1)
    archived = [
        r
        for r in simcord_env.http_requests
        if r.method == "PATCH" and r.path == f"/channels/{thread.id}" and (r.json or {}).get("archived")
    ]
    assert len(archived) == 1


async def test_a_burst_of_ai_moves_edits_the_table_message_once(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world, ai=2)
    before = len(simcord_env.http_requests)
    await take_turn(world.alice, await open_hand(world.alice, table))
    edits = [
        r
        for r in simcord_env.http_requests[before:]
        if r.method == "PATCH" and r.path.endswith(f"/messages/{table.id}")
    ]
    assert len(edits) == 1
    assert "Open my hand" in texts_of_buttons(world.table_message(thread))


def test_options_may_hold_commas_in_their_values() -> None:
    assert parse_options("decks=kc,ld,ga speed=on") == {"decks": "kc,ld,ga", "speed": "on"}
    assert parse_options("bullet_storm=on,seven_line=on, bat=1") == {
        "bullet_storm": "on",
        "seven_line": "on",
        "bat": "1",
    }
    with pytest.raises(UserError, match="could not read 'oops'"):
        parse_options("oops speed=on")

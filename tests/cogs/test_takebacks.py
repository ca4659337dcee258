"""Takebacks on simulated Discord: alice takes back her lead; bob allows it, refuses it, or says
nothing until the question times out; /game takeback when there is nothing to take back."""

from __future__ import annotations

from typing import Any

import renderers
from tests.cogs.test_full_game import start_game
from tests.cogs.test_records import admin
from tests.cogs.world import World, button_labels, make_world, open_hand, panel_after, reply, take_turn, texts

TAKE_BACK = "Take back my last move"


async def alice_leads(world: World) -> tuple[Any, int]:
    """Alice and Bob swap nothing, Alice leads a card and asks to take it back. Returns the thread
    and the table id."""
    thread, _ = await start_game(world, ai=0)
    for actor in (world.alice, world.bob):
        await take_turn(actor, await open_hand(actor, world.table_message(thread)))
    panel = await take_turn(world.alice, await open_hand(world.alice, world.table_message(thread)))
    assert TAKE_BACK in button_labels(panel), texts(panel)
    asked = panel_after(await world.alice.click(panel, label=TAKE_BACK))
    assert "other players are asked" in texts(asked) and TAKE_BACK not in button_labels(asked)
    table_id = await world.bot.service.storage.live_in(thread.id)
    assert table_id is not None
    return thread, table_id


def question(thread: Any) -> Any:
    return next(m for m in reversed(thread.history()) if "asks to take back" in texts(m))


async def test_bob_allows_and_alice_leads_again(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table_id = await alice_leads(world)
    asking = question(thread)
    assert str(world.bob.id) in texts(asking) and button_labels(asking) == ["Allow", "Refuse"]
    not_hers = await world.alice.click(asking, label="Allow")
    assert "for the other players" in reply(not_hers)
    allowed = await world.bob.click(asking, label="Allow")
    assert "Takeback allowed" in texts(allowed.response.message) and not button_labels(
        allowed.response.message
    )
    live = await world.bot.service.get(table_id)
    assert live.state.phase == "lead" and live.runtime.takebacks == 1
    panel = await open_hand(world.alice, world.table_message(thread))
    assert "Lead a card" in texts(panel) and TAKE_BACK not in button_labels(panel)
    assert "alice takes back their last move." in texts(world.table_message(thread))


async def test_bob_refuses_and_the_card_stays(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table_id = await alice_leads(world)
    refused = await world.bob.click(question(thread), label="Refuse")
    assert "bob refused" in texts(refused.response.message)
    live = await world.bot.service.get(table_id)
    assert live.state.phase == "follow" and live.runtime.takebacks == 0


async def test_silence_is_a_no(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table_id = await alice_leads(world)
    await simcord_env.advance_time(50)
    live = await world.bot.service.get(table_id)
    assert live.state.phase == "follow" and live.runtime.takeback_ask is None
    assert "Not everyone answered in time" in texts(world.table_message(thread))
    asking = question(thread)
    late = await world.bob.click(asking, label="Allow")
    assert "closed" in reply(late)
    closed = next(m for m in thread.history() if m.id == asking.id)
    assert "closed" in texts(closed) and not button_labels(closed), "its buttons go"


async def test_nothing_to_take_back(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, _ = await start_game(world, ai=0)
    nothing = await world.alice.slash(thread, "game takeback")
    assert nothing.ephemeral and "no move to take back" in reply(nothing)


async def test_a_server_can_turn_takebacks_off(simcord_env) -> None:
    world = make_world(simcord_env)
    shown = await admin(world).slash(world.games, "server settings", takebacks="off")
    assert "takebacks are **off**" in reply(shown)
    thread, _ = await start_game(world, ai=0)
    refused = await world.alice.slash(thread, "game takeback")
    assert "turned off in this server" in reply(refused)


async def test_at_a_table_of_ais_the_takeback_is_granted_at_once(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 7
    renderers.game_palette("superhot")  # drawn once per process: not inside an interaction's time
    await world.alice.slash(world.games, "play", game="superhot", mode="solo")
    thread = world.thread()
    await world.alice.click(world.table_message(thread), label="Start")
    for _ in range(30):
        panel = await open_hand(world.alice, world.table_message(thread))
        if TAKE_BACK in button_labels(panel):
            break
        await take_turn(world.alice, panel)
    else:
        raise AssertionError("no move could be taken back")
    table_id = await world.bot.service.storage.live_in(thread.id)
    assert table_id is not None
    version = (await world.bot.service.get(table_id)).version
    granted = panel_after(await world.alice.click(panel, label=TAKE_BACK))
    assert "Your last move is taken back" in texts(granted) and TAKE_BACK not in button_labels(granted)
    assert not any("asks to take back" in texts(m) for m in thread.history()), "nobody to ask"
    live = await world.bot.service.get(table_id)
    assert live.version > version and live.runtime.takebacks == 1

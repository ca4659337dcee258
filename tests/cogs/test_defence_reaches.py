"""A defence asked out of turn always reaches the defender (issue 33): when Bob's click resolves an
attack on Alice, Alice is pinged in the table's thread with the question (or gets her panel by DM
when she plays by DM); when her own click made an AI attack her, the panel she clicked on shows
the question and she is not pinged as well."""

from __future__ import annotations

from typing import Any

import simcord

from engines.punchfighter.ai import PunchAI
from tests.cogs.world import (
    MAX_PANEL_STEPS,
    World,
    answer_panel,
    custom_ids,
    make_world,
    open_hand,
    table_id_of,
    texts,
)

BRAIN = PunchAI("normal", 5)
SEED = 11


async def brawl(world: World, people: int) -> tuple[Any, int]:
    """A standard brawl: Alice, Bob when `people` is 2, and AI seats up to three fighters."""
    world.bot.service.new_seed = lambda: SEED
    await world.alice.slash(world.games, "play", game="punchfighter", mode="standard")
    thread = world.thread()
    if people == 2:
        await world.bob.click(world.table_message(thread), label="Join")
    for _ in range(3 - people):
        await world.alice.click(world.table_message(thread), label="Add AI")
    await world.alice.click(world.table_message(thread), label="Start")
    return thread, table_id_of(world.table_message(thread))


async def until_alice_defends(
    world: World, thread: Any, table_id: int, actors: dict[int, Any]
) -> tuple[int, Any]:
    """Play through panels until a click opens Alice's defence: who clicked, and the panel the
    click was made on as it is after it."""
    for _ in range(MAX_PANEL_STEPS):
        live = await world.bot.service.get(table_id)
        decision = next((d for d in live.decisions() if d.seat in actors), None)
        if decision is None:
            await world.env.settle()  # an AI seat is still moving: join its work
            continue
        assert decision.key != "defend" or decision.seat != 0, "Alice's defence opened outside a click"
        panel = await open_hand(actors[decision.seat], world.table_message(thread))
        if f":{live.state.version}:" not in " ".join(custom_ids(panel)):
            continue
        choice = list(BRAIN.choose(live.engine, live.state, decision))
        after = await answer_panel(actors[decision.seat], panel, decision.key, choice)
        await world.env.settle()
        live = await world.bot.service.get(table_id)
        if any(d.seat == 0 and d.key == "defend" for d in live.decisions()):
            return decision.seat, after
    raise AssertionError("nobody attacked Alice")


def pings_of(thread: Any, user: Any) -> list[str]:
    return [m.content for m in thread.history() if f"<@{user.id}>" in (m.content or "")]


async def test_a_defender_without_an_open_panel_is_pinged_with_the_question(simcord_env: simcord.Env) -> None:
    world = make_world(simcord_env)
    thread, table_id = await brawl(world, people=2)
    before = len(pings_of(thread, world.alice))
    clicker, _ = await until_alice_defends(world, thread, table_id, {0: world.alice, 1: world.bob})
    assert clicker == 1, "Bob's click brought the attack"
    live = await world.bot.service.get(table_id)
    (question,) = [d for d in live.decisions() if d.seat == 0]
    pings = pings_of(thread, world.alice)[before:]
    assert pings and question.prompt in pings[-1], "Alice is pinged with the defence question"
    assert question.deadline is not None
    assert f"time runs out <t:{int(question.deadline)}:R>" in pings[-1] and "your turn" not in pings[-1]


async def test_a_defender_who_plays_by_dm_gets_the_question_by_dm(simcord_env: simcord.Env) -> None:
    world = make_world(simcord_env)
    await world.alice.slash(world.games, "settings", dm="on")
    thread, table_id = await brawl(world, people=2)
    clicker, _ = await until_alice_defends(world, thread, table_id, {0: world.alice, 1: world.bob})
    assert clicker == 1
    live = await world.bot.service.get(table_id)
    (question,) = [d for d in live.decisions() if d.seat == 0]
    last_dm = world.alice.user.dm_channel.history()[-1]
    assert question.prompt in texts(last_dm), "the DM panel shows the defence question"
    assert "Answer now" in texts(last_dm) and "time runs out" in texts(last_dm)
    assert not any(question.prompt in ping for ping in pings_of(thread, world.alice)), "a DM, no ping"


async def test_a_defender_whose_own_click_brought_the_attack_sees_it_on_that_panel_unpinged(
    simcord_env: simcord.Env,
) -> None:
    world = make_world(simcord_env)
    thread, table_id = await brawl(world, people=1)
    before = len(pings_of(thread, world.alice))
    clicker, panel = await until_alice_defends(world, thread, table_id, {0: world.alice})
    assert clicker == 0, "an AI attacked Alice right after her own click"
    live = await world.bot.service.get(table_id)
    (question,) = [d for d in live.decisions() if d.seat == 0]
    assert question.prompt in texts(panel), "the panel she clicked on shows the defence"
    assert not any(question.prompt in ping for ping in pings_of(thread, world.alice)[before:])

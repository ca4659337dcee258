"""Super Nova Smash! on simulated Discord: the bot is the app. One person and two AI players race a
round on virtual time, the person playing from a live console that the bot refreshes on its own."""

from __future__ import annotations

from typing import Any

from cogs import ids
from engines.supernova.ai import SupernovaAI
from tests.cogs.world import answer_panel, custom_ids, make_world, table_id_of

BRAIN = SupernovaAI("hard", 3)


async def test_one_person_and_two_ai_race_a_round_to_the_scoring(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 5
    await world.alice.slash(world.games, "play", game="supernova", mode="race", options="launch=3,go=5")
    thread = world.thread()
    lobby = world.table_message(thread)
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    table_id = table_id_of(world.table_message(thread))
    live = await world.bot.service.get(table_id)
    assert (live.state.options["launch"], live.state.options["go"]) == ("3", "5"), "timings set at /play"
    opened = await world.alice.click(world.table_message(thread), label="Open console")
    assert opened.ephemeral and opened.response is not None, "the console is a private panel"
    played = refreshed = 0
    seen_version = -1
    for _ in range(1500):
        live = await world.bot.service.get(table_id)
        if live.state.phase in ("scoring", "damage") or live.record.status != "active":
            break
        console = opened.response.message  # as Discord shows it now: the bot edits it on its own
        assert offered(console) == {(live.state.version, d.key) for d in live.decisions_for(0)}, (
            "the console shows the table as it is now"
        )
        if live.state.version != seen_version:
            refreshed += 1
            seen_version = live.state.version
        wanted = [(d, BRAIN.choose(live.engine, live.state, d)) for d in live.decisions() if d.seat == 0]
        wanted = [(d, choice) for d, choice in wanted if choice]
        if wanted:
            decision, choice = wanted[0]
            await answer_panel(world.alice, console, decision.key, choice)
            played += 1
            continue
        due = world.bot.service.scheduler.due(table_id)  # the next screen change or AI reaction
        await world.env.advance_time(min(max((due or 0) - world.env.now().timestamp(), 0.05), 2.0))
    else:
        raise AssertionError(
            f"the round did not reach the scoring: {live.state.phase}, {live.state.log[-4:]}"
        )
    actions = await world.bot.service.storage.actions(table_id)
    assert played >= 3 and any(a.actor == "ai" for a in actions), "everyone played in real time"
    assert any(a.key == "__tick__" for a in actions), "the bot ran the GO!/HOLD! clock"
    assert refreshed > played, "the console followed changes the person did not cause"


def offered(console: Any) -> set[tuple[int, str]]:
    """(version, decision key) of every decision a console offers."""
    parsed = [
        ids.parse(custom_id)
        for custom_id in custom_ids(console)
        if custom_id.startswith(("st:", "ss:", "sc:"))
    ]
    return {(p.version, p.key) for p in parsed if isinstance(p, ids.Choose)}

"""Super Punch Fighter on simulated Discord: a standard 3-player brawl (one person, two AI) played
through the hand panels to the end, with a defence out of turn and a ring-out, and a Minion Rush
solo game to its rank."""

from __future__ import annotations

import dataclasses

from engines.punchfighter.ai import PunchAI
from tests.cogs.test_records import board_text
from tests.cogs.world import (
    MAX_PANEL_STEPS,
    answer_panel,
    make_world,
    open_hand,
    play_through_panels,
    table_id_of,
    texts,
)

BRAIN = PunchAI("normal", 5)


BRAWL_SEED = 11  # a game where an AI hits Alice (she defends) and someone is knocked off the board


async def test_a_standard_brawl_with_a_defence_out_of_turn_and_a_ring_out(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: BRAWL_SEED
    opened = await world.alice.slash(world.games, "play", game="punchfighter", mode="standard")
    assert opened.acknowledged
    thread = world.thread()
    lobby = world.table_message(thread)
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(world.table_message(thread), label="Add AI")
    await world.alice.click(world.table_message(thread), label="Start")
    table = world.table_message(thread)
    table_id = table_id_of(table)
    assert table.attachments and "super punch fighter" in (table.attachments[0].description or "").lower()

    body = await play_through_panels(world, thread, BRAIN, {0: world.alice})

    actions = await world.bot.service.storage.actions(table_id)
    defended = [a for a in actions if a.key == "defend" and a.actor == "human"]
    assert defended, "Alice answered an attack on another player's turn"
    live = await world.bot.service.get(table_id)
    assert any("knocked off the board" in line for line in live.runtime.log) or any(
        a.key == "shove" and a.choice == ["off"] for a in actions
    ), "someone was knocked off the board"
    assert "results" in body and str(world.alice.id) in body


async def test_automatic_defence_answers_a_defence_whose_time_ran_out(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: BRAWL_SEED
    await world.alice.slash(world.games, "settings", auto_defence="on")
    await world.alice.slash(world.games, "play", game="punchfighter", mode="standard")
    thread = world.thread()
    for label in ("Add AI", "Add AI", "Start"):
        await world.alice.click(world.table_message(thread), label=label)
    table_id = table_id_of(world.table_message(thread))
    for _ in range(MAX_PANEL_STEPS):
        live = await world.bot.service.get(table_id)
        decision = next(d for d in live.decisions() if d.seat == 0)
        if decision.key == "defend":
            break
        panel = await open_hand(world.alice, world.table_message(thread))
        await answer_panel(
            world.alice, panel, decision.key, list(BRAIN.choose(live.engine, live.state, decision))
        )
    else:
        raise AssertionError("nobody attacked Alice")

    await simcord_env.advance_time(21)  # the default defence timer is 20 s
    live = await world.bot.service.get(table_id)
    assert "the AI defended for" in "\n".join(live.runtime.log)
    actions = await world.bot.service.storage.actions(table_id)
    assert any(a.key == "defend" and a.actor == "timeout" for a in actions)
    assert not any(a.actor == "tick" for a in actions), "the hit did not simply land"


async def test_a_minion_rush_solo_game_ends_with_a_rank(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 3
    await world.alice.slash(world.games, "play", game="punchfighter", mode="rush_solo")
    thread = world.thread()
    await world.alice.click(world.table_message(thread), label="Start")
    body = await play_through_panels(world, thread, BRAIN, {0: world.alice})
    ranks = ("Amateur", "Semi-Pro", "Pro", "Ranked", "Champion")
    assert any(rank in body for rank in ranks)
    assert texts(world.table_message_or_closed(thread))

    world.bot.settings = dataclasses.replace(world.bot.settings, leaderboard_min_games=1)
    board = await world.alice.slash(world.games, "leaderboard", game="punchfighter", mode="rush_solo")
    shown = board_text(board.response.message)
    assert "Minion Rush solo" in shown and "alice" in shown.lower()
    assert any(f"· {rank}" in shown for rank in ranks), "the star total is shown with its rank"

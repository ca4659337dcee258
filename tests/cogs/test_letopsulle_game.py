"""Letopsulle on simulated Discord: a 2-player game (one person, one AI) played through the hand
panels to the end, with Alice choosing for her own villains too, and a solitaire game whose
villains are decided by coin flips, to its score on the leaderboard."""

from __future__ import annotations

import dataclasses

from bot.replays import load_replay
from engines.letopsulle.ai import LetoAI
from engines.letopsulle.rules_text import RULES
from tests.cogs.test_records import board_text
from tests.cogs.world import make_world, play_through_panels, table_id_of, texts

BRAIN = LetoAI("normal", 5)


async def test_a_two_player_game_with_heroes_and_villains_on_the_panel(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 4
    opened = await world.alice.slash(world.games, "play", game="letopsulle", mode="multiplayer")
    assert opened.acknowledged
    thread = world.thread()
    await world.alice.click(world.table_message(thread), label="Add AI")
    await world.alice.click(world.table_message(thread), label="Start")
    table = world.table_message(thread)
    table_id = table_id_of(table)
    assert table.attachments and "letopsulle" in (table.attachments[0].description or "").lower()

    body = await play_through_panels(world, thread, BRAIN, {0: world.alice})

    actions = await world.bot.service.storage.actions(table_id)
    mine = {a.key for a in actions if a.actor == "human"}
    assert {"mulligan", "turn", "vturn"} <= mine, "Alice played her hero turns and her own villains"
    assert "results" in body and str(world.alice.id) in body


async def test_a_solitaire_game_with_coin_flips_ends_on_the_leaderboard(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 2
    await world.alice.slash(world.games, "play", game="letopsulle", mode="solitaire", options="two_active=on")
    thread = world.thread()
    await world.alice.click(world.table_message(thread), label="Start")
    table_id = table_id_of(world.table_message(thread))
    body = await play_through_panels(world, thread, BRAIN, {0: world.alice})
    assert "results" in body
    story = await load_replay(world.bot.service.storage, world.bot.service.registry, table_id)
    assert any("Coin flips for the villains" in line for line in story.lines), (
        "the log (and /replay) tells the flips"
    )

    world.bot.settings = dataclasses.replace(world.bot.settings, leaderboard_min_games=1)
    board = await world.alice.slash(world.games, "leaderboard", game="letopsulle", mode="solitaire")
    shown = board_text(board.response.message)
    assert "alice" in shown.lower()


async def test_the_rules_of_letopsulle_page_through_in_our_words(simcord_env) -> None:
    world = make_world(simcord_env)
    shown = await world.alice.slash(world.games, "rules", game="letopsulle")
    first = texts(shown.response.message)
    assert "Letopsulle" in first and "villain" in first.lower()
    pages = [first]
    message = shown.response.message
    for _ in range(len(RULES) - 1):
        message = (await world.alice.click(message, label="Next")).response.message
        pages.append(texts(message))
    whole = "\n".join(pages)
    for topic in ("Strength", "Speed", "Power", "Intelligence", "Money", "Defense", "Fighting", "solitaire"):
        assert topic.lower() in whole.lower(), topic
    assert "caps it" in whole.lower(), "the battle arithmetic is explained"

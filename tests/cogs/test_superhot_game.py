"""SUPERHOT on simulated Discord: whole games played through the hand panels to a result."""

from __future__ import annotations

import simcord

from engines.superhot.ai import SuperhotAI
from tests.cogs.world import (
    World,
    answer_panel,
    button_labels,
    custom_ids,
    make_world,
    open_hand,
    play_through_panels,
    selects_of,
    table_id_of,
    texts,
)

BRAIN = SuperhotAI()
WINNER = SuperhotAI("hard")
"""Plays the solo seat: at hard, seed 67 is a game it wins."""


async def open_superhot(world: World, host: simcord.MemberActor, mode: str, options: str = "") -> object:
    play = {"game": "superhot", "mode": mode}
    if options:
        play["options"] = options
    result = await host.slash(world.games, "play", **play)
    assert result.acknowledged
    return world.thread()


async def test_a_solo_game_is_played_through_panels_to_a_result(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 67
    thread = await open_superhot(world, world.alice, "solo")
    await world.alice.click(world.table_message(thread), label="Start")
    table = world.table_message(thread)
    assert table.attachments and "Level 1" in (table.attachments[0].description or ""), (
        "the table image describes The Line"
    )
    body = await play_through_panels(world, thread, WINNER, {0: world.alice})
    assert str(world.alice.id) in body
    assert "cleared every level" in body
    assert f"🏆 <@{world.alice.id}>" in body and "🥇" not in body, "a won solo game has its trophy"


async def test_a_lost_solo_game_gives_no_medal(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 7  # easy play loses this one after a level
    thread = await open_superhot(world, world.alice, "solo")
    await world.alice.click(world.table_message(thread), label="Start")
    body = await play_through_panels(world, thread, SuperhotAI("easy"), {0: world.alice})
    assert "you lost" in body or "lost after" in body, body
    assert "🥇" not in body and f"✖️ <@{world.alice.id}>" in body


async def test_a_coop_game_with_aid_and_veto_is_played_through_panels(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 232
    thread = await open_superhot(world, world.alice, "coop")
    lobby = world.table_message(thread)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    table_id = table_id_of(world.table_message(thread))
    body = await play_through_panels(world, thread, BRAIN, {0: world.alice, 1: world.bob})
    assert str(world.alice.id) in body and str(world.bob.id) in body
    actions = await world.bot.service.storage.actions(table_id)
    assert any(a.key == "aid" and a.choice != ["none"] for a in actions), "a card was passed as Aid"
    assert any(a.key == "veto" and a.choice == ["agree"] for a in actions), "a veto both partners agreed on"


async def test_a_question_asked_again_comes_with_a_fresh_menu(simcord_env) -> None:
    """Knock out an obstacle, then "Cancel: choose another obstacle": the Use cards menu that comes
    back is a new menu (clients keep what was picked in a menu by its id), and the same obstacle
    can be picked again."""
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 67
    thread = await open_superhot(world, world.alice, "solo")
    await world.alice.click(world.table_message(thread), label="Start")
    table_id = table_id_of(world.table_message(thread))
    panel = await open_hand(world.alice, world.table_message(thread))
    for _ in range(10):
        live = await world.bot.service.get(table_id)
        decision = next(d for d in live.decisions() if d.seat == 0)
        if decision.key == "use":
            break
        choice = list(BRAIN.choose(live.engine, live.state, decision))
        panel = await answer_panel(world.alice, panel, decision.key, choice)
    knock = next(o for o in decision.options if o.label.startswith("Knock out"))
    [first] = selects_of(panel)
    panel = await answer_panel(world.alice, panel, "use", [knock.id])
    assert "Cancel: choose another obstacle" in button_labels(panel)
    panel = await answer_panel(world.alice, panel, "card", ["cancel"])
    [again] = selects_of(panel)
    assert again.custom_id != first.custom_id and again.id != first.id, "the menu is a new one"
    assert knock.id in [option.value for option in again.options]
    assert not any(option.default for option in again.options), "nothing picked in it"
    panel = await answer_panel(world.alice, panel, "use", [knock.id])
    live = await world.bot.service.get(table_id)
    assert next(d for d in live.decisions() if d.seat == 0).key == "card", "picked again, it counts"


async def test_a_panel_with_nothing_to_decide_wakes_up_when_the_turn_comes(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 232
    thread = await open_superhot(world, world.alice, "coop")
    await world.bob.click(world.table_message(thread), label="Join")
    await world.alice.click(world.table_message(thread), label="Start")
    table_id = table_id_of(world.table_message(thread))
    live = await world.bot.service.get(table_id)
    first = live.decisions()[0].seat
    actors = {0: world.alice, 1: world.bob}
    waiting = actors[1 - first]
    opened = await waiting.click(world.table_message(thread), label="Open my hand")
    assert "Nothing to decide right now." in texts(opened.response.message)
    panel = await open_hand(actors[first], world.table_message(thread))
    for _ in range(60):
        live = await world.bot.service.get(table_id)
        if any(d.seat == 1 - first for d in live.decisions()):
            break
        decision = live.decisions()[0]
        choice = list(BRAIN.choose(live.engine, live.state, decision))
        panel = await answer_panel(actors[first], panel, decision.key, choice)
    await world.env.settle()
    shown = opened.response.message  # as Discord shows it now
    assert "Nothing to decide right now." not in texts(shown), "the waiting panel woke up"
    assert any(c.startswith(("st:", "ss:")) for c in custom_ids(shown)), "it offers the decision"


async def test_versus_against_the_ai_system_player(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 1068
    thread = await open_superhot(world, world.alice, "versus", "bat=1")
    lobby = world.table_message(thread)
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    table_id = table_id_of(world.table_message(thread))
    body = await play_through_panels(world, thread, BRAIN, {0: world.alice})
    actions = await world.bot.service.storage.actions(table_id)
    assert any(a.seat == 1 and a.key == "glitch" and a.choice != ["end"] for a in actions), (
        "the AI System player took its turns"
    )
    assert str(world.alice.id) in body


async def test_rules_pages_explain_superhot(simcord_env) -> None:
    world = make_world(simcord_env)
    shown = await world.carol.slash(world.games, "rules", game="superhot")
    assert shown.ephemeral
    page = texts(shown.response.message)
    assert "rules (1/" in page and "SUPERHOT" in page


async def test_button_choices_explain_themselves(simcord_env) -> None:
    """Options shown as buttons keep their explanation (Wait or move? says what each does)."""
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 61
    thread = await open_superhot(world, world.alice, "solo")
    await world.alice.click(world.table_message(thread), label="Start")
    panel = await open_hand(world.alice, world.table_message(thread))
    live = await world.bot.service.get(table_id_of(world.table_message(thread)))
    decision = live.decisions()[0]
    if decision.key == "veto":
        panel = await answer_panel(world.alice, panel, "veto", ["keep"])
    body = texts(panel)
    assert "Wait or move?" in body
    assert "**Wait**:" in body and "start of The Line" in body


async def test_crossfire_is_named_in_the_lobby_on_the_table_and_in_the_result(simcord_env) -> None:
    """The co-op house rule is shown wherever the game is: lobby, table image, result and board."""
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 232
    thread = await open_superhot(world, world.alice, "coop", "crossfire=on")
    lobby = world.table_message(thread)
    assert "House rules" in texts(lobby) and "Crossfire" in texts(lobby)
    assert "crossfire: on" not in texts(lobby), "listed once, under its heading"
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    table = world.table_message(thread)
    assert (table.attachments[0].description or "").startswith("Played with house rules: Crossfire")
    body = await play_through_panels(world, thread, BRAIN, {0: world.alice, 1: world.bob})
    assert "Played with house rules: Crossfire" in body
    assert "mode:coop.house" in body and "Co-op · House rules" in body


async def test_a_printed_lobby_lists_no_house_rules_and_no_option_the_mode_ignores(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await open_superhot(world, world.alice, "solo")
    lobby = texts(world.table_message(thread))
    assert "House rules" not in lobby
    assert "crossfire" not in lobby and "revenge" not in lobby, "co-op and versus options stay out"
    assert "infinite: off" in lobby


async def test_the_last_rules_page_lists_the_house_rules(simcord_env) -> None:
    world = make_world(simcord_env)
    shown = await world.carol.slash(world.games, "rules", game="superhot")
    page = shown.response.message
    for _ in range(20):
        if "### House rules" in texts(page):
            break
        page = (await world.carol.click(page, label="Next")).response.message
    text = texts(page)
    assert "Crossfire" in text and "`crossfire=on`" in text and "Co-op only" in text

"""The Cards button for spectators on simulated Discord: a spectator's card list holds exactly the
hands the spectator panel would show them ("alice's hand", one round late or after the game, as
each player chose), never one its player keeps hidden."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import cogs.cards
import renderers
from bot.watching import delayed_view
from cogs.cards import card_entry
from cogs.ui import panel_view
from renderers.sheets import card_sheet
from tests.cogs.test_cards import cards_of, open_game
from tests.cogs.test_records import admin
from tests.cogs.world import World, button_labels, make_world, play_until_second_turn, table_id_of, texts

GAME = "superhot"


def entries(groups: Any) -> set[str]:
    """Every card of some groups as the card list writes it."""
    return {card_entry(card, cogs.cards.PAGE_TEXT) for found in groups for card in found.cards}


def hand_of(view: Any) -> list[Any]:
    """The groups of a seat's own view that only that seat sees (its hand)."""
    return [found for found in card_sheet(GAME, view) if found.title.startswith("Your ")]


def make(simcord_env: Any) -> World:
    """A world whose SUPERHOT palette is drawn before any interaction's clock runs."""
    renderers.game_palette(GAME)
    return make_world(simcord_env)


async def test_a_spectator_reads_a_hand_shown_live_and_never_one_kept_hidden(simcord_env) -> None:
    world = make(simcord_env)
    await world.alice.slash(world.games, "settings", spectators="live")
    await world.bob.slash(world.games, "settings", spectators="never")
    thread = await open_game(world, GAME, bob=True)
    table = table_id_of(world.table_message(thread))
    live = await play_until_second_turn(world, thread, table, {0: world.alice, 1: world.bob})

    late = await delayed_view(live, world.bot.service.storage, 0)
    assert late is not None
    alice = entries(hand_of(late))
    public = entries(card_sheet(GAME, live.view(None)))
    bob = entries(hand_of(live.view(1))) - public - alice
    assert alice and bob, "both hold cards the table does not show"

    listed = texts(await cards_of(world.carol, world.table_message(thread)))
    assert "### alice's hand (one round ago)" in listed
    assert all(entry in listed for entry in alice), "alice's hand as it was when her previous turn began"
    assert "hands their players let spectators see" in listed
    assert "### bob's hand" not in listed, "bob keeps his hand hidden"
    assert not any(entry in listed for entry in bob)
    assert world.carol.id in (await world.bot.service.get(table)).runtime.saw_hands

    watched = (await world.carol.click(world.table_message(thread), label="Watch")).response.message
    shown = [a.description or "" for a in watched.attachments]
    assert any(d.startswith("alice's hand one round ago") for d in shown), "the spectator panel shows it too"
    from_panel = texts(await cards_of(world.carol, watched))
    assert "### alice's hand (one round ago)" in from_panel and "### bob's hand" not in from_panel

    await admin(world).slash(world.games, "server settings", live_hands="off")
    refused = texts(await cards_of(world.carol, world.table_message(thread)))
    assert "### alice's hand" not in refused and not any(entry in refused for entry in alice - public)
    assert "hands stay hidden" in refused


async def test_after_the_game_the_spectator_panel_lists_the_hands_shown_after_it(simcord_env) -> None:
    world = make(simcord_env)
    await world.bob.slash(world.games, "settings", spectators="never")
    thread = await open_game(world, GAME, bob=True)
    table = table_id_of(world.table_message(thread))
    early = texts(await cards_of(world.carol, world.table_message(thread)))
    assert "### alice's hand" not in early and "hands stay hidden" in early, "alice's hand waits for the end"

    asked = await world.bob.click(world.table_message(thread), label="Forfeit")
    await world.bob.click(asked.response.message, label="Yes, forfeit")
    live = await world.bot.service.get(table)
    assert live.record.status == "finished"
    alice = entries(hand_of(live.view(0)))
    bob = entries(hand_of(live.view(1))) - entries(card_sheet(GAME, live.view(None))) - alice
    assert alice and bob

    watched = (await world.carol.slash(world.games, "game watch", game_id=table)).response.message
    assert "game over" in texts(watched) and "Cards" in button_labels(watched)
    listed = texts(await cards_of(world.carol, watched))
    assert "### alice's hand\n" in listed and all(entry in listed for entry in alice)
    assert "### bob's hand" not in listed and not any(entry in listed for entry in bob)

    result = next(m for m in reversed(thread.history()) if "results" in texts(m))
    assert "Cards" in button_labels(result), "the result message lists the final cards too"
    from_result = texts(await cards_of(world.carol, result))
    assert all(entry in from_result for entry in alice) and not any(entry in from_result for entry in bob)
    own = texts(await cards_of(world.bob, result))
    assert "as only you see them" in own and all(entry in own for entry in bob), "Bob reads his last hand"
    redrawn = panel_view(await world.bot.service.get(table), 1, "hand.png", "")  # his open hand panel
    panel = SimpleNamespace(components=redrawn.children)
    assert "This game is over." in texts(panel) and "Cards" in button_labels(panel)

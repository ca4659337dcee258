"""The Cards button on simulated Discord: each game's cards as text, privately, grouped and paged;
a spectator never sees a hand, a player sees their own and nobody else's."""

from __future__ import annotations

from typing import Any

import pytest

import cogs.cards
from cogs.cards import card_entry, paginate
from renderers.sheets import card_sheet
from tests.cogs.world import (
    World,
    button_labels,
    custom_ids,
    make_world,
    panel_after,
    reply,
    table_id_of,
    texts,
)

GAMES = {
    "superhot": ("coop", 1),
    "smashmasters": ("brawl", 1),
    "supernova": ("race", 2),
    "punchfighter": ("standard", 2),
    "letopsulle": ("multiplayer", 1),
}


async def open_game(world: World, game: str, *, bob: bool = False, seed: int = 3) -> Any:
    """Alice opens a table of `game` (Bob joins when asked), AI fills the seats it needs, she starts it."""
    world.bot.service.new_seed = lambda: seed
    mode, ais = GAMES[game]
    await world.alice.slash(world.games, "play", game=game, mode=mode)
    thread = world.thread()
    if bob:
        await world.bob.click(world.table_message(thread), label="Join")
        ais -= 1
    for _ in range(ais):
        await world.alice.click(world.table_message(thread), label="Add AI")
    await world.alice.click(world.table_message(thread), label="Start")
    return thread


async def cards_of(actor: Any, message: Any) -> Any:
    """Press Cards on a message; returns the private card list."""
    result = await actor.click(message, label="Cards")
    assert result.ephemeral and result.response is not None, "the card list is private"
    return result.response.message


def sections(game: str, view: Any) -> list[str]:
    """The first page of a view's card list as the bot lays it out."""
    return (paginate(card_sheet(game, view), cogs.cards.PAGE_TEXT) or [[]])[0]


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_player_reads_every_card_of_the_table_and_their_hand_as_text(simcord_env, game: str) -> None:
    world = make_world(simcord_env)
    thread = await open_game(world, game)
    table = world.table_message(thread)
    assert "Cards" in button_labels(table), "the table message has a Cards button"
    listed = await cards_of(world.alice, table)
    live = await world.bot.service.get(table_id_of(table))
    body = texts(listed)
    assert "as only you see them" in body
    expected = sections(game, live.view(0))
    assert expected and all(section in body for section in expected), "the groups and cards of her view"
    if any(group.title == "Your hand" for group in card_sheet(game, live.view(0))):
        assert "### Your hand" in body

    label = "Open console" if live.engine.meta.live_play else "Open my hand"
    panel = (await world.alice.click(world.table_message(thread), label=label)).response.message
    assert panel.attachments, "the hand panel keeps its image"
    again = await cards_of(world.alice, panel)
    assert expected[0] in texts(again), "the Cards button of the hand panel"


async def test_spectators_and_other_players_never_see_a_hand(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await open_game(world, "superhot", bob=True)
    table = world.table_message(thread)
    live = await world.bot.service.get(table_id_of(table))
    public = {
        card_entry(card, cogs.cards.PAGE_TEXT)
        for g in card_sheet("superhot", live.view(None))
        for card in g.cards
    }
    hands = {}
    for seat in (0, 1):
        group = next(g for g in card_sheet("superhot", live.view(seat)) if g.title == "Your hand")
        hands[seat] = {card_entry(card, cogs.cards.PAGE_TEXT) for card in group.cards} - public

    alice = texts(await cards_of(world.alice, table))
    bob = texts(await cards_of(world.bob, table))
    carol = texts(await cards_of(world.carol, table))
    assert all(entry in alice for entry in hands[0]) and all(entry in bob for entry in hands[1])
    only_alice = hands[0] - hands[1]
    assert only_alice, "Alice holds a card Bob does not"
    assert not any(entry in bob for entry in only_alice), "Bob does not see Alice's hand"
    assert not any(entry in carol for entry in hands[0] | hands[1]), "Carol sees no hand"
    assert "### Your hand" not in carol and "hands stay hidden" in carol
    shown = sections("superhot", live.view(None))
    assert shown and all(section in carol for section in shown), "the public table: The Line, the goals..."

    watched = (await world.carol.click(table, label="Watch")).response.message
    from_panel = texts(await cards_of(world.carol, watched))
    assert "### Your hand" not in from_panel and "hands stay hidden" in from_panel


async def test_a_long_list_pages_and_a_closed_table_says_so(simcord_env, monkeypatch) -> None:
    monkeypatch.setattr(cogs.cards, "PAGE_TEXT", 700)
    world = make_world(simcord_env)
    thread = await open_game(world, "superhot")
    table = world.table_message(thread)
    live = await world.bot.service.get(table_id_of(table))
    pages = paginate(card_sheet("superhot", live.view(0)), 700)
    assert len(pages) >= 3

    first = await cards_of(world.alice, table)
    assert "Page 1 of" in texts(first) and all(section in texts(first) for section in pages[0])
    second = panel_after(await world.alice.click(first, label="Next"))
    assert "Page 2 of" in texts(second) and all(section in texts(second) for section in pages[1])
    back = panel_after(await world.alice.click(second, label="Previous"))
    assert "Page 1 of" in texts(back)
    assert len(set(custom_ids(second))) == len(custom_ids(second)), "unique custom_ids"

    await world.alice.slash(thread, "game cancel")
    stale = await world.alice.click(back, label="Next")
    assert "was closed" in reply(stale) and "no longer in play" in reply(stale)

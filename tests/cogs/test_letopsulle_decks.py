"""/deck for Letopsulle next to Smash Masters: build from the basic deck, break a rule and be told
which, fix it, share it by code; decks of both games side by side, and never played in the other."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import simcord

from cogs.deck_books import LETOPSULLE
from cogs.deck_text import deck_code
from engines.letopsulle.content import BASIC_DECK, CARDS, kind_of
from tests.cogs.world import make_world, reply, texts

A_HERO = next(card for card in BASIC_DECK if kind_of(CARDS[card]) == "hero")
FOUR_COPIES = next(card for card, copies in Counter(BASIC_DECK).items() if copies < 4)


async def test_a_letopsulle_deck_is_built_from_the_basic_deck_checked_and_shared(
    simcord_env: simcord.Env,
) -> None:
    world = make_world(simcord_env)
    alice, games = world.alice, world.games
    built = await alice.slash(games, "deck build", name="Night Shift", game="letopsulle")
    assert "Night Shift · 72 cards · Letopsulle" in reply(built) and "Ready to play" in reply(built)
    assert "**Heroes (" in reply(built) and "**Plot twists (" in reply(built)
    assert f"`{deck_code(BASIC_DECK)}`" in reply(built) and "*2" in reply(built), "copies written id*n"

    taken = await alice.slash(games, "deck remove", name="Night Shift", card=A_HERO)
    assert f"Took out {CARDS[A_HERO].name} (Hero) ×1" in reply(taken) and "71 cards" in reply(taken)
    checked = await alice.slash(games, "deck validate", name="night shift")
    assert "Not ready yet" in reply(checked)
    assert "It has 35 hero cards; a deck has exactly 36" in reply(checked)
    back = await alice.slash(games, "deck add", name="Night Shift", card=A_HERO)
    assert "Ready to play: `/play game:letopsulle" in reply(back)

    pool = await alice.autocomplete(games, "deck add", "card", "", name="Night Shift")
    assert pool and all(choice["value"] in CARDS for choice in pool), "only Letopsulle cards"
    theirs = await alice.slash(games, "deck add", name="Night Shift", card="kc-c1")
    assert "not in Letopsulle" in reply(theirs)
    crowded = await alice.slash(games, "deck add", name="Night Shift", card=FOUR_COPIES, copies=4)
    assert f"{CARDS[FOUR_COPIES].name} ({FOUR_COPIES}) is in it" in reply(crowded)
    too_many = await alice.slash(games, "deck add", name="Night Shift", card=A_HERO, copies=25)
    assert "at most 90 cards" in reply(too_many) and "36 hero and 36 villain" in reply(too_many)

    long_form = await alice.slash(games, "deck build", name="Copy", code=",".join(BASIC_DECK))
    assert "Copy · 72 cards · Letopsulle" in reply(long_form), "a Letopsulle code makes a Letopsulle deck"
    short_form = await alice.slash(games, "deck build", name="Copy 2", code=deck_code(BASIC_DECK))
    assert "Copy 2 · 72 cards" in reply(short_form) and "Ready to play" in reply(short_form)
    smash_code = await alice.slash(games, "deck build", name="Mixed", game="letopsulle", code="kc-c1")
    assert "cards I don't know: kc-c1" in reply(smash_code) and "Smash Masters deck code" in reply(smash_code)
    wrong_start = await alice.slash(games, "deck build", name="Odd", game="letopsulle", start="kc")
    assert "not a Letopsulle deck" in reply(wrong_start) and "basic deck" in reply(wrong_start)
    bad_count = await alice.slash(games, "deck build", name="Odd", code="night*many")
    assert "could not read “night\\*many”" in reply(bad_count)


async def test_the_biggest_letopsulle_deck_shows_within_one_message(simcord_env: simcord.Env) -> None:
    world = make_world(simcord_env)
    longest = sorted(CARDS, key=lambda card: -len(CARDS[card].name) - len(card))
    cards = (longest * 2)[: LETOPSULLE.max_cards]
    built = await world.alice.slash(world.games, "deck build", name="x" * 32, code=deck_code(cards))
    assert f"{LETOPSULLE.max_cards} cards" in reply(built) and "Deck code" in reply(built)
    taken = await world.alice.slash(world.games, "deck remove", name="x" * 32, card=longest[0])
    assert "Took out" in reply(taken)


async def test_decks_of_both_games_are_listed_and_told_apart(simcord_env: simcord.Env) -> None:
    world = make_world(simcord_env)
    carol, games = world.carol, world.games
    await carol.slash(games, "deck build", name="Brawlers", start="kc")
    await carol.slash(games, "deck build", name="Main", start="basic")
    await carol.slash(games, "deck build", name="Main", game="smashmasters", start="mm")
    listed = reply(await carol.slash(games, "deck list"))
    assert "### Super Powered Smash Masters\n- **Brawlers**: 46 cards, ready ✅" in listed
    assert "### Letopsulle\n- **Main**: 72 cards, ready ✅" in listed

    choices = await carol.autocomplete(games, "deck show", "name", "")
    assert {(c["name"], c["value"]) for c in choices} == {
        ("Brawlers · Smash Masters", "Brawlers"),
        ("Main · Letopsulle", "letopsulle:Main"),
        ("Main · Smash Masters", "smashmasters:Main"),
    }
    which = await carol.slash(games, "deck show", name="main")
    assert "Smash Masters and a Letopsulle deck called “Main”" in reply(which) and "/deck rename" in reply(
        which
    )
    assert "72 cards · Letopsulle" in reply(await carol.slash(games, "deck show", name="letopsulle:Main"))
    renamed = await carol.slash(games, "deck rename", name="smashmasters:Main", new_name="Mainly Muscle")
    assert "now called “Mainly Muscle”" in reply(renamed)
    assert "72 cards · Letopsulle" in reply(await carol.slash(games, "deck show", name="main"))
    for_play = await carol.autocomplete(games, "play", "deck", "", game="smashmasters")
    assert sorted(c["value"] for c in for_play) == ["Brawlers", "Mainly Muscle"], "only decks of that game"


async def test_a_deck_is_played_only_in_its_own_game(simcord_env: simcord.Env) -> None:
    world = make_world(simcord_env)
    bob, games = world.bob, world.games
    await bob.slash(games, "deck build", name="Heroes", game="letopsulle")
    await bob.slash(games, "deck build", name="Kitchen", start="kc")
    refused = await bob.slash(games, "play", game="smashmasters", deck="Heroes")
    assert "“Heroes” is a Letopsulle deck, so it cannot be played in Super Powered Smash Masters" in reply(
        refused
    )
    assert not games.threads, "no table was opened"
    outside = await bob.slash(games, "deck use", name="Heroes")
    assert "thread of a Letopsulle lobby" in reply(outside)

    await world.alice.slash(games, "play", game="smashmasters")
    await bob.click(world.table_message(world.thread()), label="Join")
    other_lobby = await bob.slash(world.thread(), "deck use", name="Heroes")
    assert "is a Letopsulle deck" in reply(other_lobby) and "brings the deck" not in texts(
        world.table_message(world.thread())
    )
    await world.alice.slash(world.thread(), "game cancel")
    superhot = await bob.slash(games, "play", game="superhot", deck="Heroes")
    assert "Only Super Powered Smash Masters and Letopsulle are played with your own decks" in reply(superhot)

    wrong = await bob.slash(games, "play", game="letopsulle", deck="Kitchen")
    assert "“Kitchen” is a Smash Masters deck, so it cannot be played in Letopsulle" in reply(wrong)
    assert len(games.threads) == 1, "only the cancelled Smash Masters table's thread"
    await world.alice.slash(games, "play", game="letopsulle")
    await bob.click(world.table_message(world.thread()), label="Join")
    brought = await bob.slash(world.thread(), "deck use", name="heroes")
    assert "You bring “Heroes”" in reply(brought)
    assert "brings the deck “Heroes”" in texts(world.table_message(world.thread()))


def held(state: Any) -> Counter[str]:
    """Every card of every player's layouts, and the plot twist in play."""
    found: Counter[str] = Counter([state.plot] if state.plot else [])

    def walk(value: Any) -> None:
        if isinstance(value, str) and value in CARDS:
            found[value] += 1
        elif isinstance(value, (list, dict)):
            for item in value.values() if isinstance(value, dict) else value:
                walk(item)

    walk(msgspec.to_builtins(state.teams))
    return found


async def test_play_letopsulle_with_a_custom_deck_deals_it(simcord_env: simcord.Env) -> None:
    world = make_world(simcord_env)
    alice, games = world.alice, world.games
    await alice.slash(games, "deck build", name="Twin Night", game="letopsulle")
    spare = next(card for card, n in Counter(BASIC_DECK).items() if n == 2 and kind_of(CARDS[card]) == "hero")
    await alice.slash(games, "deck remove", name="Twin Night", card=spare)
    await alice.slash(games, "deck add", name="Twin Night", card=A_HERO)
    cards = [*BASIC_DECK, A_HERO]
    cards.remove(spare)

    opened = await alice.slash(games, "play", game="letopsulle", mode="multiplayer", deck="twin night")
    assert "table opened" in reply(opened)
    lobby = world.table_message(world.thread())
    assert "brings the deck “Twin Night”" in texts(lobby)
    await alice.click(lobby, label="Add AI")
    await alice.click(world.table_message(world.thread()), label="Start")
    table_id = await world.bot.service.storage.live_in(world.thread().id)
    assert table_id is not None
    live = await world.bot.service.get(table_id)
    assert sorted(live.record.options["deck0"].split(",")) == sorted(cards), "Alice plays her own deck"
    assert "deck1" not in live.record.options, "the AI plays the basic deck"
    assert held(live.state) == Counter(cards) + Counter(BASIC_DECK), "both decks are dealt, card for card"

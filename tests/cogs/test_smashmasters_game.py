"""Super Powered Smash Masters on simulated Discord: custom decks with /deck, then a 3-player brawl
(two people and an AI) played through the hand panels, with counters decided out of turn."""

from __future__ import annotations

from cogs.deck_books import SMASH
from engines.smashmasters.ai import SmashAI
from engines.smashmasters.cards import CARDS
from tests.cogs.world import (
    World,
    answer_panel,
    button_labels,
    make_world,
    open_hand,
    play_through_panels,
    reply,
    table_id_of,
    texts,
)

BRAIN = SmashAI()
KITCHEN = list(CARDS.deck("kc"))
OUR_SMASH = next(c for c in KITCHEN if CARDS.card(c).kind == "smash")
THEIR_SMASH = next(c for c in CARDS.by_id if CARDS.card(c).kind == "smash" and CARDS.card(c).deck == "ld")
A_STORY = next(c for c in KITCHEN if CARDS.card(c).kind == "story")


async def build_kitchen_deck(world: World) -> list[str]:
    """Alice copies the Kitchen Crusaders, breaks a rule, is told which, and fixes it."""
    built = await world.alice.slash(world.games, "deck build", name="Brunch Bunch", start="kc")
    assert "Brunch Bunch · 46 cards" in reply(built) and "Ready to play" in reply(built)
    assert "×7" in reply(built), "copies of a Smash card are counted, not listed one by one"
    await world.alice.slash(world.games, "deck add", name="Brunch Bunch", card=A_STORY)
    checked = await world.alice.slash(world.games, "deck validate", name="brunch bunch")
    assert "Not ready yet" in reply(checked)
    assert f"{CARDS.card(A_STORY).name} ({A_STORY}) is in the deck 2 times" in reply(checked)
    assert "The Deck needs 40 cards, not 41" in reply(checked)
    await world.alice.slash(world.games, "deck remove", name="Brunch Bunch", card=A_STORY)
    await world.alice.slash(world.games, "deck remove", name="Brunch Bunch", card=OUR_SMASH)
    await world.alice.slash(world.games, "deck add", name="Brunch Bunch", card=THEIR_SMASH)
    listed = await world.alice.slash(world.games, "deck list")
    assert "**Brunch Bunch**: 46 cards, ready ✅" in reply(listed)
    shown = await world.alice.slash(world.games, "deck show", name="Brunch Bunch")
    assert "Characters (6)" in reply(shown) and "Deck code:" in reply(shown)
    alike = SMASH.same_card(OUR_SMASH)
    latest = max(i for i, card in enumerate(KITCHEN) if card in alike)  # /deck remove takes the latest copy
    return [*KITCHEN[:latest], *KITCHEN[latest + 1 :], THEIR_SMASH]


async def test_a_three_player_brawl_with_a_custom_deck_is_played_through_panels(simcord_env) -> None:
    world = make_world(simcord_env)
    cards = await build_kitchen_deck(world)
    world.bot.service.new_seed = lambda: 27  # a short game with a human counter and a Team-Up
    opened = await world.alice.slash(
        world.games, "play", game="smashmasters", mode="brawl", deck="Brunch Bunch"
    )
    assert opened.acknowledged
    thread = world.thread()
    lobby = world.table_message(thread)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Add AI")
    lobby = world.table_message(thread)
    assert "brings the deck “Brunch Bunch”" in texts(lobby)
    await world.alice.click(lobby, label="Start")
    table = world.table_message(thread)
    table_id = table_id_of(table)
    assert table.attachments and "team" in (table.attachments[0].description or "").lower()

    body = await play_through_panels(world, thread, BRAIN, {0: world.alice, 1: world.bob})

    live = await world.bot.service.get(table_id)
    assert live.record.options["deck0"] == ",".join(cards), "Alice played her own deck"
    assert "deck1" not in live.record.options, "Bob played a ready-made deck"
    actions = await world.bot.service.storage.actions(table_id)
    turn_player, out_of_turn = -1, []
    for action in actions:
        if action.key == "action":
            turn_player = action.seat
        elif action.key == "counter" and action.choice != ["pass"] and action.actor == "human":
            out_of_turn += [action] if action.seat != turn_player else []
    assert out_of_turn, "a person countered on someone else's turn: a chain of at least two cards"
    assert any(a.choice == ["teamup"] and a.key in ("action", "counter") for a in actions), "a Team-Up"
    assert str(world.alice.id) in body and str(world.bob.id) in body and "Botley" in body


async def test_a_counter_goes_out_of_turn_and_times_out_to_no_counter(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.service.new_seed = lambda: 27
    await world.alice.slash(
        world.games, "play", game="smashmasters", mode="brawl", turn_timer=30, options="counter_timer=60"
    )
    thread = world.thread()
    lobby = world.table_message(thread)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    table_id = table_id_of(world.table_message(thread))
    actors = {0: world.alice, 1: world.bob}
    for _ in range(400):
        live = await world.bot.service.get(table_id)
        open_now = live.decisions()
        counter = next((d for d in open_now if d.key == "counter"), None)
        if counter is not None:
            break
        decision = open_now[0]
        panel = await open_hand(actors[decision.seat], world.table_message(thread))
        await answer_panel(
            actors[decision.seat], panel, decision.key, list(BRAIN.choose(live.engine, live.state, decision))
        )
    else:
        raise AssertionError("no Smash Battle reached a counter")
    assert counter.seat != live.state.turn, "the defender decides out of turn"
    counter_name = live.record.seats[counter.seat].name
    panel = await open_hand(actors[counter.seat], world.table_message(thread))
    assert "Counter?" in texts(panel) and "No counter" in button_labels(panel)
    assert live.record.seats[counter.seat].name in texts(world.table_message(thread)), (
        "the table says who decides"
    )

    await world.env.advance_time(31)
    await world.env.settle()
    live = await world.bot.service.get(table_id)
    assert any(d.key == "counter" and d.seat == counter.seat for d in live.decisions()), (
        "the 30 s turn timer does not answer a counter: its own 60 s timer does"
    )
    await world.env.advance_time(30)
    await world.env.settle()
    live = await world.bot.service.get(table_id)
    assert not any(d.key == "counter" and d.seat == counter.seat for d in live.decisions())
    # The table image's log (the message shows only its last lines: the battle's result follows).
    assert f"{counter_name} ran out of time to counter." in live.runtime.log


async def test_deck_commands_explain_every_mistake(simcord_env) -> None:
    world = make_world(simcord_env)
    assert "no decks yet" in reply(await world.carol.slash(world.games, "deck list"))
    await world.carol.slash(world.games, "deck build", name="Empty Nest", start="empty")
    again = await world.carol.slash(world.games, "deck build", name="empty nest", start="kc")
    assert "already have a deck called" in reply(again)
    empty = await world.carol.slash(world.games, "deck validate", name="Empty Nest")
    assert "needs 6 characters, not 0" in reply(empty) and "needs 40 cards, not 0" in reply(empty)
    coded = await world.carol.slash(world.games, "deck build", name="Shared", code="kc-c1, nope-7")
    assert "cards I don't know: nope-7" in reply(coded)
    other = await world.carol.slash(world.games, "play", game="superhot", mode="solo", deck="Empty Nest")
    assert "Only Super Powered Smash Masters" in reply(other)
    unready = await world.carol.slash(world.games, "play", game="smashmasters", deck="Empty Nest")
    assert "not ready to play" in reply(unready) and not world.games.threads
    outside = await world.carol.slash(world.games, "deck use", name="Empty Nest")
    assert "Smash Masters lobby" in reply(outside)
    await world.carol.slash(world.games, "deck build", name="Ready", start="mm")
    await world.alice.slash(world.games, "play", game="smashmasters")
    unseated = await world.carol.slash(world.thread(), "deck use", name="Ready")
    assert "Join the table first" in reply(unseated)
    await world.carol.click(world.table_message(world.thread()), label="Join")
    brought = await world.carol.slash(world.thread(), "deck use", name="ready")
    assert "You bring “Ready”" in reply(brought)
    assert "brings the deck “Ready”" in texts(world.table_message(world.thread()))
    missing = await world.carol.slash(world.games, "deck show", name="Nope")
    assert "no deck called “Nope”" in reply(missing)
    await world.carol.slash(world.games, "deck build", name="Big", start="kc")
    smash = next(c for c in KITCHEN if CARDS.card(c).kind == "smash")
    taken = await world.carol.slash(world.games, "deck remove", name="Big", card=smash, copies=3)
    assert f"{CARDS.card(smash).name} (Smash, Kitchen Crusaders) ×3" in reply(taken) and "43 cards" in reply(
        taken
    )
    too_many = await world.carol.slash(world.games, "deck add", name="Big", card=smash, copies=25)
    assert "at most 60 cards" in reply(too_many)
    gone = await world.carol.slash(world.games, "deck delete", name="EMPTY NEST")
    assert "Deleted" in reply(gone)


async def test_rules_pages_explain_smash_masters(simcord_env) -> None:
    world = make_world(simcord_env)
    shown = await world.carol.slash(world.games, "rules", game="smashmasters")
    page = texts(shown.response.message)
    assert "rules (1/" in page and "Smash" in page

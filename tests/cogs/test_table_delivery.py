"""What Discord does to a busy table: rate limits, archived threads, and how often we ping."""

from __future__ import annotations

import pytest
import simcord
from simcord.http import client as simcord_client

from cogs import ui
from cogs.deck_books import SMASH
from engines.smashmasters.cards import CARDS
from engines.superhot.ai import SuperhotAI
from tests.cogs.test_full_game import start_game
from tests.cogs.world import (
    World,
    make_world,
    open_hand,
    play_through_panels,
    reply,
    table_id_of,
    take_turn,
    texts,
)


def table_texts(message: object) -> list[str]:
    """The text blocks a table message shows (header, whose turn, the log)."""
    return [line for line in texts(message).split("\n") if line]


async def newest_table_texts(world: World, table_id: int) -> list[str]:
    """The text blocks the table message should show for the newest state."""
    live = await world.bot.service.get(table_id)
    view = ui.table_view(live, "table.png", "alt")
    shown: list[str] = []

    def walk(item: object) -> None:
        content = getattr(item, "content", None)
        if isinstance(content, str):
            shown.extend(line for line in content.split("\n") if line)
        for child in getattr(item, "children", []) or []:
            walk(child)

    for item in view.children:
        walk(item)
    return shown


async def solo_superhot(env: simcord.Env) -> tuple[World, simcord.ChannelHandle, int]:
    """Alice starts a seeded solo SUPERHOT game: the world, its thread and the table id."""
    world = make_world(env)
    world.bot.service.new_seed = lambda: 61
    await world.alice.slash(world.games, "play", game="superhot", mode="solo")
    thread = world.thread()
    await world.alice.click(world.table_message(thread), label="Start")
    return world, thread, table_id_of(world.table_message(thread))


async def test_a_solo_superhot_game_pings_at_most_once_per_turn(simcord_env) -> None:
    world, thread, table_id = await solo_superhot(simcord_env)
    await play_through_panels(world, thread, SuperhotAI(), {0: world.alice})
    pings = [m for m in thread.history() if "your turn" in m.content]
    actions = await world.bot.service.storage.actions(table_id)
    turns = sum(1 for action in actions if action.key == "start")
    assert turns > 5 and len(actions) > 2 * turns, "a long game of many multi-step turns"
    assert 1 <= len(pings) <= turns, f"{len(pings)} pings for {turns} turns"
    assert len(pings) == 1, "a player who plays on at their panel is never pinged again"


@pytest.mark.parametrize("via", [False, True], ids=["cloudflare-429", "429-after-retries"])
async def test_a_rate_limited_table_edit_is_made_again_with_the_newest_state(
    simcord_env, monkeypatch: pytest.MonkeyPatch, via: bool
) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world)
    table_id = table_id_of(table)
    headers = {"Via": "1.1 google", "Retry-After": "2"} if via else {}
    monkeypatch.setattr(simcord_client._FakeResponse, "headers", headers, raising=False)
    simcord_env.inject_error(
        "PATCH",
        f"/channels/{thread.id}/messages/{table.id}",
        status=429,
        message="You are being rate limited.",
    )
    await take_turn(world.alice, await open_hand(world.alice, table))
    assert table_texts(world.table_message(thread)) != await newest_table_texts(world, table_id), (
        "the edit was refused"
    )
    await simcord_env.advance_time(6.0)
    assert table_texts(world.table_message(thread)) == await newest_table_texts(world, table_id)


async def test_a_rate_limited_lobby_edit_is_made_again_with_the_newest_seats(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    path = f"/channels/{thread.id}/messages/{lobby.id}"
    simcord_env.inject_error("PATCH", path, status=429, message="You are being rate limited.")
    await world.bob.click(lobby, label="Join")
    assert str(world.bob.id) not in texts(world.table_message(thread)), "the edit was refused"
    await simcord_env.advance_time(6.0)
    assert str(world.bob.id) in texts(world.table_message(thread))


async def test_an_archived_thread_is_reopened_to_show_the_table(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world)
    table_id = table_id_of(table)
    simcord_env.inject_error(
        "PATCH",
        f"/channels/{thread.id}/messages/{table.id}",
        status=400,
        code=50083,
        message="Thread is archived",
    )
    await take_turn(world.alice, await open_hand(world.alice, table))
    assert table_texts(world.table_message(thread)) == await newest_table_texts(world, table_id)
    reopened = [
        r for r in simcord_env.http_requests if r.method == "PATCH" and r.path == f"/channels/{thread.id}"
    ]
    assert reopened and reopened[-1].json.get("archived") is False


async def test_a_long_deck_code_is_refused_with_a_reason_and_saves_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    ids = list(CARDS.by_id)
    code = ",".join((ids * 2)[: SMASH.max_cards + 1])
    built = await world.alice.slash(world.games, "deck build", name="Huge", code=code)
    assert f"lists {SMASH.max_cards + 1} cards" in reply(built)
    listed = await world.alice.slash(world.games, "deck list")
    assert "no decks yet" in reply(listed)


async def test_the_biggest_deck_shows_whole_within_one_message(simcord_env: simcord.Env) -> None:
    world = make_world(simcord_env)
    longest = sorted(CARDS.by_id, key=lambda c: -len(CARDS.card(c).name))
    code = ",".join(longest[: SMASH.max_cards])
    built = await world.alice.slash(world.games, "deck build", name="x" * 32, code=code)
    assert f"{SMASH.max_cards} cards" in reply(built) and "Deck code" in reply(built)
    for command in ("deck show", "deck validate"):
        shown = await world.alice.slash(world.games, command, name="x" * 32)
        assert "x" * 32 in reply(shown)
    removed = await world.alice.slash(world.games, "deck remove", name="x" * 32, card=longest[0])
    assert "Took out" in reply(removed)

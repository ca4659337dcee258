"""A new user's first hour (issue 16): games and modes as people spell them, options that do not
fit the mode, a full lobby, mode names that fit the table, and a game against the AI that waits
for a player who was away."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.world import World, components, make_world, reply, table_id_of, texts


def lobby_button(lobby: Any, label: str) -> Any:
    """The lobby button with this label."""
    return next(c for c in components(lobby) if getattr(c, "label", None) == label)


async def opened(world: World, **play: str) -> str:
    """Run /play in #games; the new lobby's text (or the refusal)."""
    before = len(world.games.threads)
    result = await world.alice.slash(world.games, "play", **play)
    if len(world.games.threads) == before:
        return reply(result)
    return texts(world.table_message(world.thread()))


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("SUPERHOT", "SUPERHOT The Card Game"),
        ("SUPERHOT The Card Game", "SUPERHOT The Card Game"),
        ("Super Nova", "Super Nova Smash!"),
        ("supernova", "Super Nova Smash!"),
        ("smash masters", "Super Powered Smash Masters"),
    ],
)
async def test_play_takes_a_game_as_people_spell_it(simcord_env, typed: str, title: str) -> None:
    world = make_world(simcord_env)
    assert f"## 🎲 {title} ·" in await opened(world, game=typed)


async def test_modes_any_case_and_rules_by_title(simcord_env) -> None:
    world = make_world(simcord_env)
    assert "SUPERHOT The Card Game · Co-op" in await opened(world, game="superhot", mode="CO-OP")
    assert "Super Powered Smash Masters · Big brawl" in await opened(world, game="Smash Masters", mode="Big")
    rules = await world.alice.slash(world.games, "rules", game="Super Nova")
    assert "Super Nova Smash!" in texts(rules.response.message)
    board = await world.alice.slash(world.games, "leaderboard", game="SUPERHOT", mode="Solo")
    alt = " ".join(a.description or "" for a in board.response.message.attachments)
    assert "SUPERHOT The Card Game · Solo" in alt
    unknown = await world.alice.slash(world.games, "play", game="smash")
    assert "no game called 'smash'" in reply(unknown) and "`smashmasters`" in reply(unknown)
    bad_mode = await world.alice.slash(world.games, "play", game="superhot", mode="duel")
    assert "no mode 'duel'" in reply(bad_mode) and "`versus`" in reply(bad_mode)


async def test_an_option_that_does_nothing_in_the_mode_is_refused(simcord_env) -> None:
    world = make_world(simcord_env)
    refused = await opened(world, game="superhot", mode="solo", options="revenge=on")
    assert "`revenge=on` does nothing in Solo: it only changes mode `versus`." in refused
    assert not world.games.threads, "no table was opened"
    refused = await opened(world, game="superhot", mode="versus", options="infinite=on")
    assert "it only changes mode `solo` or `coop`" in refused
    assert "revenge: on" in await opened(world, game="superhot", mode="versus", options="revenge=on")


async def test_a_lobby_lists_only_the_options_that_change_its_mode(simcord_env) -> None:
    world = make_world(simcord_env)
    lobby = await opened(world, game="superhot", mode="solo", options="revenge=off,infinite=on")
    assert "## 🎲" in lobby and "infinite: on" in lobby
    assert "revenge" not in lobby, "Revenge does nothing in a solo game"


async def test_a_value_an_option_does_not_take_is_answered_with_what_was_typed(simcord_env) -> None:
    world = make_world(simcord_env)
    refused = await opened(world, game="superhot", mode="solo", options="bat=7")
    assert "'bat=7': bat (Dudes with a Baseball Bat) takes one of: 0, 1, 2." in refused


async def test_a_full_lobby_offers_no_join_and_no_add_ai(simcord_env) -> None:
    world = make_world(simcord_env)
    solo = await opened(world, game="superhot", mode="solo")
    assert "1 player ·" in solo and "1-1" not in solo
    lobby = world.table_message(world.thread())
    assert lobby_button(lobby, "Join").disabled and lobby_button(lobby, "Add AI").disabled
    assert not lobby_button(lobby, "Start").disabled

    assert "2-4 players" in await opened(world, game="smashmasters", mode="brawl")
    lobby = world.table_message(world.thread())
    assert not lobby_button(lobby, "Join").disabled and not lobby_button(lobby, "Add AI").disabled


async def test_super_nova_says_shared_piles_only_when_piles_are_shared(simcord_env) -> None:
    world = make_world(simcord_env)
    first = await opened(world, game="supernova")
    assert "Super Nova Smash! · Race\n" in first and "shared" not in first
    lobby = world.table_message(world.thread())
    for _ in range(5):
        await world.alice.click(lobby, label="Add AI")
    assert "Super Nova Smash! · Race (shared piles)" in texts(world.table_message(world.thread()))


async def test_smash_masters_against_ai_waits_for_a_player_who_is_away(simcord_env) -> None:
    world = make_world(simcord_env)
    await world.alice.slash(world.games, "play", game="smashmasters", mode="brawl", turn_timer=30)
    thread = world.thread()
    for _ in range(2):
        await world.alice.click(world.table_message(thread), label="Add AI")
    await world.alice.click(world.table_message(thread), label="Start")
    table_id = table_id_of(world.table_message(thread))
    await simcord_env.advance_time(31)  # nobody picked the team: the AI does, and no turn is missed
    assert "Time ran out for alice; the AI finished their setup." in notes_in(thread)
    for _ in range(30):
        if 0 in (await world.bot.service.get(table_id)).runtime.away:
            break
        await simcord_env.advance_time(31)
    assert "alice missed 3 turns in a row" in notes_in(thread)
    await simcord_env.advance_time(10)
    live = await world.bot.service.get(table_id)
    assert live.record.status == "active", "the game waits at a pace alice can follow"
    table = world.table_message(thread)
    assert "I'm back" in [getattr(c, "label", None) for c in components(table)]
    await world.alice.click(table, label="I'm back")
    assert 0 not in (await world.bot.service.get(table_id)).runtime.away


def notes_in(thread: Any) -> str:
    """Everything posted in the thread, as text."""
    return "\n".join(texts(message) for message in thread.history())

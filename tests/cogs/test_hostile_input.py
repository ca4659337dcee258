"""Issue 40's attempts by a malicious member, on simulated Discord: names, deck names, option values
and deck codes are shown as typed (never as live markup) or refused with a clear message, and a
name with a paragraph break never freezes a table."""

from __future__ import annotations

import asyncio
import re

import discord
import simcord

import renderers
from bot.limits import MEMBER_TABLES
from cogs import opening
from tests.cogs.world import World, make_world, reply, table_id_of, texts

PHISH = "[Free Nitro](https://evil.example/n)"
LIVE_LINK = re.compile(r"(?<!\\)\[[^\]\\]*\]\(https?://")  # a masked link as Discord would render it


def member(world: World, display_name: str) -> simcord.MemberActor:
    """A server member whose display name is `display_name`."""
    return world.guild.add_member(world.env.create_user("mallory", global_name=display_name))


def seen(text: str) -> str:
    """The text as Discord shows it: a backslash before a punctuation mark is hidden."""
    return re.sub(r"\\([^0-9A-Za-z\s])", r"\1", text)


def said(place: simcord.ChannelHandle) -> str:
    return "\n".join(texts(message) for message in place.history())


async def test_a_masked_link_name_forfeits_as_plain_text(simcord_env) -> None:
    world = make_world(simcord_env)
    mallory = member(world, PHISH)
    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    await mallory.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    asked = await mallory.click(world.table_message(thread), label="Forfeit")
    await mallory.click(asked.response.message, label="Yes, forfeit")
    shown = said(thread)
    assert f"{PHISH[:32]} forfeits" in seen(shown), "the name (at most 32 characters) is shown as typed"
    assert not LIVE_LINK.search(shown), "no message carries a working masked link"


async def test_a_name_with_a_paragraph_break_does_not_freeze_the_table(simcord_env) -> None:
    renderers.game_palette("superhot")  # drawn once per process: not within the click's settle time
    world = make_world(simcord_env)
    zed = member(world, "Zed\u2029Break\r\nSecond line\x85")
    result = await world.alice.slash(world.games, "play", game="superhot", mode="coop")
    assert result.acknowledged
    thread = world.thread()
    lobby = world.table_message(thread)
    await zed.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    table = world.table_message(thread)
    assert table.attachments, "the lobby became the table, with its picture"
    live = await world.bot.service.get(table_id_of(table))
    assert live.record.seats[1].name == "Zed Break Second line", "the name was seated as one line"


async def test_a_markdown_deck_name_is_plain_text_in_the_lobby(simcord_env) -> None:
    world = make_world(simcord_env)
    built = await world.alice.slash(
        world.games, "deck build", name="[Click](https://evil.example/x)", start="kc"
    )
    assert "[Click](https://evil.example/x)" in seen(reply(built)) and not LIVE_LINK.search(reply(built))
    opened = await world.alice.slash(
        world.games, "play", game="smashmasters", mode="brawl", deck="[Click](https://evil.example/x)"
    )
    assert opened.acknowledged
    lobby = texts(world.table_message(world.thread()))
    assert "brings the deck “[Click](https://evil.example/x)”" in seen(lobby)
    assert not LIVE_LINK.search(lobby)


async def test_a_markdown_option_value_is_refused_with_the_form_it_takes(simcord_env) -> None:
    world = make_world(simcord_env)
    refused = await world.alice.slash(
        world.games, "play", game="smashmasters", options="decks=[Click](https://evil.example/x)"
    )
    told = reply(refused)
    assert "does not take" in told and "kc,ld,ga" in told and not LIVE_LINK.search(told)
    assert not world.games.threads, "no table opened"
    fine = await world.alice.slash(world.games, "play", game="smashmasters", options="decks=kc,ld")
    assert fine.acknowledged and "decks: kc,ld" in texts(world.table_message(world.thread()))


async def test_a_superscript_digit_in_a_deck_code_gets_a_clear_message(simcord_env) -> None:
    world = make_world(simcord_env)
    built = await world.alice.slash(world.games, "deck build", name="Sneaky", code="kc-x1-1*²")
    told = reply(built)
    assert "I could not read “kc-x1-1*²” in that deck code" in seen(told)
    assert "went wrong" not in told


def manager(world: World) -> simcord.MemberActor:
    """A member allowed to manage the server."""
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("manager"), roles=[role])


async def test_thirty_lobbies_from_one_member_stop_at_the_limit(simcord_env) -> None:
    world = make_world(simcord_env)
    answers = [reply(await world.alice.slash(world.games, "play", game="highcard")) for _ in range(30)]
    assert len(world.games.threads) == MEMBER_TABLES, "no thread is made for a refused table"
    assert all("You already host 3 open tables" in told for told in answers[MEMBER_TABLES:])

    await manager(world).slash(world.games, "server settings", member_tables=5, server_tables=6)
    for _ in range(3):
        await world.alice.slash(world.games, "play", game="highcard")
    assert len(world.games.threads) == 5
    await world.bob.slash(world.games, "play", game="highcard")
    full = await world.carol.slash(world.games, "play", game="highcard")
    assert "This server already has 6 open tables" in reply(full) and len(world.games.threads) == 6

    cancelled = await world.alice.slash(world.games.threads[0], "game cancel")
    assert cancelled.acknowledged
    again = await world.carol.slash(world.games, "play", game="highcard")
    assert "table opened" in reply(again), "a closed table frees its place"


async def test_server_settings_are_refused_without_manage_server_even_if_discord_lets_through(
    simcord_env,
) -> None:
    world = make_world(simcord_env)
    commands = await world.bot.tree.fetch_commands()
    server = next(command for command in commands if command.name == "server")
    world.guild.set_command_permissions(server.id, {world.bob: True})  # an admin opened it to Bob
    refused = await world.bob.slash(world.games, "server settings", member_tables=20)
    assert "Only members who may **Manage Server**" in reply(refused)
    assert (await world.bot.service.storage.guild_settings(world.guild.id)).member_tables is None
    allowed = await manager(world).slash(world.games, "server settings")
    assert "A member may have **3** lobbies or tables open" in reply(allowed)


async def test_leaderboard_and_replay_are_rate_limited_per_member(simcord_env) -> None:
    world = make_world(simcord_env)
    boards = [reply(await world.alice.slash(world.games, "leaderboard", game="highcard")) for _ in range(6)]
    assert "try again in" not in boards[4] and "⏳ /leaderboard takes a while to draw" in boards[5]
    other = await world.bob.slash(world.games, "leaderboard", game="highcard")
    assert "try again in" not in reply(other), "each member has their own allowance"

    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    asked = await world.bob.click(world.table_message(thread), label="Forfeit")
    await world.bob.click(asked.response.message, label="Yes, forfeit")
    table_id = table_id_of(next(m for m in reversed(thread.history()) if "results" in texts(m)))
    missing = await world.alice.slash(world.games, "replay", game_id=424242)
    assert "There is no game #424242" in reply(missing), "a mistyped id costs nothing"
    replays = [reply(await world.alice.slash(world.games, "replay", game_id=table_id)) for _ in range(3)]
    assert "Posting the replay" in replays[1]
    assert re.search(r"⏳ /replay takes a while to draw.*try again in \d+ s", replays[2])


async def test_lobbies_opened_at_once_stay_within_the_limit(simcord_env, monkeypatch) -> None:
    world = make_world(simcord_env)
    service = world.bot.service

    async def open_one(place: int) -> object:
        return await service.create_lobby(
            guild_id=world.guild.id, channel_id=place, thread_id=None, host_id=world.alice.id,
            host_name="alice", game="highcard", mode="classic",
        )  # fmt: skip

    opened = await asyncio.gather(*(open_one(1000 + n) for n in range(8)), return_exceptions=True)
    assert sum(not isinstance(o, Exception) for o in opened) == MEMBER_TABLES
    assert all("You already host" in str(o) for o in opened if isinstance(o, Exception))

    monkeypatch.setattr(opening, "check_room", lambda *_: asyncio.sleep(0))  # the race: passed early
    late = await world.alice.slash(world.games, "play", game="highcard")
    assert "You already host" in reply(late)
    assert not world.games.threads, "the thread made for the refused table is deleted"

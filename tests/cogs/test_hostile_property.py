"""Property test (issue 40): whatever a member calls themselves, their deck or a table option, drawn
from a hostile alphabet (markdown, mentions, controls, bidi and zero-width characters, very long),
a lobby, a game, its result, stats, history, leaderboard and replay show it as plain text: no
outgoing payload carries live markup made of it, and every picture is drawn."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from simcord.http import router

from bot.user_text import DECK_NAME_LENGTH, clean_name, plain
from tests.cogs.world import custom_ids, make_world, reply, texts
from tests.support.wire import TEXT_DISPLAY, walk

PIECES = [
    *"[]()*_~|`>#-\\:",
    "```",
    "https://evil.example/x",
    "@everyone",
    "@here",
    "<@&123456789012345678>",
    "<@123456789012345678>",
    "<#123456789012345678>",
    "<t:0:R>",
    "\n",
    "\r\n",
    "\x85",
    "\u2028",
    "\u2029",
    "\x00",
    "\x1b",
    "\u202e",
    "\u2066",
    "\u200b",
    "\u200d",
    "\ufeff",
    "é",
    "🃏",
    " ",
    "Zed",
]
WORDS = st.lists(st.sampled_from(PIECES), min_size=1, max_size=10).map(lambda pieces: "Zq" + "".join(pieces))
"""Hostile text, marked so that it is told apart from the bot's own words in what is sent."""
NAMES = st.one_of(WORDS, WORDS.map(lambda text: text * 40))  # very long names too
OPTION_VALUES = st.one_of(WORDS, st.sampled_from(["kc,ld", "random"]))
LIVE_LINK = re.compile(r"(?<!\\)\[[^\]\\]*(?<!\\)\]\(")
MASS_PING = re.compile(r"@(everyone|here)|(?<!\\)<@&")


def markdown_texts(body: Any) -> Iterator[str]:
    """Every text of an outgoing payload that Discord reads as markdown."""
    if not isinstance(body, dict):
        return
    data = body.get("data") if isinstance(body.get("data"), dict) else body
    if isinstance(data.get("content"), str):
        yield data["content"]
    for component in walk(data.get("components") or []):
        if component.get("type") == TEXT_DISPLAY:
            yield component.get("content") or ""
    for embed in data.get("embeds") or []:
        yield from (str(embed.get(key) or "") for key in ("title", "description"))


def live_markup(text: str, typed: list[str]) -> list[str]:
    """What in `text` a member made into markup: a masked link, a mass ping, or one of the typed
    strings as it was typed where it needs escaping."""
    found = [f"masked link in {text!r}"] if LIVE_LINK.search(text) else []
    found += [f"mass ping in {text!r}"] if MASS_PING.search(text) else []
    return found + [
        f"{word!r} unescaped"
        for word in typed
        if plain(word) != word and word in text.replace(plain(word), "")
    ]


@pytest.fixture
def outgoing(discord_accepts_every_request: list[str], monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every JSON body the bot sends (after the wire checks)."""
    sent: list[Any] = []
    dispatch = router.dispatch

    def recorded(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        sent.append(kwargs.get("json"))
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", recorded)
    return sent


@settings(
    max_examples=6, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=NAMES, deck=WORDS, option=OPTION_VALUES)
async def test_hostile_names_decks_and_options_stay_plain_text(
    simcord_env: simcord.Env, outgoing: list[Any], name: str, deck: str, option: str
) -> None:
    outgoing.clear()
    world = make_world(simcord_env)  # a fresh server for each example
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    manager = world.guild.add_member(simcord_env.create_user("manager"), roles=[role])
    await manager.slash(world.games, "server settings", min_games=1)
    mallory = world.guild.add_member(simcord_env.create_user("mallory", global_name=name))
    typed = [clean_name(name), clean_name(deck[:DECK_NAME_LENGTH], fallback=""), option]

    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    await mallory.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    table = world.table_message(thread)
    assert table.attachments, "the table picture was drawn"
    asked = await mallory.click(table, label="Forfeit")
    await mallory.click(asked.response.message, label="Yes, forfeit")
    result = next(message for message in reversed(thread.history()) if "results" in texts(message))
    table_id = int(next(c for c in custom_ids(result) if c.startswith("sm:")).split(":")[1])
    for command, arguments in (
        ("stats", {"user": mallory}),
        ("history", {"user": mallory}),
        ("leaderboard", {"game": "highcard"}),
        ("replay", {"game_id": table_id}),
    ):
        answered = await world.alice.slash(world.games, command, **arguments)
        assert answered.acknowledged and "went wrong" not in reply(answered), command

    built = await mallory.slash(world.games, "deck build", name=deck[:DECK_NAME_LENGTH], start="kc")
    if "cards" in reply(built):  # a name with letters in it: the deck is brought to a lobby
        opened = await mallory.slash(
            world.games,
            "play",
            game="smashmasters",
            deck=clean_name(deck[:DECK_NAME_LENGTH]),
            options=f"decks={option}",
        )
        assert opened.acknowledged and "went wrong" not in reply(opened)

    problems = [p for body in outgoing for text in markdown_texts(body) for p in live_markup(text, typed)]
    assert not problems, "\n".join(problems[:5])

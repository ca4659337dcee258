"""The sandbox without a browser: a page per member, /play through SimCord, games kept over restarts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from sandbox.cli import SANDBOX_DATABASE_URL, banner, sandbox_settings
from tests.cogs.world import button_labels as labels
from tests.cogs.world import custom_ids, texts
from tests.sandbox.conftest import needs_preview

pytestmark = needs_preview


def table_message(box: Any) -> Any:
    """The newest lobby or table message in #games."""
    for message in reversed(box.games.history()):
        if any(cid.startswith(("sl:", "sm:")) for cid in custom_ids(message)):
            return message
    raise AssertionError("no table message in #games")


def table_id_of(message: Any) -> int:
    return int(next(c for c in custom_ids(message) if c.startswith(("sl:", "sm:"))).split(":")[1])


async def open_page(url: str) -> dict[str, Any]:
    """Load a member's page as a browser would: the page, then a new page context."""
    base, _, capability = url.partition("#")
    async with aiohttp.ClientSession() as http:
        async with http.get(base) as index:
            assert index.status == 200
            assert "SimCord Preview" in await index.text()
        async with http.post(
            base + "api/pages", json={}, headers={"X-Simcord-Capability": capability}
        ) as opened:
            assert opened.status == 200
            page: dict[str, Any] = await opened.json()
            return page


async def start_solo_and_move(box: Any) -> int:
    """You opens a solo SUPERHOT table, starts it and keeps the goals; returns the table id."""
    you = box.members["You"]
    async with box.driving():
        result = await you.slash(box.games, "play", game="superhot", mode="solo")
    assert result.acknowledged
    lobby = table_message(box)
    assert "Start" in labels(lobby)
    async with box.driving():
        await you.click(lobby, label="Start")
    table = table_message(box)
    assert "Open my hand" in labels(table)
    async with box.driving():
        opened = await you.click(table, label="Open my hand")
    assert opened.ephemeral and opened.response is not None
    panel = opened.response.message
    assert "Keep these goals" in labels(panel), texts(panel)
    async with box.driving():
        await you.click(panel, label="Keep these goals")
    table_id = table_id_of(table)
    actions = await box.bot.service.storage.actions(table_id)
    assert actions and actions[0].seat == 0, "You's move was saved"
    return table_id


def world_ids(box: Any) -> tuple[int, ...]:
    return (box.world.guild.id, box.games.id, *(m.id for m in box.members.values()))


def test_sandbox_settings_use_their_own_database_and_no_discord() -> None:
    settings = sandbox_settings(
        {"DATABASE_URL": "sqlite:////data/supertable.db", "SYNC_GUILD_ID": "42", "SHARD_COUNT": "2"}
    )
    assert settings.database_url == SANDBOX_DATABASE_URL, "the real bot's database is never used"
    assert settings.sync_guild_id is None and settings.shard_count is None and settings.token is None
    assert sandbox_settings({"SANDBOX_DATABASE_URL": "sqlite:///x.db"}).database_url == "sqlite:///x.db"


async def test_the_sandbox_boots_with_a_page_per_member_on_loopback(box: Any) -> None:
    urls = box.urls
    assert list(urls) == ["You", "Ana", "Ben", "Cleo"]
    assert all(url.startswith("http://127.0.0.1:") for url in urls.values())
    assert len({url.split("/")[2] for url in urls.values()}) == 4, "one port per member"
    assert box.world.guild.name == "SuperTable Sandbox" and box.games.name == "games"
    assert "play" in box.members["Ana"].available_commands(box.games), "slash commands are synced"
    for name, url in urls.items():
        page = await open_page(url)
        assert page["viewerId"] == str(box.members[name].id), f"{name}'s page views as {name}"
    printed = banner(urls, "data/sandbox.db")
    assert all(url in printed for url in urls.values()) and "Ctrl+C" in printed


async def test_play_works_through_simcord_and_every_page_shows_the_table(box: Any) -> None:
    await start_solo_and_move(box)
    page = await open_page(box.urls["Ana"])
    assert "Open my hand" in str(page), "another member's page shows the live table"


async def test_stop_closes_the_pages_and_can_be_called_twice(make_sandbox: Callable[[], Any]) -> None:
    box = make_sandbox()
    await box.start()
    urls = list(box.urls.values())
    await box.stop()
    await box.stop()
    for url in urls:
        with pytest.raises(aiohttp.ClientConnectionError):
            await open_page(url)


async def test_a_game_survives_a_sandbox_restart(make_sandbox: Callable[[], Any]) -> None:
    first = make_sandbox()
    await first.start()
    table_id = await start_solo_and_move(first)
    version = (await first.bot.service.get(table_id)).state.version
    ids = world_ids(first)
    await first.stop()

    second = make_sandbox()
    await second.start()
    assert world_ids(second) == ids, "the server, #games and the members keep their ids"
    service = second.bot.service
    assert await service.storage.live_in(second.games.id) == table_id
    live = await service.get(table_id)
    assert live.record.status == "active" and live.state.version == version
    assert service.scheduler.armed(table_id), "resume_all re-armed the table's timer"
    async with second.driving():
        pass  # let the restart notes and the re-posted table show
    said = "\n".join(texts(m) for m in second.games.history())
    assert "carries on where it left off" in said
    table = table_message(second)
    assert table_id_of(table) == table_id
    async with second.driving():
        opened = await second.members["You"].click(table, label="Open my hand")
    assert opened.ephemeral and opened.response is not None, "You still holds seat 1 after the restart"

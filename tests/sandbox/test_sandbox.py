"""The sandbox without a browser: a page per member, /play through SimCord, pages that follow the
game without refusing clicks, the real time, pictures that stay loadable, games kept over restarts."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime
from typing import Any

import aiohttp
import pytest

from bot import Settings
from sandbox.cli import SANDBOX_DATABASE_URL, banner, sandbox_settings
from sandbox.clock import PULSE
from tests.cogs.world import button_labels as labels
from tests.cogs.world import custom_ids, texts
from tests.sandbox.conftest import needs_preview
from tests.sandbox.pages import PageReader, pictures, relative_timestamps

pytestmark = needs_preview
PNG = b"\x89PNG\r\n\x1a\n"


def table_message(box: Any) -> Any:
    """The newest lobby or table message in #games."""
    for message in reversed(box.games.history()):
        if any(cid.startswith(("sl:", "sm:")) for cid in custom_ids(message)):
            return message
    raise AssertionError("no table message in #games")


def table_id_of(message: Any) -> int:
    return int(next(c for c in custom_ids(message) if c.startswith(("sl:", "sm:"))).split(":")[1])


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


def controls(value: Any) -> Iterator[dict[str, Any]]:
    """Every clickable control of a page state's messages."""
    if isinstance(value, dict):
        if "control_key" in value:
            yield value
        for child in value.values():
            yield from controls(child)
    elif isinstance(value, list):
        for child in value:
            yield from controls(child)


def click(state: dict[str, Any], label: str, sequence: int) -> dict[str, Any]:
    """The request a browser page sends when its member presses the newest button with this label,
    on the revision the page shows."""
    message_id, button = next(
        (message_id, control)
        for message_id in reversed(state["timeline"])
        for control in controls(state["messages"][message_id]["components"])
        if control.get("label") == label
    )
    return {
        "protocol_version": 3,
        "sequence": sequence,
        "request_id": f"test-{sequence}",
        "generation": state["context"]["generation"],
        "bot_generation": state["botGeneration"],
        "published_revision": state["publishedRevision"],
        "kind": "click",
        "target_id": message_id,
        "control_key": button["control_key"],
    }


async def act(page: PageReader, body: dict[str, Any]) -> dict[str, Any]:
    """Send a page action through the member's door, as the browser does."""
    async with (
        aiohttp.ClientSession() as http,
        http.post(page.base + "api/action", json=body, headers=page._headers()) as answer,
    ):
        assert answer.status == 200
        receipt: dict[str, Any] = await answer.json()
        return receipt


def test_sandbox_settings_use_their_own_database_and_no_discord() -> None:
    settings = sandbox_settings(
        {"DATABASE_URL": "sqlite:////data/supertable.db", "SYNC_GUILD_ID": "42", "SHARD_COUNT": "2"}
    )
    assert settings.database_url == SANDBOX_DATABASE_URL, "the real bot's database is never used"
    assert settings.sync_guild_id is None and settings.shard_count is None and settings.token is None
    assert sandbox_settings({"SANDBOX_DATABASE_URL": "sqlite:///x.db"}).database_url == "sqlite:///x.db"


def test_tables_are_redrawn_at_every_change_offline() -> None:
    settings = sandbox_settings({"TABLE_EDIT_INTERVAL": "1.5", "CONSOLE_EDIT_INTERVAL": "1"})
    assert settings.table_edit_interval == 0 and settings.console_edit_interval == 0, (
        "no rate limit offline: a page action never waits out a cool-down"
    )


async def test_the_sandbox_boots_with_a_page_per_member_on_loopback(box: Any) -> None:
    urls = box.urls
    assert list(urls) == ["You", "Ana", "Ben", "Cleo"]
    assert all(url.startswith("http://127.0.0.1:") for url in urls.values())
    assert len({url.split("/")[2] for url in urls.values()}) == 4, "one port per member"
    assert box.world.guild.name == "SuperTable Sandbox" and box.games.name == "games"
    assert "play" in box.members["Ana"].available_commands(box.games), "slash commands are synced"
    for name, url in urls.items():
        async with PageReader(url) as page:
            assert (await page.open())["viewerId"] == str(box.members[name].id), f"{name}'s page is {name}'s"
            assert '<script src="/sandbox/page.js">' in await page.index(), "the sandbox's page additions"
    printed = banner(urls, "data/sandbox.db")
    assert all(url in printed for url in urls.values()) and "Ctrl+C" in printed


async def test_play_works_through_simcord_and_every_page_shows_the_table(box: Any) -> None:
    await start_solo_and_move(box)
    async with PageReader(box.urls["Ana"]) as ana:
        assert "Open my hand" in str(await ana.open()), "another member's page shows the live table"


async def test_a_click_on_what_a_page_shows_is_taken_while_the_bot_changes_the_table(box: Any) -> None:
    async with box.driving():
        await box.members["You"].slash(box.games, "play", game="superhot", mode="coop")
    async with PageReader(box.urls["Ana"]) as ana:
        await ana.open()
        shown = await ana.state()
        assert "Join" in str(shown)
        async with box.driving():  # the host changes the lobby after Ana's page last read it
            await box.members["You"].click(table_message(box), label="Add AI")
            await box.members["You"].click(table_message(box), label="Remove AI")
        receipt = await act(ana, click(shown, "Join", 1))
        assert not receipt["rejected"] and receipt["settlement"] == "settled", receipt["diagnostics"]
        live = await box.bot.service.get(table_id_of(table_message(box)))
        assert live.seat_of(box.members["Ana"].id) is not None, "Ana took the seat she clicked"
        again = await ana.state()
        assert again["publishedRevision"] == receipt["revision"], "her action showed her the latest"
        assert (await ana.state())["publishedRevision"] == again["publishedRevision"], (
            "nothing changed: the page keeps its revision"
        )


async def test_a_click_made_as_the_page_got_a_newer_state_counts_if_its_button_is_there(box: Any) -> None:
    async with box.driving():
        await box.members["You"].slash(box.games, "play", game="supernova", mode="race")
    async with PageReader(box.urls["Ana"]) as ana:
        await ana.open()
        seen = await ana.state()  # what Ana looks at when she presses Join
        async with box.driving():
            await box.members["You"].click(table_message(box), label="Add AI")  # seats are left
        newer = await ana.state()  # the page got a newer state before drawing it
        assert newer["publishedRevision"] > seen["publishedRevision"]
        receipt = await act(ana, click(seen, "Join", 1))
        assert not receipt["rejected"] and receipt["settlement"] == "settled", receipt["diagnostics"]
        live = await box.bot.service.get(table_id_of(table_message(box)))
        assert live.seat_of(box.members["Ana"].id) is not None, "Ana took the seat she clicked"


async def test_the_pictures_a_page_was_sent_load_after_the_bot_replaced_them(box: Any) -> None:
    you = box.members["You"]
    async with box.driving():
        await you.slash(box.games, "play", game="superhot", mode="solo")
        await you.click(table_message(box), label="Start")
    async with PageReader(box.urls["You"]) as page:
        await page.open()
        shown = list(pictures(await page.state()))
        assert shown, "the table has a picture"
        async with box.driving():  # the move redraws the table: its old picture is gone from Discord
            opened = await you.click(table_message(box), label="Open my hand")
            await you.click(opened.response.message, label="Keep these goals")
        for asset_id in shown:
            status, body = await page.picture(asset_id)
            assert status == 200 and body.startswith(PNG), "the page still gets what it was told to show"


async def test_simcord_time_is_the_real_time(box: Any) -> None:
    async with box.driving():
        await box.members["You"].slash(box.games, "play", game="superhot", mode="coop")
    lobby_id = str(table_message(box).id)
    async with PageReader(box.urls["You"]) as page:
        await page.open()
        lobby = await page.state()
        await asyncio.sleep(3 * PULSE)
        before = time.time()
        receipt = await act(page, click(lobby, "Add AI", 1))
        assert receipt["settlement"] == "settled", receipt
        state = await page.state()
        after = time.time()
    edited = datetime.fromisoformat(state["messages"][lobby_id]["edited_timestamp"]).timestamp()
    assert before <= edited <= after, "the lobby was edited at the real time, not a frozen one"
    assert before <= datetime.fromisoformat(state["profile"]["presentationTime"]).timestamp() <= after


async def test_a_turn_timer_shows_what_is_left_of_it(
    make_sandbox: Callable[..., Any], box_settings: Settings
) -> None:
    box = make_sandbox(replace(box_settings, default_turn_timer=30.0))
    await box.start()
    async with box.driving():
        await box.members["You"].slash(box.games, "play", game="superhot", mode="solo")
    async with PageReader(box.urls["You"]) as page:
        await page.open()
        lobby = await page.state()
        await asyncio.sleep(15 * PULSE)  # SimCord's clock moves on (over a second) after the page read
        receipt = await act(page, click(lobby, "Start", 1))
        assert receipt["settlement"] == "settled", receipt
        state = await page.state()
    presented = datetime.fromisoformat(state["profile"]["presentationTime"]).timestamp()
    deadlines = relative_timestamps(state)
    assert deadlines, "the table shows when time runs out"
    assert 0 < max(deadlines) - presented <= 30, "a 30 s timer never shows more than 30 seconds"


async def test_stop_closes_the_pages_and_can_be_called_twice(make_sandbox: Callable[..., Any]) -> None:
    box = make_sandbox()
    await box.start()
    urls = list(box.urls.values())
    await box.stop()
    await box.stop()
    for url in urls:
        with pytest.raises(aiohttp.ClientConnectionError):
            async with PageReader(url) as page:
                await page.open()


async def test_a_game_survives_a_sandbox_restart(make_sandbox: Callable[..., Any]) -> None:
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
    said = "\n".join(texts(m) for m in second.games.history())
    assert "carries on where it left off" in said
    table = table_message(second)
    assert table_id_of(table) == table_id
    async with second.driving():
        opened = await second.members["You"].click(table, label="Open my hand")
    assert opened.ephemeral and opened.response is not None, "You still holds seat 1 after the restart"


def test_the_simcord_internals_the_sandbox_uses_are_there() -> None:
    """docs/sandbox.md decision 11: what the sandbox uses outside SimCord's public API."""
    import simcord
    from simcord.backend import Backend
    from simcord.preview import Preview, _commands, _media, _pages

    assert all(callable(getattr(Backend, name, None)) for name in ("edit_bot_profile", "advance_clock"))
    assert isinstance(Backend().transcript, list)
    assert all(
        callable(getattr(Preview, name, None))
        for name in ("_get_page", "_publish", "_advance_presentation_time")
    )
    assert {"MediaWorker", "MediaInfo", "MAX_DIMENSION", "MAX_PIXELS"} <= set(vars(_media))
    assert callable(simcord.Env.external_wait) and callable(simcord.Env.advance_time)
    assert callable(_commands.build_catalog)
    assert "snapshot" in {field.name for field in dataclasses.fields(_pages._Page)}


async def test_turns_come_to_the_channel_since_dms_cannot_be_seen(box: Any) -> None:
    you, ana = box.members["You"], box.members["Ana"]
    async with box.driving():
        refused = await you.slash(box.games, "settings", dm="on")
        await you.slash(box.games, "play", game="superhot", mode="coop")
        joined = await ana.click(table_message(box), label="Join")
        await you.click(table_message(box), label="Start")
    assert "not available here" in (refused.response.content or "")
    assert "Send my turns by DM" not in texts(joined.response.message), "no offer of what cannot be seen"
    said = "\n".join(texts(m) for m in box.games.history())
    assert "your turn" in said and any(f"<@{m.id}>" in said for m in (you, ana)), "pinged in #games"
    assert you.id not in box.env.backend.dm_channels, "nothing went where nobody can see it"


async def test_a_minion_rush_solo_game_of_super_punch_fighter_plays_in_the_sandbox(box: Any) -> None:
    you = box.members["You"]
    async with box.driving():
        await you.slash(box.games, "play", game="punchfighter", mode="rush_solo")
        await you.click(table_message(box), label="Start")
    table = table_message(box)
    async with box.driving():
        opened = await you.click(table, label="Open my hand")
    panel = opened.response.message
    assert "Choose your fighter" in texts(panel), texts(panel)
    async with box.driving():
        await you.select(panel, ["tchotchke"])
    live = await box.bot.service.get(table_id_of(table))
    assert live.state.players[0].fighter == "tchotchke", "the pick on the panel chose the fighter"
    async with PageReader(box.urls["You"]) as page:
        await page.open()
        assert list(pictures(await page.state())), "the page shows the table's picture"


async def test_a_letopsulle_solitaire_game_plays_in_the_sandbox(box: Any) -> None:
    you = box.members["You"]
    async with box.driving():
        await you.slash(box.games, "play", game="letopsulle", mode="solitaire")
        await you.click(table_message(box), label="Start")
    table = table_message(box)
    async with box.driving():
        opened = await you.click(table, label="Open my hand")
    panel = opened.response.message
    assert "Your first hand" in texts(panel), texts(panel)
    async with box.driving():
        await you.click(panel, label="Keep this hand")
    live = await box.bot.service.get(table_id_of(table))
    assert live.state.ask is not None and live.state.ask.key in ("lineup", "turn"), "the hand was kept"
    async with PageReader(box.urls["You"]) as page:
        await page.open()
        assert list(pictures(await page.state())), "the page shows the table's picture"


def message(state: dict[str, Any], content: str, sequence: int) -> dict[str, Any]:
    """The request a browser page sends when its member types a message and presses Enter."""
    return {
        "protocol_version": 3,
        "sequence": sequence,
        "request_id": f"test-{sequence}",
        "generation": state["context"]["generation"],
        "bot_generation": state["botGeneration"],
        "published_revision": state["publishedRevision"],
        "kind": "send_message",
        "content": content,
    }


async def test_the_readmes_example_typed_whole_as_a_message_opens_a_table(box: Any) -> None:
    async with PageReader(box.urls["You"]) as page:
        shown = await page.open()
        receipt = await act(page, message(shown, "/play game:superhot mode:solo", 1))
        assert not receipt["rejected"] and receipt["settlement"] == "settled", receipt["diagnostics"]
        assert "Start" in labels(table_message(box)), "the typed /play opened a SUPERHOT lobby"
        live = await box.bot.service.get(table_id_of(table_message(box)))
        assert (live.record.game, live.record.mode) == ("superhot", "solo")
        assert "Start" in str(await page.state()), "the page shows the lobby"


async def test_a_typed_command_that_does_not_parse_is_answered_with_how_to_pick_it(box: Any) -> None:
    async with PageReader(box.urls["Ana"]) as page:
        shown = await page.open()
        receipt = await act(page, message(shown, "/play superhot solo", 1))
        assert not receipt["rejected"], receipt["diagnostics"]
        said = box.games.history()[-1].content
        assert "pick it from the list" in said and "game:superhot" in said and "'superhot solo'" in said
        shown = await page.state()
        await act(page, message(shown, "/dance now", 2))
        said = box.games.history()[-1].content
        assert "no /dance command" in said and "/play" in said
        shown = await page.state()
        await act(page, message(shown, "/play mode:solo", 3))
        assert "/play needs game:" in box.games.history()[-1].content
        shown = await page.state()
        await act(page, message(shown, "hello /play", 4))
        assert box.games.history()[-1].content == "hello /play", "a plain message stays a message"


async def test_a_click_made_before_another_members_command_republished_the_page_counts(box: Any) -> None:
    async with box.driving():
        await box.members["You"].slash(box.games, "play", game="superhot", mode="coop")
    async with PageReader(box.urls["Ana"]) as ana, PageReader(box.urls["You"]) as you:
        await ana.open()
        seen = await ana.state()  # what Ana looks at when she presses Join
        mine = await you.open()
        typed = await act(you, message(mine, "/game status", 1))  # republishes every page
        assert not typed["rejected"], typed["diagnostics"]
        page = box._doors[1].preview._pages[ana.context]
        assert page.revision > seen["publishedRevision"], "Ana's page was published a newer state"
        receipt = await act(ana, click(seen, "Join", 1))
        assert not receipt["rejected"] and receipt["settlement"] == "settled", receipt["diagnostics"]
        live = await box.bot.service.get(table_id_of(table_message(box)))
        assert live.seat_of(box.members["Ana"].id) is not None, "Ana took the seat she clicked"


async def test_a_foreign_host_or_origin_is_refused_through_a_members_door(box: Any) -> None:
    """The door checks what SimCord checks: its Host and Origin are the door's own (issue 40)."""
    base, _, capability = box.urls["Ana"].partition("#")
    door = base.rstrip("/").removeprefix("http://")
    secret = {"X-Simcord-Capability": capability}
    async with aiohttp.ClientSession() as http:
        async with http.get(base, headers={"Host": "evil.example"}) as page:
            assert page.status == 403, "a forged Host (DNS rebinding) is forbidden"
        async with http.post(
            base + "api/pages", json={}, headers={**secret, "Host": "evil.example"}
        ) as opened:
            assert opened.status == 403
        foreign = {**secret, "Origin": "http://evil.example"}
        async with http.post(base + "api/pages", json={}, headers=foreign) as opened:
            assert opened.status == 401, "a page of another site may not act, even with the secret"
        own = {**secret, "Origin": f"http://{door}"}
        async with http.post(base + "api/pages", json={}, headers=own) as opened:
            assert opened.status == 200, "the member's own page still works"

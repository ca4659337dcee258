"""The sandbox's files beside its database: links that stay the same, and one sandbox per database."""

from __future__ import annotations

import os
import socket
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import Settings
from sandbox.home import Home, Links, SandboxBusy
from tests.sandbox.conftest import needs_preview
from tests.sandbox.pages import PageReader

pytestmark = needs_preview


def port_of(url: str) -> int:
    return int(url.split("/")[2].split(":")[1])


async def test_member_links_stay_the_same_from_run_to_run(
    make_sandbox: Callable[..., Any], box_settings: Settings
) -> None:
    first = make_sandbox()
    await first.start()
    urls = first.urls
    await first.stop()
    second = make_sandbox()
    await second.start()
    assert second.urls == urls, "the same ports and secret: bookmarked links keep working"
    assert second.moved == []
    kept = Home(box_settings.database_url).database
    assert kept is not None
    links = kept.with_name(kept.name + ".links.json")
    if sys.platform != "win32":
        assert stat.S_IMODE(links.stat().st_mode) == 0o600, "the secret is readable by its owner only"


async def test_a_taken_port_moves_only_that_members_link(
    make_sandbox: Callable[..., Any], box_settings: Settings
) -> None:
    first = make_sandbox()
    await first.start()
    urls = first.urls
    await first.stop()
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", port_of(urls["You"])))
        squatter.listen()
        second = make_sandbox()
        await second.start()
        assert second.moved == ["You"]
        assert second.urls["You"] != urls["You"]
        assert {k: v for k, v in second.urls.items() if k != "You"} == {
            k: v for k, v in urls.items() if k != "You"
        }
        async with PageReader(second.urls["You"]) as page:
            assert (await page.open())["viewerId"] == str(second.members["You"].id), "the new link works"
    assert Home(box_settings.database_url).links().ports[0] == port_of(urls["You"]), (
        "the usual port is kept for the next run"
    )


async def test_a_second_sandbox_on_the_same_database_refuses_and_names_the_first(
    make_sandbox: Callable[..., Any], box_settings: Settings
) -> None:
    first = make_sandbox()
    await first.start()
    second = make_sandbox()
    with pytest.raises(SandboxBusy) as refused:
        await second.start()
    said = str(refused.value)
    database = Home(box_settings.database_url).database
    assert database is not None
    assert f"process {os.getpid()}" in said and f"http://127.0.0.1:{port_of(first.urls['You'])}/" in said
    assert str(database.resolve()) in said and "SANDBOX_DATABASE_URL" in said, "what to do instead"
    async with PageReader(first.urls["Ana"]) as page:
        assert (await page.open())["viewerId"] == str(first.members["Ana"].id), "the first one runs on"
    await first.stop()
    await second.start()  # the database is free again
    assert second.urls


def test_the_lock_is_let_go_and_taken_again(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    holder, other = Home(url), Home(url)
    holder.lock()
    with pytest.raises(SandboxBusy, match="another sandbox"):
        other.lock()
    holder.unlock()
    other.lock()
    other.unlock()


def test_links_are_kept_and_a_damaged_file_gives_new_ones(tmp_path: Path) -> None:
    home = Home(f"sqlite:///{tmp_path / 'games.db'}")
    kept = Links("s" * 43, (8001, 8002, 8003, 8004))
    home.keep(kept)
    assert home.links() == kept
    (tmp_path / "games.db.links.json").write_text("{not json", encoding="utf-8")
    fresh = home.links()
    assert fresh.secret != kept.secret and fresh.ports == (0, 0, 0, 0), "new links, on free ports"


def test_an_in_memory_database_leaves_no_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    home = Home("sqlite:///:memory:")
    home.lock()
    home.keep(Links.new())
    assert home.links() != home.links(), "nothing is kept: new links each run"
    assert list(tmp_path.iterdir()) == []

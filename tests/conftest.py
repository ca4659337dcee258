"""Shared fixtures: the bot under SimCord with the test game, on a temporary SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from simcord.backend.errors import BackendError
from simcord.http import router

import renderers
from bot import Settings, SuperTableBot, create_bot
from engines.letopsulle.engine import Letopsulle
from engines.punchfighter.engine import PunchFighter
from engines.smashmasters.engine import SmashMasters
from engines.superhot.engine import Superhot
from engines.supernova.engine import Supernova
from tests.support.highcard import HighCard
from tests.support.highcard_renderer import HighCardRenderer
from tests.support.replays import assert_replays_reproduce
from tests.support.wire import check_request

REGISTRY = {
    "highcard": HighCard(),
    "superhot": Superhot(),
    "smashmasters": SmashMasters(),
    "supernova": Supernova(),
    "punchfighter": PunchFighter(),
    "letopsulle": Letopsulle(),
}
renderers.register("highcard", HighCardRenderer())


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Test settings: a temporary database and an edit interval short enough to keep tests fast."""
    return Settings(
        token=None,
        database_url=f"sqlite:///{tmp_path / 'supertable.db'}",
        table_edit_interval=0.01,
        console_edit_interval=0.01,
        thread_archive_after=600.0,
        render_workers=0,  # SimCord runs executor work in wrappers of its own: threads, not processes
    )


@pytest_asyncio.fixture
async def make_bot(settings: Settings) -> AsyncIterator[Callable[[], SuperTableBot]]:
    """Builds fresh bots on the same database (for restarts); closes their storage afterwards."""
    bots: list[SuperTableBot] = []

    def build() -> SuperTableBot:
        bots.append(create_bot(settings, registry=REGISTRY))
        return bots[-1]

    yield build
    if bots and getattr(bots[-1], "service", None) is not None:
        await assert_replays_reproduce(bots[-1].service.storage, REGISTRY)
    for bot in bots:
        service = getattr(bot, "service", None)
        if service is not None:
            service.close()
            await service.storage.close()


@pytest.fixture
def simcord_bot(make_bot: Callable[[], SuperTableBot]) -> SuperTableBot:
    return make_bot()


@pytest.fixture(autouse=True)
def discord_accepts_every_request(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every request the bot sends through SimCord is checked against Discord's documented limits:
    one Discord would refuse is refused here too (400 50035, as Discord answers), and fails the test."""
    refused: list[str] = []
    dispatch = router.dispatch

    def checked(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        problems = check_request(method, path, kwargs.get("json"), kwargs.get("files") or ())
        if problems:
            refused.append(f"{method} {path}: {'; '.join(problems)}")
            raise BackendError(400, 50035, f"Invalid Form Body: {'; '.join(problems)}")
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", checked)
    yield refused
    assert not refused, "Discord would refuse these requests:\n" + "\n".join(refused)

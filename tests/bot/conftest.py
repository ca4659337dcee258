from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage.sql_storage import SqlStorage
from tests.bot.backends import BACKENDS, Backend, backend_database
from tests.bot.service_kit import close_all


@pytest_asyncio.fixture(autouse=True)
async def close_services() -> AsyncIterator[None]:
    yield
    await close_all()


@pytest_asyncio.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """A fresh database on each storage backend (PostgreSQL tests skip, saying why, without a server)."""
    async with backend_database(request.param, tmp_path) as found:
        yield found


@pytest_asyncio.fixture
async def storage(backend: Backend) -> AsyncIterator[SqlStorage]:
    """An open storage on a fresh database of each backend."""
    store = backend.storage()
    await store.open()
    yield store
    await store.close()


@pytest_asyncio.fixture
async def pg(tmp_path: Path) -> AsyncIterator[Backend]:
    """A fresh PostgreSQL schema (skips, saying why, when no server answers)."""
    async with backend_database("postgresql", tmp_path) as found:
        yield found
        await close_all()  # services on it replay their games before the schema goes

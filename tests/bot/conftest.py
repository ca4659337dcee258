from collections.abc import AsyncIterator

import pytest_asyncio

from tests.bot.service_kit import close_all


@pytest_asyncio.fixture(autouse=True)
async def close_services() -> AsyncIterator[None]:
    yield
    await close_all()

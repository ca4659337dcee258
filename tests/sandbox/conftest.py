"""The sandbox under test: started on a temporary database, stopped afterwards."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import pytest_asyncio

from bot import Settings
from sandbox.cli import missing_runtime, sandbox_settings

if TYPE_CHECKING:
    from sandbox.runner import Sandbox

MISSING = missing_runtime()
needs_preview = pytest.mark.skipif(
    bool(MISSING),
    reason=f"SimCord's preview runtime is not installed ({', '.join(MISSING)}): pip install -e '.[test]'",
)


@pytest.fixture
def box_settings(tmp_path: Path) -> Settings:
    """The sandbox's own settings, with its database in the test's folder."""
    return sandbox_settings({"SANDBOX_DATABASE_URL": f"sqlite:///{tmp_path / 'sandbox.db'}"})


@pytest_asyncio.fixture
async def make_sandbox(box_settings: Settings) -> AsyncIterator[Callable[..., Sandbox]]:
    """Builds sandboxes, on the test's database unless given other settings; stops them all
    afterwards."""
    from sandbox.runner import Sandbox

    made: list[Sandbox] = []

    def build(settings: Settings | None = None) -> Sandbox:
        made.append(Sandbox(settings or box_settings))
        return made[-1]

    yield build
    for sandbox in made:
        await sandbox.stop()


@pytest_asyncio.fixture
async def box(make_sandbox: Callable[..., Sandbox]) -> Sandbox:
    """A started sandbox."""
    started = make_sandbox()
    await started.start()
    return started

"""A click acknowledged but cut off by a stop before it was applied is told to its player when the
table resumes; a click applied, or answered as refused or out of date, is never told as lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.errors import StaleChoice, UserError
from bot.service import TableService
from tests.bot.service_kit import FakeClock, Recorder, make_service, started_table

LOST = "your last click did not go through"


async def resumed_notes(path: Path, clock: FakeClock, table_id: int) -> list[str]:
    """Restart on the same database and say that the table resumes: the notes of that message."""
    restarted = await make_service(path, clock)
    assert table_id in await restarted.resume_all()
    await restarted.announce_resumed(table_id)
    assert isinstance(restarted.listener, Recorder)
    told = [change for change in restarted.listener.changes if change.kind == "resumed"]
    assert len(told) == 1
    return list(told[0].notes)


async def stop_during_the_save(service: TableService, table_id: int, user_id: int) -> None:
    """The process stops (its tasks cancelled, storage closed) while a click is being saved."""
    live = await service.get(table_id)
    saving = asyncio.Event()

    async def stuck_save(*_: object, **__: object) -> None:
        saving.set()
        await asyncio.Event().wait()

    service.storage.save_table = stuck_save  # type: ignore[method-assign]
    click = asyncio.ensure_future(service.act(table_id, user_id, live.state.version, "swap", []))
    await saving.wait()
    click.cancel()
    with pytest.raises(asyncio.CancelledError):
        await click
    service.close()
    await service.storage.close()


async def test_a_click_cut_off_by_a_stop_is_told_to_its_player_once_when_the_table_resumes(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    first = await make_service(tmp_path / "db", clock)
    table_id = await started_table(first, humans=1, ai=1)
    await stop_during_the_save(first, table_id, 100)

    notes = await resumed_notes(tmp_path / "db", clock, table_id)
    assert len(notes) == 1 and notes[0].startswith("Host, ") and LOST in notes[0]
    assert await resumed_notes(tmp_path / "db", clock, table_id) == [], "told once"


async def test_clicks_applied_refused_or_out_of_date_are_not_told_as_lost(tmp_path: Path) -> None:
    clock = FakeClock()
    first = await make_service(tmp_path / "db", clock)
    table_id = await started_table(first, humans=1, ai=1)
    version = (await first.get(table_id)).state.version
    with pytest.raises(UserError):
        await first.act(table_id, 100, version, "swap", ["k99"])  # refused: no such card
    await first.act(table_id, 100, version, "swap", [])  # applied
    with pytest.raises(StaleChoice):
        await first.act(table_id, 100, version, "swap", [])  # the same panel again: out of date
    first.close()
    await first.storage.close()
    assert await resumed_notes(tmp_path / "db", clock, table_id) == []

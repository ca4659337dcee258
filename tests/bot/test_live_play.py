"""The service running a live-play game (Super Nova Smash!) on a fake clock: late card plays are
judged by the game, AI players think like people, thinking alone saves nothing, and a person who
walks away is handed to the AI so the table still ends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest
import pytest_asyncio

from bot.errors import StaleChoice
from bot.live import LIVE_IDLE_MIN, LiveTable
from bot.runtime import decode_runtime
from bot.service import TableService
from bot.storage import open_storage
from engines.supernova.ai import REACTION
from engines.supernova.engine import Supernova
from tests.bot.service_kit import FakeClock, Recorder

PERSON = 100
STEP = 0.1


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    storage = open_storage(f"sqlite:///{tmp_path / 'db'}")
    await storage.open()
    service = TableService(storage, {"supernova": Supernova()}, clock=FakeClock(), listener=Recorder())
    service.new_seed = lambda: 11  # type: ignore[method-assign]
    yield service
    service.close()
    await storage.close()


def clock_of(service: TableService) -> FakeClock:
    assert isinstance(service.clock, FakeClock)
    return service.clock


async def race(service: TableService, turn_timer: float = 600.0, ai: str = "hard") -> LiveTable:
    """A started race: one person (seat 0) and one AI, past the launch countdown."""
    live = await service.create_lobby(
        guild_id=1,
        channel_id=10,
        thread_id=None,
        host_id=PERSON,
        host_name="Ann",
        game="supernova",
        mode="race",
        options={"ai": ai},
        turn_timer=turn_timer,
    )
    await service.add_ai(live.id, PERSON)
    await service.start(live.id, PERSON)
    await run_for(service, live.id, 5.5)
    live = await service.get(live.id)
    assert live.state.phase == "play"
    return live


async def run_for(service: TableService, table_id: int, seconds: float, step: float = STEP) -> None:
    """Let time pass, firing the table's deadline whenever it is due (as the scheduler would)."""
    clock = clock_of(service)
    end = clock.now + seconds
    while clock.now < end:
        clock.now = round(clock.now + step, 6)
        due = service.scheduler.due(table_id)
        if due is not None and due <= clock.now:
            await service.on_deadline(table_id)


async def test_a_late_card_play_is_judged_by_the_game_not_refused(service: TableService) -> None:
    live = await race(service)
    old_version = live.state.version
    hand = live.state.players[0].hand
    top = live.state.piles[0].top
    wrong = next(v for v in hand if v not in ((top + 1) % 6, (top - 1) % 6))
    await run_for(service, live.id, 10.0)  # screens change meanwhile: the panel is out of date
    assert live.state.version > old_version
    await service.act(live.id, PERSON, old_version, "play", [f"p{wrong}.0"])
    assert any("Payback!" in line for line in live.state.log), "the card went face down, as paybacks do"


async def test_ai_players_wait_a_human_reaction_time_and_thinking_saves_nothing(
    service: TableService,
) -> None:
    live = await race(service, ai="hard")
    fastest, _ = REACTION["hard"]
    started = clock_of(service).now
    saves = []
    for _ in range(300):
        before = (live.record.rev, live.state.version)
        await run_for(service, live.id, STEP)
        if live.record.rev != before[0]:
            saves.append(live.state.version != before[1])
    actions = [a for a in await service.storage.actions(live.id) if a.actor == "ai"]
    assert actions, "the AI played in 30 seconds"
    assert min(a.at for a in actions) >= started - 0.5 + fastest, "no AI answer before its reaction time"
    assert all(saves), "a deadline where an AI only kept thinking wrote nothing"


async def test_ai_thinking_survives_a_restart(service: TableService) -> None:
    live = await race(service)
    stored = await service.storage.load_table(live.id)
    waits = decode_runtime(stored.runtime).ai_waits
    assert waits and all(w.seat == 1 for w in waits)
    assert msgspec.json.encode(waits) == msgspec.json.encode(live.runtime.ai_waits)


async def test_a_person_who_walks_away_is_warned_then_handed_to_the_ai(service: TableService) -> None:
    live = await race(service, turn_timer=30.0)  # live play idles for at least LIVE_IDLE_MIN
    recorder = service.listener
    assert isinstance(recorder, Recorder)
    await run_for(service, live.id, 0.7 * LIVE_IDLE_MIN, step=0.5)
    assert not any(change.warnings for change in recorder.changes), "watching a while is not idling"
    await run_for(service, live.id, 0.1 * LIVE_IDLE_MIN, step=0.5)  # past 75% of it
    assert any(0 in change.warnings for change in recorder.changes)
    await run_for(service, live.id, 0.3 * LIVE_IDLE_MIN, step=0.5)
    notes = [note for change in recorder.changes for note in change.notes]
    assert any("Ann has not played for 5 min" in note for note in notes)
    await run_for(service, live.id, 5.0)
    live = await service.get(live.id)
    assert live.record.status == "finished", "with nobody left playing, the AI finishes the race"


async def test_touching_the_console_is_not_idling(service: TableService) -> None:
    live = await race(service)
    recorder = service.listener
    assert isinstance(recorder, Recorder)
    for _ in range(3):
        await run_for(service, live.id, 0.5 * live.idle_timer(), step=0.5)
        service.seen(live, PERSON)  # opened or clicked the console, without playing
    assert not any(change.warnings for change in recorder.changes)
    assert 0 not in live.runtime.away


async def test_a_double_click_plays_the_card_once(service: TableService) -> None:
    live = await race(service)
    version = live.state.version
    value = live.state.players[0].hand[0]
    await service.act(live.id, PERSON, version, "play", [f"p{value}.0"])
    with pytest.raises(StaleChoice):
        await service.act(live.id, PERSON, version, "play", [f"p{value}.0"])
    plays = [a for a in await service.storage.actions(live.id) if a.actor == "human"]
    assert len(plays) == 1


async def test_downtime_does_not_count_as_idling(service: TableService) -> None:
    live = await race(service)
    live.runtime.active_at[0] = clock_of(service).now - 1_000
    live.runtime.idle_warned = [0]
    TableService._grant_downtime_grace(live, clock_of(service).now)
    assert live.runtime.active_at[0] == clock_of(service).now and live.runtime.idle_warned == []

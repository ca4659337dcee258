"""AI seats that look ahead think in a worker thread, so the event loop keeps answering clicks while
they do (standards: never block the event loop); quick levels think on the loop, without the hop."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableService
from engines.core import Decision
from engines.smashmasters.ai import SmashAI
from engines.smashmasters.engine import SmashMasters
from tests.bot.service_kit import clock_of, one_game_service

PERSON = 100
TIMER = 30.0


async def play_until_the_ai_has_acted(service: TableService, level: str) -> list[tuple[str, bool]]:
    """A 2-player table at this AI level whose person lets the timer run out until the AI has taken
    several actions; returns (decision key, thought on the event loop's thread) per AI choice."""
    live = await service.create_lobby(
        guild_id=1, channel_id=10, thread_id=None, host_id=PERSON, host_name="Ann",
        game="smashmasters", mode="brawl", options={"ai": level}, turn_timer=TIMER,
    )  # fmt: skip
    await service.add_ai(live.id, PERSON)
    await service.start(live.id, PERSON)
    clock = clock_of(service)
    for _ in range(400):
        if sum(key == "action" for key, _ in seen) >= 4:
            break
        clock.now += 1.0
        due = service.scheduler.due(live.id)
        if due is not None and due <= clock.now:
            await service.on_deadline(live.id)
    return seen


seen: list[tuple[str, bool]] = []


@pytest.fixture(autouse=True)
def watch_the_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    seen.clear()
    choose = SmashAI.choose

    def watched(self: SmashAI, engine: Any, state: Any, decision: Decision) -> list[str]:
        seen.append((decision.key, threading.current_thread() is threading.main_thread()))
        return choose(self, engine, state, decision)

    monkeypatch.setattr(SmashAI, "choose", watched)


@pytest.mark.parametrize(("level", "off_the_loop"), [("hard", True), ("normal", False)])
async def test_a_look_ahead_ai_thinks_off_the_event_loop(
    tmp_path: Path, level: str, off_the_loop: bool
) -> None:
    async with one_game_service(tmp_path / "db", "smashmasters", SmashMasters(), seed=5) as service:
        choices = await play_until_the_ai_has_acted(service, level)
    actions = [on_loop for key, on_loop in choices if key == "action"]
    assert len(actions) >= 4, choices
    assert all(not on_loop for on_loop in actions) if off_the_loop else all(actions)

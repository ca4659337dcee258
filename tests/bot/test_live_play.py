"""The service running a live-play game (Super Nova Smash!) on a fake clock: late card plays are
judged by the game, AI players think like people, thinking alone saves nothing, and a person who
walks away is handed to the AI, which plays the seat at its own pace until they come back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest
import pytest_asyncio

from bot.errors import StaleChoice
from bot.live import LIVE_IDLE_MIN, LiveTable
from bot.live_play import seen_as
from bot.runtime import AiWait, decode_runtime
from bot.service import TableService
from bot.turn_timers import grant_downtime_grace
from engines.core import Rng
from engines.supernova import shockwave
from engines.supernova.ai import REACTION
from engines.supernova.engine import Supernova
from engines.supernova.state import Laid
from tests.bot.service_kit import Recorder, clock_of, one_game_service

PERSON = 100
STEP = 0.1


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    async with one_game_service(tmp_path / "db", "supernova", Supernova(), seed=11) as service:
        yield service


async def race(
    service: TableService, turn_timer: float = 600.0, ai: str = "hard", shockwaves: str = "normal"
) -> LiveTable:
    """A started race: one person (seat 0) and one AI, past the launch countdown."""
    live = await service.create_lobby(
        guild_id=1,
        channel_id=10,
        thread_id=None,
        host_id=PERSON,
        host_name="Ann",
        game="supernova",
        mode="race",
        options={"ai": ai, "shockwaves": shockwaves},
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
    away_at = clock_of(service).now
    await run_for(service, live.id, 20.0)
    live = await service.get(live.id)
    assert live.record.status == "active", "the race goes on at the AI's pace, so Ann can come back"
    moves = [a for a in await service.storage.actions(live.id) if a.at > away_at and a.seat == 0]
    assert moves and all(a.actor == "ai" for a in moves), "the AI plays Ann's seat"
    await service.back(live.id, PERSON)
    assert 0 not in (await service.get(live.id)).runtime.away


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
    grant_downtime_grace(live, clock_of(service).now)
    assert live.runtime.active_at[0] == clock_of(service).now and live.runtime.idle_warned == []


async def test_a_person_presses_a_whole_sequence_from_one_console(service: TableService) -> None:
    """Issue 17: shockwave presses are judged against the mini-game, not the console's version, so
    a person who knows the order presses it all from the console that showed it."""
    live = await race(service, shockwaves="often")
    for _ in range(600):
        if live.state.phase == "shockwave" and 0 not in live.state.finished:
            break
        await run_for(service, live.id, STEP)
    else:
        raise AssertionError("no shockwave came")
    live.state.players[0].puzzle = puzzle = shockwave.make("order", Rng(3))  # the kind with a sequence
    version = live.state.version
    for symbol in list(puzzle.answer):
        await service.act(live.id, PERSON, version, "shock", [f"s.{symbol}"])
    assert 0 in live.state.finished, "four presses from one console solved it"
    with pytest.raises(StaleChoice):
        await service.act(live.id, PERSON, version, "shock", [f"s.{puzzle.answer[0]}"])


async def test_a_card_made_on_a_console_that_showed_a_fitting_top_never_becomes_a_payback(
    service: TableService,
) -> None:
    """Issue 17: a play judged on what the player saw; the pile changed under the click, so the
    card goes back to the hand, with a note on the console."""
    live = await race(service)
    state = live.state
    for seat in (0, 1):
        state.players[seat].go = True
    state.piles[2].cards = [Laid(3)]
    state.players[0].hand, state.players[1].hand = [4, 4, 4, 4, 4], [2, 2, 2, 2, 2]
    version = state.version  # Ann's console shows the AI's pile at 3
    clock_of(service).now += 0.5
    live.engine.apply(state, 1, "play", ["p2.2"], clock_of(service).now)  # the AI lays a 2 on it
    clock_of(service).now += 0.5
    await service.act(live.id, PERSON, version, "play", ["p4.2"])  # Ann's 4 arrives after that
    assert state.players[0].hand == [4, 4, 4, 4, 4] and state.players[0].verdict == "returned"
    assert not any(card.down for pile in state.piles for card in pile.cards)
    assert "↩️ Your last card: 4 on" in "\n".join(live.view(0)["console"])


async def test_an_ai_takes_a_new_chance_only_a_whole_reaction_time_after_it_appears(
    service: TableService,
) -> None:
    """Ruling 27: an AI that was about to think again when a pile changed does not jump on the
    change at once: a play that now lands changes its decision as it sees it (the option tones),
    so a whole reaction time starts from there."""
    live = await race(service, ai="hard")
    state, now = live.state, clock_of(service).now
    for seat in (0, 1):
        state.players[seat].go = True
    for pile in state.piles:
        pile.cards = [Laid(0)]
    state.players[0].hand, state.players[1].hand = [1, 1, 1, 1, 1], [2, 2, 2, 2, 2]  # no 2 fits a 0
    state.until = now + 60.0
    waiting = next(d for d in live.decisions_for(1) if d.key == "play")
    live.runtime.ai_waits = [AiWait(1, "play", seen_as(waiting), now + 0.1)]  # about to think again
    await service.act(live.id, PERSON, state.version, "play", ["p1.2"])  # Ann's 1: now a 2 fits
    await run_for(service, live.id, 3.0, step=0.05)
    ai_moves = [a.at for a in await service.storage.actions(live.id) if a.actor == "ai" and a.at > now]
    fastest, _ = REACTION["hard"]
    assert ai_moves and min(ai_moves) >= now + fastest

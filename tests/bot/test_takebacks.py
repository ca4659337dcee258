"""Takebacks in the TableService: asked, granted, refused, timed out (on a fake clock), granted at
once at a table of AIs, logged so the game replays exactly, and counted in the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import UserError
from bot.export import decode_export, encode_export, finished_export, replay_export
from bot.replays import TAKEBACK, rebuild, start_seats
from bot.service import TableService
from bot.storage.records import GuildSettings
from bot.takebacks import TAKEBACK_WAIT
from engines.core import policy_for
from engines.superhot.engine import Superhot
from tests.bot.service_kit import FakeClock, make_service, one_game_service, open_lobby, started_table
from tests.bot.test_service import fire_due, play_seat_to_end

HOST, BOB = 100, 101


async def led(service: TableService) -> tuple[int, bytes, str]:
    """Two people swap nothing, then the host leads their lowest card. Returns the table, the state
    before the lead, and the card led."""
    table_id = await started_table(service, humans=2, ai=0)
    for user in (HOST, BOB):
        await service.act(table_id, user, (await service.get(table_id)).state.version, "swap", [])
    live = await service.get(table_id)
    before = live.engine.encode(live.state)
    card = live.decisions_for(0)[0].options[0].id
    await service.act(table_id, HOST, live.state.version, "lead", [card])
    return table_id, before, card


def same_but_version(service: TableService, table_id: int, a: bytes, b: bytes) -> bool:
    engine = service.registry["highcard"]
    one, two = engine.decode(a), engine.decode(b)
    one.version = two.version
    return engine.encode(one) == engine.encode(two)


async def replays_to_its_state(service: TableService, table_id: int) -> bool:
    live = await service.get(table_id)
    actions = await service.storage.actions(table_id)
    state, _ = rebuild(live.engine, start_seats(live.record), "classic", {}, live.record.seed, actions)
    return live.engine.encode(state) == live.engine.encode(live.state)


async def test_an_accepted_takeback_puts_the_card_back_and_is_logged(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id, before, _ = await led(service)
    with pytest.raises(UserError, match="no move to take back"):
        await service.take_back(table_id, BOB)
    assert await service.take_back(table_id, HOST) is False, "another person is asked first"
    with pytest.raises(UserError, match="other players"):
        await service.answer_takeback(table_id, HOST, (await service.get(table_id)).state.version, True)
    version = (await service.get(table_id)).state.version
    assert await service.answer_takeback(table_id, BOB, version, True) == "granted"

    live = await service.get(table_id)
    assert live.state.phase == "lead" and live.state.version > version
    assert same_but_version(service, table_id, before, live.engine.encode(live.state))
    assert (await service.storage.actions(table_id))[-1].key == TAKEBACK
    assert await replays_to_its_state(service, table_id)
    notes = [n for c in service.listener.changes for n in c.notes]
    assert "Host takes back their last move." in notes
    with pytest.raises(UserError, match="no move to take back"):
        await service.take_back(table_id, HOST)  # once per move


async def test_a_refused_takeback_leaves_the_move(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id, _, _ = await led(service)
    await service.take_back(table_id, HOST)
    version = (await service.get(table_id)).state.version
    assert await service.answer_takeback(table_id, BOB, version, False) == "refused"
    live = await service.get(table_id)
    assert live.state.phase == "follow" and live.runtime.undo is None
    assert "P1 says no: Host's move stands." in live.runtime.log and "takes back" not in str(live.runtime.log)
    with pytest.raises(UserError, match="closed"):
        await service.answer_takeback(table_id, BOB, version, True)


async def test_silence_is_a_no(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await make_service(tmp_path / "db.sqlite", clock)
    table_id, _, _ = await led(service)
    await service.take_back(table_id, HOST)
    assert (await service.get(table_id)).record.deadline == clock.now + TAKEBACK_WAIT
    clock.now += TAKEBACK_WAIT
    await fire_due(service, table_id, clock)
    live = await service.get(table_id)
    assert live.state.phase == "follow" and live.runtime.takeback_ask is None
    assert "Not everyone answered in time, so Host's move stands." in live.runtime.log


async def test_a_move_after_it_or_a_server_setting_forbids_it(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    await service.storage.save_guild_settings(GuildSettings(1, takebacks=False))
    table_id, _, _ = await led(service)
    assert (await service.get(table_id)).runtime.undo is None, "no Take back button either"
    with pytest.raises(UserError, match="turned off"):
        await service.take_back(table_id, HOST)
    await service.storage.save_guild_settings(GuildSettings(1))  # for games that start from now on
    await service.cancel(table_id, HOST, can_manage=True)
    table_id, _, _ = await led(service)
    await service.take_back(table_id, HOST)
    live = await service.get(table_id)
    answer = live.decisions_for(1)[0]
    await service.act(table_id, BOB, live.state.version, answer.key, [answer.options[0].id])
    live = await service.get(table_id)
    assert live.runtime.takeback_ask is None and live.runtime.undo is None
    assert "The game moved on, so the takeback question closed." in live.runtime.log


async def test_an_absent_player_cannot_agree_so_the_game_is_not_rated(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id, _, _ = await led(service)
    live = await service.get(table_id)
    live.runtime.away.append(1)  # Bob is away: the AI plays his seat
    assert await service.take_back(table_id, HOST) is True, "nobody present to ask: granted at once"
    await play_seat_to_end(service, table_id, HOST)
    result = await service.storage.result(table_id)
    assert result is not None and result.kind == "" and "1 move was taken back (not every" in result.summary
    live = await service.get(table_id)
    actions = await service.storage.actions(table_id)
    export = decode_export(encode_export(finished_export(live.engine, live.record, actions, result.summary)))
    replayed = replay_export(export, service.registry)
    assert (
        export.takebacks == 1 and replayed.exact and "took back their last move." in "\n".join(replayed.lines)
    )


async def test_at_a_table_of_ais_a_takeback_is_granted_at_once(tmp_path: Path) -> None:
    engine = Superhot()
    async with one_game_service(tmp_path / "db.sqlite", "superhot", engine, seed=7) as service:
        live = await open_lobby(service, channel=5, host=HOST, game="superhot", mode="solo")
        await service.start(live.id, HOST)
        policy = policy_for(engine, 7)
        for _ in range(40):
            live = await service.get(live.id)
            if live.runtime.undo is not None:
                break
            decision = live.decisions_for(0)[0]
            choice = policy.choose(engine, live.state, decision)
            await service.act(live.id, HOST, live.state.version, decision.key, choice)
        else:
            raise AssertionError("no move could be taken back in 40 moves")
        before = live.runtime.undo.before
        assert await service.take_back(live.id, HOST) is True
        live = await service.get(live.id)
        again = engine.decode(before)
        again.version = live.state.version
        assert engine.encode(again) == engine.encode(live.state)
        actions = await service.storage.actions(live.id)
        state, lines = rebuild(
            engine, start_seats(live.record), "solo", live.record.options, live.record.seed, actions
        )
        assert engine.encode(state) == engine.encode(live.state) and "took back their last move." in lines[-1]


async def test_every_other_person_must_allow_it(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id = await started_table(service, humans=3, ai=0)
    for user in (HOST, BOB, BOB + 1):
        await service.act(table_id, user, (await service.get(table_id)).state.version, "swap", [])
    live = await service.get(table_id)
    await service.act(table_id, HOST, live.state.version, "lead", [live.decisions_for(0)[0].options[0].id])
    await service.take_back(table_id, HOST)
    version = (await service.get(table_id)).state.version
    assert await service.answer_takeback(table_id, BOB, version, True) == "waiting"
    with pytest.raises(UserError, match="already allowed"):
        await service.answer_takeback(table_id, BOB, version, True)
    assert (await service.get(table_id)).state.phase == "follow"
    assert await service.answer_takeback(table_id, BOB + 1, version, True) == "granted"
    assert (await service.get(table_id)).state.phase == "lead"

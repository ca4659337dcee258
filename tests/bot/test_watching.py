"""Spectators in the TableService: whose hand a spectator sees and when, the one-round delay of
live hands (rebuilt from the log), and players kept from watching their own table."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import UserError
from bot.replays import rebuild, start_seats
from bot.storage.records import UserSettings
from bot.watching import AFTER, HIDDEN, LIVE, SHOWN, delayed_view, hand_rules
from engines.core import policy_for
from engines.superhot.engine import Superhot
from tests.bot.service_kit import one_game_service, open_lobby

HOST, CAROL = 100, 300


async def test_live_hands_come_one_round_late(tmp_path: Path) -> None:
    engine = Superhot()
    async with one_game_service(tmp_path / "db.sqlite", "superhot", engine, seed=7) as service:
        live = await open_lobby(service, channel=5, host=HOST, game="superhot", mode="versus")
        await service.add_ai(live.id, HOST)
        await service.start(live.id, HOST)
        policy = policy_for(engine, 7)
        assert await delayed_view(live, service.storage, 0) is None, "nothing to show before a second turn"
        for _ in range(200):
            live = await service.get(live.id)
            if len(live.runtime.turn_marks.get(0, [])) == 2 or live.record.status != "active":
                break
            decision = live.decisions_for(0)[0]
            await service.act(
                live.id, HOST, live.state.version, decision.key, policy.choose(engine, live.state, decision)
            )
        mark = live.runtime.turn_marks[0][0]
        actions = await service.storage.actions(live.id)
        assert live.runtime.logged == len(actions)
        assert 0 <= mark < live.runtime.turn_marks[0][1] <= len(actions)
        then, _ = rebuild(
            engine, start_seats(live.record), "versus", live.record.options, live.record.seed, actions[:mark]
        )
        shown = await delayed_view(live, service.storage, 0)
        assert shown == engine.view(then, 0) and shown != engine.view(live.state, 0)

        settings = {HOST: UserSettings(HOST, spectators="live")}
        assert [r.shows for r in hand_rules(live, settings, live_hands=True)] == [LIVE, AFTER]
        assert [r.shows for r in hand_rules(live, settings, live_hands=False)] == [AFTER, AFTER]
        assert [r.shows for r in hand_rules(live, {}, live_hands=True)] == [AFTER, AFTER]
        never = {HOST: UserSettings(HOST, spectators="never")}
        assert [r.shows for r in hand_rules(live, never, live_hands=True)] == [HIDDEN, AFTER]
        live.record.status = "finished"
        assert [r.shows for r in hand_rules(live, settings, live_hands=False)] == [SHOWN, SHOWN]
        assert [r.shows for r in hand_rules(live, never, live_hands=True)] == [HIDDEN, SHOWN]
        live.record.status = "active"

        with pytest.raises(UserError, match="You play at this table"):
            await service.watch(live.id, HOST, saw_hands=False)
        await service.watch(live.id, CAROL, saw_hands=True)
        await service.watch(live.id, CAROL, saw_hands=True)
        live = await service.get(live.id)
        assert live.runtime.watchers == [CAROL] and live.runtime.saw_hands == [CAROL]

"""AI seats and automatic roles at play: one AI choice, AI bursts until a person decides, setup picks."""

from __future__ import annotations

import asyncio
import logging

from bot.live import LiveTable
from bot.live_play import ai_ready, ai_waits, game_due
from bot.step import Step
from bot.storage.records import ActionRecord
from engines.core import Decision, DeepThinker, IllegalChoice, RandomPolicy

log = logging.getLogger(__name__)

AUTO_BURST = 500  # AI steps in one go on the event loop; a longer run continues at once, in turns
MAX_BURSTS = 200  # then a table nobody plays any more stops fast-forwarding (an engine that never ends)


async def think(live: LiveTable, decision: Decision) -> list[str] | None:
    """The seat's AI choice, thought in a worker thread when its level looks ahead (so the event
    loop keeps answering clicks meanwhile; the table's lock keeps its state unchanged), or None
    when it is quick enough to think on the loop."""
    policy = live.policy(decision.seat)
    if isinstance(policy, DeepThinker) and policy.thinks_long(live.state):
        return list(await asyncio.to_thread(policy.choose, live.engine, live.state, decision))
    return None


def apply_ai(
    live: LiveTable, decision: Decision, now: float, step: Step, actor: str, thought: list[str] | None = None
) -> bool:
    """Apply the seat's AI choice (`thought` when it was thought already; if the game refuses it,
    fall back to random tries); False when a real-time AI chose to wait on an optional decision
    (it thinks again a little later)."""
    policies = [live.policy(decision.seat), *(RandomPolicy(live.record.seed + i) for i in range(20))]
    for tried, policy in enumerate(policies):
        choice = (
            thought
            if tried == 0 and thought is not None
            else list(policy.choose(live.engine, live.state, decision))
        )
        if not choice and decision.min_choices == 0 and getattr(live.engine, "ai_reaction", None):
            live.runtime.forget_ai_waits(decision.seat, decision.key)
            ai_ready(live, decision, now + 1e-3)  # a new wait from now
            return False
        try:
            step.events += live.engine.apply(live.state, decision.seat, decision.key, choice, now)
        except IllegalChoice as exc:
            log.warning("table %s: AI choice %s for %s refused: %s", live.id, choice, decision.key, exc)
            continue
        step.actions.append(ActionRecord(decision.seat, decision.key, choice, now, actor))
        live.runtime.forget_ai_waits(decision.seat)
        return True
    raise RuntimeError(f"no legal AI choice found for {decision.key!r} at table {live.id}")


async def run_automatic(live: LiveTable, now: float, step: Step) -> None:
    """AI-controlled seats act until a human must decide or the game ends.

    With nobody left who may play (a person away may still come back), ticks are fast-forwarded
    so the game always finishes, AUTO_BURST steps at a time so the event loop is never held long.
    """
    engine, state = live.engine, live.state
    waiting: set[tuple[int, str]] = set()  # real-time AI seats that chose to wait for now
    if not live.someone_may_play():
        now = max(now, live.runtime.ahead)  # carry on where the last burst's clock was
    for _ in range(AUTO_BURST):
        if engine.outcome(state) is not None:
            live.runtime.bursts = 0
            return
        decisions = [d for d in engine.decisions(state) if (d.seat, d.key) not in waiting]
        automatic = [d for d in decisions if live.is_automatic(d.seat) and ai_ready(live, d, now)]
        if automatic:
            thought = await think(live, automatic[0])
            if apply_ai(live, automatic[0], now, step, "ai", thought):
                waiting.clear()
            else:
                waiting.add((automatic[0].seat, automatic[0].key))
            continue
        due = game_due(live)
        if not decisions and due is not None and not live.someone_may_play():
            now = live.runtime.ahead = max(now, due)
            step.events += engine.tick(state, now)
            step.actions.append(ActionRecord(-1, "__tick__", [], now, "tick"))
            waiting.clear()
            continue
        live.runtime.bursts = 0
        return
    live.runtime.bursts += 1
    step.unfinished = live.runtime.bursts < MAX_BURSTS
    if live.runtime.bursts == MAX_BURSTS:
        log.warning("table %s: the AI stopped after %d steps", live.record.id, AUTO_BURST * MAX_BURSTS)


def ai_due(live: LiveTable, now: float) -> bool:
    """Whether the AI acts at a deadline that changed nothing else: an AI is done thinking, or
    nobody plays the table any more and the AI finishes it in bursts."""
    carry_on = not live.someone_may_play() or live.runtime.bursts > 0
    return carry_on or any(w.due <= now for w in ai_waits(live))


def ai_setup(live: LiveTable, seat: int, now: float, step: Step) -> None:
    """The AI makes every setup choice still open for this seat (setup picks are not turns)."""
    setup = live.engine.meta.setup_keys
    for _ in range(AUTO_BURST):
        pending = [d for d in live.engine.decisions(live.state) if d.seat == seat and d.key in setup]
        if not pending or not apply_ai(live, pending[0], now, step, "timeout"):
            return

"""Real time at the table: AI players that think like people, and people who walk away.

AI thinking applies to engines with `ai_reaction(state, seat)` (a window of seconds): an AI seat
answers a decision only once its reaction time has passed since that decision last changed. Idle
rules apply to live-play games (`GameMeta.live_play`), which have no turns to miss.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.clock import format_seconds
from bot.live import LiveTable
from bot.runtime import AiWait, Runtime, signature
from engines.core import Decision

WARN_AT = 0.75  # warnings come at this share of a turn (or idle) timer


def ai_ready(live: LiveTable, decision: Decision, now: float) -> bool:
    """Whether an AI seat answers this decision now: at once, unless the engine has reaction times
    and a person is still playing; then a wait starts whenever the decision changes."""
    reaction = getattr(live.engine, "ai_reaction", None)
    if reaction is None or not live.has_active_human():
        return True
    runtime, sig = live.runtime, signature(decision)
    wait = runtime.ai_wait(decision.seat, decision.key)
    if wait is None or wait.signature != sig:
        low, high = reaction(live.state, decision.seat)
        think = random.Random(f"{live.id}:{live.state.version}:{decision.seat}").uniform(low, high)
        runtime.forget_ai_waits(decision.seat, decision.key)
        wait = AiWait(decision.seat, decision.key, sig, now + think)
        runtime.ai_waits.append(wait)
    return now >= wait.due


def ai_waits(live: LiveTable) -> list[AiWait]:
    """The thinking times of AI seats for decisions still open as they were when the AI began."""
    open_now = {(d.seat, d.key, signature(d)) for d in live.engine.decisions(live.state)}
    return [
        w
        for w in live.runtime.ai_waits
        if live.is_automatic(w.seat) and (w.seat, w.key, w.signature) in open_now
    ]


def expire_idle(live: LiveTable, now: float, notes: list[str], warnings: list[int]) -> None:
    """A person who has neither played nor touched their console for a whole idle timer while they
    had something to do is warned at WARN_AT of it, then handed to the AI until **I'm back**."""
    if not live.engine.meta.live_play:
        return
    timer, runtime = live.idle_timer(), live.runtime
    for seat in sorted({d.seat for d in live.engine.decisions(live.state)}):
        if live.is_automatic(seat):
            continue
        since = runtime.active_at.setdefault(seat, now)
        if now >= since + timer:
            runtime.away.append(seat)
            notes.append(
                f"{live.record.seats[seat].name} has not played for {format_seconds(timer)}: "
                "the AI plays for them until they press **I'm back**."
            )
        elif now >= since + WARN_AT * timer and seat not in runtime.idle_warned:
            runtime.idle_warned.append(seat)
            warnings.append(seat)


def live_deadlines(live: LiveTable, open_now: Sequence[Decision]) -> list[float]:
    """When an AI will be done thinking, and when a person's idle warning or takeover is due."""
    times = [w.due for w in ai_waits(live)]
    if live.engine.meta.live_play:
        runtime, idle = live.runtime, live.idle_timer()
        people = {d.seat for d in open_now if not live.is_automatic(d.seat)}
        times += [
            runtime.active_at[seat] + (idle if seat in runtime.idle_warned else WARN_AT * idle)
            for seat in people
            if seat in runtime.active_at
        ]
    return times


def forgive_downtime(runtime: Runtime, restart: float) -> None:
    """Nobody could play while the bot was down: idle time starts again at `restart`."""
    for seat, since in list(runtime.active_at.items()):
        if since < restart:
            runtime.mark_active(seat, restart)

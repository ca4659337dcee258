"""Time at the table: AI players that think like people, and people who walk away.

An AI seat answers a decision only once its thinking time has passed since that decision last
changed: its reaction time in engines with `ai_reaction(state, seat)` (a window of seconds), and
AWAY_PACE in turn-based games whose only people are away, so they can follow the game and take
their seat back. Idle rules apply to live-play games (`GameMeta.live_play`), which have no turns
to miss.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.clock import format_seconds
from bot.live import LiveTable
from bot.notes import taken_over
from bot.runtime import AiWait, Runtime, signature
from engines.core import Decision

WARN_AT = 0.75  # warnings come at this share of a turn (or idle) timer
AWAY_PACE = (1.5, 3.0)  # seconds per AI move in a turn-based game whose only people are away


def thinking_time(live: LiveTable, seat: int) -> tuple[float, float] | None:
    """How long the AI thinks before answering for this seat (a window of seconds), or None for at
    once. Nobody left who may play: at once, so the game ends. A real-time game: its AI's reaction
    time. A turn-based game: at once behind a person's move, AWAY_PACE while every person is away."""
    if not live.someone_may_play():
        return None
    reaction = getattr(live.engine, "ai_reaction", None)
    if reaction is not None:
        low, high = reaction(live.state, seat)
        return low, high
    return None if live.has_active_human() else AWAY_PACE


LIT = ("good", "risky")  # option tones of plays that work now (engines.core.Option)
SEEN = "\x1e"  # between a decision's signature and its lit options in an AI wait's signature


def seen_as(decision: Decision) -> str:
    """What an AI reacts to: the decision as a player sees it, and which of its options are lit
    (on a live console, the plays that would land now)."""
    lit = ",".join(option.id for option in decision.options if option.tone in LIT)
    return f"{signature(decision)}{SEEN}{lit}"


def still_thinking(wait: AiWait, decision: Decision) -> bool:
    """Whether the AI's wait still stands for this decision: the decision is the same, and it is
    not the case that the AI began to wait with nothing to play and now has something. That new
    chance (a pile's top that now fits one of its cards) needs a whole reaction time, as a
    person's would; an AI already about to play keeps its thought."""
    was, _, was_lit = wait.signature.partition(SEEN)
    now, _, lit = seen_as(decision).partition(SEEN)
    return was == now and (bool(was_lit) or not lit)


def ai_ready(live: LiveTable, decision: Decision, now: float) -> bool:
    """Whether an AI seat answers this decision now: at once when it needs no thinking time,
    otherwise once that time has passed since the decision last changed as the seat sees it."""
    window = thinking_time(live, decision.seat)
    if window is None:
        return True
    runtime = live.runtime
    wait = runtime.ai_wait(decision.seat, decision.key)
    if wait is None or not still_thinking(wait, decision):
        low, high = window
        think = random.Random(f"{live.id}:{live.state.version}:{decision.seat}").uniform(low, high)
        runtime.forget_ai_waits(decision.seat, decision.key)
        wait = AiWait(decision.seat, decision.key, seen_as(decision), now + think)
        runtime.ai_waits.append(wait)
    return now >= wait.due


def ai_waits(live: LiveTable) -> list[AiWait]:
    """The thinking times of AI seats for decisions still open as they were when the AI began."""
    open_now = {(d.seat, d.key): d for d in live.engine.decisions(live.state)}
    return [
        wait
        for wait in live.runtime.ai_waits
        if live.is_automatic(wait.seat)
        and (decision := open_now.get((wait.seat, wait.key))) is not None
        and still_thinking(wait, decision)
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
            why = f"has not played for {format_seconds(timer)}"
            notes.append(taken_over(live.record.seats[seat].name, why))
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


def game_due(live: LiveTable) -> float | None:
    """When the game's own clock next needs a tick; a real-time game's first tick waits until its
    table is shown (`Runtime.hold_until`), so its launch countdown starts where people can see it."""
    due = live.engine.next_deadline(live.state)
    return None if due is None else max(due, live.runtime.hold_until)

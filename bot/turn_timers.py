"""Turn timers: what is due when a table's timer fires, a clock per open human decision with its
75% warning and its timeout (the AI answers), the table's next deadline, and the grace a player
gets for time the bot was down."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot import notes, takebacks
from bot.autoplay import ai_setup, apply_ai, think
from bot.listener import DecisionRef
from bot.live import LiveTable
from bot.live_play import WARN_AT, expire_idle, forgive_downtime, game_due, live_deadlines
from bot.runtime import DecisionClock, signature
from bot.step import Step
from bot.storage.records import ActionRecord

AWAY_AFTER_MISSES = 3

AutoDefence = Callable[[int], Awaitable[bool]]
"""Whether a user chose automatic defence in /settings (by user id)."""


async def run_timers(
    live: LiveTable, now: float, step: Step, auto_defence: AutoDefence | None = None
) -> None:
    """What is due when the table's timer fires: the game's tick (or the AI's answer for a player
    who chose automatic defence), turn warnings and timeouts, and idle people in live play."""
    due = game_due(live)
    if due is not None and due <= now and not await defend_automatically(live, now, step, auto_defence):
        step.events += live.engine.tick(live.state, now)
        step.actions.append(ActionRecord(-1, "__tick__", [], now, "tick"))
    await expire_clocks(live, now, step)
    expire_idle(live, now, step.notes, step.warnings)
    takebacks.expire(live.runtime, now, step.notes, [seat.name for seat in live.record.seats])


async def defend_automatically(
    live: LiveTable, now: float, step: Step, auto_defence: AutoDefence | None
) -> bool:
    """A question the game times itself (a defence) that ran out for a player who chose automatic
    defence: the AI answers it for them instead of the game's default. True when it did. Not in a
    real-time game, whose deadlines are its pace (a missed window is part of the race)."""
    if auto_defence is None or live.engine.meta.realtime:
        return False
    for decision in live.engine.decisions(live.state):
        if decision.deadline is None or decision.deadline > now or live.is_automatic(decision.seat):
            continue
        seat = live.record.seats[decision.seat]
        if seat.user_id is None or not await auto_defence(seat.user_id):
            continue
        if apply_ai(live, decision, now, step, "timeout", await think(live, decision)):
            step.notes.append(notes.defended_automatically(seat.name))
            return True
    return False


def refresh_clocks(
    live: LiveTable, now: float, acted: set[tuple[int, str]], acting: set[int]
) -> list[DecisionRef]:
    """Keep the clocks of decisions still open; start clocks for new human decisions.

    A decision answered in this step is new even if an identical one reopened: its old
    panel is stale (a double click never applies twice) and its timer starts again.
    A new decision opens a turn (someone to ping) only for a seat that did not just act and
    had nothing else open: the next steps of a turn go to the panel the player is using.
    """
    old = {(c.seat, c.key): c for c in live.runtime.clocks}
    clocks: list[DecisionClock] = []
    opened: list[DecisionRef] = []
    for decision in live.engine.decisions(live.state):
        if live.is_automatic(decision.seat):
            continue
        sig = signature(decision)
        previous = old.get((decision.seat, decision.key))
        fresh = (decision.seat, decision.key) in acted
        if previous is not None and previous.signature == sig and not fresh:
            clocks.append(previous)
            continue
        clocks.append(DecisionClock(decision.seat, decision.key, sig, live.state.version, now))
        user_id = live.record.seats[decision.seat].user_id
        if user_id is not None:
            opened.append(DecisionRef(decision.seat, user_id, decision.key, decision.prompt))
    live.runtime.clocks = clocks
    busy = acting | {c.seat for c in clocks if old.get((c.seat, c.key)) is c}
    return [replace(ref, new_turn=ref.seat not in busy) for ref in opened]


def table_deadline(live: LiveTable) -> float | None:
    """When the table's timer fires next: a turn warning or timeout, an AI done thinking, an idle
    check or the game's own tick (decisions the game times itself are left to its tick)."""
    timer = live.record.turn_timer
    open_now = live.engine.decisions(live.state)
    timed = {(d.seat, d.key) for d in open_now if d.deadline is not None}
    times = [
        c.opened_at + (timer if c.warned else WARN_AT * timer)
        for c in live.runtime.clocks
        if (c.seat, c.key) not in timed
    ]
    times += live_deadlines(live, open_now)
    due = game_due(live)
    if due is not None:
        times.append(due)
    if live.runtime.takeback_ask is not None:
        times.append(live.runtime.takeback_ask.deadline)
    return min(times) if times else None


async def expire_clocks(live: LiveTable, now: float, step: Step) -> None:
    """Warn at WARN_AT of the turn timer; past it, the AI answers the first expired decision (a
    seat missing AWAY_AFTER_MISSES turns in a row is handed to the AI until **I'm back**)."""
    timer = live.record.turn_timer
    open_now = {(d.seat, d.key): d for d in live.engine.decisions(live.state)}
    for clock in list(live.runtime.clocks):
        decision = open_now.get((clock.seat, clock.key))
        if decision is None or decision.deadline is not None:
            continue  # gone, or timed by the game itself (e.g. a counter), which tick() answers
        if now >= clock.opened_at + timer:
            name = live.record.seats[clock.seat].name
            if decision.key in live.engine.meta.setup_keys:
                ai_setup(live, clock.seat, now, step)
                step.notes.append(notes.setup_timed_out(name))
                return
            apply_ai(live, decision, now, step, "timeout", await think(live, decision))
            missed = live.runtime.missed.get(clock.seat, 0) + 1
            live.runtime.missed[clock.seat] = missed
            step.notes.append(notes.timed_out(name))
            if missed >= AWAY_AFTER_MISSES and clock.seat not in live.runtime.away:
                live.runtime.away.append(clock.seat)
                step.notes.append(notes.taken_over(name, f"missed {missed} turns in a row"))
            return  # the state moved on; remaining clocks are re-read on the next deadline
        if not clock.warned and now >= clock.opened_at + WARN_AT * timer:
            clock.warned = True
            step.warnings.append(clock.seat)


def grant_downtime_grace(live: LiveTable, restart: float) -> None:
    """A warning or expiry missed while the bot was down becomes a fresh warning at `restart`.

    `restart` is when the table's timer fired again after start-up (its catch-up time), so
    the player still gets the last quarter of the timer after an honest warning. A clock whose
    next event had not come yet by then is left alone (it fires as armed). Applied when a table
    saved before this process started is first loaded; applying it twice changes nothing.
    """
    timer = live.record.turn_timer
    for clock in live.runtime.clocks:
        missed = clock.opened_at + (timer if clock.warned else WARN_AT * timer)
        if missed < restart:
            clock.opened_at = restart - WARN_AT * timer
            clock.warned = False
    forgive_downtime(live.runtime, restart)

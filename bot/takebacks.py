"""Takebacks: a player takes back their own last move while it revealed nothing hidden.

The engine decides which moves may be taken back (`engines.core.takeback`); the bot keeps the
state from before the player's last move (`Runtime.undo`) only while nothing else happened since,
asks the other people at the table (silence within TAKEBACK_WAIT is a no), and logs a granted
takeback as a `__takeback__` action so replays and exports rebuild the game exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import UserError
from bot.live import LiveTable
from bot.replays import TAKEBACK
from bot.runtime import Runtime, TakebackAsk, Undo
from bot.step import Step
from bot.storage.records import ActionRecord
from engines.core import Event
from engines.core.takeback import can_take_back, restore
from engines.core.words import acts, possessive, their

TAKEBACK_WAIT = 45.0  # seconds the other people have to answer; silence is a no
NOTHING = "You have no move to take back: only your own last move, while nothing else happened since."


def snapshot(live: LiveTable) -> bytes | None:
    """The state before a person's move, when the game allows takebacks at all (not live play)."""
    if live.engine.meta.live_play:
        return None
    return bytes(live.engine.encode(live.state))


def offer(live: LiveTable, seat: int, before: bytes | None, events: Sequence[Event]) -> Undo | None:
    """The move just made by `seat` may be taken back: the undo to keep, or None."""
    if before is None or live.runtime.takebacks_off:
        return None
    if not can_take_back(live.engine, live.engine.decode(before), live.state, events):
        return None
    return Undo(seat, before, live.state.version)


def settle(live: LiveTable, step: Step) -> None:
    """Before a step is committed: keep the undo of a person's move only if nothing else happened
    after it (an AI move, another player's, a tick); any move closes a pending question."""
    runtime = live.runtime
    if step.undo is not None and len(step.actions) == 1:
        runtime.undo = step.undo
    elif step.actions:
        runtime.undo = None
    if step.actions and runtime.takeback_ask is not None:
        if step.actions[-1].key != TAKEBACK:
            step.notes.append("The game moved on, so the takeback question closed.")
        runtime.takeback_ask = None


def people_to_ask(live: LiveTable, seat: int) -> list[int]:
    """The other seats played by a person right now (not the AI)."""
    return [
        s.index
        for s in live.record.seats
        if s.index != seat and s.user_id is not None and not live.is_automatic(s.index)
    ]


def absent_people(live: LiveTable, seat: int) -> list[int]:
    """Other people's seats the AI plays now (away, forfeited, removed): they cannot agree."""
    return [
        s.index
        for s in live.record.seats
        if s.index != seat and s.user_id is not None and not s.is_ai and live.is_automatic(s.index)
    ]


def check_request(live: LiveTable, seat: int) -> Undo:
    """The move `seat` may take back now, or UserError saying why not."""
    undo = live.runtime.undo
    if undo is None or undo.seat != seat or undo.version != live.state.version:
        raise UserError(NOTHING)
    if live.runtime.takeback_ask is not None:
        raise UserError("A takeback question is already open at this table; wait for its answers.")
    return undo


def ask(live: LiveTable, seat: int, now: float) -> Step:
    """Open the question to the other people (the Discord layer puts it on the table)."""
    others = people_to_ask(live, seat)
    live.runtime.takeback_ask = TakebackAsk(seat, live.state.version, now + TAKEBACK_WAIT, others)
    return Step()


def grant(live: LiveTable, seat: int, now: float) -> Step:
    """Take the move back: the state from before it, a logged takeback, the count kept."""
    undo = live.runtime.undo
    assert undo is not None and undo.seat == seat
    runtime = live.runtime
    restore(live.engine, live.state, undo.before)
    runtime.takebacks += 1
    if absent_people(live, seat):
        runtime.takebacks_unagreed = True
    name = live.seat_name(seat)
    return Step(
        actions=[ActionRecord(seat, TAKEBACK, [], now, "human")],
        notes=[f"{acts(name, 'takes')} back {their(name)} last move."],
    )


def answer(live: LiveTable, seat: int, version: int, yes: bool, now: float) -> tuple[Step, str]:
    """One person's answer: a step to commit (a grant, a refusal or nothing yet) and the outcome
    ("granted", "refused" or "waiting")."""
    question = live.runtime.takeback_ask
    if question is None or question.version != version or now >= question.deadline:
        raise UserError("This takeback question is closed.")
    if seat in question.agreed:
        raise UserError("You already allowed it; the others have still to answer.")
    if seat not in question.waiting:
        raise UserError("This question is for the other players at the table.")
    name = live.seat_name(seat)
    asker = live.seat_name(question.seat)
    if not yes:
        live.runtime.takeback_ask = None
        live.runtime.undo = None
        return Step(notes=[f"{acts(name, 'says')} no: {possessive(asker)} move stands."]), "refused"
    question.waiting.remove(seat)
    question.agreed.append(seat)
    if question.waiting:
        return Step(), "waiting"
    return grant(live, question.seat, now), "granted"


def expire(runtime: Runtime, now: float, notes: list[str], names: Sequence[str]) -> None:
    """A question nobody finished answering in time is a no."""
    question = runtime.takeback_ask
    if question is None or now < question.deadline:
        return
    runtime.takeback_ask = None
    runtime.undo = None
    asker = names[question.seat] if 0 <= question.seat < len(names) else "A player"
    notes.append(f"Not everyone answered in time, so {possessive(asker)} move stands.")


def result_note(runtime: Runtime) -> str:
    """What the result says about takebacks ("" when there were none)."""
    if not runtime.takebacks:
        return ""
    moves = "1 move was" if runtime.takebacks == 1 else f"{runtime.takebacks} moves were"
    unrated = (
        " (not every player could agree, so the game is not rated)" if runtime.takebacks_unagreed else ""
    )
    return f"{moves} taken back{unrated}."

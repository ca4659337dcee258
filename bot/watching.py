"""Spectators: who watches a table, and whose hand a spectator may see and when.

Each player chooses in /settings whether spectators see their hand: "never", "after" the game (the
default) or "live", one round late: a spectator sees the hand as it was when that player's previous
turn began (every other player has moved since), rebuilt from the seed and the action log. A
server can forbid live hands; real-time games never show a hand while they run. Players of a table
cannot watch it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from bot.live import LiveTable
from bot.replays import rebuild, start_seats
from bot.runtime import Runtime
from bot.storage.base import Storage
from bot.storage.records import ActionRecord, UserSettings

HIDDEN, AFTER, LIVE, SHOWN = "hidden", "after", "live", "shown"


@dataclass(frozen=True)
class HandRule:
    """How a spectator sees one seat's hand now: SHOWN (the game is over), LIVE (one round late),
    AFTER (hidden until the game ends) or HIDDEN (never)."""

    seat: int
    name: str
    shows: str


def mark_turns(runtime: Runtime, actions: Sequence[ActionRecord]) -> None:
    """Count the logged actions and remember where each seat's last two turns began: a seat's turn
    begins when it acts after every other seat that plays has acted since its last turn began (so
    from one mark to the next, everybody else moved: a full round)."""
    for action in actions:
        position = runtime.logged  # actions before this one
        runtime.logged += 1
        seat = action.seat
        if seat < 0:
            continue  # the game's clock
        others = {actor for actor in runtime.actors if actor != seat}
        since = runtime.acted_since.setdefault(seat, [])
        if others <= set(since) and (since or seat not in runtime.actors):
            runtime.turn_marks[seat] = [*runtime.turn_marks.get(seat, []), position][-2:]
            runtime.acted_since[seat] = []
        if seat not in runtime.actors:
            runtime.actors.append(seat)
        for watcher, seen in runtime.acted_since.items():
            if watcher != seat and seat not in seen:
                seen.append(seat)


def live_hands_possible(live: LiveTable) -> bool:
    """Whether this game can show hands while it runs (never in real time)."""
    meta = live.engine.meta
    return not (meta.realtime or meta.live_play)


def hand_rules(live: LiveTable, settings: Mapping[int, UserSettings], live_hands: bool) -> list[HandRule]:
    """For each seat held by a person, how a spectator sees its hand now (`settings` by user id;
    `live_hands`: the server allows live hands). AI seats are shown once the game is over."""
    over = live.record.status == "finished"
    rules = []
    for seat in live.record.seats:
        if seat.user_id is None:
            choice = AFTER
        else:
            choice = settings.get(seat.user_id, UserSettings(seat.user_id)).spectators
        if choice == "never":
            shows = HIDDEN
        elif over:
            shows = SHOWN
        elif choice == LIVE and live_hands and live_hands_possible(live) and seat.user_id is not None:
            shows = LIVE
        else:
            shows = AFTER
        rules.append(HandRule(seat.index, seat.name, shows))
    return rules


def check_watcher(live: LiveTable, user_id: int) -> None:
    """Players of a table cannot watch it (no peeking at the others' hands)."""
    if any(seat.user_id == user_id for seat in live.record.seats):
        raise UserError("You play at this table: use **Open my hand** to see your own cards.")


def note_watcher(runtime: Runtime, user_id: int, saw_hands: bool) -> bool:
    """Count a member as watching (and remember they saw hands); True when anything changed."""
    changed = False
    if user_id not in runtime.watchers:
        runtime.watchers.append(user_id)
        changed = True
    if saw_hands and user_id not in runtime.saw_hands:
        runtime.saw_hands.append(user_id)
        changed = True
    return changed


async def spectator_rules(live: LiveTable, storage: Storage) -> list[HandRule]:
    """How a spectator sees each seat's hand now, from its player's settings and the server's."""
    people = {s.user_id for s in live.record.seats if s.user_id is not None}
    settings = {user: await storage.user_settings(user) for user in people}
    guild = live.record.guild_id
    live_hands = guild is None or (await storage.guild_settings(guild)).live_hands
    return hand_rules(live, settings, live_hands)


async def shown_view(live: LiveTable, storage: Storage, rule: HandRule) -> Mapping[str, Any] | None:
    """The view of a seat's hand a spectator may see now (its own view once the game is over, the
    one of a round ago when live), or None: hidden, or not yet."""
    if rule.shows == SHOWN:
        return live.view(rule.seat)
    if rule.shows == LIVE:
        return await delayed_view(live, storage, rule.seat)
    return None


async def delayed_view(live: LiveTable, storage: Storage, seat: int) -> Mapping[str, Any] | None:
    """What `seat` saw when its previous turn began (None before its second turn), rebuilt from the
    log off the event loop."""
    marks = live.runtime.turn_marks.get(seat, [])
    if len(marks) < 2:
        return None
    record = live.record
    actions = (await storage.actions(record.id))[: marks[0]]

    def build() -> Mapping[str, Any]:
        state, _ = rebuild(
            live.engine, start_seats(record), record.mode, record.options, record.seed, actions
        )
        return live.engine.view(state, seat)

    return await asyncio.to_thread(build)

"""Who sits where: lobby seats (people, AI players, their decks), the host role, the player count a
game needs, and a person's own seat in a running game (acting, coming back, forfeiting, kicked).

Each change checks the table and raises UserError saying what to do; the TableService calls them
under the table's lock, then saves and publishes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot import notes
from bot.errors import UserError
from bot.live import LiveTable
from bot.runtime import DeckChoice, deck_option
from bot.storage.records import SeatRecord
from engines.core.words import counted

AI_NAMES = ("Botley", "Deckard", "Ace Circuit", "Shuffles", "Lady Ledger", "Gizmo", "Turnip", "Vex")


def take_seat(live: LiveTable, user_id: int, name: str) -> None:
    """A person takes a free lobby seat."""
    if live.seat_of(user_id) is not None:
        raise UserError("You already have a seat at this table.")
    if len(live.record.seats) >= live.max_seats:
        raise UserError("The table is full. Ask the host to start, or wait for the next game.")
    live.record.seats.append(SeatRecord(len(live.record.seats), name, user_id))


def free_seat(live: LiveTable, user_id: int) -> None:
    """A person gives up their lobby seat; a lobby with no person left is cancelled."""
    seat = live.seat_of(user_id)
    if seat is None:
        raise UserError("You do not have a seat at this table.")
    del live.record.seats[seat]
    if not any(s.user_id is not None for s in live.record.seats):
        live.record.status = "cancelled"
    pass_host(live, user_id)


def choose_deck(live: LiveTable, user_id: int, name: str, cards: Sequence[str]) -> None:
    """A seated person brings a custom deck to the lobby."""
    if live.seat_of(user_id) is None:
        raise UserError("Join the table first, then bring your deck.")
    live.runtime.decks[user_id] = DeckChoice(name, list(cards))


def seat_ai(live: LiveTable, user_id: int) -> None:
    """A seated person fills a free lobby seat with an AI player, named from AI_NAMES."""
    if live.seat_of(user_id) is None:
        raise UserError("Only players seated at this table can add AI players.")
    if len(live.record.seats) >= live.max_seats:
        raise UserError("The table is full.")
    taken = {seat.name for seat in live.record.seats}
    name = next((n for n in AI_NAMES if n not in taken), f"Bot {len(live.record.seats) + 1}")
    live.record.seats.append(SeatRecord(len(live.record.seats), name, None, is_ai=True))


def unseat_ai(live: LiveTable, user_id: int) -> None:
    """A seated person frees the last AI seat of the lobby."""
    if live.seat_of(user_id) is None:
        raise UserError("Only players seated at this table can remove AI players.")
    ai = [i for i, seat in enumerate(live.record.seats) if seat.is_ai]
    if not ai:
        raise UserError("There is no AI player to remove.")
    del live.record.seats[ai[-1]]


def kick_from_lobby(live: LiveTable, seat: int, target_id: int) -> None:
    """The host (or a manager) removes a person's lobby seat."""
    del live.record.seats[seat]
    renumber(live)
    pass_host(live, target_id)


def renumber(live: LiveTable) -> None:
    """Seat indexes follow the seat order again after a seat was removed."""
    for index, seat in enumerate(live.record.seats):
        seat.index = index


def pass_host(live: LiveTable, leaving: int) -> None:
    """When the host leaves the table, the first remaining person becomes host."""
    if live.record.host_id != leaving:
        return
    people = [s.user_id for s in live.record.seats if s.user_id is not None and s.user_id != leaving]
    if people:
        live.record.host_id = people[0]


def check_player_count(live: LiveTable) -> None:
    """UserError unless the lobby seats as many players as its mode takes."""
    count = len(live.record.seats)
    mode = live.engine.meta.mode(live.record.mode)
    if count not in mode.seats:
        low, high = mode.seats.start, mode.seats.stop - 1
        need = f"{low}" if low == high else f"{low} to {high}"
        raise UserError(
            f"{live.engine.meta.title} ({mode.label}) needs {need} players and "
            + (f"there {'is' if count == 1 else 'are'} {counted(count, 'player')}. ")
            + ("Invite friends or press **Add AI**." if count < low else "Someone has to leave first.")
        )


def deck_options(live: LiveTable) -> dict[str, str]:
    """The custom decks of the seated players, as engine options by seat."""
    decks = live.runtime.decks
    return {
        deck_option(seat.index): ",".join(decks[seat.user_id].cards)
        for seat in live.record.seats
        if seat.user_id is not None and seat.user_id in decks
    }


def human_seat(live: LiveTable, user_id: int, *, allow_away: bool = False) -> int:
    """The seat this person plays in a running game, or UserError when they may not act."""
    seat = live.seat_of(user_id)
    if seat is None:
        raise UserError("You are watching this game: only seated players can act.")
    if seat in live.runtime.forfeited:
        raise UserError("You forfeited this game.")
    if seat in live.runtime.away and not allow_away:
        raise UserError("The AI is playing your seat while you are away: press **I'm back** first.")
    return seat


def take_back(live: LiveTable, seat: int, now: float) -> str:
    """A person marked away takes their seat over from the AI; returns the note."""
    if seat not in live.runtime.away:
        raise UserError("You are not marked away; the seat is already yours.")
    live.runtime.away.remove(seat)
    live.runtime.missed.pop(seat, None)
    live.runtime.forget_ai_waits(seat)
    live.runtime.mark_active(seat, now)
    return notes.back(live.record.seats[seat].name)


def give_up(live: LiveTable, seat: int) -> str:
    """A person forfeits: the AI plays the seat on, ranked last; returns the note."""
    live.runtime.forfeited.append(seat)
    live.runtime.away = [s for s in live.runtime.away if s != seat]
    return notes.forfeits(live.record.seats[seat].name)


def kick_from_game(live: LiveTable, seat: int, target_id: int) -> str:
    """The host (or a manager) removes a player from a running game: the AI takes the seat on
    (the person only watches); returns the note."""
    name = live.record.seats[seat].name
    live.runtime.kicked.append(seat)
    live.runtime.away = [s for s in live.runtime.away if s != seat]
    live.runtime.missed.pop(seat, None)
    pass_host(live, target_id)
    return notes.removed(name)

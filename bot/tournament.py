"""A tournament's bracket as data: sign-up, check-in, rounds, results, drops and standings.

Pure state changes over a msgspec struct that storage keeps as JSON; no Discord, no clock, no tables.
The pairing itself is `bot.pairing`. Rules (docs/tournaments.md): Swiss plays the rounds the organiser
chose; knockout plays until one player is left (the winner of each table goes through; in a solo mode
the better half of the round's scores). A table that does not finish by the round's end is played out
by the AI for every seat (the bot does that); a dropped player keeps their points but is paired no more.
"""

from __future__ import annotations

import msgspec

from bot.pairing import Player, Round, Standing, knockout, placement_points, solo_survivors, standings, swiss

FORMATS = ("swiss", "knockout")


class Entrant(msgspec.Struct, kw_only=True):
    """A player who signed up."""

    user_id: int
    name: str
    rating: float = 0.0
    order: int = 0
    checked_in: bool = False
    dropped: bool = False
    out: bool = False  # knocked out
    points: float = 0.0
    met: list[int] = msgspec.field(default_factory=list)
    had_bye: bool = False


class Pod(msgspec.Struct, kw_only=True):
    """One table of the round: its players (best-ranked first), its game once opened, its result."""

    players: list[int]
    table_id: int | None = None
    placements: dict[int, int] | None = None  # user id -> placement; None while it is played
    seats: int = 0  # seats at the table, AI included
    score: float | None = None  # solo modes: the player's score


class Bracket(msgspec.Struct, kw_only=True):
    """Everything a tournament has decided so far."""

    format: str
    rounds: int
    pod_size: int
    entrants: list[Entrant] = msgspec.field(default_factory=list)
    round: int = 0
    pods: list[Pod] = msgspec.field(default_factory=list)
    byes: list[int] = msgspec.field(default_factory=list)
    timed_out: bool = False  # this round's time ran out (the AI is finishing its tables)

    @property
    def solo(self) -> bool:
        return self.pod_size <= 1

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def playing(self) -> list[Entrant]:
        """Who is paired next round: checked in, not dropped, not knocked out."""
        return [e for e in self.entrants if e.checked_in and not e.dropped and not e.out]


def join(bracket: Bracket, user_id: int, name: str, rating: float) -> bool:
    """Sign a player up; False when they already are."""
    if bracket.entrant(user_id) is not None:
        return False
    order = max((e.order for e in bracket.entrants), default=-1) + 1
    bracket.entrants.append(Entrant(user_id=user_id, name=name, rating=rating, order=order))
    return True


def leave(bracket: Bracket, user_id: int) -> bool:
    """Take a player off the list before the start; False when they were not on it."""
    before = len(bracket.entrants)
    bracket.entrants = [e for e in bracket.entrants if e.user_id != user_id]
    return len(bracket.entrants) < before


def check_in(bracket: Bracket, user_id: int) -> bool:
    """Mark a signed-up player present; False when they did not sign up."""
    entrant = bracket.entrant(user_id)
    if entrant is None:
        return False
    entrant.checked_in = True
    return True


def no_shows(bracket: Bracket) -> list[Entrant]:
    """Who signed up but did not check in (they are dropped at the start)."""
    return [e for e in bracket.entrants if not e.checked_in]


def drop(bracket: Bracket, user_id: int) -> bool:
    """Drop a player: they keep their points and are paired no more."""
    entrant = bracket.entrant(user_id)
    if entrant is None or entrant.dropped:
        return False
    entrant.dropped = True
    return True


def _players(bracket: Bracket, entrants: list[Entrant]) -> list[Player]:
    return [
        Player(e.user_id, e.rating, e.order, e.points, frozenset(e.met), e.had_bye) for e in entrants
    ]  # fmt: skip


def pair_next(bracket: Bracket) -> Round:
    """Pair the next round among the players still in; byes score a win at once."""
    players = _players(bracket, bracket.playing())
    pairing = (swiss if bracket.format == "swiss" else knockout)(players, bracket.pod_size)
    bracket.round += 1
    bracket.timed_out = False
    bracket.pods = [Pod(players=list(pod)) for pod in pairing.pods]
    bracket.byes = list(pairing.byes)
    for user_id in pairing.byes:
        entrant = bracket.entrant(user_id)
        assert entrant is not None
        entrant.points += 1.0
        entrant.had_bye = True
    return pairing


def record_table(bracket: Bracket, table_id: int, placements: dict[int, int], seats: int) -> Pod | None:
    """A round's table finished: its players' placements (user id -> 1 = best) at `seats` seats.
    Returns the pod, or None when the table is not one of this round's (or was recorded already)."""
    pod = next((p for p in bracket.pods if p.table_id == table_id), None)
    if pod is None or pod.placements is not None:
        return None
    pod.placements = {user: placements.get(user, seats) for user in pod.players}
    pod.seats = seats
    if bracket.solo:
        return pod
    for user in pod.players:
        entrant = bracket.entrant(user)
        assert entrant is not None
        entrant.points += placement_points(pod.placements[user], seats)
        entrant.met = sorted(set(entrant.met) | (set(pod.players) - {user}))
    return pod


def record_solo(bracket: Bracket, table_id: int, score: float) -> Pod | None:
    """A solo round's game finished with this score (points come when the round ends)."""
    pod = record_table(bracket, table_id, {}, 1)
    if pod is not None:
        pod.score = score
    return pod


def round_over(bracket: Bracket) -> bool:
    return all(pod.placements is not None for pod in bracket.pods)


def close_round(bracket: Bracket) -> list[int]:
    """Score a solo round and knock out the losers of a knockout round; returns who went out."""
    if bracket.solo:
        scores = {p.players[0]: p.score or 0.0 for p in bracket.pods}
        ranked = sorted(scores, key=lambda user: -scores[user])
        for place, user in enumerate(ranked, start=1):
            entrant = bracket.entrant(user)
            assert entrant is not None
            entrant.points += placement_points(place, len(ranked))
    if bracket.format != "knockout":
        return []
    if bracket.solo:
        going = set(solo_survivors({p.players[0]: p.score or 0.0 for p in bracket.pods}))
    else:
        going = {min(p.players, key=lambda u: (p.placements or {}).get(u, 99)) for p in bracket.pods}
    going |= set(bracket.byes)
    out = []
    for pod in bracket.pods:
        for user in pod.players:
            entrant = bracket.entrant(user)
            if entrant is not None and user not in going:
                entrant.out = True
                out.append(user)
    return out


def finished(bracket: Bracket) -> bool:
    """Whether the last round is played: Swiss after its rounds, knockout with one player left."""
    if bracket.round == 0:
        return False
    if bracket.format == "swiss":
        return bracket.round >= bracket.rounds or len(bracket.playing()) < 2
    return len(bracket.playing()) <= 1


def table(bracket: Bracket) -> list[Standing]:
    """The standings: points, Buchholz, rating (see `bot.pairing.standings`)."""
    return standings(_players(bracket, [e for e in bracket.entrants if e.checked_in]))


def champion(bracket: Bracket) -> Entrant | None:
    """The winner once the tournament is over: the knockout's last player, or the top of the table."""
    if bracket.format == "knockout":
        left = bracket.playing()
        if len(left) == 1:
            return left[0]
    lines = table(bracket)
    return bracket.entrant(lines[0].user_id) if lines else None

"""Tournament pairing and standings: pure functions over player ids (see docs/tournaments.md).

Swiss: players ranked by points, then rating, then sign-up order, are grouped into pods of the
table's size from the top down; a pod takes the nearest-ranked players who have not met anyone in it
yet, and only when that is impossible a rematch. The last few pods are searched exhaustively (a
greedy pass can paint itself into a corner at the bottom). A player left over alone gets a bye (the
lowest-ranked player who has not had one); two or more left over share a smaller pod whose empty seats
the AI fills. Knockout: players ranked by rating (their seed) meet highest against lowest; the winner
of each pod goes through; a player left over alone (the highest seed) goes through on a bye.
Solo modes: every player plays the same deal alone (pods of one).

Points per table: placement p of m seats gives (m - p) / (m - 1) (1 for first, 0 for last; a tie
shares the better placement); a bye is worth 1; a solo round ranks players by score the same way.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

TAIL_PODS = 4
"""The last pods of a Swiss round are searched exhaustively, in at most SEARCH_BUDGET steps."""
SEARCH_BUDGET = 20_000
CANDIDATES = 6
"""Extra players a pod of three or more looks at beyond its size when searching the tail."""


@dataclass(frozen=True)
class Player:
    """An entrant: user id, rating (the seed), sign-up order, and the tournament so far."""

    user_id: int
    rating: float = 0.0
    order: int = 0
    points: float = 0.0
    met: frozenset[int] = frozenset()
    had_bye: bool = False


@dataclass(frozen=True)
class Round:
    """One round's tables (user ids, best-ranked first) and who has a bye."""

    pods: list[list[int]]
    byes: list[int] = field(default_factory=list)


def placement_points(placement: int, seats: int) -> float:
    """Points for a placement (1 = best) at a table of `seats` (AI seats included)."""
    if seats <= 1:
        return 1.0
    return (seats - placement) / (seats - 1)


def ranked(players: Sequence[Player]) -> list[Player]:
    """Best first: points, then rating, then sign-up order."""
    return sorted(players, key=lambda p: (-p.points, -p.rating, p.order))


def swiss(players: Sequence[Player], pod_size: int) -> Round:
    """A Swiss round: pods of `pod_size` by points, no rematch where avoidable, a bye to the lowest."""
    if pod_size <= 1:
        return Round([[p.user_id] for p in ranked(players)])
    order = ranked(players)
    byes: list[int] = []
    if len(order) % pod_size == 1:
        bye = next((p for p in reversed(order) if not p.had_bye), order[-1])
        byes.append(bye.user_id)
        order = [p for p in order if p is not bye]
    met = {p.user_id: p.met for p in players}
    ids = [p.user_id for p in order]
    full = len(ids) - len(ids) % pod_size
    pods = _pods(ids[:full], pod_size, met)
    if full < len(ids):  # two or more left over: a short pod (the AI fills the other seats)
        pods.append(ids[full:])
    return Round(pods, byes)


def _pods(ids: list[int], size: int, met: Mapping[int, Collection[int]]) -> list[list[int]]:
    """Greedy from the top, exhaustive search for the last TAIL_PODS pods."""
    pods: list[list[int]] = []
    left = list(ids)
    while len(left) > TAIL_PODS * size:
        head, rest = left[0], left[1:]
        group = _first_fit(head, rest, size - 1, met)
        pods.append([head, *group])
        taken = set(group)
        left = [p for p in rest if p not in taken]
    tail = _search(left, size, met, [SEARCH_BUDGET])
    if tail is None:  # a rematch cannot be avoided: the nearest-ranked players meet again
        tail = [left[i : i + size] for i in range(0, len(left), size)]
    return pods + tail


def _fresh(candidate: int, group: Sequence[int], met: Mapping[int, Collection[int]]) -> bool:
    return all(candidate not in met.get(other, ()) for other in group)


def _first_fit(head: int, rest: Sequence[int], wanted: int, met: Mapping[int, Collection[int]]) -> list[int]:
    """The nearest-ranked players who have met nobody in the pod, else the nearest ones."""
    group: list[int] = []
    for candidate in rest:
        if _fresh(candidate, [head, *group], met):
            group.append(candidate)
            if len(group) == wanted:
                return group
    for candidate in rest:  # not enough fresh players: fill with the nearest
        if candidate not in group:
            group.append(candidate)
            if len(group) == wanted:
                break
    order = {p: i for i, p in enumerate(rest)}
    return sorted(group, key=order.__getitem__)


def _search(
    left: list[int], size: int, met: Mapping[int, Collection[int]], budget: list[int]
) -> list[list[int]] | None:
    """Pods of `left` with no rematch, nearest-ranked first; None when there are none (or the
    budget ran out)."""
    if not left:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    head, rest = left[0], left[1:]
    fresh = [p for p in rest if _fresh(p, [head], met)][: size - 1 + CANDIDATES]
    for group in itertools.combinations(fresh, size - 1):
        if not all(_fresh(b, [a], met) for a, b in itertools.combinations(group, 2)):
            continue
        taken = set(group)
        found = _search([p for p in rest if p not in taken], size, met, budget)
        if found is not None:
            return [[head, *group], *found]
    return None


def knockout(players: Sequence[Player], pod_size: int) -> Round:
    """A knockout round among the players still in: seeded by rating, best against worst."""
    seeds = sorted(players, key=lambda p: (-p.rating, p.order))
    ids = [p.user_id for p in seeds]
    if pod_size <= 1:
        return Round([[p] for p in ids])
    byes: list[int] = []
    if len(ids) % pod_size == 1:
        byes.append(ids.pop(0))  # the highest seed goes through
    count = len(ids) // pod_size
    pods: list[list[int]] = [[] for _ in range(count)]
    for index, user in enumerate(ids[: count * pod_size]):
        lap, step = divmod(index, count)
        pods[step if lap % 2 == 0 else count - 1 - step].append(user)  # snake: 1 with N, 2 with N-1...
    if count * pod_size < len(ids):
        pods.append(ids[count * pod_size :])
    return Round(pods, byes)


def knockout_survivors(
    players_in: Sequence[int], winners: Collection[int], byes: Collection[int]
) -> list[int]:
    """Who is still in after a knockout round: the pods' winners and the byes, in seed order."""
    return [p for p in players_in if p in winners or p in byes]


def solo_survivors(scores: Mapping[int, float]) -> list[int]:
    """After a solo knockout round, the better half (rounded up) goes through."""
    best = sorted(scores, key=lambda p: -scores[p])
    return best[: (len(best) + 1) // 2]


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int
    user_id: int
    points: float
    buchholz: float
    rating: float


def standings(players: Sequence[Player]) -> list[Standing]:
    """Points, then Buchholz (the sum of the points of everyone a player met), then rating; players
    equal on all three share a rank (listed in sign-up order)."""
    points = {p.user_id: p.points for p in players}
    keyed = [(p, sum(points.get(o, 0.0) for o in p.met)) for p in players]
    keyed.sort(key=lambda pb: (-pb[0].points, -pb[1], -pb[0].rating, pb[0].order))
    lines: list[Standing] = []
    for index, (player, buchholz) in enumerate(keyed):
        rank = index + 1
        if lines and (lines[-1].points, lines[-1].buchholz, lines[-1].rating) == (
            player.points, buchholz, player.rating,
        ):  # fmt: skip
            rank = lines[-1].rank
        lines.append(Standing(rank, player.user_id, player.points, buchholz, player.rating))
    return lines

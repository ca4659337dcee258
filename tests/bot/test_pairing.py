"""Tournament pairing: Swiss pods by points without rematches, byes to the lowest, knockout seeding,
points per placement and the Buchholz tie-break."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.pairing import (
    Player,
    knockout,
    knockout_survivors,
    placement_points,
    solo_survivors,
    standings,
    swiss,
)


def field(count: int, **by_id: float) -> list[Player]:
    return [Player(i, rating=float(100 - i), order=i, points=by_id.get(f"p{i}", 0.0)) for i in range(count)]


def test_the_first_round_pairs_neighbours_by_rating() -> None:
    round_one = swiss(field(8), 2)
    assert round_one.pods == [[0, 1], [2, 3], [4, 5], [6, 7]] and round_one.byes == []


def test_players_on_the_same_points_meet_and_nobody_meets_twice() -> None:
    players = [
        Player(0, points=1, met=frozenset({1})), Player(1, points=0, met=frozenset({0})),
        Player(2, points=1, met=frozenset({3})), Player(3, points=0, met=frozenset({2})),
    ]  # fmt: skip
    assert swiss(players, 2).pods == [[0, 2], [1, 3]]


def test_the_bye_goes_to_the_lowest_player_who_has_not_had_one() -> None:
    players = field(5)
    assert swiss(players, 2).byes == [4]
    players[4] = Player(4, rating=96.0, order=4, had_bye=True)
    again = swiss(players, 2)
    assert again.byes == [3] and sorted(p for pod in again.pods for p in pod) == [0, 1, 2, 4]


def test_pods_of_four_and_a_short_pod_for_the_ai_to_fill() -> None:
    round_one = swiss(field(10), 4)
    assert round_one.pods == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]] and round_one.byes == []
    assert swiss(field(9), 4).byes == [8], "one player left over gets a bye, not a table of AIs"


def test_solo_modes_play_alone_on_the_same_deal() -> None:
    assert swiss(field(3), 1).pods == [[0], [1], [2]]
    assert solo_survivors({1: 5.0, 2: 9.0, 3: 7.0}) == [2, 3]


def test_a_rematch_happens_only_when_it_cannot_be_avoided() -> None:
    everyone = frozenset({0, 1, 2})
    players = [Player(i, order=i, met=everyone - {i}) for i in range(3)] + [Player(3, order=3)]
    pods = swiss(players, 2).pods
    assert [3] in [[p for p in pod if p == 3] for pod in pods] and len(pods) == 2
    assert sum(1 for pod in pods if 3 not in pod and pod[1] in players[pod[0]].met) == 1


def test_knockout_is_seeded_best_against_worst_and_the_top_seed_gets_the_bye() -> None:
    assert knockout(field(8), 2).pods == [[0, 7], [1, 6], [2, 5], [3, 4]]
    odd = knockout(field(5), 2)
    assert odd.byes == [0] and odd.pods == [[1, 4], [2, 3]]
    assert knockout(field(8), 4).pods == [[0, 3, 4, 7], [1, 2, 5, 6]]
    assert knockout_survivors([0, 1, 2, 3, 4], winners={1, 3}, byes={0}) == [0, 1, 3]


def test_points_per_placement() -> None:
    assert [placement_points(p, 4) for p in (1, 2, 3, 4)] == [1.0, 2 / 3, 1 / 3, 0.0]
    assert placement_points(1, 2) == 1.0 and placement_points(2, 2) == 0.0


def test_buchholz_breaks_a_tie_on_points_then_rating() -> None:
    players = [
        Player(1, rating=10, points=2, met=frozenset({3, 4})),
        Player(2, rating=50, points=2, met=frozenset({4, 5})),
        Player(3, rating=0, points=2, met=frozenset({1})),
        Player(4, rating=0, points=0, met=frozenset({1, 2})),
        Player(5, rating=0, points=0, met=frozenset({2})),
    ]
    lines = standings(players)
    assert [line.user_id for line in lines[:3]] == [1, 3, 2], "Buchholz first (2 > 2 > 0), then rating"
    assert lines[0].buchholz == 2.0 and lines[2].buchholz == 0.0


def fresh_pods_exist(ids: list[int], size: int, by_id: dict[int, Player]) -> bool:
    """Whether `ids` split into pods of `size` where nobody has met (exhaustive)."""
    if not ids:
        return True
    head, rest = ids[0], ids[1:]
    for group in itertools.combinations(rest, size - 1):
        pod = (head, *group)
        fresh = all(b not in by_id[a].met for a in pod for b in pod if a != b)
        if fresh and fresh_pods_exist([p for p in rest if p not in group], size, by_id):
            return True
    return False


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=40), st.sampled_from([2, 3, 4]), st.randoms(use_true_random=False))
def test_every_swiss_round_seats_everyone_once_and_avoids_rematches(count: int, size: int, rng) -> None:
    players = field(count)
    for _ in range(3):  # three rounds with random results
        pairing = swiss(players, size)
        seated = [p for pod in pairing.pods for p in pod] + pairing.byes
        assert sorted(seated) == list(range(count)), "everyone plays or has a bye, once"
        assert all(len(pod) <= size and len(pod) >= 2 for pod in pairing.pods)
        assert len(pairing.byes) <= 1
        by_id = {p.user_id: p for p in players}
        full = [pod for pod in pairing.pods if len(pod) == size]
        rematch = any(b in by_id[a].met for pod in full for a in pod for b in pod if a != b)
        if rematch and len(full) * size <= 12:  # small enough to check every way of seating them
            seated_full = sorted(p for pod in full for p in pod)
            assert not fresh_pods_exist(seated_full, size, by_id), "a rematch that could have been avoided"
        results = {}
        for pod in pairing.pods:
            order = list(pod)
            rng.shuffle(order)
            results.update({p: placement_points(i + 1, len(order)) for i, p in enumerate(order)})
        results.update(dict.fromkeys(pairing.byes, 1.0))
        mates = {p: {q for pod in pairing.pods if p in pod for q in pod if q != p} for p in by_id}
        players = [
            Player(p.user_id, p.rating, p.order, p.points + results[p.user_id], p.met | mates[p.user_id],
                   p.had_bye or p.user_id in pairing.byes)
            for p in players
        ]  # fmt: skip

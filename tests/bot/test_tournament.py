"""A tournament's bracket: sign-up, check-in with a no-show, Swiss and knockout rounds with byes,
solo rounds on one deal, drops, and the champion."""

from __future__ import annotations

import random

from bot.tournament import (
    Bracket,
    champion,
    check_in,
    close_round,
    drop,
    finished,
    join,
    leave,
    no_shows,
    pair_next,
    record_solo,
    record_table,
    round_over,
    table,
)


def signed_up(count: int, fmt: str = "swiss", pod: int = 2, rounds: int = 3) -> Bracket:
    bracket = Bracket(format=fmt, rounds=rounds, pod_size=pod)
    for user in range(1, count + 1):
        assert join(bracket, user, f"P{user}", rating=float(100 - user))
        check_in(bracket, user)
    return bracket


def play_round(bracket: Bracket, rng: random.Random, first_table: int) -> None:
    """Open every pod as a table and finish it with random placements."""
    for number, pod in enumerate(bracket.pods):
        pod.table_id = first_table + number
        order = rng.sample(pod.players, len(pod.players))
        seats = max(bracket.pod_size, len(pod.players))
        record_table(bracket, pod.table_id, {user: i + 1 for i, user in enumerate(order)}, seats)
    assert round_over(bracket)
    close_round(bracket)


def test_sign_up_check_in_and_a_no_show_is_dropped() -> None:
    bracket = Bracket(format="swiss", rounds=2, pod_size=2)
    for user in (1, 2, 3):
        join(bracket, user, f"P{user}", 0.0)
    assert not join(bracket, 1, "P1", 0.0), "signing up twice changes nothing"
    assert leave(bracket, 3) and not leave(bracket, 3)
    join(bracket, 4, "P4", 0.0)
    check_in(bracket, 1)
    check_in(bracket, 2)
    assert [e.user_id for e in no_shows(bracket)] == [4]
    pairing = pair_next(bracket)
    assert pairing.pods == [[1, 2]] and 4 not in [u for pod in pairing.pods for u in pod]


def test_a_swiss_tournament_of_64_runs_five_rounds_to_a_champion() -> None:
    rng = random.Random(35)
    bracket = signed_up(64, rounds=5)
    while not finished(bracket):
        pair_next(bracket)
        play_round(bracket, rng, bracket.round * 100)
    assert bracket.round == 5
    lines = table(bracket)
    assert lines[0].points == 5.0 or lines[0].points >= lines[1].points
    assert sum(line.points for line in lines) == 5 * 32, "every table hands out one point"
    assert champion(bracket) is not None and champion(bracket).user_id == lines[0].user_id
    met = {e.user_id: e.met for e in bracket.entrants}
    assert all(len(mates) == 5 for mates in met.values()), "64 players, 5 rounds: nobody met anyone twice"


def test_an_odd_field_gives_one_bye_a_round_never_twice_to_one_player() -> None:
    rng = random.Random(1)
    bracket = signed_up(7, rounds=3)
    byes = []
    while not finished(bracket):
        pair_next(bracket)
        byes += bracket.byes
        play_round(bracket, rng, bracket.round * 100)
    assert len(byes) == 3 and len(set(byes)) == 3


def test_knockout_goes_on_until_one_player_is_left() -> None:
    rng = random.Random(2)
    bracket = signed_up(6, fmt="knockout")
    first = pair_next(bracket)
    assert first.pods == [[1, 6], [2, 5], [3, 4]], "seeded by rating, best against worst"
    play_round(bracket, rng, 100)
    while not finished(bracket):
        pair_next(bracket)
        play_round(bracket, rng, bracket.round * 100)
    winner = champion(bracket)
    assert winner is not None and not winner.out
    assert sum(1 for e in bracket.entrants if not e.out) == 1 and bracket.round == 3


def test_a_solo_round_ranks_everyone_on_the_same_deal() -> None:
    bracket = signed_up(3, pod=1, rounds=1)
    pair_next(bracket)
    for table_id, (pod, score) in enumerate(zip(bracket.pods, (4.0, 9.0, 6.0), strict=True)):
        pod.table_id = table_id
        record_solo(bracket, table_id, score)
    close_round(bracket)
    assert [line.user_id for line in table(bracket)] == [2, 3, 1]
    assert finished(bracket)


def test_a_dropped_player_keeps_points_and_is_paired_no_more() -> None:
    rng = random.Random(3)
    bracket = signed_up(4, rounds=3)
    pair_next(bracket)
    play_round(bracket, rng, 100)
    kept = bracket.entrant(1).points
    assert drop(bracket, 1) and not drop(bracket, 1)
    pairing = pair_next(bracket)
    assert 1 not in [u for pod in pairing.pods for u in pod] + pairing.byes
    assert bracket.entrant(1).points == kept


def test_a_result_counts_once() -> None:
    bracket = signed_up(2, rounds=1)
    pair_next(bracket)
    bracket.pods[0].table_id = 9
    assert record_table(bracket, 9, {1: 1, 2: 2}, 2) is not None
    assert record_table(bracket, 9, {1: 2, 2: 1}, 2) is None
    assert record_table(bracket, 8, {1: 1}, 2) is None
    assert bracket.entrant(1).points == 1.0

"""Hex geometry (`engines/punchfighter/hexes.py`) on small boards built here. Each test names the
rulebook section it checks: MOVE, Attack (range and line of sight), Push, Pull, Throw, K.O."""

from __future__ import annotations

import math

import pytest

from engines.punchfighter.hexes import (
    Grid,
    Hex,
    Landing,
    line_of_sight,
    parse_label,
    pull_paths,
    push_paths,
    reachable,
    regions,
    throw_ends,
)
from engines.punchfighter.schema import Board

OPEN = ["......."] * 7  # 7 x 7 floor, D4 in the middle
CORRIDOR = ["sssss", ".....", "sssss"]  # row 2 walled in by spawn points


def grid(*rows: str) -> Grid:
    return Grid.from_board(Board(id="t", name="Test", side="standard", rows=list(rows)))


def h(label: str) -> Hex:
    return parse_label(label)


def hexes(*labels: str) -> set[Hex]:
    return {parse_label(label) for label in labels}


def labels(landings: list[Landing]) -> list[str]:
    return [landing.label for landing in landings]


# --- Game board: labels, kinds, layout ---------------------------------------------------------


def test_game_board_labels_round_trip_through_hexes_and_offsets() -> None:
    board = grid(*OPEN)
    assert len(board.hexes) == 49
    for spot in board.hexes:
        assert parse_label(spot.label) == spot
        assert Hex.from_offset(*spot.offset) == spot
        assert board.label(spot) == spot.label
    assert h("A1").offset == (0, 0)
    assert h("C4").offset == (2, 3)
    assert h("c4") == h("C4")
    assert [spot.label for spot in sorted(hexes("B2", "A3", "C1", "A1"))] == ["A1", "C1", "B2", "A3"]


@pytest.mark.parametrize("text", ["", "4C", "A0", "AA1", "A-1", "?3"])
def test_game_board_rejects_what_is_not_a_label(text: str) -> None:
    with pytest.raises(ValueError):
        parse_label(text)


def test_game_board_even_numbered_rows_sit_half_a_hex_right() -> None:
    assert {n.label for n in h("B2").neighbours()} == {"A2", "C2", "B1", "C1", "B3", "C3"}
    assert {n.label for n in h("B3").neighbours()} == {"A3", "C3", "A2", "B2", "A4", "B4"}


def test_game_board_kinds_spawn_points_and_pits() -> None:
    board = grid("y.r", " so", "-..")
    assert board.kind(h("A1")) == "yellow" and board.kind(h("B1")) == "floor"
    assert board.kind(h("C1")) == "red" and board.kind(h("A2")) is None and board.kind(h("A3")) is None
    assert board.spawn_points == (h("B2"),)
    assert board.on_board(h("B2")) and not board.standable(h("B2"))
    assert not board.on_board(h("C2"))  # a pit is off the board
    assert not board.on_board(h("A2")) and not board.on_board(h("D1"))  # no hex there
    with pytest.raises(ValueError):
        grid("..x", "...", "...")


def test_game_board_pixel_centres_match_the_layout() -> None:
    board, size = grid(*OPEN), 10.0
    assert board.centre(h("A1"), size) == pytest.approx((math.sqrt(3) * size / 2, size))
    assert board.centre(h("A2"), size)[0] - board.centre(h("A1"), size)[0] == pytest.approx(
        math.sqrt(3) * size / 2
    )
    for spot in board.hexes:
        x, y = board.centre(spot, size)
        for near in board.neighbours(spot):
            nx, ny = board.centre(near, size)
            assert math.hypot(nx - x, ny - y) == pytest.approx(math.sqrt(3) * size)
    width, height = board.extent(size)
    corners = [corner for s in board.hexes for corner in board.corners(s, size)]
    assert all(-1e-9 <= x <= width + 1e-9 and -1e-9 <= y <= height + 1e-9 for x, y in corners)


# --- Attack: range (hex distance) ---------------------------------------------------------------


def test_attack_range_counts_spaces_pits_and_gaps_included() -> None:
    board = grid(".......", "ooooooo", "-------", ".......", ".......")
    assert board.distance(h("A1"), h("A1")) == 0
    assert board.distance(h("A1"), h("G1")) == 6
    assert board.distance(h("A1"), h("A3")) == 2
    assert board.distance(h("A1"), h("A5")) == 4  # over a row of pits and a row of no hexes
    assert all(board.distance(h("D4"), near) == 1 for near in h("D4").neighbours())


# --- MOVE ---------------------------------------------------------------------------------------


def test_move_counts_steps_and_leaves_out_the_start() -> None:
    board = grid(*OPEN)
    one = reachable(board, h("D4"), 1, set())
    assert set(one) == set(h("D4").neighbours()) and set(one.values()) == {1}
    four = reachable(board, h("D4"), 4, set())
    assert set(four) == {s for s in board.hexes if 0 < board.distance(h("D4"), s) <= 4}
    assert all(steps == board.distance(h("D4"), s) for s, steps in four.items())


def test_move_goes_around_another_fighter_never_onto_it() -> None:
    board = grid(".....", ".....", ".....")
    free = reachable(board, h("A2"), 3, set())
    assert free[h("C2")] == 2
    around = reachable(board, h("A2"), 3, hexes("B2"))
    assert h("B2") not in around
    assert around[h("C2")] == 3  # A2, B1, C1, C2
    assert h("C2") not in reachable(board, h("A2"), 2, hexes("B2"))


def test_move_never_onto_or_through_a_spawn_point_or_a_pit() -> None:
    walled = grid("..s..", "..o..", "..s..")
    far = reachable(walled, h("A2"), 9, set())
    assert set(far) == hexes("A1", "B1", "B2", "A3", "B3")
    opened = grid("..s..", ".....", "..s..")
    assert set(reachable(opened, h("A2"), 9, set())) == {s for s in opened.hexes if opened.standable(s)} - {
        h("A2")
    }


# --- Attack: line of sight ----------------------------------------------------------------------


def test_attack_line_of_sight_blocked_by_a_fighter_in_between_only() -> None:
    board = grid(*OPEN)
    assert line_of_sight(board, h("A1"), h("E1"), set())
    assert not line_of_sight(board, h("A1"), h("E1"), hexes("C1"))
    assert line_of_sight(board, h("A1"), h("E1"), hexes("C2", "A1", "E1", "F1"))
    assert line_of_sight(board, h("A1"), h("B1"), hexes("C1"))


def test_attack_line_of_sight_blocked_by_a_spawn_point_not_by_a_pit() -> None:
    assert not line_of_sight(grid(".s...", ".....", "....."), h("A1"), h("E1"), set())
    assert line_of_sight(grid(".o...", ".....", "....."), h("A1"), h("E1"), set())
    assert line_of_sight(grid(".-...", ".....", "....."), h("A1"), h("E1"), set())


def test_attack_line_of_sight_along_a_seam_is_blocked_only_by_both_sides() -> None:
    """Ruling: A1 to B2 runs exactly along the edge between B1 and A2; one side alone does not
    block, both sides do (a spawn point counts as a side, a pit does not)."""
    board = grid(*OPEN)
    assert line_of_sight(board, h("A1"), h("B2"), hexes("B1"))
    assert line_of_sight(board, h("A1"), h("B2"), hexes("A2"))
    assert not line_of_sight(board, h("A1"), h("B2"), hexes("B1", "A2"))
    assert not line_of_sight(grid(".s.....", *OPEN[1:]), h("A1"), h("B2"), hexes("A2"))
    assert line_of_sight(grid(".o.....", *OPEN[1:]), h("A1"), h("B2"), hexes("A2"))
    # A1 to D3: two seams (B1|A2 and C2|C3) around B2, whose centre it crosses
    assert line_of_sight(board, h("A1"), h("D3"), hexes("B1", "C3"))
    assert not line_of_sight(board, h("A1"), h("D3"), hexes("B2"))
    assert not line_of_sight(board, h("A1"), h("D3"), hexes("C2", "C3"))


def test_attack_line_of_sight_across_an_edge_crosses_both_hexes() -> None:
    """A1 to B5 crosses the edge between A3 and B3 at its middle, not along it: it crosses both,
    so either one blocks (cube interpolation alone would call this a seam)."""
    board = grid(*OPEN)
    crossed = {s.label for s in board.hexes if not line_of_sight(board, h("A1"), h("B5"), {s})}
    assert crossed == {"A2", "A3", "B3", "A4"}


def test_attack_line_of_sight_touching_a_corner_does_not_cross() -> None:
    board = grid(*OPEN)
    crossed = {s.label for s in board.hexes if not line_of_sight(board, h("A1"), h("E2"), {s})}
    assert crossed == {"B1", "C1", "C2", "D2"}
    assert line_of_sight(board, h("A1"), h("E2"), hexes("B2", "D1"))  # corners on the line


# --- Push ---------------------------------------------------------------------------------------


def test_push_each_space_strictly_farther_from_the_attacker() -> None:
    board = grid(*OPEN)
    one = push_paths(board, h("C4"), h("D4"), 1, set())
    assert labels(one) == ["E3", "E4", "E5"]
    two = push_paths(board, h("C4"), h("D4"), 2, set())
    assert two and all(board.distance(h("C4"), x.end) == 3 and not x.off_board for x in two)
    assert len(two) == len(set(two))  # destinations, not paths


def test_push_over_the_edge_is_off_the_board() -> None:
    board = grid(*OPEN)
    over = push_paths(board, h("F4"), h("G4"), 2, set())
    assert labels(over) == ["H3", "H4", "H5"]  # the first space already leaves the map
    assert all(x.off_board for x in over)


def test_push_into_a_pit_is_off_the_board() -> None:
    board = grid(".....", "..o..", ".....")
    results = push_paths(board, h("A2"), h("B2"), 2, set())
    assert Landing(h("C2"), off_board=True) in results
    assert any(not x.off_board for x in results)


def test_push_cannot_enter_a_fighter_or_a_spawn_point_and_goes_as_far_as_it_can() -> None:
    """Ruling: with no push of the full count possible, the target moves as far as it can."""
    corridor = grid(*CORRIDOR)
    assert labels(push_paths(corridor, h("A2"), h("B2"), 3, set())) == ["E2"]
    assert labels(push_paths(corridor, h("A2"), h("B2"), 3, hexes("D2"))) == ["C2"]
    assert push_paths(corridor, h("A2"), h("B2"), 2, hexes("C2")) == [Landing(h("B2"))]  # stays


def test_push_prefers_the_full_count_and_leaving_the_board_over_stopping_short() -> None:
    corridor = grid(*CORRIDOR)
    gone = push_paths(corridor, h("A2"), h("B2"), 4, set())
    assert gone and all(x.off_board for x in gone)  # E2 is the last hex: the 4th space is off the board


# --- Pull ---------------------------------------------------------------------------------------


def test_pull_each_space_closer_to_the_attacker() -> None:
    corridor = grid(*CORRIDOR)
    assert labels(pull_paths(corridor, h("A2"), h("E2"), 2, set())) == ["C2"]
    board = grid(*OPEN)
    for x in pull_paths(board, h("A1"), h("E5"), 2, set()):
        assert board.distance(h("A1"), x.end) == board.distance(h("A1"), h("E5")) - 2


def test_pull_stops_next_to_the_attacker_or_before_a_fighter() -> None:
    corridor = grid(*CORRIDOR)
    assert labels(pull_paths(corridor, h("A2"), h("E2"), 4, set())) == ["B2"]
    assert labels(pull_paths(corridor, h("A2"), h("E2"), 3, hexes("C2"))) == ["D2"]


def test_pull_across_a_pit_is_off_the_board() -> None:
    board = grid("sssss", "..o..", "sssss")
    assert pull_paths(board, h("A2"), h("E2"), 3, set()) == [Landing(h("C2"), off_board=True)]


# --- Throw --------------------------------------------------------------------------------------


def test_throw_lands_exactly_that_many_spaces_away() -> None:
    board = grid(*OPEN)
    two = throw_ends(board, h("D4"), 2, set())
    assert len(two) == 12 and all(board.distance(h("D4"), x.end) == 2 and not x.off_board for x in two)


def test_throw_passes_over_fighters_but_not_onto_them() -> None:
    board = grid(*OPEN)
    ends = {x.end for x in throw_ends(board, h("D4"), 2, hexes("E4", "F4"))}
    assert h("F4") not in ends  # a fighter there
    assert len(ends) == 11  # every other hex two away, over E4 included


def test_throw_never_through_or_onto_a_spawn_point() -> None:
    board = grid(".......", ".......", ".......", "....s..", ".......", ".......", "......s")
    ends = {x.end for x in throw_ends(board, h("D4"), 2, set())}
    assert h("F4") not in ends  # its only shortest route goes through the spawn point E4
    assert hexes("F3", "F5") <= ends  # another shortest route goes around it
    assert h("G7") not in {x.end for x in throw_ends(board, h("E6"), 2, set())}


def test_throw_off_the_board_into_a_pit_or_over_the_edge() -> None:
    board = grid(".....", "o....", ".....")
    ends = throw_ends(board, h("A1"), 1, set())
    assert Landing(h("B1")) in ends
    assert Landing(h("A2"), off_board=True) in ends
    assert Landing(parse_label("A1").neighbours()[3], off_board=True) in ends  # west of A1
    assert [x.off_board for x in ends] == sorted(x.off_board for x in ends)  # on the board first


# --- Choosing a hex in Discord -----------------------------------------------------------------


def test_regions_of_whole_rows_at_most_25_each() -> None:
    board = grid(*OPEN)
    groups = regions(board.hexes)
    assert [name for name, _ in groups] == ["rows 1-3", "rows 4-6", "row 7"]
    assert [spot for _, group in groups for spot in group] == list(board.hexes)
    wide = grid("." * 26, "." * 26, "." * 3)
    groups = regions(reversed(wide.hexes))
    assert all(len(group) <= 25 for _, group in groups)
    assert [name for name, _ in groups] == ["row 1 (A-Y)", "row 1 (Z)", "row 2 (A-Y)", "row 2 (Z)", "row 3"]
    assert regions([]) == []

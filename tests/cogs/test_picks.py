"""Picks of one question across its menus (cogs/picks.py): what a pick in one menu keeps, the
count line a player reads, and the message a wrong count gets."""

from __future__ import annotations

from types import SimpleNamespace

from cogs import ids, picks
from engines.core import Option
from engines.core.menus import split_menus

MENUS = split_menus(0, "slash", "Discard 3", [Option(f"c{n}", f"Card {n}") for n in range(30)], 3, 3)


def test_a_pick_in_one_menu_replaces_that_menu_s_picks_and_keeps_the_others() -> None:
    before = (1, 2, 27)  # two in the first menu (c1, c2), one in the second (c27)
    assert picks.merged(MENUS, "slash.2", ["c25"], before) == (1, 2, 25)
    assert picks.merged(MENUS, "slash", ["c0"], before) == (0, 27)
    assert picks.merged(MENUS, "slash", ["forged"], before) == (27,), "an unknown value is no pick"


def test_the_count_line_says_how_many_are_chosen_and_needed() -> None:
    assert picks.count_line(MENUS, (0, 26)).startswith(
        "2 of 3 chosen, 1 more to choose · Selected: Card 0, Card 26"
    )
    assert picks.count_line(MENUS, (0, 1, 2, 26)).startswith("4 of 3 chosen: 1 too many, unpick 1")
    assert picks.count_problem(MENUS, 2) == "This question takes 3 picks in all; you chose 2: pick 1 more."
    assert picks.count_problem(MENUS, 3) == ""


def test_the_picks_are_read_back_from_the_panel_s_confirm_of_the_same_question_and_state() -> None:
    def panel(*custom_ids: str) -> SimpleNamespace:
        row = SimpleNamespace(children=[SimpleNamespace(custom_id=c) for c in custom_ids])
        return SimpleNamespace(components=[SimpleNamespace(children=[row])])

    shown = panel("ss:5:9:slash", "ss:5:9:slash.2", ids.confirm(5, 9, "slash", (1, 27)))
    assert picks.picks_on(shown, 5, 9, "slash") == (1, 27)
    assert picks.picks_on(shown, 5, 10, "slash") == (), "a panel of another state shows no picks"
    assert picks.picks_on(panel("sc:5:9:slash:zz"), 5, 9, "slash") == ()

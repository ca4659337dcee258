"""The shared split of a question longer than a Discord menu (engines/core/menus.py)."""

from __future__ import annotations

import pytest

from engines.core import MAX_OPTIONS, Decision, IllegalChoice, Option, check_choice
from engines.core.menus import answerable, fitted, split_menus, whole_question

BACK = Option("back", "Back")


def _options(count: int) -> list[Option]:
    return [Option(f"o{n}", f"Choice {n}") for n in range(count)]


def test_a_question_that_fits_is_one_menu_with_back_last() -> None:
    (menu,) = split_menus(0, "pick", "Pick one", _options(24), extras=[BACK])
    assert len(menu.options) == MAX_OPTIONS and menu.options[-1] == BACK and menu.key == "pick"


def test_a_long_one_pick_list_is_split_in_runs_nothing_lost() -> None:
    menus = split_menus(0, "main", "Your turn", _options(40), extras=[BACK])
    assert [m.key for m in menus] == ["main", "main.2"]
    assert [m.prompt for m in menus] == ["Your turn (choices 1-24)", "Your turn (choices 25-40)"]
    shown = [o.id for m in menus for o in m.options]
    assert sorted(shown) == sorted([o.id for o in _options(40)] + ["back"])
    assert all(len(m.options) <= MAX_OPTIONS for m in menus)
    whole = whole_question(menus, 1, 1)
    assert check_choice(whole, 0, "main", ["o39"]).key == "main"  # a choice of the second menu


def test_several_picks_over_several_menus_say_the_count_and_take_the_whole_answer() -> None:
    """Three picks among 30: each menu says how many to choose in all; an answer is checked as the
    whole answer (three ids from any menus), never as a part."""
    menus = split_menus(1, "stagger", "Staggered", _options(30), 3, 3)
    assert len(menus) == 2
    assert all("choose 3 in all, over 2 menus" in m.prompt for m in menus)
    whole = whole_question(menus, 3, 3)
    assert check_choice(whole, 1, "stagger", ["o1", "o20", "o29"]).max_choices == 3
    with pytest.raises(IllegalChoice):
        check_choice(whole, 1, "stagger.2", ["o29"])  # one of three is not an answer


def test_each_menu_of_a_several_pick_split_carries_the_whole_count_and_the_count_survives_a_long_prompt() -> (
    None
):
    menus = split_menus(
        0, "slash", "An enemy slashes: discard 3 cards " + "x" * 80, _options(30), 3, 3, clip=80
    )
    assert all(m.whole == (3, 3) and len(m.prompt) <= 80 for m in menus)
    assert all(m.prompt.endswith("choose 3 in all, over 2 menus)") for m in menus), "the count is never cut"
    assert split_menus(0, "one", "Pick", _options(30))[0].whole is None, "one pick: each menu answers"


def test_a_game_built_decision_is_split_when_too_long_and_answered_whole() -> None:
    built = Decision(0, "discard", "Discard any", tuple(_options(30)), 0, 30, deadline=5.0)
    short = Decision(0, "k", "Short", tuple(_options(3)))
    assert fitted(short) == [short]
    menus = fitted(built)
    assert [m.key for m in menus] == ["discard", "discard.2"] and all(m.deadline == 5.0 for m in menus)
    whole = answerable(menus)
    assert check_choice(whole, 0, "discard", ["o0", "o29"]).max_choices == 30
    assert check_choice(whole, 0, "discard", []).min_choices == 0
    with pytest.raises(IllegalChoice):
        check_choice(menus, 0, "discard", ["o29"])  # the first menu alone does not hold it

"""A question a game splits into several menus (over 25 choices) is shown as one question."""

from __future__ import annotations

from cogs.ui import one_question
from engines.core import Decision, Option


def _menu(seat: int, key: str, *ids: str) -> Decision:
    return Decision(seat, key, f"Move ({key})", tuple(Option(i, i) for i in ids))


def test_the_menus_of_one_split_question_are_shown_together_and_nothing_else() -> None:
    first, second, third = _menu(0, "move", "A1"), _menu(0, "move.2", "B5"), _menu(0, "move.3", "C9")
    other_seat, other_question = _menu(1, "move.2", "D1"), _menu(0, "claim", "x")
    shown = one_question([first, second, other_seat, third, other_question])
    assert shown == [first, second, third]
    assert one_question([other_question, first]) == [other_question]

"""The payment question offers every way to pay (issue 33): a full pad with three buttons of each
letter and a Wild can pay B-C-A in 54 ways; all of them are listed, over menus of 25, and any of
them, from any menu, pays."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from engines.core import MAX_OPTIONS
from engines.punchfighter import pay
from engines.punchfighter.state import PunchState
from tests.engines.punchfighter.kit import ENGINE, arena, pad

FIGHTERS = ("anvil_annie", "dr_curium", "business_lizard")
HAMMER_TIME = "aa_hammer_time"  # costs B-C-A
BUTTONS = {
    "B": ("b_block", "b_guard_up", "b_iron_guard"),
    "C": ("c_charge", "c_dash", "c_sprint"),
    "A": ("a_heavy_punch", "a_shove", "a_long_jab"),
}
WILD = "w_turbo"


def launching() -> PunchState:
    """Annie, with every B, C and A button of three kinds and a Wild, launches Hammer Time."""
    state = arena(FIGHTERS, ["E4", "I2", "I8"], hands=[[HAMMER_TIME], [], []])
    state.players[0].pad = pad(*BUTTONS["B"], *BUTTONS["C"], *BUTTONS["A"], WILD)
    ENGINE.apply(state, 0, "main", [f"c.{HAMMER_TIME}"])
    return state


def every_way() -> set[tuple[str, ...]]:
    """The sets of button cards that pay B-C-A, counted by hand: one button of each letter, or
    the Wild in place of any one of them."""
    ways = set()
    for chosen in product(*BUTTONS.values()):
        ways.add(tuple(sorted(chosen)))
        for replaced in range(3):
            ways.add(tuple(sorted([*chosen[:replaced], WILD, *chosen[replaced + 1 :]])))
    return ways


def cards_of(state: PunchState, option: str) -> tuple[str, ...]:
    """The button cards a way to pay pushes."""
    return tuple(sorted(state.players[0].pad[int(i)].card for i in option[1:].split(".")))


def test_every_way_to_pay_is_offered_over_several_menus() -> None:
    state = launching()
    menus = ENGINE.decisions(state)
    assert [d.key for d in menus] == ["pay", "pay.2", "pay.3"]
    assert all(len(d.options) <= MAX_OPTIONS for d in menus)
    assert menus[0].prompt.startswith("Pay for Hammer Time (B-C-A) with which buttons?")
    assert "(choices 1-24)" in menus[0].prompt and "(choices 50-54)" in menus[2].prompt
    ways = [o.id for d in menus for o in d.options if o.id != "back"]
    assert len(ways) == len(set(ways)) == 54
    assert Counter(cards_of(state, way) for way in ways) == Counter(every_way()), "each way once"
    assert menus[0].options[0].detail.startswith("Suggested"), "the suggested way comes first"
    assert ways[0] == "y" + ".".join(map(str, sorted(pay.payment(state.players[0].pad, "BCA") or [])))
    assert menus[0].options[-1].id == "back", "Back closes the first menu"


@pytest.mark.parametrize("menu", [0, 1, 2])
def test_any_listed_way_pays_from_its_own_menu_or_the_first(menu: int) -> None:
    for key_of in ("own", "first"):
        state = launching()
        decision = ENGINE.decisions(state)[menu]
        way = decision.options[-1 if menu else -2].id  # the last way of the menu (Back after it on the first)
        ENGINE.apply(state, 0, decision.key if key_of == "own" else "pay", [way])
        pushed = tuple(sorted(b.card for b in state.players[0].pad if b.pushed))
        assert len(pushed) == 3 and pushed == cards_of(launching(), way), (menu, key_of)
        assert state.ask is None or state.ask.key != "pay", "paid: the card resolves on"

"""House rules, the same way in every game: which are on, the generated /rules page, the boards
that keep their results apart (DESIGN.md section 7)."""

from __future__ import annotations

import msgspec
import pytest

from engines import REGISTRY
from engines.core import GameOption
from engines.core.boards import board_label, board_of, high_score_boards, is_board
from engines.core.house_rules import (
    changes_difficulty,
    house_rules,
    house_rules_page,
    names_on,
    rules_on,
    rules_pages,
)
from engines.superhot.engine import Superhot

SUPERHOT = Superhot.meta


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_game_ends_its_rules_with_the_house_rules_page(game: str) -> None:
    meta = REGISTRY[game].meta
    pages = rules_pages(meta)
    assert pages[: len(meta.rules_pages)] == meta.rules_pages
    assert pages[-1].startswith("### House rules") and len(pages[-1]) <= 3500
    for option in house_rules(meta):
        assert option.why, f"{game}'s house rule {option.id} says why it exists"
        assert f"**{option.label}**" in pages[-1] and option.why in pages[-1]
        assert not option.is_on(option.default), "a house rule is off by default"
    if not house_rules(meta):
        assert "plays as printed" in pages[-1]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_table_with_default_options_plays_as_printed(game: str) -> None:
    meta = REGISTRY[game].meta
    defaults = {option.id: option.default for option in meta.options}
    for mode in meta.modes:
        assert names_on(meta, mode.id, defaults) == [] and names_on(meta, mode.id, {}) == []


def test_the_superhot_page_names_crossfire_with_its_reason_and_where_it_counts() -> None:
    page = house_rules_page(SUPERHOT)
    assert "Crossfire" in page and "`crossfire=on`" in page and "Co-op only" in page
    assert "House rules board" in page
    veto = page.split("**No veto on the last level", 1)[1]
    assert "`no_last_veto=on`" in veto and "not rated" not in veto, "measured: it changes no difficulty"


def test_a_house_rule_is_on_only_where_the_mode_uses_it() -> None:
    chosen = {"crossfire": "on", "bat": "1"}
    assert names_on(SUPERHOT, "coop", chosen) == ["Crossfire (co-op: The Line fires one more bullet)"]
    assert [option.id for option, _ in rules_on(SUPERHOT, "coop", chosen)] == ["crossfire"]
    assert rules_on(SUPERHOT, "solo", chosen) == [], "co-op only: a solo table plays as printed"
    assert changes_difficulty(SUPERHOT, "coop", chosen) and not changes_difficulty(SUPERHOT, "coop", {})


def test_a_value_other_than_on_is_named_with_the_rule() -> None:
    option = GameOption("lives", "Extra lives", ("0", "1", "2"), "0", house_rule=True, why="Easier.")
    meta = msgspec.structs.replace(SUPERHOT, options=(option,))
    assert names_on(meta, "solo", {"lives": "2"}) == ["Extra lives: 2"]
    assert "`lives=1|2`" in house_rules_page(meta)
    assert not changes_difficulty(meta, "solo", {"lives": "2"}), "only when the game says it does"


def test_high_scores_with_a_difficulty_house_rule_have_their_own_boards() -> None:
    on = {"crossfire": "on"}
    assert board_of(SUPERHOT, "coop", "", on) == "coop.house"
    assert board_of(SUPERHOT, "coop", "infinite", on) == "coop.infinite.house"
    assert board_of(SUPERHOT, "coop", "", {}) == "coop"
    assert board_of(SUPERHOT, "solo", "", on) == "solo", "crossfire changes nothing in solo"
    assert board_label(SUPERHOT, "coop.infinite.house") == "Co-op · Infinite Mode · House rules"
    assert is_board(SUPERHOT, "coop.house") and is_board(SUPERHOT, "coop.infinite.house")
    assert not is_board(SUPERHOT, "solo.house"), "no house rule changes solo"
    assert not is_board(SUPERHOT, "coop.house.infinite") and not is_board(SUPERHOT, "coop.nope")
    assert high_score_boards(SUPERHOT) == [
        "solo", "solo.infinite", "coop", "coop.infinite", "coop.house", "coop.infinite.house",
    ]  # fmt: skip

"""The defence question names every effect the hit brings (issue 33): a defender decides whether
to spend a defence knowing they would also be pushed, pulled, thrown or staggered."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
from engines.punchfighter import content
from engines.punchfighter.schema import Attack
from tests.engines.punchfighter.kit import answer, arena, decision

RIDERS = ("push", "pull", "throw", "stagger")


@pytest.mark.parametrize(
    ("fighter", "card", "prompt"),
    [
        (
            "business_lizard",
            "bl_red_tape",
            "Business Lizard attacks you: 2 damage, pull 1, stagger 1. Defend?",
        ),
        ("khan_queso", "kq_cheddar_suplex", "Khan Queso attacks you: 3 damage, throw 1. Defend?"),
        ("khan_queso", "kq_melted_headlock", "Khan Queso attacks you: 1 damage, stagger 2. Defend?"),
        ("khan_queso", "kq_string_lasso", "Khan Queso attacks you: 1 damage, pull 2. Defend?"),
    ],
)
def test_the_defence_question_names_pull_throw_and_stagger(fighter: str, card: str, prompt: str) -> None:
    state = arena((fighter, "kid_kilowatt", "dr_curium"), ["E4", "F4", "I8"], hands=[[card], [], []])
    answer(state, f"c.{card}")
    question = decision(state)
    assert (question.seat, question.key, question.prompt) == (1, "defend", prompt)
    assert question.options[0].label.startswith("Take the hit (") and prompt.split(": ")[1][:-9] in (
        question.options[0].label
    )


def _opening_attacks() -> list[tuple[str, str, Attack]]:
    """Every combo card that attacks first, with its fighter and that attack."""
    found = []
    for card in content.CARDS:
        if card.cost and card.effects and isinstance(card.effects[0], Attack):
            found.append((card.fighter, card.id, card.effects[0]))
    return found


def test_every_card_s_defence_question_names_each_effect_of_its_hit_uncut() -> None:
    asked = 0
    for fighter, card, hit in _opening_attacks():
        others = [f for f in ("kid_kilowatt", "khan_queso", "dr_curium") if f != fighter][:2]
        state = arena((fighter, *others), ["E4", "F4", "I8"], hands=[[card], [], []])
        try:
            answer(state, f"c.{card}")
        except IllegalChoice:  # not playable from this arena's pad
            continue
        question = decision(state)
        if question.key != "defend":
            continue
        asked += 1
        for rider in RIDERS:
            if getattr(hit, rider):
                assert f"{rider} {getattr(hit, rider)}" in question.prompt, (card, question.prompt)
        assert f"{hit.strength} damage" in question.prompt and not question.prompt.endswith("…"), card
    assert asked >= 10, "the sweep reached the defence question of most attacking cards"

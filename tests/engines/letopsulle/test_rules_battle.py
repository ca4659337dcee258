"""Battles, damage and winning (rulebook: the Battle paragraph "When a Hero or Villain attacks",
Damage, the Winning paragraph, Solitaire options), rulings R9, R10, R15, O1 and C4 (traps, bombs):
both totals and the split in the narration, defeat, claims and discards, and the game's end."""

from __future__ import annotations

import pytest

from engines.letopsulle.battle import split
from tests.engines.letopsulle.kit import (
    ENGINE,
    add_villain,
    answer,
    begin_hero_turn,
    begin_villain_turn,
    decision,
    set_active,
    table,
)


@pytest.mark.parametrize(
    ("high", "low", "low_base", "expected"),
    [
        (10, 3, 1, (1, 4, True)),  # R9's worked example: D = 7, 3 capped at 1
        (10, 3, 9, (3, 4, False)),  # the higher total takes the lesser half
        (8, 2, 9, (3, 3, False)),  # an even difference splits evenly
        (5, 4, 9, (1, 1, False)),  # "minimum damage must be 1 to both cards"
        (5, 5, 9, (1, 1, False)),  # a tie: 1 each
        (0, 0, 1, (1, 1, False)),
    ],
)
def test_the_split_of_the_difference(
    high: int, low: int, low_base: int, expected: tuple[int, int, bool]
) -> None:
    """The Battle paragraph ("The higher value card takes the lesser damage", "The minimum damage
    must be 1 to both cards", "capped at the lower value card's base value"), R9."""
    assert split(high, low, low_base) == expected


def test_the_rulings_worked_example_is_narrated_with_both_sums_the_split_and_the_cap() -> None:
    """R9's worked example: Night (6, Fighting 2) with a +2 Weapon attacks Clubs (1, upright) with
    Fighting under Ambush: 10 against 3; Clubs takes 4 and is defeated, Night's 3 is capped at 1."""
    state = table()
    set_active(state, 0, "night", item="h_weapon2")
    clubs = add_villain(state, 1, "clubs")
    state.plot, state.plot_owner = "ambush", 1
    begin_hero_turn(state, 0)
    answer(state, "fgt-0")
    events = answer(state, f"v-1-{clubs.uid}")
    narration = [
        "⚔️ Night attacks Clubs: 6 + 2 (+2 Weapon) + 2 (Fighting) = 10 against 1 + 2 (Ambush) = 3.",
        "Difference 7: Night takes 1 (capped at Clubs's base 1), Clubs takes 4.",
    ]
    assert [event.text for event in events][:2] == narration
    assert state.last_battle[:2] == narration and ENGINE.view(state, 1)["battle"][:2] == narration
    assert "P1 claims it" in state.last_battle[2]
    assert state.teams[0].active[0].heroes[0].damage == 1 and state.teams[0].claimed == ["clubs"]


def test_a_tie_costs_each_card_one() -> None:
    """The Battle paragraph ("The minimum damage must be 1 to both cards"), R9 ("A tie ... costs
    each card 1")."""
    state = table(heroes=("chrome", "night"))
    rage = add_villain(state, 1, "rage")
    begin_hero_turn(state, 0)
    answer(state, "atk-0")
    answer(state, f"v-1-{rage.uid}")
    assert state.last_battle == ["⚔️ Chrome attacks Rage: 4 = 4 against 4 = 4.", "A tie: each takes 1 damage."]
    assert state.teams[0].active[0].heroes[0].damage == 1 and rage.damage == 1


def test_a_card_is_defeated_only_when_its_damage_exceeds_its_base() -> None:
    """Damage ("If the damage counters are more than the base value of the card, it is defeated"),
    R10: Kion (base 2) with 2 counters is still in play."""
    state = table(heroes=("kion", "night"))
    state.teams[0].active[0].heroes[0].damage = 1
    rage = add_villain(state, 1, "rage")
    begin_hero_turn(state, 0)
    answer(state, "atk-0")
    answer(state, f"v-1-{rage.uid}")  # 2 against 4: Kion takes 1, Rage takes 1
    assert state.teams[0].active[0].heroes[0].damage == 2 and rage.damage == 1


def test_a_villain_defeated_by_an_attacking_hero_is_claimed_even_if_the_hero_falls() -> None:
    """Damage ("If a hero attacked and the villain was defeated (even if the hero is also defeated),
    the villain is placed by the winning player"), R10: the hero and its object go to P1's discard,
    the villain to P1's claimed cards, its object to its owner's villain discard."""
    state = table()
    set_active(state, 0, "kion", damage=2, item="h_weapon1")
    clubs = add_villain(state, 1, "clubs", damage=1, item="v_armor1")
    begin_hero_turn(state, 0)
    answer(state, "atk-0")
    answer(state, f"v-1-{clubs.uid}")  # 2 + 1 against 1: each takes 1
    assert state.last_battle[2:] == ["Kion is defeated.", "Clubs is defeated: P1 claims it (1 point)."]
    assert state.teams[0].active == [] and sorted(state.teams[0].hero_discard) == ["h_weapon1", "kion"]
    assert state.teams[0].claimed == ["clubs"] and state.teams[1].villains == []
    assert state.teams[1].villain_discard == ["v_armor1"]
    assert ENGINE.view(state, None)["players"][0]["claimed_names"] == ["Clubs"]


def test_a_villain_defeated_while_attacking_is_discarded_and_comes_back_undamaged() -> None:
    """Damage ("If the villain is knocked out while attacking, it is discarded"; "If a hero or
    villain card was discarded, and is brought back into play, they have no damage"), R10: nobody
    claims it; reshuffled and drawn again, it has no counters."""
    state = table(heroes=("night", "hardcase"))
    clubs = add_villain(state, 0, "clubs", damage=1, item="v_weapon1")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")  # 1 + 1 against 8
    assert state.last_battle[1:] == [
        "Difference 6: Hardcase takes 1 (capped at Clubs's base 1), Clubs takes 3.",
        "Clubs is defeated and discarded.",
    ]
    assert clubs not in state.teams[0].villains and state.teams[1].claimed == []
    assert sorted(state.teams[0].villain_discard) == ["clubs", "v_weapon1"]
    state.teams[0].villain_discard = ["clubs"]
    begin_villain_turn(state, 0)
    (back,) = state.teams[0].villains
    assert back.card == "clubs" and back.damage == 0 and back.item == ""


def test_damage_stays_on_a_hero_from_turn_to_turn() -> None:
    """Damage ("Damage counters stay with the hero"), R10."""
    state = table(heroes=("night", "paragon"))
    add_villain(state, 0, "rage")
    begin_villain_turn(state, 0)
    answer(state, "str")
    answer(state, "a-1-0")  # 4 + 2 against 9: Paragon takes 1
    begin_hero_turn(state, 1)
    assert state.teams[1].active[0].heroes[0].damage == 1
    assert ENGINE.view(state, 0)["players"][1]["active"][0]["heroes"][0]["damage"] == 1


def test_a_trap_adds_to_the_first_defence_even_upright_then_is_discarded() -> None:
    """C4 trap ("the first time its card is attacked, +value to its defence, upright or sideways;
    then it is discarded")."""
    state = table(heroes=("night", "chrome"))
    state.teams[1].active[0].item = "h_trap3"
    add_villain(state, 0, "rage")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")
    assert state.last_battle[0] == "⚔️ Rage attacks Chrome: 4 = 4 against 4 + 3 (+3 Trap) = 7."
    assert state.teams[1].active[0].item == "" and state.teams[1].hero_discard == ["h_trap3"]


def test_a_bomb_adds_to_the_next_attack_then_is_discarded() -> None:
    """C4 bomb ("+value to its card's next attack; then it is discarded")."""
    state = table(heroes=("night", "hardcase"))
    rage = add_villain(state, 0, "rage", item="v_bomb4")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")
    assert state.last_battle[0] == "⚔️ Rage attacks Hardcase: 4 + 4 (+4 Bomb) = 8 against 8 = 8."
    assert rage.item == "" and state.teams[0].villain_discard == ["v_bomb4"]


# --- winning ------------------------------------------------------------------------------------


def test_thirty_villain_points_win_at_once() -> None:
    """The Winning paragraph ("claimed 30 or more villain points ... wins the game. Villain points
    are the base value for the card"), R15: no hand limit, no further turn."""
    state = table()
    state.teams[0].claimed = ["zeus", "zeus", "david", "mafiosa"]  # 28 points
    rage = add_villain(state, 1, "rage", damage=4)
    begin_hero_turn(state, 0, hand=["h_heal"] * 6)
    answer(state, "atk-0")
    answer(state, f"v-1-{rage.uid}")
    assert state.phase == "over" and state.winner == 0
    assert state.note == "P1 wins with 32 villain points and 5 villains"
    assert ENGINE.decisions(state) == []
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0], [1]] and outcome.scores[0] == 32


def test_ten_villain_cards_win_at_once() -> None:
    """The Winning paragraph ("or 10 villain cards"), R15."""
    state = table()
    state.teams[0].claimed = ["clubs"] * 9
    clubs = add_villain(state, 1, "clubs", damage=1)
    begin_hero_turn(state, 0)
    answer(state, "atk-0")
    answer(state, f"v-1-{clubs.uid}")
    assert state.phase == "over" and state.winner == 0
    assert state.note == "P1 wins with 10 villain points and 10 villains"


def test_a_win_in_the_middle_of_a_speed_attack_ends_it() -> None:
    """R15 ("wins at once, in the middle of a turn if need be"): the Speed attack's later battles
    are not fought."""
    state = table(heroes=("roller_girl", "night"))
    state.teams[0].claimed = ["zeus", "zeus", "david", "mafiosa", "clubs"]  # 29 points
    clubs = add_villain(state, 1, "clubs", damage=1)
    cowboy = add_villain(state, 1, "cowboy")
    begin_hero_turn(state, 0)
    answer(state, "spd-0")
    answer(state, f"v-1-{clubs.uid}", f"v-1-{cowboy.uid}")
    assert state.phase == "over" and state.winner == 0
    assert cowboy.damage == 0 and sum("⚔️" in line for line in state.log) == 1


def test_solitaire_is_won_with_fifteen_points_or_five_villains() -> None:
    """Solitaire options ("Winning conditions are reduced: 15 points or 5 villains"), O1."""
    state = table(1, ("night",))
    assert (state.goal_points, state.goal_cards) == (15, 5)
    state.teams[0].claimed = ["clubs"] * 4
    clubs = add_villain(state, 0, "clubs", damage=1)
    begin_hero_turn(state, 0)
    answer(state, "atk-0")
    answer(state, f"v-0-{clubs.uid}")
    assert state.phase == "over" and state.winner == 0
    assert "P1 wins with 5 villain points and 5 villains" in state.note
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.won is True


def test_short_of_the_goal_the_game_goes_on() -> None:
    """R15: 29 points and 9 cards are not a win."""
    state = table()
    state.teams[0].claimed = ["zeus", "zeus", "david", "mafiosa"]  # 28 points, 4 cards
    clubs = add_villain(state, 1, "clubs", damage=1)
    begin_hero_turn(state, 0)
    answer(state, "atk-0")
    answer(state, f"v-1-{clubs.uid}")
    assert state.phase == "hero" and decision(state).seat == 1 and ENGINE.outcome(state) is None

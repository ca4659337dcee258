"""One scenario per ruling of docs/rulings/superhot.md, "Seats and roles" and "The turn": each test is
named after its ruling."""

from __future__ import annotations

from engines.superhot.piles import obstacle
from tests.engines.superhot.positions import (
    DOUBLE,
    DUCK,
    ENGINE,
    GUNS,
    KATANA,
    PLIERS,
    PUNCH,
    arrange,
    bullets,
    card,
    cards,
    deal,
    decision,
    down,
    game,
    goal,
    move,
    options,
    pass_turn,
    play,
    quiet,
)

FIGHT1 = cards(pile="obstacles", ability="none", need="fight", value=1)
DODGE_BULLET = bullets(need="dodge", value=1)


def labels(state: object) -> dict[str, str]:
    return {option.id: option.label for option in decision(state).options}  # type: ignore[arg-type]


# --- seats and roles -------------------------------------------------------------------------------


def test_ruling_seats() -> None:
    assert [p.mark for p in game("solo").players] == ["IT"]
    coop = game("coop")
    assert [(p.seat, p.mark) for p in coop.players] == [(0, "IT"), (1, "PZ")] and coop.system is None
    versus = game("versus")
    assert [p.seat for p in versus.players] == [0] and versus.system == 1
    twovone = game("twovone")
    assert [(p.seat, p.mark) for p in twovone.players] == [(0, "IT"), (1, "PZ")] and twovone.system == 2


def test_ruling_who_starts() -> None:
    assert {game("coop", seed=seed).active for seed in range(12)} == {0, 1}  # picked at random
    for mode in ("versus", "twovone"):
        assert all(game(mode, seed=seed).active == 0 for seed in range(6))


def test_ruling_hands_are_private_on_discord() -> None:
    state = game("coop")
    public, partner = ENGINE.view(state, None), ENGINE.view(state, 1)
    mine = state.players[0].hand
    assert "hand" not in public
    assert {c["id"] for c in partner["hand"]} == set(state.players[1].hand)
    assert not {c["id"] for c in partner["hand"]} & set(mine)
    assert public["seats"][0]["hand_size"] == len(mine) and "bullets" in public["seats"][0]
    assert public["seats"][0]["discard_cards"] == []  # every Player Discard is public


# --- the turn ---------------------------------------------------------------------------------------


def test_ruling_wait_with_a_bullet_at_the_start_of_the_line() -> None:
    bullet = DODGE_BULLET[0]
    state = arrange(game(), line=[bullet], hand=[PUNCH[0]])
    assert "Player Discard" in decision(state).options[1].detail
    play(state, "start", "wait")
    play(state, "discard")
    assert bullet in state.players[0].hand
    knocked = quiet()[0]
    state = arrange(game(), line=[down(knocked)], hand=[PUNCH[0]])
    play(state, "start", "wait")
    play(state, "discard")
    assert knocked in state.discard and knocked not in state.players[0].discard


def test_ruling_a_wait_turn_skips_phase_5() -> None:
    state = arrange(game(), goals=[goal("Armed")], hand=[GUNS[0], PUNCH[0]])
    play(state, "start", "wait")
    play(state, "discard")
    assert not state.goals[0].done and state.level == 1


def test_ruling_a_knocked_out_card_cannot_be_dealt_with_again() -> None:
    target = FIGHT1[0]
    state = arrange(game(), line=[*quiet(target)[:5], target], hand=[PUNCH[0], PUNCH[1]])
    move(state)
    deal(state, "k5", PUNCH[0])
    assert not {"d5", "k5"} & set(options(state))


def test_ruling_moving_without_using_a_card_is_legal() -> None:
    state = arrange(game(), line=quiet()[:6])
    line = [s.card if s else None for s in state.line]
    pass_turn(state)
    assert [s.card if s else None for s in state.line] == line and state.players[0].discard == []


def test_ruling_choosing_cards_one_at_a_time() -> None:
    two = cards(pile="obstacles", ability="none", need="fight", value=2)[0]
    three = card(use="fight", power=3)  # a Baseball Bat
    hand = [PUNCH[0], PUNCH[1], three]
    state = arrange(game(), line=[*quiet(two, *hand)[:5], two], hand=hand)
    move(state)
    play(state, "use", "d5")
    play(state, "card", PUNCH[0])
    assert decision(state).key == "card" and "undo" in options(state) and "cancel" in options(state)
    assert three not in options(state)  # 1 + 3 would leave the 1 unneeded
    play(state, "card", PUNCH[1])
    assert state.line[5] is None and decision(state).key == "use"  # dealt with at once


def test_ruling_abilities_that_are_played_count_as_used_cards() -> None:
    state = arrange(game(), line=quiet()[:6], hand=[PLIERS, PUNCH[0]])
    move(state)
    play(state, "use", "pd")
    assert state.turn.used == [PLIERS] and state.turn.spent == 1


def test_ruling_double_trouble_makes_two_copies_of_one_card() -> None:
    bullet, other = bullets(need="dodge")[:2]
    state = arrange(game(), line=[*quiet()[:4], bullet, other], hand=[DOUBLE, KATANA, PUNCH[0]])
    move(state)
    play(state, "use", "dt")
    play(state, "double", KATANA)
    play(state, "use", "ks4")
    play(state, "use", "ks5")  # each Katana copy slashes its own bullet
    assert state.line[4] is None and state.line[5] is None
    assert state.turn.spent == 2 and not state.turn.echoes


def test_ruling_targets_only_double_trouble_reaches() -> None:
    gun = GUNS[0]
    state = arrange(game(), line=[*quiet()[:5], gun], hand=[DOUBLE, PUNCH[0], DUCK[0], DUCK[1]])
    move(state)
    offered = labels(state)
    assert "d5" not in offered and offered["dtd5"].startswith("With Double trouble: Destroy Dude with Gun")
    play(state, "use", "dtd5")
    assert decision(state).key == "double" and set(options(state)) == {PUNCH[0], "cancel"}  # Ducks cannot
    play(state, "double", PUNCH[0])
    assert decision(state).key == "card" and state.target is not None and state.target.slot == 5
    play(state, "card", "echo0")
    play(state, "card", "echo0")
    assert state.line[5] is None and state.turn.spent == 2


def test_ruling_taking_double_trouble_back() -> None:
    state = arrange(game(), line=quiet()[:6], hand=[DOUBLE, PUNCH[0], DUCK[0]])
    move(state)
    play(state, "use", "dt")
    play(state, "double", "cancel")  # Back before choosing: Double trouble stays in hand
    assert sorted(state.players[0].hand) == sorted([DOUBLE, PUNCH[0], DUCK[0]])
    play(state, "use", "dt")
    play(state, "double", PUNCH[0])
    assert "dtback" in options(state)
    play(state, "use", "dtback")
    assert sorted(state.players[0].hand) == sorted([DOUBLE, PUNCH[0], DUCK[0]])
    assert state.turn.spent == 0 and state.turn.used == [] and state.turn.echoes == []


def test_ruling_destroy_says_what_you_gain() -> None:
    gun, bullet = GUNS[0], DODGE_BULLET[0]
    state = arrange(game(), line=[*quiet()[:4], bullet, gun], hand=[PUNCH[0], PUNCH[1], DUCK[0]])
    move(state)
    offered = labels(state)
    assert offered["d5"].endswith(f"gain {obstacle(gun).top}: Fighting {obstacle(gun).power}")
    assert offered["d4"].endswith("back on the Bullets Deck")
    assert "gain" not in offered["k5"]
    assert all(len(label) <= 80 for label in offered.values())


def test_ruling_identical_cards_are_one_choice() -> None:
    target = FIGHT1[0]
    state = arrange(game(), line=[*quiet(target)[:5], target], hand=[PUNCH[0], PUNCH[1], DUCK[0]])
    move(state)
    play(state, "use", "d5")
    punches = [o for o in decision(state).options if o.id in PUNCH]
    assert len(punches) == 1 and punches[0].label.endswith("(x2)")


def test_ruling_pliers_returns_the_first_bullet_in_the_hand() -> None:
    first, second = bullets()[:2]
    state = arrange(game(), line=quiet()[:6], hand=[second, PLIERS, first])
    move(state)
    play(state, "use", "pb")
    assert state.bullets[0] == second and first in state.players[0].hand


def test_ruling_four_bullets_lose_at_once() -> None:
    held = bullets()[:3]
    state = arrange(game(), line=quiet()[:6], hand=[*held, PLIERS], pdeck=[bullets()[3]], pdiscard=[])
    move(state)
    play(state, "use", "pd")
    assert state.over and state.campaigns[-1].cause == "bullets_hand"


def test_ruling_phase_6_runs_in_a_fixed_order() -> None:
    unarmed, pillar, blade = card(name="Unarmed Dude"), card(name="Pillar"), card(name="Dude with Katana")
    state = arrange(game(), line=[*quiet()[:2], blade, pillar, unarmed, GUNS[0]], hand=[PUNCH[0]])
    left = len(state.bullets)
    pass_turn(state)
    assert len(state.bullets) == left - 2  # the gun, then its backup
    assert len(state.players[0].hand) == 5  # refilled to 4, then the Pillar's draw
    assert decision(state).key == "slash"  # the forced discard comes last


def test_ruling_a_pillar_with_an_empty_deck_and_discard_draws_nothing() -> None:
    pillar = card(name="Pillar")
    hand = [PUNCH[0], PUNCH[1], DUCK[0], DUCK[1]]
    state = arrange(game(), line=[*quiet(pillar)[:5], pillar], hand=hand, pdeck=[], pdiscard=[])
    pass_turn(state)
    assert not state.over and state.players[0].hand == hand


def test_ruling_goals_about_the_hand_or_the_player_discard() -> None:
    state = arrange(game("coop"), goals=[goal("Armed")], hand=[PUNCH[0]], partner={"hand": [GUNS[0]]})
    pass_turn(state)
    assert not state.goals[0].done  # the partner's Gun does not count on the active player's turn

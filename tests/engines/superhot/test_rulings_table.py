"""One scenario per ruling of docs/rulings/superhot.md from "Levels and goals" on: each test is named
after its ruling."""

from __future__ import annotations

from engines.core import Rng
from engines.superhot import flow, system
from engines.superhot.ai import LEVELS, SuperhotAI
from engines.superhot.ai_judge import Judge, Weights, volley
from engines.superhot.cards import pool
from engines.superhot.piles import is_bullet, obstacle
from engines.superhot.state import SystemTurn
from tests.engines.superhot.positions import (
    ENGINE,
    GUNS,
    PUNCH,
    STRIKE,
    arrange,
    card,
    clear_level,
    decision,
    done,
    down,
    game,
    goal,
    move,
    options,
    pass_turn,
    play,
    quiet,
)

GLITCH = {g.effect: g for g in pool().glitches}


# --- levels and goals --------------------------------------------------------------------------------


def test_ruling_progress_tokens() -> None:
    red = goal("Red Shatter")  # destroy enemies during the level
    state = arrange(game(), goals=[red], line=[*quiet()[:5], GUNS[0]], hand=[PUNCH[0], PUNCH[1]])
    move(state)
    play(state, "use", "d5")
    play(state, "card", PUNCH[0])
    play(state, "card", PUNCH[1])
    done(state)
    shown = ENGINE.view(state, None)["goals"][0]
    assert shown["counted"] and shown["progress"] == 1 and shown["count"] == pool().goals[red].count


def test_ruling_automatic_completion() -> None:
    state = arrange(game(), hand=[GUNS[0], PUNCH[0]], goal_top=[goal("Armed")])
    flow.begin_level(state, 0)
    assert goal("Armed") not in [g.card for g in state.goals] and state.goal_deck[-1] == goal("Armed")


def test_ruling_vetoes() -> None:
    state = game(seed=2)
    first = state.goals[0].card
    play(state, "veto", f"v.{first}")
    assert state.goal_deck[0] == first and first in state.vetoed
    arrange(state, goals=[c for c in [state.goals[0].card]])
    clear_level(state)
    assert state.level == 2 and first in [g.card for g in state.goals]
    if decision(state).key == "veto":
        assert f"v.{first}" not in options(state)  # never vetoed twice


def test_printed_versus_and_two_v_one_may_veto_on_level_2() -> None:
    """Rulebook, Versus ("the same rules apply as per the solo game": no veto on level 3 only) and
    2 vs 1 ("one goal per level"): with no options, level 2, the last, still offers a veto."""
    for mode in ("versus", "twovone"):
        state = arrange(game(mode))
        clear_level(state)
        assert state.level == 2 and flow.final_level(state)
        assert decision(state).key == "veto"


def test_ruling_no_veto_on_the_last_level() -> None:
    """The no_last_veto house rule: no veto on a campaign's last level; solo level 2 is not last."""
    for mode in ("versus", "twovone"):
        state = arrange(game(mode, no_last_veto="on"))
        clear_level(state)
        assert state.level == 2 and flow.final_level(state)
        assert decision(state).key == "start"  # no veto: there is no next level to push it to
    solo = arrange(game(no_last_veto="on"))
    clear_level(solo)
    assert solo.level == 2 and decision(solo).key == "veto"  # solo level 2 still has level 3 after it


def test_ruling_team_vetoes() -> None:
    state = arrange(game("coop"), phase="veto", active=0)
    goals = [g.card for g in state.goals]
    play(state, "veto", f"v.{goals[0]}")
    assert decision(state).seat == 1
    play(state, "veto", "refuse")
    assert [g.card for g in state.goals] == goals and state.veto_used


def test_ruling_between_levels() -> None:
    state = arrange(game("versus"))
    clear_level(state)
    assert state.phase != "system" and decision(state).seat == 0  # the Normal side starts
    coop = arrange(game("coop"), hand=[PUNCH[0], PUNCH[1]], active=0)
    coop.players[0].hand.remove(PUNCH[0])
    coop.aid, coop.aid_from = PUNCH[0], 0
    flow.complete_level(coop, Rng(coop.rng))
    assert coop.aid is None and PUNCH[0] in coop.players[0].deck + coop.players[0].hand


def test_ruling_a_new_line_that_cannot_be_filled() -> None:
    state = arrange(game(), deck=[], discard=[], line=quiet()[:6])
    for index in (1, 2):  # two obstacles have moved into the player's collection
        slot = state.line[index]
        assert slot is not None
        state.players[0].discard.append(slot.card)
        state.line[index] = None
    clear_level(state)
    assert state.over and state.campaigns[-1].cause == "line"


# --- co-op Aid ---------------------------------------------------------------------------------------


def test_ruling_aid() -> None:
    line = quiet()[:6]
    state = arrange(game("coop"), line=line, hand=[PUNCH[0], PUNCH[1]], partner={"hand": [STRIKE[0]]})
    move(state)
    done(state, aid=PUNCH[0])
    assert state.active == 1 and state.aid == PUNCH[0] and PUNCH[0] not in state.players[1].hand
    pass_turn(state)  # the partner does not use it: it goes home
    assert state.aid is None and PUNCH[0] in state.players[0].discard


def test_printed_coop_fires_no_extra_bullet() -> None:
    """Co-op as printed (no options): one Dude with Gun in The Line fires its one bullet, as in solo."""
    fired = {}
    for mode in ("solo", "coop"):
        state = arrange(game(mode), line=[GUNS[0], *quiet()[:5]])
        before = len(state.bullets)
        pass_turn(state)
        fired[mode] = before - len(state.bullets)
        assert len(state.discard) == fired[mode]
    assert fired == {"solo": 1, "coop": 1}
    assert "crossfire" not in " ".join(state.log)


def test_ruling_crossfire() -> None:
    """The crossfire house rule: a co-op volley fires one bullet more; no volley, no extra."""
    state = arrange(game("coop", crossfire="on"), line=[GUNS[0], *quiet()[:5]])
    before = len(state.bullets)
    pass_turn(state)
    assert before - len(state.bullets) == 2
    assert "Enemies fire 2 bullets (one more: crossfire)" in " ".join(state.log)
    quiet_line = arrange(game("coop", crossfire="on"), line=quiet()[:6])
    before = len(quiet_line.bullets)
    pass_turn(quiet_line)
    assert len(quiet_line.bullets) == before


def test_the_ai_plans_with_the_tables_crossfire() -> None:
    """The AI's turn planner counts the extra bullet only where the table plays the crossfire."""
    printed = Judge(arrange(game("coop"), line=[GUNS[0], *quiet()[:5]]), Weights())
    crossfire = Judge(arrange(game("coop", crossfire="on"), line=[GUNS[0], *quiet()[:5]]), Weights())
    assert (printed.crossfire, crossfire.crossfire) == (0, 1)
    line = crossfire.state.line
    assert (volley(line, printed.crossfire), volley(line, crossfire.crossfire)) == (1, 2)


# --- versus and 2 vs 1 -------------------------------------------------------------------------------


def test_ruling_the_system_draw() -> None:
    a, b, c = GUNS[0], quiet()[0], quiet()[1]
    state = arrange(game("versus"), line=quiet(b, c)[:6], discard=[a, b], deck_top=[c])
    pass_turn(state)
    turn = state.system_turn
    assert turn is not None and turn.cards[:3] == [b, a, c]
    shown = ENGINE.view(state, None)["system"]["cards"]
    assert [card_view["id"] for card_view in shown] == turn.cards


def test_ruling_paying_for_glitches() -> None:
    fire = GLITCH["open_fire"].cost
    turn = SystemTurn(cards=[], fight=GLITCH["stand_up"].cost, dodge=0, mixed=fire - GLITCH["stand_up"].cost)
    assert system.affordable(turn, GLITCH["stand_up"])  # a Fighting cost from Fighting
    assert not system.affordable(SystemTurn(cards=[], fight=0, dodge=0, mixed=9), GLITCH["stand_up"])
    assert system.affordable(turn, GLITCH["open_fire"])  # a Mixed cost from everything
    system.pay(turn, GLITCH["stand_up"])
    assert not system.affordable(turn, GLITCH["open_fire"])


def test_ruling_glitches() -> None:
    knocked = quiet()[0]
    state = arrange(game("versus"), line=[down(knocked), *quiet(knocked)[:5]])
    state.system_turn = SystemTurn(cards=[], fight=20, dodge=20, mixed=20)
    system.apply_glitch(state, f"{GLITCH['stand_up'].id}.0")
    assert state.line[0] is not None and not state.line[0].down
    left = len(state.bullets)
    system.apply_glitch(state, GLITCH["open_fire"].id)
    assert len(state.bullets) == left - 1 and is_bullet(state.discard[-1])
    system.apply_glitch(state, GLITCH["reload"].id)
    assert is_bullet(state.deck[0])
    top, last = state.deck[0], state.line[-1]
    system.apply_glitch(state, GLITCH["lag"].id)
    assert state.line[-1] is not None and state.line[-1].card == top and last is not None
    assert state.deck[0] == last.card


def test_ruling_1v1_revenge() -> None:
    state = arrange(game("versus", revenge="on"))
    clear_level(state)
    clear_level(state)
    assert len(state.campaigns) == 1 and state.players[0].seat == 1 and state.system == 0
    outcome_before = ENGINE.outcome(state)
    assert outcome_before is None


# --- challenges --------------------------------------------------------------------------------------


def test_ruling_bullet_storm() -> None:
    state = game(bullet_storm="on")
    assert sum(is_bullet(c) for c in state.deck[-12:]) == 3 and len(state.bullets) == 9


def test_ruling_times_up() -> None:
    assert len(game(times_up="on").bullets) == len(game().bullets) - 2


def test_ruling_infinite_mode() -> None:
    assert game(infinite="on").levels == 0 and game("coop", infinite="on").levels == 0
    assert game("versus", infinite="on").levels == 2
    state = arrange(game(infinite="on"))
    for _ in range(3):
        clear_level(state)
        if decision(state).key == "veto":
            play(state, "veto", "keep")
    assert state.level == 4 and len(state.goals) == 4 and not state.over


def test_ruling_dude_with_a_baseball_bat() -> None:
    state = game(bat="2")
    everywhere = [s.card for s in state.line if s] + state.deck
    assert sum(obstacle(c).name == "Dude with a Baseball Bat" for c in everywhere if not is_bullet(c)) == 2
    assert sum(obstacle(c).name == "Dude with Gun" for c in everywhere if not is_bullet(c)) == len(GUNS) - 2


def test_ruling_the_bullets_deck_is_shuffled() -> None:
    assert len({tuple(game(seed=seed).bullets) for seed in range(5)}) > 1


def test_ruling_the_bullets_deck_is_face_up() -> None:
    state = game()
    for seat in (None, 0):
        shown = ENGINE.view(state, seat)["bullets_top"]
        assert shown["id"] == state.bullets[0] and shown["type"] == "bullet" and shown["value"] > 0


# --- the AI -------------------------------------------------------------------------------------------


def test_ruling_ai_levels() -> None:
    option = next(o for o in ENGINE.meta.options if o.id == "ai")
    assert option.choices == tuple(LEVELS) == ("easy", "normal", "hard")
    state = game(ai="hard")
    assert SuperhotAI().skill(state) is LEVELS["hard"]
    versus = arrange(game("versus", ai="easy"), line=[GUNS[0]])
    pass_turn(versus)
    found = decision(versus)
    assert found.key == "glitch" and SuperhotAI().skill(versus) is LEVELS["easy"]  # the System too
    assert SuperhotAI().choose(ENGINE, versus, found)[0] in options(versus)
    assert card(name="Pillar")  # the card set the AI judges is the game's own

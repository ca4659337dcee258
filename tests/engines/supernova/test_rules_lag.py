"""The lag allowance across every kind of screen change, and what a payback says (rulings 7 and 12;
rulebook "Rules": Play on GO!, Shockwaves, Illegal plays/payback!)."""

from __future__ import annotations

import pytest

from engines.core import Rng
from engines.supernova import clock, flow
from engines.supernova.state import NovaState
from tests.engines.supernova.positions import ENGINE, game, hand, pile, play, said, screens, tops
from tests.engines.supernova.test_rules_moments import solve

CHANGE = 20.0
CHANGES = ("turn", "shockwave", "quickdraw", "free")


def change(state: NovaState, to: str) -> None:
    """At CHANGE, the screens move on from a GO!/HOLD! turn to a new turn or a moment."""
    if to == "shockwave":
        flow.start_shock(state, Rng(1), CHANGE)
    elif to == "free":
        flow.start_free(state, Rng(1), CHANGE, "Showdown")
    elif to == "quickdraw":  # what flow.settle does once everyone has drawn
        clock.set_screens(state, set(), CHANGE)
        state.phase, state.until = "quickdraw", CHANGE + clock.RESUME
    else:
        screens(state, 2, now=CHANGE)


def on_go() -> NovaState:
    """Ann and Bob on GO! since 10.0 with Ann holding 4s; piles show 3, 5 and 1."""
    state = game(3)
    for index, top in enumerate((3, 5, 1)):
        pile(state, index, top)
    screens(state, 0, 1, now=10.0)
    hand(state, 0, 4, 4, 4, 4, 4)
    return state


@pytest.mark.parametrize("to", CHANGES)
def test_a_click_made_on_go_counts_for_the_allowance_whatever_comes_next(to: str) -> None:
    """Ruling 7: just after any change, a play is judged by the screens from before it."""
    state = on_go()
    change(state, to)
    grace = clock.timing(state).grace
    play(state, 0, 4, 1, now=CHANGE + grace - 0.1)  # Bob's pile was open to Ann
    assert tops(state)[1] == 4 and not state.piles[1].cards[-1].down
    play(state, 0, 4, 0, now=CHANGE + grace + 0.1)  # too late: the new screens rule
    assert state.piles[0].cards[-1].down


def test_a_shockwave_finisher_keeps_every_pile_for_the_allowance() -> None:
    """Rulings 7 and 17: a finisher's click that arrives just after the shockwave ends still lands
    on any pile, values applying."""
    state = on_go()
    flow.start_shock(state, Rng(1), CHANGE)
    solve(state, 0, now=CHANGE + 1)
    end = CHANGE + clock.timing(state).shock_time
    ENGINE.tick(state, end)
    assert state.phase == "play"
    for seat, player in enumerate(state.players):
        player.go = seat == 1  # say the new turn gave GO! to Bob only
    grace = clock.timing(state).grace
    play(state, 0, 4, 2, now=end + grace - 0.1)  # a 4 on Cy's 1 is wrong: values still apply
    assert state.piles[0].cards[-1].down and said(state, "wrong value")
    hand(state, 0, 2, 2, 2, 2, 2)
    play(state, 0, 2, 2, now=end + grace - 0.05)
    assert tops(state)[2] == 2 and not state.piles[2].cards[-1].down
    play(state, 0, 2, 2, now=end + grace + 0.1)
    assert state.piles[0].cards[-1].down and said(state, "not on GO!")


def test_changes_at_one_instant_keep_the_screens_people_saw() -> None:
    """Ruling 7: a turn that turns at once into a quick draw was never seen; the one before was."""
    state = on_go()
    screens(state, 2, now=CHANGE)
    change(state, "quickdraw")
    play(state, 0, 4, 1, now=CHANGE + 0.1)
    assert tops(state)[1] == 4 and not state.piles[1].cards[-1].down


@pytest.mark.parametrize(
    ("to", "seat", "value", "target", "why"),
    [
        ("turn", 0, 4, 0, "not on GO!"),  # Ann's screen says HOLD!
        ("turn", 2, 2, 1, "not on GO!"),  # Cy has GO!, Bob's pile is on HOLD!
        ("turn", 2, 3, 2, "wrong value"),
        ("shockwave", 0, 4, 0, "shockwave not solved"),
        ("quickdraw", 0, 4, 0, "between turns"),
        ("free", 0, 4, 0, "between turns"),
    ],
)
def test_a_payback_says_why(to: str, seat: int, value: int, target: int, why: str) -> None:
    """Ruling 12: the log names the reason that fits the moment."""
    state = on_go()
    change(state, to)
    hand(state, seat, value, 1, 1, 1, 1)
    play(state, seat, value, target, now=CHANGE + 5)
    assert said(state, f"({why})")


def after_bob_plays(now: float = 11.0) -> NovaState:
    """Ann and Bob on GO! since 10.0; at `now` Bob lays a 4 on his pile, which showed 5."""
    state = on_go()
    hand(state, 1, 4, 1, 1, 1, 1)
    play(state, 1, 4, 1, now=now)
    assert tops(state)[1] == 4
    return state


def test_a_card_that_fitted_the_pile_a_moment_ago_goes_back_to_the_hand() -> None:
    """Ruling 7: Ann's console still showed Bob's pile at 5 when she laid a 4; the pile changed
    while her click travelled, so the 4 returns to her hand: no payback, and she is told why."""
    state = after_bob_plays()
    grace = clock.timing(state).grace
    before = list(state.players[0].hand)
    events = play(state, 0, 4, 1, now=11.0 + grace - 0.1)
    assert state.players[0].hand == before and tops(state)[1] == 4
    assert not any(card.down for pile in state.piles for card in pile.cards)
    assert events == [], "nothing happened at the table"
    assert state.players[0].verdict == "returned"
    assert "returned, the pile changed" in ENGINE.view(state, 0)["last_play"]
    assert any(line.startswith("↩️ Your last card: 4 on Bob") for line in ENGINE.view(state, 0)["console"])


def test_a_value_that_never_fitted_is_still_a_payback() -> None:
    """Ruling 12: the allowance forgives lag, not mistakes: a 2 fitted neither 5 nor 4."""
    state = after_bob_plays()
    hand(state, 0, 2, 4, 4, 4, 4)
    play(state, 0, 2, 1, now=11.5)
    assert state.piles[0].cards[-1].down and said(state, "(wrong value)")
    assert state.players[0].verdict == "payback"


@pytest.mark.parametrize(
    ("value", "stood_until", "why"), [(0, 11.0, "a 0 fitted only the 5"), (5, 11.2, "a 5 fitted only the 4")]
)
def test_every_look_within_the_allowance_counts_and_older_ones_do_not(
    value: int, stood_until: float, why: str
) -> None:
    """Ruling 7: Bob's pile showed 5 until 11.0, then 4 until 11.2, then 3. A card that fitted one
    of those tops returns to the hand while that top is within the allowance, and is a payback
    once it is older."""
    state = after_bob_plays(now=11.0)
    hand(state, 1, 3, 1, 1, 1, 1)
    play(state, 1, 3, 1, now=11.2)
    grace = clock.timing(state).grace
    hand(state, 0, value, value, 2, 2, 2)
    play(state, 0, value, 1, now=stood_until + grace - 0.05)
    assert state.players[0].verdict == "returned", why
    play(state, 0, value, 1, now=stood_until + grace + 0.05)
    assert state.players[0].verdict == "payback", why


def test_the_console_shows_the_damage_on_each_of_ones_piles() -> None:
    """Every seat's console names the top and the damage (zeros and face-down cards) per pile."""
    state = game(2)
    pile(state, 0, 3, 0, down=1)
    pile(state, 1, 2)
    lines = ENGINE.view(state, 0)["console"]
    assert lines == ["💥 Your pile 1: top face down (0), damage 2 · pile 2: top 2, damage 0"]
    assert "console" not in ENGINE.view(state, None), "a console is private"

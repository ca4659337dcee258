"""The SUPERHOT AI: it uses every card, thins its deck, passes Aid, runs the System, and its levels differ."""

from __future__ import annotations

from collections import Counter

from engines.core import Seat
from engines.superhot.ai import LEVELS, SuperhotAI
from engines.superhot.engine import Superhot
from engines.superhot.piles import obstacle
from engines.superhot.state import SuperhotState
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
    decision,
    game,
    quiet,
)

WEAVE = cards(pile="PZ", use="dodge", power=1)
HARD_BULLET = bullets(need="dodge", value=3)[0]


def ai_turn(state: SuperhotState, level: str = "hard") -> list[tuple[str, list[str]]]:
    """Let the AI play until the turn passes; returns every (decision key, answer)."""
    ai = SuperhotAI(level)
    seat = decision(state).seat
    answers: list[tuple[str, list[str]]] = []
    while not state.over:
        found = decision(state)
        if found.seat != seat or (answers and found.key == "start"):
            break
        choice = ai.choose(ENGINE, state, found)
        answers.append((found.key, choice))
        ENGINE.apply(state, found.seat, found.key, choice)
    return answers


def said(answers: list[tuple[str, list[str]]], key: str) -> list[str]:
    return [option for asked, choice in answers if asked == key for option in choice]


def test_the_ai_plays_double_trouble_when_one_gun_is_not_enough() -> None:
    """Two Dudes with Gun and one Gun in hand: the copies take both out."""
    state = arrange(game(), line=[*quiet()[:4], GUNS[0], GUNS[1]], hand=[DOUBLE, GUNS[2], DUCK[0], DUCK[1]])
    answers = ai_turn(state)
    assert "dt" in said(answers, "use")
    assert said(answers, "double") == [GUNS[2]]
    assert GUNS[0] in state.turn.destroyed + state.players[0].hand or state.line[4] is None


def test_the_ai_pulls_a_bullet_out_with_pliers() -> None:
    held = bullets()[:2]
    state = arrange(game(), line=quiet()[:6], hand=[PLIERS, *held, PUNCH[0]])
    assert "pb" in said(ai_turn(state), "use")
    assert sum(c in held for c in state.players[0].hand) <= 1


def test_the_ai_slashes_a_bullet_it_cannot_dodge() -> None:
    """A Dodge 3 bullet at the start of The Line and only 2 Dodge in hand: the Katana cuts it."""
    state = arrange(game(), line=[HARD_BULLET, *quiet()[:5]], hand=[KATANA, PUNCH[0], DUCK[0], DUCK[1]])
    assert "ks0" in said(ai_turn(state), "use")
    assert HARD_BULLET not in state.players[0].hand


def test_the_hard_ai_knocks_out_a_shooter_whose_top_it_does_not_want() -> None:
    """The Red Suit shoots, but its top is a weak Dodge 1: the hard AI stops it without taking it."""
    suit = card(name="Red Suit")
    assert obstacle(suit).power == 1 and obstacle(suit).ability == "shoot"
    state = arrange(game(), line=[*quiet()[:5], suit], hand=[DUCK[0], DUCK[1], DUCK[2], PUNCH[0]])
    answers = ai_turn(state)
    assert "k5" in said(answers, "use")


def test_the_hard_ai_thins_its_deck_when_it_waits() -> None:
    """Only Dodge obstacles the hand cannot reach, and a hand too big to play, of weak starters and
    two Fighting cards: the hard AI waits and discards weak starters to the Obstacles Discard."""
    names = ("Office Window", "Subway Car", "Pillar", "Red Suit", "Rooftop Sniper")
    line = [c for name in names for c in cards(name=name)]
    assert len(line) == 6
    weak = [*PUNCH, DUCK[0], DUCK[1], card(name="Bottle")]
    hand = [*weak, GUNS[0], card(name="Shotgun")]
    state = arrange(
        game(), line=line, hand=hand, pdeck=[*GUNS[1:], card(name="Elevator"), card(name="Bar Bouncer")]
    )
    answers = ai_turn(state)
    assert said(answers, "start") == ["wait"]
    assert said(answers, "discard") and set(said(answers, "discard")) <= set(weak)


def test_the_ai_passes_an_aid_card_to_its_partner() -> None:
    hand = [PUNCH[0], PUNCH[1], DUCK[0], DUCK[1], DUCK[2], GUNS[0], KATANA]
    state = arrange(game("coop"), line=quiet()[:6], hand=hand, pdeck=quiet()[6:11])
    answers = ai_turn(state)
    passed = said(answers, "aid")
    assert passed and passed != ["none"]
    assert state.aid == passed[0]


def test_the_system_ai_fires_the_last_bullet() -> None:
    """Versus: with one bullet left and Trigger Happy affordable, the System wins at once."""
    state = game("versus")
    sixes = [card(name="Elevator"), card(name="Subway Guard"), *GUNS[:2]]  # Mixed 4 + 3, Fighting 2 + 2
    arrange(state, line=quiet(*sixes)[:6], bullets=bullets()[:1], discard=sixes)
    state.next_after_system = 0
    from engines.superhot import flow

    flow.begin_system_turn(state)
    assert state.system_turn is not None
    if state.phase == "system":
        found = decision(state)
        assert "trigger" in [o.id for o in found.options]
        choice = SuperhotAI("hard").choose(ENGINE, state, found)
        assert choice == ["trigger"]


def test_the_table_chooses_the_ai_level() -> None:
    option = next(o for o in Superhot.meta.options if o.id == "ai")
    assert option.choices == ("easy", "normal", "hard") and option.default == "normal"
    state = game(ai="easy")
    assert SuperhotAI().skill(state) == LEVELS["easy"]
    assert SuperhotAI().skill(game()) == LEVELS["normal"]


def test_the_ai_is_deterministic() -> None:
    """Two AIs on two copies of a game give the same answers, at every level (the easy AI's slips
    come from the state's own numbers); asking twice gives the same answer; a fresh AI can take over
    in the middle of a turn."""
    for level in LEVELS:
        first, second = game(seed=3, ai=level), game(seed=3, ai=level)
        one, two = SuperhotAI(), SuperhotAI()
        for _ in range(80):
            if first.over:
                break
            found = decision(first)
            choice = one.choose(ENGINE, first, found)
            assert one.choose(ENGINE, first, found) == choice == two.choose(ENGINE, second, decision(second))
            fresh = SuperhotAI().choose(ENGINE, first, found)  # a fresh AI answers too
            assert found.min_choices <= len(fresh) <= found.max_choices
            ENGINE.apply(first, found.seat, found.key, choice)
            ENGINE.apply(second, found.seat, found.key, choice)


def _games(level: str, seeds: range) -> tuple[int, Counter[str]]:
    wins, plays = 0, Counter[str]()
    for seed in seeds:
        state = ENGINE.new_game([Seat(0, "AI", True)], "solo", {"ai": level}, seed)
        ai = SuperhotAI()
        while not state.over:
            found = decision(state)
            choice = ai.choose(ENGINE, state, found)
            plays.update(f"{found.key}:{option[:2]}" for option in choice)
            ENGINE.apply(state, found.seat, found.key, choice)
        wins += state.campaigns[-1].won
    return wins, plays


def test_hard_wins_more_than_easy_and_uses_every_ability() -> None:
    hard, plays = _games("hard", range(8))
    easy, _ = _games("easy", range(8))
    assert hard > easy
    for used in ("use:dt", "double:", "use:pd", "use:ks", "use:k", "use:d"):
        assert any(key.startswith(used) for key in plays), used

"""Names in sentences (engines.core.words), and every game's lines with players called "You" and
"Chris": verbs agree, possessives read right (issue 16: "You keeps", "You's pile")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engines import REGISTRY
from engines.core import Engine, Seat, policy_for
from engines.core.words import acts, called, counted, joint_possessive, possessive, sentence, their, verb

NAMES = ("You", "Chris", "Ann", "Bo")
WRONG = [
    re.compile(r"\w\(s\)"),  # "1 card(s)": counted nouns agree with their number
    re.compile(r"\b[Yy]ou's\b"),  # "You's pile"
    re.compile(r"\b[Yy]ou (?!\w*ss\b)(?!was\b|vs\b)\w+s\b"),  # "You keeps", "you draws"
    re.compile(r"\b[Yy]ou (is|was|has|does)\b"),
    re.compile(r"\b[Yy]ou [\w ]*\btheir\b"),  # "you shuffle their Discard Pile"
    re.compile(r"\bChris'(?!s)"),  # one possessive rule: "Chris's"
    re.compile(r"(^|[.!?] )you\b"),  # a sentence starting in lower case
]


def test_possessives_take_s_and_you_is_the_pronoun() -> None:
    assert [possessive(n) for n in ("Ben", "Chris", "You", "you")] == ["Ben's", "Chris's", "your", "your"]
    assert joint_possessive(["Ann", "Bo"]) == "Ann & Bo's"
    assert joint_possessive(["Ann", "You"]) == "Ann's & your"
    assert (called("You"), called("Youssef"), their("You"), their("Ben")) == (
        "you",
        "Youssef",
        "your",
        "their",
    )


@pytest.mark.parametrize(
    ("third", "second"),
    [
        ("keeps", "keep"), ("is", "are"), ("has", "have"), ("does not counter", "do not counter"),
        ("was", "were"), ("goes", "go"), ("passes", "pass"), ("slashes", "slash"), ("reaches", "reach"),
        ("carries", "carry"), ("uses", "use"), ("knocks out", "knock out"), ("presses", "press"),
        ("missed 3 turns", "missed 3 turns"), ("can", "can"),
    ],
)  # fmt: skip
def test_verbs_agree_with_you(third: str, second: str) -> None:
    assert verb("Ben", third) == third
    assert verb("You", third) == second


def test_a_line_starting_with_you_gets_its_capital() -> None:
    assert sentence(f"{acts('You', 'keeps')} the goals.") == "You keep the goals."
    assert sentence(f"{acts('alice', 'keeps')} the goals.") == "alice keeps the goals."
    assert sentence(f"{possessive('You')} team.") == "Your team."


def lines_of_a_game(engine: Engine[Any], mode: str, seats: int, seed: int) -> list[str]:
    """Every event text and decision prompt of one seeded AI game, and its result."""
    state = engine.new_game([Seat(i, NAMES[i], True) for i in range(seats)], mode, {}, seed)
    policies = [policy_for(engine, seed + i) for i in range(seats)]
    lines: list[str] = []
    now = 0.0
    for step in range(3000):
        outcome = engine.outcome(state)
        if outcome is not None:
            lines.append(outcome.summary)
            break
        decisions = engine.decisions(state)
        lines += [d.prompt for d in decisions]
        due = engine.next_deadline(state)
        if due is not None and (not decisions or due <= now):
            now = max(now, due)
            lines += [e.text for e in engine.tick(state, now)]
            continue
        decision = decisions[step % len(decisions)]
        policy = policies[decision.seat if 0 <= decision.seat < seats else 0]
        choice = policy.choose(engine, state, decision)
        lines += [e.text for e in engine.apply(state, decision.seat, decision.key, choice, now)]
        now += 0.25
    return lines


@pytest.mark.parametrize(
    ("game", "mode", "seats"),
    [
        ("superhot", "coop", 2),
        ("superhot", "twovone", 3),
        ("smashmasters", "brawl", 3),
        ("supernova", "race", 4),
    ],
)
def test_every_line_reads_right_with_a_player_called_you(game: str, mode: str, seats: int) -> None:
    engine = REGISTRY[game]
    lines = [line for seed in range(3) for line in lines_of_a_game(engine, mode, seats, seed)]
    assert any(re.search(r"\b[Yy]ou(r)?\b", line) for line in lines), "the games talked about You"
    wrong = sorted({line for line in lines for pattern in WRONG if pattern.search(line)})
    assert not wrong, "\n".join(wrong[:20])


def test_counted_nouns_agree_with_their_number() -> None:
    """Log lines read "1 card" and "2 cards", never "card(s)"."""
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert counted(3, "more decision") == "3 more decisions"
    assert counted(2, "die", "dice") == "2 dice"

"""Names in sentences (engines.core.words), and every game's lines with players called "You" and
"Chris": every name is a third person, a name that reads as a pronoun is quoted, possessives take
's (issues 16 and 38: "You keeps", "You's pile", "You's turn")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engines import REGISTRY
from engines.core import Engine, Seat, policy_for
from engines.core.words import (
    acts,
    called,
    counted,
    joint_possessive,
    possessive,
    sentence,
    their,
    them,
    verb,
)

NAMES = ("You", "Chris", "Alexis", "Max", "James")
WRONG = [
    re.compile(r"\w\(s\)"),  # "1 card(s)": counted nouns agree with their number
    re.compile(r"(?<!\u201c)\b[Yy]ou's\b"),  # "You's pile", unquoted
    re.compile(r"(?<!\u201c)\b[Yy]ou (?!\w*ss\b)(?!was\b|vs\b)\w+s\b"),  # "You keeps": the name, unquoted
    re.compile(r"\u201cYou\u201d (are|have|do|were|go|keep|draw)\b"),  # "“You” keep": a third person
    re.compile(r"\b(Chris|Alexis|James)'(?!s)"),  # one possessive rule: "Chris's"
]


def test_every_name_is_a_third_person_and_a_pronoun_name_is_quoted() -> None:
    assert [possessive(n) for n in ("Chris", "Alexis", "Max", "James", "You")] == [
        "Chris's",
        "Alexis's",
        "Max's",
        "James's",
        "\u201cYou\u201d's",
    ]
    assert acts("You", "goes first") == "\u201cYou\u201d goes first"
    assert acts("James", "keeps") == "James keeps" and verb("You", "is") == "is"
    quoted = ("\u201cyou\u201d", "Youssef", "\u201cMe\u201d")
    assert (called("you"), called("Youssef"), called(" Me ")) == quoted
    assert joint_possessive(["Ann", "Bo"]) == "Ann & Bo's"
    assert joint_possessive(["You", "Max"]) == "\u201cYou\u201d & Max's"
    assert (their("You"), them("You"), sentence("alice keeps the goals.")) == (
        "their",
        "them",
        "alice keeps the goals.",
    )


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
    assert any("\u201cYou\u201d" in line for line in lines), "the games talked about You"
    wrong = sorted({line for line in lines for pattern in WRONG if pattern.search(line)})
    assert not wrong, "\n".join(wrong[:20])


def test_counted_nouns_agree_with_their_number() -> None:
    """Log lines read "1 card" and "2 cards", never "card(s)"."""
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert counted(3, "more decision") == "3 more decisions"
    assert counted(2, "die", "dice") == "2 dice"

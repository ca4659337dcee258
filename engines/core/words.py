"""Player names in sentences, so that every game's lines read right whatever people are called.

Possessives take 's, names ending in s included ("Ben's", "Chris's": one rule, as the Chicago
Manual of Style has it). A player whose name is "You" (the sandbox has one) is read as the
pronoun: "you keep the goals", "your team", and `sentence` gives a line starting with it a
capital ("You keep the goals."). Verbs are written in the third person ("keeps", "is", "does
not counter") and agree with the name.
"""

from __future__ import annotations

from collections.abc import Sequence

IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were", "goes": "go"}
SIBILANT = ("sses", "shes", "ches", "xes", "zes")


def is_you(name: str) -> bool:
    """Whether the name reads as the pronoun "you"."""
    return name.strip().casefold() == "you"


def called(name: str) -> str:
    """The name as a sentence says it ("you" for a player called You)."""
    return "you" if is_you(name) else name


def possessive(name: str) -> str:
    """Ben -> "Ben's", Chris -> "Chris's", You -> "your"."""
    return "your" if is_you(name) else f"{name}'s"


def joint_possessive(names: Sequence[str]) -> str:
    """What several players own together: "Ann & Ben's"; with "you" each one is possessive
    ("Ann's & your")."""
    if len(names) == 1 or not any(is_you(name) for name in names):
        return " & ".join([*names[:-1], possessive(names[-1])])
    return " & ".join(possessive(name) for name in names)


def their(name: str) -> str:
    """The player's possessive pronoun: "their", or "your"."""
    return "your" if is_you(name) else "their"


def them(name: str) -> str:
    """The player as an object pronoun: "them", or "you"."""
    return "you" if is_you(name) else "them"


def verb(name: str, third_person: str) -> str:
    """A verb phrase ("keeps", "does not counter") agreeing with the name as its subject."""
    if not is_you(name):
        return third_person
    first, space, rest = third_person.partition(" ")
    if first in IRREGULAR:
        first = IRREGULAR[first]
    elif first.endswith(SIBILANT):
        first = first[:-2]
    elif first.endswith("ies") and len(first) > 4:
        first = first[:-3] + "y"
    elif first.endswith("s") and not first.endswith("ss"):
        first = first[:-1]
    return first + space + rest


def counted(number: int, noun: str, plural: str = "") -> str:
    """A number and its noun, agreeing: "1 card", "2 cards", "0 cards" (`plural` when not noun + s)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def acts(name: str, third_person: str) -> str:
    """Subject and verb: "Ben keeps", "you keep"."""
    return f"{called(name)} {verb(name, third_person)}"


def sentence(text: str) -> str:
    """The line with a capital first letter when it starts with "you" or "your"."""
    return text[:1].upper() + text[1:] if text.startswith(("you ", "your ")) else text

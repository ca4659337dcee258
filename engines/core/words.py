"""Player names in sentences, so that every game's lines read right whatever people are called.

Every line about a player is read by everyone at the table, so every name is a third person: the
verb agrees with it ("Chris keeps", "Max goes first") and its possessive takes 's, names ending in
s included ("James's", "Alexis's": one rule, as the Chicago Manual of Style has it). A name that
reads as a pronoun ("You", the sandbox's first member, or "Me", "They"...) is put in quotation
marks, so that a line about that player never seems to speak to the reader: "“You” keeps the
goals", "“You”'s turn".
"""

from __future__ import annotations

from collections.abc import Sequence

PRONOUNS = frozenset({"you", "me", "i", "we", "us", "he", "him", "she", "her", "it", "they", "them"})
QUOTES = ("\u201c", "\u201d")


def reads_as_pronoun(name: str) -> bool:
    """Whether a name, alone in a sentence, would read as a pronoun ("You", "me")."""
    return name.strip().casefold() in PRONOUNS


def called(name: str) -> str:
    """The name as a sentence says it: in quotation marks when it reads as a pronoun."""
    return f"{QUOTES[0]}{name.strip()}{QUOTES[1]}" if reads_as_pronoun(name) else name


def possessive(name: str) -> str:
    """Ben -> "Ben's", Chris -> "Chris's", You -> "“You”'s"."""
    return f"{called(name)}'s"


def joint_possessive(names: Sequence[str]) -> str:
    """What several players own together: "Ann & Ben's"."""
    return " & ".join([*(called(name) for name in names[:-1]), possessive(names[-1])])


def their(name: str) -> str:
    """The player's possessive pronoun (every player is a third person)."""
    return "their"


def them(name: str) -> str:
    """The player as an object pronoun (every player is a third person)."""
    return "them"


def verb(name: str, third_person: str) -> str:
    """A verb phrase ("keeps", "does not counter") with the name as its subject: every name is a
    third person, so the phrase as it is."""
    return third_person


def counted(number: int, noun: str, plural: str = "") -> str:
    """A number and its noun, agreeing: "1 card", "2 cards", "0 cards" (`plural` when not noun + s)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def acts(name: str, third_person: str) -> str:
    """Subject and verb: "Ben keeps", "“You” keeps"."""
    return f"{called(name)} {verb(name, third_person)}"


def sentence(text: str) -> str:
    """A line that may start with a player's name, as it is: a name keeps its own case ("alice
    keeps") and a quoted one starts with its mark. (Call sites mark their sentence starts with it,
    and every game written against this module keeps working.)"""
    return text

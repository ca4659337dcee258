"""House rules (DESIGN.md section 7), the same way in every game: which are on at a table, how they
are named, whether they keep a result apart, and the game's generated House rules page.

A house rule is a `GameOption` with `house_rule=True`: a change to a printed rule, off by default.
Everything here reads only `GameMeta`, so a game declares its house rules and gets the rest.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.core.types import GameMeta, GameOption

HOUSE_BOARD = "house"
"""The board suffix of high scores played with a house rule that changes the difficulty
("coop.house", "solo.infinite.house")."""
HOUSE_BOARD_LABEL = "House rules"


def house_rules(meta: GameMeta) -> tuple[GameOption, ...]:
    """The game's house rules, in the order it declares its options."""
    return tuple(option for option in meta.options if option.house_rule)


def rules_on(meta: GameMeta, mode: str, options: Mapping[str, str]) -> list[tuple[GameOption, str]]:
    """The house rules a table of this mode plays with, each with its chosen value (an option the
    mode ignores is not on, whatever its value)."""
    found = []
    for option in house_rules(meta):
        value = str(options.get(option.id, option.default))
        if option.applies_to(mode) and option.is_on(value):
            found.append((option, value))
    return found


def named(option: GameOption, value: str) -> str:
    """A house rule that is on, as players read it: its label, with the value unless it is "on"."""
    return option.label if value == "on" else f"{option.label}: {value}"


def names_on(meta: GameMeta, mode: str, options: Mapping[str, str]) -> list[str]:
    """The names of the house rules on at a table (empty: it plays as printed)."""
    return [named(option, value) for option, value in rules_on(meta, mode, options)]


def changes_difficulty(meta: GameMeta, mode: str, options: Mapping[str, str]) -> bool:
    """Whether a table plays with a house rule that makes its results incomparable with printed
    ones: its high scores go to the mode's house-rules board, and it is not rated."""
    return any(option.changes_difficulty for option, _ in rules_on(meta, mode, options))


def house_board_modes(meta: GameMeta) -> tuple[str, ...]:
    """The high-score modes that can have a house-rules board."""
    return tuple(
        mode
        for mode in meta.high_score_modes
        if any(o.changes_difficulty and o.applies_to(mode) for o in house_rules(meta))
    )


def _mode_names(meta: GameMeta, option: GameOption) -> str:
    if not option.modes:
        return "every mode"
    labels = [mode.label for mode in meta.modes if mode.id in option.modes]
    return " and ".join(labels) + " only"


def _entry(meta: GameMeta, option: GameOption) -> str:
    others = [value for value in option.choices if value != option.default]
    values = "|".join(others) if others else "a value"
    facts = [f"turn it on with `{option.id}={values}` at /play", _mode_names(meta, option)]
    if option.changes_difficulty:
        modes = [mode for mode in meta.modes if option.applies_to(mode.id)]
        if any(meta.records(mode.id) == "high_score" for mode in modes):
            facts.append(f"high scores go to the {HOUSE_BOARD_LABEL} board")
        if any(meta.records(mode.id) == "rated" for mode in modes):
            facts.append("games are not rated")
    why = option.why or "No reason recorded."
    return f"**{option.label}** (off unless chosen)\n-# {' · '.join(facts)}\n{why}"


def house_rules_page(meta: GameMeta) -> str:
    """The game's House rules page for /rules, built from its options."""
    found = house_rules(meta)
    if not found:
        return (
            f"### House rules\n{meta.title} plays as printed: no table option changes a rule of the "
            "rulebook. Where the rulebook is silent, our rulings fill the gap."
        )
    intro = (
        "### House rules\nA house rule changes a printed rule. Each is off unless the host chooses it "
        "when opening the table; the lobby, the table and the result say which are on."
    )
    return "\n\n".join([intro, *(_entry(meta, option) for option in found)])


def rules_pages(meta: GameMeta) -> tuple[str, ...]:
    """Every /rules page of a game: its own pages, then the generated House rules page."""
    return (*meta.rules_pages, house_rules_page(meta))

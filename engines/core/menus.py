"""One question with more choices than a Discord menu holds (25), split into several menus shown
together (keys `move`, `move.2`, ...), and the one decision answers are checked against.

A game may name and order the parts itself (Super Punch Fighter groups board spaces by rows);
otherwise they are runs of 25 in order ("choices 1-25", "choices 26-40"). With several picks, every
menu allows up to the whole count, its prompt says how many to choose in all and its `whole` holds
that count; the answer is one list of ids under the first key, whichever menus they came from.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engines.core.types import MAX_OPTIONS, Decision, Option

MIN_PROMPT = 16  # characters of the prompt kept before its part's name and count
Part = tuple[str, Sequence[Option]]
"""A named part of a split question: ("rows 1-4", its options)."""


def split_menus(
    seat: int,
    key: str,
    prompt: str,
    options: Sequence[Option],
    low: int = 1,
    high: int = 1,
    *,
    extras: Sequence[Option] = (),
    parts: Sequence[Part] | None = None,
    clip: int = 100,
) -> list[Decision]:
    """The question as one decision, or (over 25 choices) one decision per part. `extras` (Back)
    close the first menu; `parts` (default: runs of 25 of `options`) are a game's own grouping,
    each within 25 with the extras. Prompts are cut to `clip` characters."""
    if parts is None and len(options) + len(extras) <= MAX_OPTIONS:
        return [Decision(seat, key, _cut(prompt, clip), (*options, *extras), low, high)]
    room = MAX_OPTIONS - len(extras)
    if parts is None:
        runs = [options[:room]] + [
            options[i : i + MAX_OPTIONS] for i in range(room, len(options), MAX_OPTIONS)
        ]
        first = 1
        parts = []
        for run in runs:
            parts.append((f"choices {first}-{first + len(run) - 1}", run))
            first += len(run)
    several = high > 1
    ways = f"{low}" if low == high else f"{low} to {high}"
    count = f"choose {ways} in all, over {len(parts)} menus"
    found = []
    for number, (name, part) in enumerate(parts, start=1):
        chosen = (*part, *extras) if number == 1 else tuple(part)
        found.append(
            Decision(
                seat,
                key if number == 1 else f"{key}.{number}",
                _labelled(prompt, f" ({name}; {count})" if several else f" ({name})", clip),
                chosen,
                0 if several else low,
                min(high, len(chosen)) if several else high,
                whole=(low, high) if several else None,
            )
        )
    return found


def whole_question(decisions: list[Decision], low: int, high: int) -> list[Decision]:
    """The decisions as answers are checked against: every menu of a split question accepts any
    option of all its menus, with the question's own pick count `low`-`high` (so an answer is
    always the whole answer, never a part of it)."""
    if len(decisions) < 2:
        return decisions
    base = decisions[0].key.partition(".")[0]
    seat = decisions[0].seat
    mine = [d for d in decisions if d.key.partition(".")[0] == base and d.seat == seat]
    every = tuple(option for d in mine for option in d.options)
    return [
        msgspec.structs.replace(d, options=every, min_choices=low, max_choices=high) if d in mine else d
        for d in decisions
    ]


def fitted(decision: Decision, clip: int = 200) -> list[Decision]:
    """A decision as a game built it, split into menus when it has more than 25 options (its
    deadline kept on every menu); as it is otherwise."""
    if len(decision.options) <= MAX_OPTIONS:
        return [decision]
    found = split_menus(
        decision.seat,
        decision.key,
        decision.prompt,
        decision.options,
        decision.min_choices,
        decision.max_choices,
        clip=clip,
    )
    return [msgspec.structs.replace(d, deadline=decision.deadline) for d in found]


def answerable(decisions: list[Decision]) -> list[Decision]:
    """`whole_question` for decisions that carry their count: the menus of each split question
    among them accept any option of all its menus, with the question's pick count (several picks:
    the menus' `whole`; one pick: the first menu's bounds)."""
    groups: dict[tuple[int, str], list[Decision]] = {}
    for decision in decisions:
        groups.setdefault((decision.seat, decision.key.partition(".")[0]), []).append(decision)
    found = []
    for decision in decisions:
        group = groups[(decision.seat, decision.key.partition(".")[0])]
        if len(group) < 2:
            found.append(decision)
            continue
        low, high = group[0].whole or (group[0].min_choices, group[0].max_choices)
        every = tuple(option for menu in group for option in menu.options)
        found.append(msgspec.structs.replace(decision, options=every, min_choices=low, max_choices=high))
    return found


def _labelled(prompt: str, part: str, size: int) -> str:
    """The prompt with its part's name (and the pick count): the prompt is cut first, so the
    count a player needs stays readable."""
    if size - len(part) < MIN_PROMPT:
        return _cut(prompt + part, size)
    return _cut(prompt, size - len(part)) + part


def _cut(text: str, size: int) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"

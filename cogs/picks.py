"""Several picks for one question on a panel, also when the game split it over several menus
(engines/core/menus.py: keys `move`, `move.2`...): what is picked so far, how many more are needed,
and what a pick in one menu does to the picks made in the others.

The picks live in the panel itself: its Confirm button's custom_id holds them, as a bitmask over
every option of the question (its menus in order). A pick in one menu reads the picks of the other
menus back from the Confirm of the panel it was made on, so nothing is kept in the process and a
restart of the bot loses no pick.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from bot.user_text import plain
from cogs import ids
from engines.core import Decision, Option


def base_key(key: str) -> str:
    """The question a menu belongs to: `move` for `move`, `move.2`, `move.3`."""
    return key.partition(".")[0]


def question(decisions: Sequence[Decision], seat: int, key: str) -> list[Decision]:
    """The menus of the seat's open question that the menu `key` belongs to, in order."""
    base = base_key(key)
    return [d for d in decisions if d.seat == seat and base_key(d.key) == base]


def options_of(shown: Sequence[Decision]) -> list[Option]:
    """Every option of a question, its menus in order (the indices a Confirm's picks count)."""
    return [option for decision in shown for option in decision.options]


def pick_count(shown: Sequence[Decision]) -> tuple[int, int]:
    """The fewest and most picks of the whole question."""
    first = shown[0]
    if first.whole is not None:
        return first.whole
    return first.min_choices, min(first.max_choices, len(options_of(shown)))


def is_split(shown: Sequence[Decision]) -> bool:
    """A several-pick question shown in several menus, answered by one Confirm."""
    return len(shown) > 1 and shown[0].whole is not None


def merged(
    shown: Sequence[Decision], menu_key: str, values: Sequence[str], before: Sequence[int]
) -> tuple[int, ...]:
    """The question's picks after the player set the menu `menu_key` to `values`: that menu's
    picks are replaced, the other menus' picks are kept."""
    start = 0
    menu: Decision | None = None
    for decision in shown:
        if decision.key == menu_key:
            menu = decision
            break
        start += len(decision.options)
    if menu is None:
        return tuple(sorted(set(before)))
    mine = range(start, start + len(menu.options))
    ids_ = [option.id for option in menu.options]
    kept = {i for i in before if i not in mine and i < len(options_of(shown))}
    return tuple(sorted(kept | {start + ids_.index(v) for v in values if v in ids_}))


def picks_on(message: Any, table_id: int, version: int, key: str) -> tuple[int, ...]:
    """The picks a panel message showed for a question (read from its Confirm button); () when it
    shows none, or belongs to another state of the table."""
    for custom_id in _custom_ids(message):
        if not custom_id.startswith("sc:"):
            continue
        try:
            parsed = ids.parse(custom_id)
        except ids.ForgedId:
            continue
        if (
            isinstance(parsed, ids.Choose)
            and (parsed.table_id, parsed.version, parsed.key) == (table_id, version, key)
            and parsed.indices is not None
        ):
            return parsed.indices
    return ()


def count_line(shown: Sequence[Decision], picks: Sequence[int]) -> str:
    """What is picked so far and how many more are needed: "3 of 5 chosen, 2 more to choose: …"."""
    options = options_of(shown)
    low, high = pick_count(shown)
    count = len(picks)
    if low == high:
        said = f"{count} of {high} chosen"
    elif low == 0:
        said = f"{count} chosen (up to {high})"
    else:
        said = f"{count} chosen ({low} to {high} in all)"
    if count < low:
        said += f", {low - count} more to choose"
    elif count > high:
        said += f": {count - high} too many, unpick {count - high}"
    names = plain(", ".join(options[i].label for i in picks if i < len(options))) or "nothing"
    return f"{said} · Selected: {names}"


def count_problem(shown: Sequence[Decision], count: int) -> str:
    """Why `count` picks do not answer the question ("" when they do)."""
    low, high = pick_count(shown)
    takes = f"{low}" if low == high else f"{low} to {high}"
    if count < low:
        return f"This question takes {takes} picks in all; you chose {count}: pick {low - count} more."
    if count > high:
        return f"This question takes {takes} picks in all; you chose {count}: unpick {count - high}."
    return ""


def _custom_ids(message: Any) -> Iterator[str]:
    """Every custom_id of a message's components, nested V2 layouts included."""
    stack = list(getattr(message, "components", None) or [])
    while stack:
        component = stack.pop()
        custom_id = getattr(component, "custom_id", None)
        if isinstance(custom_id, str):
            yield custom_id
        for attr in ("children", "components"):
            stack.extend(getattr(component, attr, None) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.append(accessory)

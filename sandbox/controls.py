"""Clicks made just as a page was getting a newer state.

SimCord refuses a click whose page has been published a newer revision since ("The published
preview revision is stale"). A page is published only when it reads its state (`sandbox.gate`),
but a person can still click in the moment between that publication and the page drawing it: on a
live table that was about one click in a hundred. On Discord such a click counts: the button is
pressed as the person saw it. So a door remembers the controls of the last states it handed each
page, and a click made on the previous state is moved to the page's latest one when the control
pressed is there and says the same (the same kind of control, label and menu options; its colour
may have changed, a live console colours what works now): the person pressed what they would have
pressed a moment later. A control that says something else or went away is left to SimCord, which
refuses the click, and so is a disabled one.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

KEPT = 3  # states remembered per page
AIMED = ("click", "select")  # the page actions aimed at one control
MEANING = ("type", "label", "options", "placeholder", "min_values", "max_values")  # what it says


def _controls(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(value, dict):
        key = value.get("control_key")
        if isinstance(key, str):
            yield key, {name: value.get(name) for name in MEANING}
        for child in value.values():
            yield from _controls(child)
    elif isinstance(value, list):
        for child in value:
            yield from _controls(child)


class Controls:
    """Per page (a preview context id): the controls of the last states it was handed."""

    def __init__(self) -> None:
        self._shown: dict[str, dict[int, dict[str, dict[str, Any]]]] = {}

    def shown(self, context_id: str, state: Mapping[str, Any]) -> None:
        """The page was handed this state (SimCord's snapshot)."""
        revision = state.get("publishedRevision")
        if not isinstance(revision, int):
            return
        states = self._shown.setdefault(context_id, {})
        states[revision] = dict(_controls(state.get("messages")))
        for old in sorted(states)[:-KEPT]:
            del states[old]

    def knows(self, context_id: str, revision: int) -> bool:
        """Whether the controls of this revision of the page are noted."""
        return revision in self._shown.get(context_id, {})

    def keep_only(self, context_ids: Collection[str]) -> None:
        """Forget the pages that are gone (closed, reloaded, expired)."""
        self._shown = {key: value for key, value in self._shown.items() if key in context_ids}

    def catch_up(self, context_id: str, action: dict[str, Any], latest: int) -> bool:
        """Move a click made on an earlier state to the page's latest revision if the control pressed
        is the same there; whether it was moved."""
        made_on = action.get("published_revision")
        key = action.get("control_key")
        if action.get("kind") not in AIMED or not isinstance(made_on, int) or not isinstance(key, str):
            return False
        if made_on == latest:
            return False
        states = self._shown.get(context_id, {})
        before, now = states.get(made_on, {}).get(key), states.get(latest, {}).get(key)
        if before is None or before != now:
            return False
        action["published_revision"] = latest
        return True

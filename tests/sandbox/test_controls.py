"""A click made on the state a page was just replacing is moved to its latest state only when the
control pressed says the same there."""

from __future__ import annotations

from typing import Any

from sandbox.controls import KEPT, Controls

KEY = "message:1:component:7"


def state(revision: int, *buttons: dict[str, Any]) -> dict[str, Any]:
    """A page state (SimCord's snapshot) showing one message with these buttons."""
    return {
        "publishedRevision": revision,
        "messages": {"1": {"components": [{"type": 1, "components": list(buttons)}]}},
    }


def button(label: str, key: str = KEY, **look: Any) -> dict[str, Any]:
    return {"type": 2, "label": label, "custom_id": f"st:1:{label}", "control_key": key, **look}


def pressed(revision: int, key: str = KEY, kind: str = "click") -> dict[str, Any]:
    return {"kind": kind, "published_revision": revision, "control_key": key}


def test_a_button_that_says_the_same_takes_the_click_whatever_its_colour_or_id() -> None:
    controls = Controls()
    controls.shown("page", state(4, button("3 on your pile 1", style=2)))
    controls.shown(
        "page", state(5, {**button("3 on your pile 1", style=3, emoji={"name": "✅"}), "custom_id": "st:9"})
    )
    click = pressed(4)
    assert controls.catch_up("page", click, 5) and click["published_revision"] == 5


def test_a_button_that_changed_or_went_away_leaves_the_click_refused() -> None:
    controls = Controls()
    controls.shown("page", state(4, button("Join")))
    controls.shown("page", state(5, button("Open my hand")))
    for click in (
        pressed(4),
        pressed(4, "message:1:component:8"),
        pressed(3),
        pressed(4, kind="run_command"),
    ):
        assert not controls.catch_up("page", click, 5)
        assert click["published_revision"] == 4 or click["published_revision"] == 3
    assert not controls.catch_up("other page", pressed(4), 5)


def test_only_the_last_states_of_pages_still_open_are_kept() -> None:
    controls = Controls()
    for revision in range(1, KEPT + 3):
        controls.shown("page", state(revision, button("Join")))
    latest = KEPT + 2
    assert not controls.catch_up("page", pressed(1), latest), "forgotten: too old"
    assert controls.catch_up("page", pressed(latest - KEPT + 1), latest)
    controls.keep_only(["another page"])
    assert not controls.catch_up("page", pressed(latest - 1), latest)

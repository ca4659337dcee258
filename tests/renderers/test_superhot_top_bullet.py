"""The Bullets Deck is face up: its top bullet shows on the table image, the hand image and in both
alt texts (issue 19)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from PIL import ImageChops

from engines.superhot.cards import pool
from engines.superhot.view import card_view
from renderers.superhot import RENDERER
from renderers.superhot.geometry import BULLETS_BOX
from renderers.superhot.samples import samples

PUBLIC, SEAT = samples()["solo_midgame"]


def with_top(view: Mapping[str, Any], bullet: str | None) -> dict[str, Any]:
    changed = copy.deepcopy(dict(view))
    changed["bullets_top"] = card_view(bullet) if bullet else None
    return changed


def other_bullet(view: Mapping[str, Any]) -> str:
    shown = view["bullets_top"]
    return next(
        b
        for b, found in pool().bullets.items()
        if (found.name, found.value) != (shown["name"], shown["value"])
    )


def test_the_top_bullet_is_in_the_views_and_alt_texts() -> None:
    top = PUBLIC["bullets_top"]
    assert top is not None and SEAT["bullets_top"] == top
    assert top["name"].lower() in RENDERER.table_alt(PUBLIC).lower()
    assert top["name"].lower() in RENDERER.hand_alt(SEAT).lower()


def test_the_table_image_draws_the_top_bullet_in_the_bullets_deck() -> None:
    swapped = with_top(PUBLIC, other_bullet(PUBLIC))
    diff = ImageChops.difference(
        RENDERER.table(PUBLIC).convert("RGB"), RENDERER.table(swapped).convert("RGB")
    )
    box = diff.getbbox()
    assert box is not None
    left, top, right, bottom = BULLETS_BOX
    assert left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom


def test_the_hand_image_shows_the_top_bullet() -> None:
    swapped = with_top(SEAT, other_bullet(SEAT))
    assert ImageChops.difference(
        RENDERER.hand(SEAT).convert("RGB"), RENDERER.hand(swapped).convert("RGB")
    ).getbbox()
    empty = with_top(SEAT, None)
    assert ", top:" not in RENDERER.hand_alt(empty)

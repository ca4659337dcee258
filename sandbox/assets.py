"""The pictures each page was sent, kept by its door so that the page can always load them.

A page learns from its state which pictures it shows, then loads each one. On a live table the bot
may replace a picture in between, and SimCord's preview then refuses the old one ("Gallery item 1
unavailable"). So a door fetches a page's new pictures as it hands the page its state, while the
simulation is held, and serves them from here: a page always gets the pictures of the state it
shows, at once. The pictures of the page's last two states are kept (it may still be loading the
previous ones); everything older is let go.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Picture:
    """One answer of the preview to a page loading an asset."""

    body: bytes
    headers: Mapping[str, str]


def png_ids(state: Mapping[str, Any]) -> list[str]:
    """The PNG pictures a page state (SimCord's snapshot) shows: the bot's tables and hands, shown
    at once (`sandbox.media`). Other media (a replay's GIF) load as SimCord loads them."""
    assets = state.get("assets")
    if not isinstance(assets, Mapping):
        return []
    return [
        asset_id
        for asset_id, item in assets.items()
        if isinstance(item, Mapping)
        and item.get("available") is not False
        and item.get("contentType") == "image/png"
    ]


class Pictures:
    """Per page (a preview context id): the pictures of its last two states."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[dict[str, Picture], dict[str, Picture]]] = {}

    def get(self, context_id: str, asset_id: str) -> Picture | None:
        """A picture the page was sent, if it is still kept."""
        latest, previous = self._kept.get(context_id, ({}, {}))
        return latest.get(asset_id) or previous.get(asset_id)

    def missing(self, context_id: str, asset_ids: Iterable[str]) -> list[str]:
        """Which of these the page was not sent yet."""
        return [asset_id for asset_id in asset_ids if self.get(context_id, asset_id) is None]

    def sent(self, context_id: str, asset_ids: Iterable[str], fetched: Mapping[str, Picture]) -> None:
        """The page was sent a state showing these assets; `fetched` holds the new ones."""
        latest = {}
        for asset_id in asset_ids:
            picture = fetched.get(asset_id) or self.get(context_id, asset_id)
            if picture is not None:
                latest[asset_id] = picture
        self._kept[context_id] = (latest, self._kept.get(context_id, ({}, {}))[0])

    def keep_only(self, context_ids: Collection[str]) -> None:
        """Let go of the pictures of pages that are gone (closed, reloaded, expired)."""
        self._kept = {key: value for key, value in self._kept.items() if key in context_ids}

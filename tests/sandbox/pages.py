"""A member's page read over HTTP, as the browser reads it: open it, read its state, load a picture."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from types import TracebackType
from typing import Any

import aiohttp

TIMESTAMP = re.compile(r"<t:(\d+):R>")


class PageReader:
    """One browser page of the sandbox, without a browser."""

    def __init__(self, url: str) -> None:
        self.base, _, self.capability = url.partition("#")
        self.context: str | None = None
        self._http = aiohttp.ClientSession()

    async def __aenter__(self) -> PageReader:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self._http.close()

    def _headers(self) -> dict[str, str]:
        headers = {"X-Simcord-Capability": self.capability}
        if self.context is not None:
            headers["X-Simcord-Context"] = self.context
        return headers

    async def index(self) -> str:
        """The page's HTML."""
        async with self._http.get(self.base) as answer:
            assert answer.status == 200
            return await answer.text()

    async def open(self) -> dict[str, Any]:
        """Open the page (a new browser tab): its first state."""
        async with self._http.post(self.base + "api/pages", json={}, headers=self._headers()) as opened:
            assert opened.status == 200
            state: dict[str, Any] = await opened.json()
        self.context = state["context"]["id"]
        return state

    async def state(self) -> dict[str, Any]:
        """What the page reads every half second."""
        async with self._http.get(self.base + "api/state", headers=self._headers()) as answer:
            assert answer.status == 200
            state: dict[str, Any] = await answer.json()
            return state

    async def picture(self, asset_id: str) -> tuple[int, bytes]:
        """Load one picture the page shows: (HTTP status, body)."""
        async with self._http.get(self.base + f"api/assets/{asset_id}", headers=self._headers()) as answer:
            return answer.status, await answer.read()


def texts(state: dict[str, Any]) -> str:
    """Everything a page state says, as one string (to look for words and timestamps)."""
    return json.dumps(state["messages"], ensure_ascii=False)


def relative_timestamps(state: dict[str, Any]) -> list[int]:
    """The instants of every relative timestamp (`<t:…:R>`) the page shows."""
    return [int(found) for found in TIMESTAMP.findall(texts(state))]


def pictures(state: dict[str, Any]) -> Iterator[str]:
    """The asset ids of the pictures a page state shows."""
    for asset_id, item in state["assets"].items():
        if item.get("available") is not False and str(item.get("contentType", "")).startswith("image/"):
            yield asset_id

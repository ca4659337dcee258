"""One lock over everything that drives the simulation, and what each browser page was last shown.

SimCord's preview shows a page a *publication* of the simulated server (a revision), and refuses a
click made on an older revision than the page's latest ("The published preview revision is
stale"). A live table changes every second, so publishing every page whenever the bot changed
something would make clicks race those publications. Instead a page is published only when it asks
for its state (every half second, and right after its own actions), and only if the simulation
changed since: the revision a page shows is then its latest, and a click on it is accepted however
busy the bot is (a click in the moment between a publication and the page drawing it is the doors'
business: `sandbox.controls`). Pages nobody has open are never published at all.

Everything that drives the simulation holds `lock`: page actions, the clock's pulses, publications
and test drivers, so none of them overlaps another (SimCord allows one operation at a time).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import simcord
from simcord.preview import Preview

from sandbox.clock import catch_up


class Gate:
    """Serialises the simulation's drivers and publishes each page when it reads its state."""

    def __init__(self, env: simcord.Env, preview: Preview) -> None:
        self.env = env
        self.preview = preview
        self.lock = asyncio.Lock()
        self._published: dict[str, tuple[int, int]] = {}  # page -> (its revision, changes) when published

    def _changes(self) -> int:
        """How many things crossed SimCord's seams so far (bot requests and gateway events)."""
        return len(self.env.backend.transcript)

    def show(self, context_id: str | None) -> None:
        """Publish the latest state to the page about to read it, if it changed since the page's
        last publication (the caller holds `lock`). Raises `simcord.SetupError` for a page the
        preview does not know (closed, expired): the preview itself then answers the page."""
        page = self.preview._get_page(context_id)
        if self._published.get(page.id) == (page.revision, self._changes()):
            return
        self.preview._advance_presentation_time()
        self.preview._publish(page, reason="refresh")
        self._published = {key: value for key, value in self._published.items() if key in self.preview._pages}
        self._published[page.id] = (page.revision, self._changes())

    @asynccontextmanager
    async def action(self, context_id: str | None) -> AsyncIterator[None]:
        """One page action, alone on the simulation, happening now: SimCord's clock is moved to the
        real time first, and the page's timestamps are measured from it.

        An action that is carried out publishes its page at its end, with everything it caused.
        """
        async with self.lock:
            await catch_up(self.env)
            page = self.preview._pages.get(context_id or "")
            before = None if page is None else page.revision
            self.preview._advance_presentation_time()
            yield
            if page is not None and page.revision != before:
                self._published[page.id] = (page.revision, self._changes())

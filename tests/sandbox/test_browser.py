"""SuperTable in a real browser: headless Chromium plays the sandbox from two members' pages.

Debian's `chromium` (never a browser downloaded by Playwright) opens You's and Ana's pages, You
runs `/play game:superhot mode:coop` in the composer, Ana joins from her tab, You starts, and the
player whose turn it is opens their hand and answers with a button. A screenshot is saved in the
test's tmp folder and its path printed.
"""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from tests.sandbox.conftest import needs_preview


def find_chromium() -> str | None:
    """Debian's chromium, if installed."""
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


CHROMIUM = find_chromium()
TIMEOUT_MS = 15_000
IMAGES_SHOWN = """() => {
  const images = [...document.querySelectorAll("#channel-timeline img")];
  return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
}"""
pytestmark = [
    needs_preview,
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None,
        reason="the playwright package is not installed: pip install -e '.[test]'",
    ),
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="Debian's chromium is not installed (apt-get install chromium); .ci/run installs it",
    ),
]


async def open_tab(browser: Any, url: str) -> Any:
    """A member's page, loaded and showing #games."""
    page = await browser.new_page(viewport={"width": 1280, "height": 1200})
    page.set_default_timeout(TIMEOUT_MS)
    await page.goto(url)
    await page.get_by_placeholder("Message #games").wait_for()
    return page


async def viewing_as(page: Any) -> str:
    """The member the page acts as (the preview's Viewing as menu)."""
    name: str = await page.locator("#viewer-picker").evaluate("e => e.options[e.selectedIndex].text")
    return name


async def run_play(page: Any, game: str, mode: str) -> None:
    """Type `/play game:<game> mode:<mode>` in the composer and send it, as a person would."""
    composer = page.get_by_placeholder("Message #games")
    await composer.click()
    await composer.press_sequentially("/play")
    await page.locator(".command-entry", has_text="/play").first.wait_for()
    await page.keyboard.press("Enter")
    await page.keyboard.type(game)
    await page.locator("#command-suggestion-listbox [role=option]").first.wait_for()
    await page.keyboard.press("Enter")
    await page.locator(".command-ghost").click()
    await page.locator(".command-popup [role=option]", has_text="mode").first.click()
    await page.keyboard.type(mode)
    await page.locator("#command-suggestion-listbox [role=option]").first.wait_for()
    await page.keyboard.press("Enter")
    await page.locator("#send-message").click()


async def wait_until(check: Any, what: str) -> Any:
    """Poll an async check until it returns something truthy."""
    try:
        async with asyncio.timeout(TIMEOUT_MS / 1000):
            while True:
                value = await check()
                if value:
                    return value
                await asyncio.sleep(0.1)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


async def test_two_members_play_superhot_coop_in_chromium(
    box: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from playwright.async_api import async_playwright

    started = time.monotonic()
    service = box.bot.service
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--disable-dev-shm-usage"])
        try:
            you = await open_tab(browser, box.urls["You"])
            ana = await open_tab(browser, box.urls["Ana"])
            assert await viewing_as(you) == "You" and await viewing_as(ana) == "Ana"

            await run_play(you, "superhot", "coop")
            await ana.get_by_text("SUPERHOT The Card Game · Co-op").first.wait_for()
            table_id = await wait_until(lambda: service.storage.live_in(box.games.id), "the lobby")
            await ana.get_by_role("button", name="Join").click()
            await you.get_by_text("@Ana").first.wait_for()  # You's tab shows Ana took a seat
            await you.get_by_role("button", name="Start").click()

            live = await wait_until(lambda: _started(service, table_id), "the game to start")
            version = live.state.version  # the live table is updated in place: keep the number
            decision = next(d for d in live.decisions() if d.seat in (0, 1))
            player = you if decision.seat == 0 else ana
            other = ana if player is you else you
            await player.get_by_role("button", name="Open my hand").last.click()
            await player.get_by_text("Your hand · SUPERHOT The Card Game").last.wait_for()
            option = next(o for o in decision.options if o.label)
            await player.get_by_role("button", name=option.label, exact=True).last.click()

            actions = await wait_until(lambda: service.storage.actions(table_id), "the move to be saved")
            assert actions[0].seat == decision.seat and actions[0].key == decision.key
            after = await service.get(table_id)
            assert after.state.version > version, "the button press moved the game on"
            following = [d for d in after.decisions() if d.seat in (0, 1)]
            if following:  # the other tab shows the new turn without anyone reloading it
                await other.get_by_text(following[0].prompt).first.wait_for()

            await player.wait_for_function(IMAGES_SHOWN)  # the table and hand pictures, not alt text
            shot = tmp_path / "sandbox-superhot-coop.png"
            await player.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
            with capsys.disabled():
                print(f"\nsandbox screenshot: {shot} ({time.monotonic() - started:.1f} s)")
        finally:
            await browser.close()


async def _started(service: Any, table_id: int) -> Any:
    live = await service.get(table_id)
    return live if live.record.status == "active" else None

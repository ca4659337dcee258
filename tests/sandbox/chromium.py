"""A person at the sandbox, in Debian's headless Chromium: open a member's page, type /play, press
the buttons and menus the game offers, and check every action is answered and every picture drawn."""

from __future__ import annotations

import asyncio
import re
import shutil
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from engines.core import Decision

T = TypeVar("T")
TIMEOUT_MS = 30_000
MENU_ATTEMPTS = 5
MENU_TIMEOUT_MS = 3_000
CARRIED_OUT = ("Callback completed", "Action completed")  # a click; a slash command
PANEL = re.compile(r"Your (hand|console) ·")
# Counts the animation frames in which a picture of #games was drawn as its alt text.
ALT_TEXT_PROBE = """
window.altTextFrames = [];
const sample = () => {
  for (const image of document.querySelectorAll("#channel-timeline img")) {
    if (image.hidden || (image.complete && image.naturalWidth > 0)) continue;
    if (getComputedStyle(image).color !== "rgba(0, 0, 0, 0)") window.altTextFrames.push(image.alt);
  }
  requestAnimationFrame(sample);
};
requestAnimationFrame(sample);
"""
PICTURES_DRAWN = """() => {
  const images = [...document.querySelectorAll("#channel-timeline img")].filter((image) => !image.hidden);
  return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
}"""
ACTION_DONE = """() => {
  const status = document.querySelector("#action-status").textContent;
  return !status.includes("Completing") && !status.includes("Updating");
}"""


def find_chromium() -> str | None:
    """Debian's chromium, if installed."""
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


async def open_tab(browser: Any, url: str) -> Any:
    """A member's page, loaded and showing #games, counting alt-text frames from the start."""
    page = await browser.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(TIMEOUT_MS)
    await page.add_init_script(ALT_TEXT_PROBE)
    await page.goto(url)
    await page.get_by_placeholder("Message #games").wait_for()
    return page


async def viewing_as(page: Any) -> str:
    """The member the page acts as (the preview's Viewing as menu)."""
    name: str = await page.locator("#viewer-picker").evaluate("e => e.options[e.selectedIndex].text")
    return name


async def run_play(page: Any, game: str, mode: str | None = None) -> None:
    """Type `/play game:<game> [mode:<mode>]` in the composer and send it, as a person would."""
    composer = page.get_by_placeholder("Message #games")
    await composer.click()
    await composer.press_sequentially("/play")
    await page.locator(".command-entry", has_text="/play").first.wait_for()
    await page.keyboard.press("Enter")
    await page.keyboard.type(game)
    await page.locator("#command-suggestion-listbox [role=option]").first.wait_for()
    await page.keyboard.press("Enter")
    if mode is not None:
        await page.locator(".command-ghost").click()
        await page.locator(".command-popup [role=option]", has_text="mode").first.click()
        await page.keyboard.type(mode)
        await page.locator("#command-suggestion-listbox [role=option]").first.wait_for()
        await page.keyboard.press("Enter")
    await page.locator("#send-message").click()


async def answered(page: Any) -> None:
    """Wait for the page's action to end; it must have been carried out, not refused or timed out."""
    await page.wait_for_function(ACTION_DONE)
    status = (await page.locator("#action-status").text_content() or "").strip()
    assert status in CARRIED_OUT, f"the action was not answered: {status!r}"


async def press(page: Any, label: str) -> None:
    """Press the newest button saying this (its emoji aside), and wait for the bot's answer."""
    await page.get_by_role("button", name=label).last.click()
    await answered(page)


def panel(page: Any) -> Any:
    """The player's own panel: the newest hand panel or live console on the page."""
    return page.locator("[data-message-id]").filter(has_text=PANEL).last


async def choose(page: Any, decision: Decision, option_ids: Sequence[str]) -> bool:
    """Answer a decision on the player's panel with these options, as a person would: its button,
    or its menu (then Confirm for several), or Skip for none. False if the panel does not offer it."""
    mine = panel(page)
    labels = [option.label for option in decision.options if option.id in option_ids]
    if not labels:
        button = mine.get_by_role("button", name="Skip", exact=True)
    else:
        button = mine.get_by_role("button", name=labels[0], exact=True)
    if len(labels) <= 1 and await button.count():
        if not await button.last.is_enabled():
            return False
        await button.last.click()
        await answered(page)
        return True
    menu = mine.get_by_role("combobox")
    if not labels or not await menu.count():
        return False
    await pick(page, menu.last, labels)
    await answered(page)
    if decision.max_choices > 1:
        await panel(page).get_by_role("button", name=re.compile(r"^Confirm \(")).last.click()
        await answered(page)
    return True


async def pick(page: Any, menu: Any, labels: Sequence[str]) -> None:
    """Open a select menu and pick these options (then Apply, for several). The page may redraw the
    menu closed when the table changes meanwhile: then it is opened again."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    for _ in range(MENU_ATTEMPTS):
        await menu.click()
        listbox = page.locator(f'[id="{await menu.get_attribute("aria-controls")}"]')
        try:
            for label in labels:
                option = listbox.locator(".select-option").filter(has=page.get_by_text(label, exact=True))
                await option.click(timeout=MENU_TIMEOUT_MS)
        except PlaywrightTimeout:
            continue
        apply = page.locator(".select-apply")
        if await apply.count() and await apply.last.is_visible():
            await apply.last.click()
        return
    raise AssertionError(f"could not pick {labels} in the menu")


async def wait_until(check: Callable[[], Awaitable[T]], what: str, seconds: float = TIMEOUT_MS / 1000) -> T:
    """Poll an async check until it returns something truthy."""
    try:
        async with asyncio.timeout(seconds):
            while True:
                value = await check()
                if value:
                    return value
                await asyncio.sleep(0.1)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


async def pictures_drawn(page: Any) -> None:
    """The table and hand pictures on the page are real images, and none was ever its alt text."""
    await page.wait_for_function(PICTURES_DRAWN)
    assert await page.evaluate("window.altTextFrames") == [], "a picture was drawn as its alt text"


async def screenshot(page: Any, path: Path) -> Path:
    """Save what the page shows (a person can look at it)."""
    picture: bytes = await page.screenshot(path=str(path))
    assert len(picture) > 10_000
    return path

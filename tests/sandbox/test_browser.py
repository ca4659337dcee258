"""SuperTable in a real browser: headless Chromium plays the sandbox as people would.

Debian's `chromium` (never a browser downloaded by Playwright) plays the three games from members'
pages: SUPERHOT co-op from two tabs, a Super Nova Smash! race against an AI from a live console,
and Smash Masters against an AI for a few turns. Every click must be answered, every picture drawn
as a picture (never its alt text), and other tabs must follow. A screenshot of each game is saved
in the test's tmp folder and its path printed.
"""

from __future__ import annotations

import importlib.util
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot import Settings
from cogs import ui
from tests.sandbox.chromium import (
    answered,
    choose,
    find_chromium,
    open_tab,
    pictures_drawn,
    press,
    run_play,
    screenshot,
    viewing_as,
    wait_until,
)
from tests.sandbox.conftest import needs_preview

CHROMIUM = find_chromium()
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
PLAYS = 3  # cards the person plays in the Super Nova race
TURNS = 3  # Smash Masters turns started before the test ends


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Any]:
    """Headless Debian chromium, driven by Playwright."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--disable-dev-shm-usage", "--disable-gpu"]
        )
        try:
            yield launched
        finally:
            await launched.close()


async def live_table(box: Any) -> Any:
    """The table open in #games, once there is one."""
    table_id = await wait_until(lambda: box.bot.service.storage.live_in(box.games.id), "the table")
    return await box.bot.service.get(table_id)


def shown(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\nsandbox screenshot: {path}")


async def test_two_members_play_superhot_coop_in_chromium(
    make_sandbox: Any,
    box_settings: Settings,
    browser: Any,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    box = make_sandbox(replace(box_settings, default_turn_timer=45.0))  # a timer counted in seconds
    await box.start()
    service = box.bot.service
    you = await open_tab(browser, box.urls["You"])
    ana = await open_tab(browser, box.urls["Ana"])
    assert await viewing_as(you) == "You" and await viewing_as(ana) == "Ana"

    await run_play(you, "superhot", "coop")
    await answered(you)
    await ana.get_by_text("SUPERHOT The Card Game · Co-op").first.wait_for()
    live = await live_table(box)
    await press(ana, "Join")
    await you.get_by_text("@Ana").first.wait_for()  # You's tab shows Ana took a seat
    await press(you, "Start")

    live = await service.get(live.id)
    version = live.state.version  # the live table is updated in place: keep the number
    decision = next(d for d in live.decisions() if d.seat in (0, 1))
    player, other = (you, ana) if decision.seat == 0 else (ana, you)
    await press(player, "Open my hand")
    await player.get_by_text("Your hand · SUPERHOT The Card Game").last.wait_for()
    assert await choose(player, decision, [next(o.id for o in decision.options if o.label)])

    actions = await service.storage.actions(live.id)
    assert actions[0].seat == decision.seat and actions[0].key == decision.key
    after = await service.get(live.id)
    assert after.state.version > version, "the button press moved the game on"
    following = [d for d in after.decisions() if d.seat in (0, 1)]
    assert following, "co-op goes on with the next decision"
    await other.get_by_text(following[0].prompt).first.wait_for()  # no reload needed

    timer = other.locator("time[data-sandbox-relative]").last  # "time runs out in 45 seconds"
    said = await timer.text_content()
    await other.wait_for_function(
        "([time, said]) => time.isConnected && time.textContent !== said",
        arg=[await timer.element_handle(), said],
    )  # the same line counts down by itself, as Discord's does

    for page in (player, other):
        await pictures_drawn(page)
    shown(await screenshot(player, tmp_path / "sandbox-superhot-coop.png"), capsys)


async def test_one_person_races_an_ai_at_super_nova_smash_in_chromium(
    box: Any, browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    service = box.bot.service
    you = await open_tab(browser, box.urls["You"])
    await run_play(you, "supernova", "race")
    await answered(you)
    await press(you, "Add AI")
    await press(you, "Start")
    await you.get_by_role("button", name="Open console").last.wait_for()
    live = await live_table(box)
    assert live.state.phase == "launch", "the table is on the page before the launch countdown ends"

    await press(you, ui.hand_label(live))
    await you.get_by_text("Your console · Super Nova Smash!").last.wait_for()
    brain, table_id = live.engine.ai_policy(7), live.id

    async def played_enough() -> bool:
        """Play the best card the console offers, if any; whether the person played enough."""
        live = await service.get(table_id)
        assert live.record.status == "active" and live.state.phase not in ("scoring", "over"), (
            f"the round ended before the person played {PLAYS} cards"
        )
        for decision in live.decisions_for(0):
            choice = brain.choose(live.engine, live.state, decision)
            if choice and await choose(you, decision, choice):
                break
        actions = await service.storage.actions(table_id)
        return sum(1 for a in actions if a.seat == 0 and a.actor == "human") >= PLAYS

    await wait_until(played_enough, f"{PLAYS} cards played from the console", 90)

    async def ai_played() -> bool:
        return any(a.actor == "ai" for a in await service.storage.actions(table_id))

    await wait_until(ai_played, "the AI racing too")
    await pictures_drawn(you)
    shown(await screenshot(you, tmp_path / "sandbox-supernova-race.png"), capsys)


async def test_one_person_plays_smash_masters_against_an_ai_in_chromium(
    box: Any, browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    service = box.bot.service
    you = await open_tab(browser, box.urls["You"])
    await run_play(you, "smashmasters")
    await answered(you)
    await press(you, "Add AI")
    await press(you, "Start")
    live = await live_table(box)
    await press(you, ui.hand_label(live))
    brain, table_id = live.engine.ai_policy(7), live.id

    async def take_a_turn() -> bool:
        """Answer the person's open decision, if any; whether enough turns were played."""
        live = await service.get(table_id)
        assert live.record.status == "active", f"the game ended before turn {TURNS}"
        if live.state.turns >= TURNS:
            return True
        for decision in live.decisions_for(0):
            choice = brain.choose(live.engine, live.state, decision)
            if await choose(you, decision, choice):
                break
        return False

    await wait_until(take_a_turn, f"turn {TURNS}", 90)
    actions = await service.storage.actions(table_id)
    assert sum(1 for a in actions if a.seat == 0 and a.actor == "human") >= 3, "the person played"
    await pictures_drawn(you)
    shown(await screenshot(you, tmp_path / "sandbox-smashmasters.png"), capsys)


async def test_typed_whole_the_readmes_example_opens_a_table_in_chromium(box: Any, browser: Any) -> None:
    you = await open_tab(browser, box.urls["You"])
    composer = you.get_by_placeholder("Message #games")
    await composer.fill("/play game:superhot mode:solo")
    await composer.press("Enter")
    await you.get_by_role("button", name="Start").last.wait_for()
    live = await live_table(box)
    assert (live.record.game, live.record.mode) == ("superhot", "solo")


async def test_the_game_and_mode_lists_show_every_choice_before_anything_is_typed_in_chromium(
    box: Any, browser: Any
) -> None:
    you = await open_tab(browser, box.urls["You"])
    composer = you.get_by_placeholder("Message #games")
    await composer.click()
    await composer.press_sequentially("/play")
    await you.locator(".command-entry", has_text="/play").first.wait_for()
    await you.keyboard.press("Enter")  # /play picked: its game field is open, empty
    listed = you.locator("#command-suggestion-listbox [role=option]")
    games = box.bot.service.registry
    await listed.nth(len(games) - 1).wait_for()
    titles = await listed.all_text_contents()
    assert all(any(engine.meta.title in t for t in titles) for engine in games.values()), titles
    await listed.filter(has_text="SUPERHOT").first.click()
    await you.locator(".command-ghost").click()
    await you.locator(".command-popup [role=option]", has_text="mode").first.click()
    modes = games["superhot"].meta.modes
    await listed.nth(len(modes) - 1).wait_for()
    labels = await listed.all_text_contents()
    assert all(any(mode.label in t for t in labels) for mode in modes), labels

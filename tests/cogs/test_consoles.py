"""Live consoles: each player's latest panel of a real-time game is edited through its token on
every change, warns before the token runs out, and is let go when it is gone."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest_asyncio
from discord import ui

from bot.render_pool import RenderPool
from bot.service import TableService
from bot.storage import open_storage
from cogs import ui as panels
from cogs.consoles import EXPIRING, PING_EVERY, TOKEN_LIFETIME, WARN_AFTER, Consoles
from engines.supernova.engine import Supernova
from engines.supernova.state import Laid
from tests.bot.service_kit import FakeClock
from tests.support.highcard import HighCard
from tests.support.wire import check_v2

PLAYER = 100


class FakeInteraction:
    """The interaction behind a panel: records the edits made through its token."""

    def __init__(self, gone: bool = False) -> None:
        self.user = SimpleNamespace(id=PLAYER)
        self.edits: list[ui.LayoutView] = []
        self.tries = 0
        self.gone = gone

    async def edit_original_response(self, *, view: ui.LayoutView, attachments: list[Any]) -> None:
        self.tries += 1
        if self.gone:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Webhook")
        assert attachments, "the console always carries the hand image"
        self.edits.append(view)


def texts(view: ui.LayoutView) -> str:
    return "\n".join(item.content for item in view.walk_children() if isinstance(item, ui.TextDisplay))


async def settled(*interactions: FakeInteraction) -> None:
    """Let the coalesced refreshes (and their renders) finish."""
    for _ in range(200):
        await asyncio.sleep(0.01)
        if all(i.tries for i in interactions):
            break
    await asyncio.sleep(0.05)


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    storage = open_storage(f"sqlite:///{tmp_path / 'db'}")
    await storage.open()
    registry = {"supernova": Supernova(), "highcard": HighCard()}
    service = TableService(storage, registry, clock=FakeClock())
    yield service
    service.close()
    await storage.close()


async def started(service: TableService, game: str, mode: str) -> Any:
    live = await service.create_lobby(
        guild_id=1, channel_id=10, thread_id=None, host_id=PLAYER, host_name="Ann", game=game, mode=mode
    )
    await service.add_ai(live.id, PLAYER)
    await service.start(live.id, PLAYER)
    return await service.get(live.id)


async def test_the_latest_console_of_a_player_is_refreshed_on_every_change(service: TableService) -> None:
    consoles = Consoles(service, RenderPool(0), interval=0)
    live = await started(service, "supernova", "race")
    old, fresh = FakeInteraction(), FakeInteraction()
    consoles.remember(live, old)
    consoles.remember(live, fresh)  # Open console again: the new panel takes over
    consoles.changed(live)
    await settled(fresh)
    assert len(fresh.edits) == 1 and old.tries == 0
    assert "Your console" in texts(fresh.edits[0]) and EXPIRING not in texts(fresh.edits[0])


async def test_a_console_warns_before_its_token_expires_then_stops(service: TableService) -> None:
    consoles = Consoles(service, RenderPool(0), interval=0)
    live = await started(service, "supernova", "race")
    console = FakeInteraction()
    consoles.remember(live, console)
    service.clock.now += WARN_AFTER + 30  # type: ignore[attr-defined]
    consoles.changed(live)
    await settled(console)
    assert EXPIRING in texts(console.edits[-1]), "the player is told to open a fresh console"
    service.clock.now += TOKEN_LIFETIME - WARN_AFTER  # type: ignore[attr-defined]
    consoles.changed(live)
    await settled()
    assert console.tries == 1, "a token about to expire is not used again"


async def test_a_console_that_is_gone_is_let_go(service: TableService) -> None:
    consoles = Consoles(service, RenderPool(0), interval=0)
    live = await started(service, "supernova", "race")
    console = FakeInteraction(gone=True)
    consoles.remember(live, console)
    consoles.changed(live)
    await settled(console)
    consoles.changed(live)
    await settled()
    assert console.tries == 1


async def test_turn_based_games_have_no_live_consoles(service: TableService) -> None:
    consoles = Consoles(service, RenderPool(0), interval=0)
    live = await started(service, "highcard", "classic")
    console = FakeInteraction()
    consoles.remember(live, console)
    consoles.changed(live)
    await settled()
    assert console.tries == 0


async def test_a_finished_game_gets_a_last_refresh_then_its_consoles_are_let_go(
    service: TableService,
) -> None:
    consoles = Consoles(service, RenderPool(0), interval=0)
    live = await started(service, "supernova", "race")
    console = FakeInteraction()
    consoles.remember(live, console)
    live = await service.forfeit(live.id, PLAYER)
    assert live.record.status == "finished"
    consoles.changed(live)
    await settled(console)
    assert "This game is over." in texts(console.edits[-1]), "the console says the game ended"
    consoles.changed(live)
    await settled()
    assert console.tries == 1, "and is not edited again"


async def test_only_players_without_a_live_console_are_pinged_at_most_once_a_minute(
    service: TableService,
) -> None:
    consoles = Consoles(service, RenderPool(0), interval=0)
    live = await started(service, "supernova", "race")
    clock = service.clock
    assert isinstance(clock, FakeClock)
    assert consoles.wants_ping(live, PLAYER), "no console yet: the player needs a ping"
    assert not consoles.wants_ping(live, PLAYER), "but not twice in a row"
    clock.now += PING_EVERY
    assert consoles.wants_ping(live, PLAYER)
    consoles.remember(live, FakeInteraction())
    clock.now += PING_EVERY
    assert not consoles.wants_ping(live, PLAYER), "a live console shows everything already"
    clock.now += TOKEN_LIFETIME
    assert consoles.wants_ping(live, PLAYER), "an expired console no longer does"


async def test_a_live_console_plays_in_one_click_within_discords_limits(service: TableService) -> None:
    live = await started(service, "supernova", "race")
    await service.on_deadline(live.id)  # the launch countdown starts
    service.clock.now += 6  # type: ignore[attr-defined]
    await service.on_deadline(live.id)  # and ends: GO!
    live = await service.get(live.id)
    view = panels.panel_view(live, 0, "hand.png", "hand")
    ids_ = [getattr(item, "custom_id", None) or "" for item in view.walk_children()]
    plays = next(d for d in live.decisions_for(0) if d.key == "play").options
    assert sum(i.startswith("st:") for i in ids_) == len(plays), "every play is one button"
    assert not any(i.startswith("sc:") for i in ids_), "no Skip or Confirm: doing nothing is allowed"
    assert len(list(view.walk_children())) <= 40


async def playing(service: TableService) -> Any:
    """A duel past its launch, both on GO!: Ann's piles show 3 and 5 (over a 0), the AI's 1 and 0;
    Ann holds 0, 2, 3, 4, 4 and nothing to draw."""
    live = await started(service, "supernova", "race")
    await service.on_deadline(live.id)  # the launch countdown starts
    service.clock.now += 6  # type: ignore[attr-defined]
    await service.on_deadline(live.id)  # and ends: GO!
    live = await service.get(live.id)
    state = live.state
    state.piles[0].cards = [Laid(3)]
    state.piles[1].cards = [Laid(0), Laid(5)]
    state.piles[2].cards, state.piles[3].cards = [Laid(1)], [Laid(0)]
    state.players[0].hand, state.players[0].draw = [0, 2, 3, 4, 4], []
    state.players[0].go = state.players[1].go = True
    return live


def buttons(view: ui.LayoutView) -> dict[str, ui.Button[ui.LayoutView]]:
    return {item.label or "": item for item in view.walk_children() if isinstance(item, ui.Button)}


async def test_a_live_console_is_made_for_speed(service: TableService) -> None:
    """Issue 17: the time left on the GO! window, the player's last result, the damage on each of
    their piles, and the plays that land now marked green with a fully-qualified emoji (red for a
    zero on one's own pile, grey for what would not land), within Discord's limits."""
    live = await playing(service)
    await service.act(live.id, PLAYER, live.state.version, "play", ["p4.0"])
    now = service.clock.now + 1.5  # type: ignore[attr-defined]
    view = panels.panel_view(live, 0, "hand.png", "hand", now=now)
    text = texts(view)
    until = live.state.until or 0.0
    assert f"⏱️ time runs out <t:{round(until)}:R>" in text, "the GO! window's countdown"
    assert " s left" not in text, "one clock only: Discord's counts on by itself"
    assert "✅ Your last card: 4 on Ann's pile 1: fit" in text
    assert "💥 Your pile 1: top 4, damage 0 · pile 2: top 5, damage 1" in text
    shown, rival = buttons(view), live.record.seats[1].name
    fits = shown["3 on Ann's pile 1"]  # a 3 on her 4
    assert fits.style is discord.ButtonStyle.success and str(fits.emoji) == "✅"
    assert shown[f"2 on {rival}'s pile 1"].style is discord.ButtonStyle.success  # a 2 on the AI's 1
    assert shown["0 on Ann's pile 2"].style is discord.ButtonStyle.danger, "it fits, but is damage"
    idle = shown["2 on Ann's pile 1"]
    assert idle.style is discord.ButtonStyle.secondary and idle.emoji is None
    assert check_v2(view.to_components()) == [], "Discord accepts it"

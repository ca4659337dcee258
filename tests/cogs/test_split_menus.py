"""A several-pick question longer than a Discord menu, answered on the hand panel across its menus
(issue 33). SUPERHOT has no hand limit, so an enemy's slash can ask a player with 30 cards in hand
to discard 3 of them: two menus, one count, one Confirm."""

from __future__ import annotations

from typing import Any

import simcord

from bot.turn_timers import refresh_clocks
from engines.superhot.piles import pool
from tests.cogs.test_superhot_game import open_superhot
from tests.cogs.world import (
    World,
    components,
    make_world,
    open_hand,
    panel_after,
    selects_of,
    table_id_of,
    texts,
)

HAND = [card for card in pool().obstacles if not card.startswith("bat")][:30]


async def slashed(world: World) -> tuple[Any, int]:
    """A solo SUPERHOT table where an enemy slashes Alice (30 cards in hand): discard 3."""
    world.bot.service.new_seed = lambda: 67
    thread = await open_superhot(world, world.alice, "solo")
    await world.alice.click(world.table_message(thread), label="Start")
    table_id = table_id_of(world.table_message(thread))
    live = await world.bot.service.get(table_id)
    live.state.players[0].hand = list(HAND)
    live.state.phase, live.state.slash_left = "slash", 3
    refresh_clocks(live, world.bot.service.clock(), set(), set())
    return thread, table_id


def confirm_of(panel: Any) -> Any:
    (found,) = [c for c in components(panel) if str(getattr(c, "custom_id", "")).startswith("sc:")]
    return found


def picked_in(menu: Any) -> list[str]:
    return [option.value for option in menu.options if option.default]


async def test_a_player_picks_in_two_menus_and_confirms_once(simcord_env: simcord.Env) -> None:
    world = make_world(simcord_env)
    thread, table_id = await slashed(world)
    panel = await open_hand(world.alice, world.table_message(thread))
    first, second = selects_of(panel)
    assert [o.value for o in first.options] == HAND[:25] and [o.value for o in second.options] == HAND[25:]
    assert "choose 3 in all, over 2 menus" in texts(panel)
    assert "0 of 3 chosen, 3 more to choose" in texts(panel) and confirm_of(panel).disabled

    panel = panel_after(await world.alice.select(panel, [HAND[0], HAND[5]], custom_id=first.custom_id))
    assert "2 of 3 chosen, 1 more to choose" in texts(panel) and confirm_of(panel).disabled
    panel = panel_after(await world.alice.select(panel, [HAND[27]], custom_id=selects_of(panel)[1].custom_id))
    first, second = selects_of(panel)
    assert picked_in(first) == [HAND[0], HAND[5]] and picked_in(second) == [HAND[27]], "picks kept"
    assert "3 of 3 chosen" in texts(panel) and not confirm_of(panel).disabled

    # changing the first menu again keeps the pick made in the second
    panel = panel_after(await world.alice.select(panel, [HAND[1], HAND[5]], custom_id=first.custom_id))
    assert picked_in(selects_of(panel)[1]) == [HAND[27]] and "3 of 3 chosen" in texts(panel)

    panel = panel_after(await world.alice.click(panel, custom_id=confirm_of(panel).custom_id))
    live = await world.bot.service.get(table_id)
    hand, discard = live.state.players[0].hand, live.state.discard
    assert {HAND[1], HAND[5], HAND[27]} <= set(discard), "all three picks were discarded"
    assert not {HAND[1], HAND[5], HAND[27]} & set(hand) and HAND[0] in hand
    assert "An enemy slashes" not in texts(panel)


async def test_too_many_picks_cannot_be_confirmed_and_an_old_panel_is_refused(
    simcord_env: simcord.Env,
) -> None:
    world = make_world(simcord_env)
    thread, table_id = await slashed(world)
    old = await open_hand(world.alice, world.table_message(thread))  # a panel left open
    panel = await open_hand(world.alice, world.table_message(thread))
    first, second = selects_of(panel)
    panel = panel_after(await world.alice.select(panel, HAND[:3], custom_id=first.custom_id))
    panel = panel_after(await world.alice.select(panel, [HAND[26]], custom_id=second.custom_id))
    assert "4 of 3 chosen: 1 too many, unpick 1" in texts(panel) and confirm_of(panel).disabled

    panel = panel_after(await world.alice.select(panel, [], custom_id=second.custom_id))
    panel = panel_after(await world.alice.click(panel, custom_id=confirm_of(panel).custom_id))
    live = await world.bot.service.get(table_id)
    assert set(HAND[:3]) <= set(live.state.discard)

    late = await world.alice.select(old, [HAND[25]], custom_id=second.custom_id)
    assert "The table has moved on since that panel was drawn" in texts(panel_after(late))
    live = await world.bot.service.get(table_id)
    assert HAND[25] in live.state.players[0].hand, "a pick on an old panel changes nothing"

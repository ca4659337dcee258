"""A small world for end-to-end tests: a server, a #games channel and players."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord
import simcord

from bot import SuperTableBot
from engines.core import Policy


@dataclass
class World:
    env: simcord.Env
    guild: simcord.GuildHandle
    games: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor

    @property
    def bot(self) -> SuperTableBot:
        bot = self.env.bot
        assert isinstance(bot, SuperTableBot)
        return bot

    def thread(self) -> simcord.ChannelHandle:
        """The newest table thread."""
        return self.games.threads[-1]

    def table_message(self, place: simcord.ChannelHandle) -> discord.Message:
        """The live table (or lobby) message in a place."""
        for message in reversed(place.history()):
            if message.components and any("sm:" in cid or "sl:" in cid for cid in custom_ids(message)):
                return message
        raise AssertionError("no table message found")

    def table_message_or_closed(self, place: simcord.ChannelHandle) -> discord.Message:
        """The first bot message with a V2 layout in a place (the lobby/table message)."""
        return next(m for m in place.history() if m.components)

    async def open_table(self, host: simcord.MemberActor, **options: Any) -> simcord.ChannelHandle:
        result = await host.slash(self.games, "play", game="highcard", **options)
        assert result.acknowledged
        return self.thread()


def make_world(env: simcord.Env) -> World:
    guild = env.create_guild("Test Server")
    games = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    world = World(env, guild, games, *members)
    world.bot.service.new_seed = itertools.count(1).__next__  # the same games on every run
    on_virtual_time(world.bot, env)
    return world


def on_virtual_time(bot: SuperTableBot, env: simcord.Env) -> None:
    """Game deadlines fire only when the test advances SimCord's clock, never on the wall clock."""
    bot.service.scheduler.wait_hook = lambda waiting: env.external_wait(waiting, reason="game deadlines")
    if bot.cluster is not None:
        bot.cluster.wait_hook = lambda waiting: env.external_wait(waiting, reason="cluster heartbeats")


def components(message: Any) -> Iterator[Any]:
    """Every component of a message, nested V2 layouts and accessories included."""

    def walk(component: Any) -> Iterator[Any]:
        yield component
        for attr in ("children", "components"):
            for child in getattr(component, attr, None) or []:
                yield from walk(child)
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield from walk(accessory)

    for component in getattr(message, "components", []):
        yield from walk(component)


def custom_ids(message: Any) -> list[str]:
    """Every custom_id in a message's components, V2 layouts included."""
    return [c.custom_id for c in components(message) if getattr(c, "custom_id", None)]


def button_labels(message: Any) -> list[str]:
    """The label of every clickable button of a message."""
    return [
        c.label
        for c in components(message)
        if isinstance(getattr(c, "label", None), str) and getattr(c, "custom_id", None)
    ]


def texts(message: Any) -> str:
    """All text of a message, V2 TextDisplays included."""
    parts: list[str] = [getattr(message, "content", "") or ""]

    def walk(component: Any) -> None:
        content = getattr(component, "content", None)
        if isinstance(content, str):
            parts.append(content)
        for attr in ("children", "components"):
            for child in getattr(component, attr, None) or []:
                walk(child)

    for component in getattr(message, "components", []):
        walk(component)
    return "\n".join(parts)


async def open_hand(actor: simcord.MemberActor, table: discord.Message) -> discord.Message:
    """Press Open my hand; returns the ephemeral panel."""
    result = await actor.click(table, label="Open my hand")
    assert result.ephemeral and result.response is not None, "no ephemeral hand panel"
    return result.response.message


def panel_after(result: Any) -> discord.Message:
    """The panel as it is after a click on it (the clicked message is edited in place)."""
    response = result.response
    assert response is not None
    return response.message


async def take_turn(actor: Any, panel: discord.Message) -> discord.Message:
    """Answer the panel's decision with its first option that does not take a step back (or
    confirm an empty/first multi-choice): always the first would undo and redo one card for ever."""
    answers = [c for c in components(panel) if (getattr(c, "custom_id", None) or "").startswith("st:")]
    if answers:
        return panel_after(await actor.click(panel, custom_id=forward(answers).custom_id))
    ids_ = custom_ids(panel)
    selects = [c for c in ids_ if c.startswith("ss:")]
    assert selects, f"no decision on the panel: {texts(panel)}"
    confirm = [c for c in ids_ if c.startswith("sc:")]
    if confirm:
        return panel_after(await actor.click(panel, custom_id=confirm[0]))
    first = forward(find_select(panel).options).value
    return panel_after(await actor.select(panel, [first], custom_id=selects[0]))


def forward(choices: list[Any]) -> Any:
    """The first button or menu option not labelled Back (the first of all when every one is)."""
    return next((c for c in choices if not (c.label or "").startswith("Back")), choices[0])


async def play_until_second_turn(world: World, thread: Any, table: int, actors: dict[int, Any]) -> Any:
    """The people of `actors` (seat -> member) answer their panels with the first option, the AI
    seats moving between, until seat 0's second turn began; returns the table then."""
    for _ in range(300):
        live = await world.bot.service.get(table)
        if len(live.runtime.turn_marks.get(0, [])) == 2:
            return live
        assert live.engine.outcome(live.state) is None, "the game ended before seat 0's second turn"
        movers = [actor for seat, actor in actors.items() if live.decisions_for(seat)]
        if not movers:  # an AI seat is still moving (it may think in a thread): join that work
            await world.env.settle()
            continue
        await take_turn(movers[0], await open_hand(movers[0], world.table_message(thread)))
    raise AssertionError("seat 0's second turn never began")


def find_select(message: Any) -> Any:
    """The first select menu of a message."""
    found = selects_of(message)
    assert found, "no select menu"
    return found[0]


def selects_of(message: Any) -> list[Any]:
    """Every select menu of a message, in order."""
    found = []
    stack = list(getattr(message, "components", []))
    while stack:
        component = stack.pop(0)
        if getattr(component, "options", None) is not None and getattr(component, "custom_id", None):
            found.append(component)
        stack.extend(getattr(component, "children", None) or [])
        stack.extend(getattr(component, "components", None) or [])
    return found


def reply(result: Any) -> str:
    """What the user was told: the (possibly deferred) response and any followups."""
    parts = [result.response.content] if result.response is not None else []
    parts += [f.content for f in result.followups]
    return "\n".join(parts)


async def answer_panel(actor: Any, panel: discord.Message, key: str, choice: list[str]) -> discord.Message:
    """Answer the panel's open decision with these option ids, as a player would: press the
    option's button, or pick them in the select menu and confirm. Returns the updated panel."""
    ids_ = custom_ids(panel)
    if len(choice) == 1:
        button = next((c for c in ids_ if c.startswith("st:") and c.endswith(f":{key}:{choice[0]}")), None)
        if button is not None:
            return panel_after(await actor.click(panel, custom_id=button))
    if not choice:
        skip = next(c for c in ids_ if c.startswith("sc:") and c.split(":")[3] == key)
        return panel_after(await actor.click(panel, custom_id=skip))
    select = next(c for c in ids_ if c.startswith("ss:") and c.endswith(f":{key}"))
    if len(choice) == 1:  # a question split into several menus (`key`, `key.2`...): the one listing it
        select = next(
            (
                menu.custom_id
                for menu in selects_of(panel)
                if menu.custom_id.split(":")[-1].partition(".")[0] == key
                and any(option.value == choice[0] for option in menu.options)
            ),
            select,
        )
    panel = panel_after(await actor.select(panel, choice, custom_id=select))
    confirm = [c for c in custom_ids(panel) if c.startswith("sc:") and c.split(":")[3] == key]
    if confirm:
        panel = panel_after(await actor.click(panel, custom_id=confirm[-1]))
    return panel


MAX_PANEL_STEPS = 900


def table_id_of(message: Any) -> int:
    """The table id in a table message's buttons."""
    return int(next(c for c in custom_ids(message) if c.startswith("sm:")).split(":")[1])


async def play_through_panels(
    world: World, thread: Any, brain: Policy, actors: dict[int, simcord.MemberActor]
) -> str:
    """Each human answers their open decision on their own panel (choices picked by `brain`, the
    game's heuristic player) until the result message appears; returns the result message's text."""
    table_id = table_id_of(world.table_message(thread))
    panels: dict[int, discord.Message] = {}
    for _ in range(MAX_PANEL_STEPS):
        live = await world.bot.service.get(table_id)
        if live.engine.outcome(live.state) is not None:
            break
        decision = next((d for d in live.decisions() if d.seat in actors), None)
        if decision is None:  # an AI seat is still moving (it may think in a thread)
            await world.env.settle()  # an AI seat is still moving: join its work
            continue
        actor = actors[decision.seat]
        now = f":{live.state.version}:"
        panel = panels.get(decision.seat)
        if panel is None or now not in " ".join(custom_ids(panel)):
            panel = await open_hand(actor, world.table_message(thread))
            if now not in " ".join(custom_ids(panel)):  # the table moved on meanwhile: look again
                panels.pop(decision.seat, None)
                continue
        assert decision.prompt in texts(panel), "the panel shows the open decision"
        choice = list(brain.choose(live.engine, live.state, decision))
        panels[decision.seat] = await answer_panel(actor, panel, decision.key, choice)
    else:
        raise AssertionError("the game did not finish")
    await world.env.settle()
    result = next(m for m in reversed(thread.history()) if "results" in texts(m))
    return texts(result)

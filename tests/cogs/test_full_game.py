"""A whole game of the test game on simulated Discord: /play to the result message."""

from __future__ import annotations

from tests.cogs.world import World, custom_ids, make_world, open_hand, take_turn, texts


async def start_game(world: World, *, ai: int = 1, **play: object):
    thread = await world.open_table(world.alice, **play)
    lobby = world.table_message(thread)
    await world.bob.click(lobby, label="Join")
    for _ in range(ai):
        await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    return thread, world.table_message(thread)


async def play_to_end(world: World, thread, actors=None) -> None:
    """The humans (alice and bob by default) keep answering through fresh panels until the end."""
    for _ in range(40):
        table = world.table_message(thread)
        if "Open my hand" not in " ".join(texts_of_buttons(table)):
            return
        for actor in actors or (world.alice, world.bob):
            table = world.table_message(thread)
            if "Open my hand" not in " ".join(texts_of_buttons(table)):
                return
            panel = await open_hand(actor, table)
            if any(c.startswith(("st:", "ss:", "sc:")) for c in custom_ids(panel)):
                await take_turn(actor, panel)
    raise AssertionError("game did not finish")


def texts_of_buttons(message) -> list[str]:
    labels: list[str] = []
    stack = list(message.components)
    while stack:
        component = stack.pop()
        label = getattr(component, "label", None)
        if label:
            labels.append(label)
        stack.extend(getattr(component, "children", None) or [])
    return labels


async def test_two_people_and_an_ai_play_from_play_to_result(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, table = await start_game(world)
    assert table.attachments and table.attachments[0].description, "table image with alt text"
    assert "Swap up to two cards" in texts(table)
    pings = [m.content for m in thread.history() if "your turn" in m.content]
    assert pings and str(world.alice.id) in pings[0] and str(world.bob.id) in pings[0]

    await play_to_end(world, thread)

    result = next(m for m in reversed(thread.history()) if "results" in texts(m))
    body = texts(result)
    assert str(world.alice.id) in body and str(world.bob.id) in body and "Botley" in body
    assert "🥇" in body
    assert "Rematch" in texts_of_buttons(result)
    table_id = int(next(c for c in custom_ids(result) if c.startswith("sm:")).split(":")[1])
    stored = await world.bot.service.storage.result(table_id)
    assert stored is not None and stored.status == "finished"
    assert {s.name for s in stored.seats} >= {"Botley"} and min(s.placement for s in stored.seats) == 1

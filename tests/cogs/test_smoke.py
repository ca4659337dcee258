from tests.cogs.world import make_world, texts


async def test_play_opens_lobby_in_thread(simcord_env) -> None:
    world = make_world(simcord_env)
    thread = await world.open_table(world.alice)
    lobby = world.table_message(thread)
    assert "High Card" in texts(lobby)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    table = world.table_message(thread)
    print(texts(table))
    print([m.content for m in thread.history()])

"""/game export on simulated Discord: a finished game as a file that replays exactly, a running
game as only what the asker may see."""

from __future__ import annotations

from bot.export import decode_export, replay_export
from tests.cogs.test_full_game import play_to_end, start_game
from tests.cogs.test_records import table_id_of
from tests.cogs.world import make_world, reply


async def test_a_finished_game_exports_and_replays(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, _ = await start_game(world)
    await play_to_end(world, thread)
    table_id = table_id_of(world, thread)

    asked = await world.carol.slash(world.games, "game export", game_id=table_id)
    assert asked.ephemeral and "python -m bot replay" in reply(asked)
    (file,) = asked.response.message.attachments
    assert file.filename == f"supertable-game-{table_id}.json" and file.description
    export = decode_export(await file.read())
    assert export.status == "finished" and export.seed is not None
    assert [seat.name for seat in export.seats][:2] == ["alice", "bob"] and export.seats[2].ai
    replayed = replay_export(export, world.bot.service.registry)
    assert replayed.exact and replayed.summary == export.result != ""


async def test_a_running_game_exports_what_the_asker_sees(simcord_env) -> None:
    world = make_world(simcord_env)
    thread, _ = await start_game(world)
    player = await world.bob.slash(thread, "game export")
    export = decode_export(await player.response.message.attachments[0].read())
    assert "still running" in reply(player)
    assert export.seed is None and export.actions == [] and export.seen_by == 1 and export.hand is not None
    watcher = await world.carol.slash(thread, "game export")
    seen = decode_export(await watcher.response.message.attachments[0].read())
    assert seen.hand is None and seen.seen_by is None and seen.table == export.table

    nowhere = await world.carol.slash(world.games, "game export")
    assert nowhere.ephemeral and "no running game here" in reply(nowhere).lower()
    missing = await world.carol.slash(world.games, "game export", game_id=9999)
    assert "no game #9999" in reply(missing)

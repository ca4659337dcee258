"""Game export: every game and mode exported and replayed exactly; `python -m bot replay FILE`
tells what is wrong with a bad file in one line."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from bot.__main__ import main
from bot.export import (
    decode_export,
    encode_export,
    finished_export,
    replay_export,
    running_export,
)
from bot.replays import TAKEBACK
from bot.storage.records import ActionRecord, SeatRecord, TableRecord
from engines import REGISTRY
from engines.core import Engine, Seat
from engines.core.playout import play_one

CASES = [(game, mode.id, mode.seats.start) for game, engine in REGISTRY.items() for mode in engine.meta.modes]


def finished_record(
    engine: Engine, mode: str, seats: int, seed: int
) -> tuple[TableRecord, list[ActionRecord]]:
    """A short seeded game played to the end, stored as the bot stores it."""
    state, log = play_one(engine, mode, seats, seed, check_every=10**9)
    record = TableRecord(
        id=7,
        guild_id=1,
        channel_id=2,
        game=engine.meta.id,
        mode=mode,
        status="finished",
        seed=seed,
        host_id=100,
        turn_timer=60.0,
        seats=[SeatRecord(i, f"P{i + 1}", 100 + i) for i in range(seats)],
        state=engine.encode(state),
    )
    actions = [ActionRecord(s.seat, s.key, list(s.choice), s.now, "human") for s in log]
    return record, actions


@pytest.mark.parametrize(("game", "mode", "seats"), CASES)
def test_every_game_and_mode_round_trips(game: str, mode: str, seats: int) -> None:
    engine = REGISTRY[game]
    record, actions = finished_record(engine, mode, seats, seed=3)
    summary = engine.outcome(engine.decode(record.state or b"")).summary
    data = encode_export(finished_export(engine, record, actions, result=summary))
    export = decode_export(data)
    assert export.seed == 3 and len(export.actions) == len(actions) and export.seats[0].name == "P1"
    assert b"100" not in data.split(b'"seats"')[1].split(b'"seed"')[0], "no Discord ids in the file"
    replayed = replay_export(export, REGISTRY)
    assert replayed.exact and replayed.summary == summary


def test_a_running_game_exports_only_what_the_asker_may_see() -> None:
    engine = REGISTRY["smashmasters"]
    state = engine.new_game([Seat(0, "Ann"), Seat(1, "Bo")], "brawl", {}, 11)
    record = TableRecord(
        id=3,
        guild_id=1,
        channel_id=2,
        game="smashmasters",
        mode="brawl",
        status="active",
        seed=11,
        host_id=100,
        turn_timer=60.0,
        seats=[SeatRecord(0, "Ann", 100), SeatRecord(1, "Bo", 101)],
    )
    watcher = decode_export(encode_export(running_export(engine, record, state, None)))
    assert watcher.seed is None and watcher.actions == [] and watcher.hand is None
    assert watcher.table == msgspec.json.decode(msgspec.json.encode(engine.view(state, None)))
    player = decode_export(encode_export(running_export(engine, record, state, 1)))
    assert player.seen_by == 1 and player.hand is not None and player.seed is None


def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "game.json"
    path.write_bytes(data)
    return path


def test_the_replay_command_prints_the_result_and_draws_the_table(tmp_path: Path, capsys) -> None:
    engine = REGISTRY["superhot"]
    record, actions = finished_record(engine, "versus", 2, seed=5)
    summary = engine.outcome(engine.decode(record.state or b"")).summary
    path = write(tmp_path, encode_export(finished_export(engine, record, actions, summary)))
    assert main(["replay", str(path), "--log"]) == 0
    out = capsys.readouterr().out
    assert f"Result: {summary}" in out and "P1, P2" in out
    image = tmp_path / "game.png"
    assert image.read_bytes().startswith(b"\x89PNG") and f"Final table: {image}" in out


def test_a_running_snapshot_draws_its_table_but_does_not_replay(tmp_path: Path, capsys) -> None:
    engine = REGISTRY["superhot"]
    state = engine.new_game([Seat(0, "Ann"), Seat(1, "Bo")], "versus", {}, 4)
    record = TableRecord(
        id=3,
        guild_id=1,
        channel_id=2,
        game="superhot",
        mode="versus",
        status="active",
        seed=4,
        host_id=100,
        turn_timer=60.0,
        seats=[SeatRecord(0, "Ann", 100), SeatRecord(1, "Bo", 101)],
    )
    path = write(tmp_path, encode_export(running_export(engine, record, state, None)))
    assert main(["replay", str(path), "--image", str(tmp_path / "t.png")]) == 0
    assert "Still running" in capsys.readouterr().out and (tmp_path / "t.png").exists()


def bad_files(tmp_path: Path) -> dict[str, bytes]:
    engine = REGISTRY["superhot"]
    record, actions = finished_record(engine, "versus", 2, seed=5)
    good = msgspec.json.decode(encode_export(finished_export(engine, record, actions)))
    refused = dict(good, actions=[[0, "nonsense", ["x"], 0.0, "human"], *good["actions"]])
    lonely_takeback = dict(good, actions=[[0, TAKEBACK, [], 0.0, "human"], *good["actions"]])
    return {
        "not a SuperTable game file": b"\x89PNG not json at all",
        "format 'chess/1'": msgspec.json.encode(dict(good, format="chess/1")),
        "got `str` - at `$.seed`": msgspec.json.encode(dict(good, seed="abc")),
        "this SuperTable has": msgspec.json.encode(dict(good, game="chess")),
        "does not replay": msgspec.json.encode(refused),
        "cannot be taken back": msgspec.json.encode(lonely_takeback),
        "Cannot read": b"",  # a path that does not exist (see below)
    }


def test_a_bad_file_gets_one_clear_line_and_no_traceback(tmp_path: Path, capsys) -> None:
    for expected, data in bad_files(tmp_path).items():
        path = write(tmp_path, data) if data else tmp_path / "missing.json"
        assert main(["replay", str(path)]) == 1, expected
        err = capsys.readouterr().err
        assert expected in err and "Traceback" not in err and err.count("\n") == 1, err


def test_a_different_ending_is_told_as_a_warning(tmp_path: Path, capsys) -> None:
    engine = REGISTRY["superhot"]
    record, actions = finished_record(engine, "versus", 2, seed=5)
    export = finished_export(engine, record, actions)
    export.final_state_sha256 = "0" * 64
    assert main(["replay", str(write(tmp_path, encode_export(export)))]) == 0
    assert "different state" in capsys.readouterr().err

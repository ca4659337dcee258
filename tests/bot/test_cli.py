"""`python -m bot` on the command line: real --help, typos, the no-token hint, no voice warnings,
and one clear line (then a new try) when Discord cannot be reached."""

from __future__ import annotations

import logging
import re
import socket
from pathlib import Path

import aiohttp
import discord
import pytest

import bot.launch
from bot import create_bot
from bot.__main__ import main
from bot.settings import Settings

TOKEN = "MTA" + "x" * 23 + ".Gxxxxx." + "x" * 38


@pytest.fixture
def fresh_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No token in the environment and no .env file to find."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)


def test_help_says_how_to_run_it_and_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("usage: python -m bot") and "sandbox" in out and "DISCORD_TOKEN" in out
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([A-Z_]+)` \|", readme, re.MULTILINE))
    listed = set(re.findall(r"^  ([A-Z_]{4,}) ", out, re.MULTILINE))
    assert documented and listed == documented, "--help lists the settings the README describes"


def test_a_typo_names_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["sandboxx"])
    err = capsys.readouterr().err
    assert done.value.code == 2
    assert "unknown command 'sandboxx'" in err and "`sandbox`" in err and "DISCORD_TOKEN" not in err


@pytest.mark.usefixtures("fresh_place")
def test_without_a_token_it_points_to_the_sandbox(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "DISCORD_TOKEN is not set" in err and "`python -m bot sandbox`" in err


def test_no_voice_warnings_at_start(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)  # as in a fresh process
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.WARNING):
        create_bot(Settings(token=TOKEN))
    assert not [r for r in caplog.records if "voice" in r.getMessage()]


class Unreachable:
    """A bot whose run fails as these errors say, then closes normally."""

    def __init__(self, failures: list[BaseException]) -> None:
        self.failures = failures

    def run(self, token: str, log_handler: object = None) -> None:
        if self.failures:
            raise self.failures.pop(0)


@pytest.mark.usefixtures("fresh_place")
def test_an_unreachable_discord_is_one_line_each_time_then_tried_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    failures: list[BaseException] = [
        aiohttp.ClientConnectionError("Cannot connect to host discord.com:443"),
        socket.gaierror(-3, "Temporary failure in name resolution"),
        discord.GatewayNotFound(),
    ]
    monkeypatch.setattr(bot.launch, "create_bot", lambda settings: Unreachable(failures))
    waits: list[float] = []
    monkeypatch.setattr(bot.launch.time, "sleep", waits.append)
    assert main([]) == 0, "the fourth try connected and the bot closed normally"
    lines = capsys.readouterr().err.strip().splitlines()
    assert waits == [5.0, 10.0, 30.0]
    assert len(lines) == 3 and all(line.startswith("supertable: ") for line in lines)
    assert "cannot reach Discord (Cannot connect to host discord.com:443)" in lines[0]
    assert "internet connection, DNS" in lines[1] and "Trying again in 10 s" in lines[1]
    assert "gateway" in lines[2]


@pytest.mark.usefixtures("fresh_place")
def test_a_local_file_error_is_told_once_and_not_retried(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    denied = PermissionError(13, "Permission denied", "data/supertable.db")
    monkeypatch.setattr(bot.launch, "create_bot", lambda settings: Unreachable([denied]))
    monkeypatch.setattr(bot.launch.time, "sleep", lambda seconds: pytest.fail("a local error is not retried"))
    assert main([]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "Permission denied (data/supertable.db)" in line and "Discord" not in line


@pytest.mark.usefixtures("fresh_place")
def test_ctrl_c_while_waiting_stops_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    refused = ConnectionRefusedError("no network")
    monkeypatch.setattr(bot.launch, "create_bot", lambda settings: Unreachable([refused]))

    def interrupted(seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(bot.launch.time, "sleep", interrupted)
    assert main([]) == bot.launch.STOPPED
    assert "Traceback" not in capsys.readouterr().err

"""Settings, the run command without a token, and logging that hides the token."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import create_bot
from bot.logs import setup_logging
from bot.settings import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTA2NzQ1NjIzNDU2Nzg5MDEyMw.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789AB"


def test_defaults_and_overrides() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": TOKEN, "DEFAULT_TURN_TIMER": "90", "SHARD_IDS": "0,2"})
    assert settings.database_url == "sqlite:///data/supertable.db" and settings.table_cache_size == 5000
    assert Settings.from_env({"TABLE_CACHE_SIZE": "300"}).table_cache_size == 300
    assert Settings.from_env({"RENDER_CACHE_MIB": "32"}).render_cache_mib == 32
    assert settings.default_turn_timer == 90 and settings.shard_ids == (0, 2)
    assert settings.require_token() == TOKEN


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEFAULT_TURN_TIMER": "5"}, "between 30 and 86400"),
        ({"TABLE_EDIT_INTERVAL": "soon"}, "number of seconds"),
        ({"SYNC_GUILD_ID": "my-server"}, "whole number"),
        ({"TABLE_CACHE_SIZE": "0"}, "TABLE_CACHE_SIZE must be a whole number of tables, at least 1"),
        ({"TABLE_CACHE_SIZE": "lots"}, "at least 1, not 'lots'"),
        ({"RENDER_CACHE_MIB": "0"}, "RENDER_CACHE_MIB must be a whole number of MiB"),
        ({"RENDER_CACHE_MIB": "64MB"}, "at least 1\\), not '64MB'"),
    ],
)
def test_bad_values_say_what_to_fix(env: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(env)


def test_missing_and_malformed_tokens_are_explained() -> None:
    with pytest.raises(SettingsError, match="DISCORD_TOKEN is not set"):
        Settings.from_env({}).require_token()
    with pytest.raises(SettingsError, match="does not look like a bot token"):
        Settings.from_env({"DISCORD_TOKEN": "hunter2"}).require_token()


@pytest.mark.parametrize("token", [None, "not-a-token"])
def test_run_without_a_valid_token_prints_one_line_and_fails(tmp_path: Path, token: str | None) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    if token:
        env["DISCORD_TOKEN"] = token
    run = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("supertable: ") and "DISCORD_TOKEN" in lines[0]
    assert "Traceback" not in run.stderr and run.stdout == ""


def test_create_bot_builds_without_connecting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    bot = create_bot()
    assert not bot.is_ready() and bot.settings.token is None


def test_the_token_never_reaches_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging("INFO", TOKEN)
    logger = logging.getLogger("test.redaction")
    try:
        logger.info("connecting with %s", TOKEN)
        try:
            raise RuntimeError(f"login failed for {TOKEN}")
        except RuntimeError:
            logger.exception("gateway error")
    finally:
        logging.getLogger().handlers.clear()
    err = capsys.readouterr().err
    assert TOKEN not in err and err.count("[token hidden]") == 2  # the message and the traceback
    assert TOKEN not in repr(Settings(token=TOKEN))

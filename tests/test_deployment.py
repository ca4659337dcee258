"""The cluster deployment file: PostgreSQL and bot processes whose shards cover every shard once."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.settings import Settings

COMPOSE = Path(__file__).resolve().parents[1] / "docker-compose.yml"


def test_compose_runs_every_shard_once_on_one_postgresql() -> None:
    services = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]
    assert "postgres" in services
    bots = [service for service in services.values() if "SHARD_IDS" in service.get("environment", {})]
    assert len(bots) >= 2, "a cluster of several processes"
    settings = [Settings.from_env({**service["environment"], "DISCORD_TOKEN": "token"}) for service in bots]
    assert {s.database_url for s in settings} == {settings[0].database_url}, "one shared database"
    assert settings[0].database_url.startswith("postgresql://")
    count = settings[0].shard_count
    assert count is not None and all(s.shard_count == count for s in settings)
    shards = sorted(shard for s in settings for shard in s.shard_ids or ())
    assert shards == list(range(count)), "each shard runs in exactly one process"
    assert all(service["depends_on"]["postgres"]["condition"] == "service_healthy" for service in bots)

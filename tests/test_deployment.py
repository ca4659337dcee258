"""The deployment files: PostgreSQL and bot processes whose shards cover every shard once, stopped
cleanly by `docker stop`."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile"


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


def test_the_image_stops_the_bot_with_sigterm_through_an_init_and_a_grace_that_fits() -> None:
    """`docker stop` must reach the bot as SIGTERM (which hands its tables over, a few seconds),
    through an init that forwards it and reaps the render workers, and wait long enough for it."""
    text = DOCKERFILE.read_text(encoding="utf-8")
    lines = [line.split(None, 1) for line in text.splitlines() if line.strip()]
    final = {words[0]: words[1] if len(words) > 1 else "" for words in lines if not words[0].startswith("#")}
    assert final.get("STOPSIGNAL") == "SIGTERM"
    assert "tini" in final.get("ENTRYPOINT", ""), "an init as process 1"
    services = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]
    bots = [service for name, service in services.items() if name != "postgres"]
    assert bots and all(grace_seconds(service.get("stop_grace_period", "10s")) >= 20 for service in bots)


def grace_seconds(period: str) -> float:
    """Compose's duration (`30s`, `1m`) in seconds."""
    units = {"s": 1.0, "m": 60.0}
    return float(period[:-1]) * units[period[-1]]


def test_the_image_checks_its_health_on_the_metrics_port_it_turns_on() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")
    assert "METRICS_PORT=9100" in text, "the image serves /healthz"
    check = next(line for line in text.splitlines() if line.startswith("HEALTHCHECK"))
    following = text[text.index(check) :].split("\n\n", 1)[0]
    assert "/healthz" in following and "METRICS_PORT" in following

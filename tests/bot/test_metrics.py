"""The optional window into a running bot: `/metrics` (Prometheus text) and `/healthz`, scraped
over HTTP on an ephemeral port as Prometheus and Docker's health check would."""

from __future__ import annotations

import logging
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot import Settings, create_bot
from bot.metrics import start_metrics
from tests.bot.service_kit import make_service, started_table


def samples(text: str) -> dict[str, float]:
    """Every sample of a scrape by name and labels (`name{label=value}`)."""
    found: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{key}={value}" for key, value in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


async def test_a_scrape_shows_clicks_database_work_images_tables_and_errors(tmp_path: Path) -> None:
    bot = create_bot(Settings(token=None, database_url=f"sqlite:///{tmp_path / 'db'}", render_workers=0))
    bot.service = await make_service(tmp_path / "db")
    server = await start_metrics(bot, "127.0.0.1", 0)
    try:
        table_id = await started_table(bot.service, humans=1, ai=1)
        live = await bot.service.get(table_id)
        await bot.service.act(table_id, 100, live.state.version, "swap", [])
        logging.getLogger("bot.somewhere").error("something failed")
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{server.port}/metrics") as response:
                assert response.status == 200
                scraped = samples(await response.text())
            async with http.get(f"http://127.0.0.1:{server.port}/healthz") as response:
                assert response.status == 503, "not connected to Discord"
                assert "Discord" in await response.text()
            bot.is_ready = lambda: True  # type: ignore[method-assign]
            async with http.get(f"http://127.0.0.1:{server.port}/healthz") as response:
                assert response.status == 200
    finally:
        await server.close()
    assert scraped["supertable_act_seconds_count"] == 1
    assert scraped["supertable_database_operation_seconds_count{mode=write}"] >= 2  # the start, the move
    assert scraped["supertable_errors_total{logger=bot.somewhere}"] == 1
    assert scraped["supertable_tables_live"] == 1
    assert scraped["supertable_tables_cached"] == 1
    assert scraped["supertable_images_drawn_total"] == 0
    assert scraped["supertable_image_queue_depth"] == 0
    assert "supertable_gateway_latency_seconds" in scraped


async def test_no_metrics_unless_a_port_is_set() -> None:
    assert Settings.from_env({}).metrics_port is None
    settings = Settings.from_env({"METRICS_PORT": "9100"})
    assert (settings.metrics_port, settings.metrics_host) == (9100, "127.0.0.1")

"""A bot process of a cluster, minus Discord, for the test that kills one: it joins the cluster on
the database URL given, starts a game of one person and one AI seat, shortens its turn timer to
TURN_TIMER seconds (below what players may choose, so the test need not wait), makes the person's
first move, prints the table id and then plays on until it is killed.

`python -m tests.bot.cluster_process DATABASE_URL`
"""

from __future__ import annotations

import asyncio
import sys

from bot.cluster import Cluster
from bot.cluster import join as join_cluster
from bot.service import TableService
from bot.storage.postgres import PostgresStorage
from tests.bot.cluster_timings import FAST
from tests.bot.service_kit import REGISTRY, Recorder, started_table

TURN_TIMER = 2.0


async def main(url: str) -> None:
    storage = PostgresStorage(url)
    await storage.open()
    cluster = Cluster(storage, timings=FAST)
    service = TableService(storage, REGISTRY, listener=Recorder(), coordinator=cluster)
    await join_cluster(cluster, service)
    table_id = await started_table(service, humans=1, ai=1)
    live = await service.get(table_id)
    live.record.turn_timer = TURN_TIMER  # saved with the move below
    await service.act(table_id, 100, live.state.version, "swap", [])
    await cluster.edits_message(table_id)  # this process shows the table
    print(table_id, flush=True)
    await asyncio.Event().wait()  # until killed


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))

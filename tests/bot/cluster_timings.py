"""Cluster timings short enough for a test that waits for a real takeover."""

from bot.cluster import ClusterTimings

FAST = ClusterTimings(heartbeat=0.2, process_timeout=3.0, lease=1.0, sweep=0.3, sweep_grace=0.2)

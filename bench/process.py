"""Helpers for figures measured in a fresh Python process: resident memory and child runs."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from typing import Any


def rss_bytes() -> int:
    """This process's resident memory now (Linux), else its peak."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def run_child(module: str, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run `python -m module args` and return the JSON object it prints last."""
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **(env or {})},
    )
    if done.returncode != 0:
        raise RuntimeError(f"{module} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def process_tree(pid: int) -> list[int]:
    """The process and every process descended from it (Linux)."""
    found, index = [pid], 0
    while index < len(found):
        parent = found[index]
        index += 1
        try:
            threads = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for thread in threads:
            try:
                with open(f"/proc/{parent}/task/{thread}/children") as children:
                    found.extend(int(child) for child in children.read().split())
            except OSError:
                continue
    return found


def pss_bytes(pid: int) -> int:
    """A process's proportional set size: its private pages, and its share of pages it shares with
    others (a page shared by three processes counts a third in each), so a tree's sum is what it
    takes from the machine. 0 for a process gone meanwhile."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def tree_pss_bytes(pid: int) -> int:
    """The proportional set size of a process and all its descendants (the bot and its render pool)."""
    return sum(pss_bytes(member) for member in process_tree(pid))

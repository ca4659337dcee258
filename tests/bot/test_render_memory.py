"""The render pool on a small host: as many workers as cores, fewer when memory is short, and the
fork server's palettes chosen in a throwaway process are the ones the game would choose itself."""

from __future__ import annotations

import pytest

import renderers
from bot import render_pool
from renderers.worker import palettes_apart


@pytest.mark.parametrize(
    ("available", "workers"),
    [(None, 4), (20_000.0, 4), (1_000.0, 4), (700.0, 2), (500.0, 1), (300.0, 1), (100.0, 1)],
)
def test_the_pool_has_a_worker_per_core_while_memory_holds_them(
    monkeypatch: pytest.MonkeyPatch, available: float | None, workers: int
) -> None:
    monkeypatch.setattr(render_pool.os, "sched_getaffinity", lambda _: {0, 1, 2, 3})
    monkeypatch.setattr(render_pool, "available_mib", lambda: available)
    assert render_pool.default_workers() == workers


def test_memory_available_is_read_from_this_machine() -> None:
    available = render_pool.available_mib()
    assert available is None or available > 0


def test_palettes_chosen_in_another_process_are_the_games_own() -> None:
    chosen = palettes_apart(["superhot"])
    assert chosen["superhot"] == renderers.palette_colours("superhot")
    assert chosen["superhot"] is not None and len(chosen["superhot"]) >= 3 * 16

"""The shared memory budget of drawn layers: what stays, what goes, and that it holds."""

from __future__ import annotations

import itertools

from PIL import Image

from renderers.kit.draw import Layer
from renderers.kit.memo import Budget, LayerMemo, budget_bytes, clear_all, footprint, held_bytes, layer_memo

MIB = 2**20


class Clock:
    """A build clock that advances by what the build says it cost."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def memo_of(budget: Budget, clock: Clock, cost: float, side: int) -> LayerMemo[[int], Image.Image]:
    """A memo whose builds take `cost` seconds and return `side` x `side` single-band images."""
    built = itertools.count()

    def build(key: int) -> Image.Image:
        next(built)
        clock.now += cost
        return Image.new("L", (side, side))

    memo = LayerMemo(build, budget, clock)
    memo.built = built  # type: ignore[attr-defined]
    return memo


def test_a_layer_is_built_once_and_shared() -> None:
    budget, clock = Budget(MIB), Clock()
    memo = memo_of(budget, clock, 0.001, 10)
    first = memo(1)
    assert memo(1) is first
    assert memo.cache_info().hits == 1 and memo.cache_info().misses == 1


def test_the_budget_is_never_exceeded() -> None:
    budget, clock = Budget(100 * 100 * 5), Clock()
    memo = memo_of(budget, clock, 0.001, 100)
    for key in range(50):
        memo(key)
        assert budget.held <= budget.limit
    assert memo.cache_info().currsize == 5


def test_a_big_layer_cheap_to_rebuild_goes_before_small_costly_ones() -> None:
    budget, clock = Budget(1000 * 1000 + 20 * 50 * 50), Clock()
    frames = memo_of(budget, clock, 0.010, 1000)  # a 1 MB frame, 10 ms to build
    masks = memo_of(budget, clock, 0.003, 50)  # 2.5 KB masks, 3 ms each
    frames(1)
    for key in range(20):
        masks(key)
    masks(99)  # no room: kept only when built again
    assert masks.cache_info().currsize == 20
    masks(99)  # built again: something must go
    assert frames.cache_info().currsize == 0
    assert masks.cache_info().currsize == 21


def test_a_layer_used_often_outlives_ones_used_once() -> None:
    budget, clock = Budget(10 * 100 * 100), Clock()
    memo = memo_of(budget, clock, 0.001, 100)
    for round_ in range(30):
        memo(0)  # used every round
        memo(1000 + round_)  # used once
    assert memo(0) is memo(0)
    assert memo.cache_info().misses == 31  # key 0 was built once, each other key once


def test_past_the_budget_a_layer_drawn_once_does_not_push_out_others() -> None:
    budget, clock = Budget(3 * 100 * 100), Clock()
    kept = memo_of(budget, clock, 0.001, 100)
    frames = memo_of(budget, clock, 0.001, 100)
    for key in range(3):
        kept(key)
    for key in range(10):  # each drawn once, as a table's frame between two moves
        frames(key)
    assert kept.cache_info().currsize == 3 and frames.cache_info().currsize == 0
    frames(9)  # drawn again: worth a place
    assert frames.cache_info().currsize == 1


def test_cleared_memos_hold_nothing() -> None:
    budget, clock = Budget(MIB), Clock()
    memo = memo_of(budget, clock, 0.001, 10)
    memo(1)
    memo.cache_clear()
    assert budget.held == 0 and memo.cache_info().currsize == 0
    memo(1)
    assert memo.cache_info().misses == 2


def test_the_process_budget_counts_real_layers() -> None:
    @layer_memo
    def square(side: int) -> Image.Image:
        return Image.new("RGBA", (side, side))

    clear_all()
    square(64)
    assert held_bytes() == 64 * 64 * 4
    clear_all()
    assert held_bytes() == 0


def test_footprint_counts_pillow_bytes() -> None:
    assert footprint(Image.new("L", (10, 10))) == 100
    assert footprint(Image.new("RGB", (10, 10))) == 400  # Pillow keeps RGB in 4 bytes a pixel
    assert footprint(Layer(Image.new("RGBA", (10, 10)), (0, 0))) == 400
    assert footprint((Image.new("L", (2, 2)), Image.new("L", (3, 3)))) == 13
    assert footprint("not an image") == 0


def test_the_budget_is_read_from_the_environment() -> None:
    assert budget_bytes({"RENDER_CACHE_MIB": "32"}) == 32 * MIB
    assert budget_bytes({}) == budget_bytes({"RENDER_CACHE_MIB": "lots"}) > 0

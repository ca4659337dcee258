"""The shared memory budget of drawn layers: what stays, what goes, and that it holds."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw

from renderers.kit.draw import Layer
from renderers.kit.memo import (
    STALE_PLACES,
    Budget,
    LayerMemo,
    budget_bytes,
    clear_all,
    footprint,
    held_bytes,
    layer_memo,
)
from renderers.kit.packing import pack

MIB = 2**20


class Clock:
    """A build clock that advances by what the build says it cost."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def memo_of(
    budget: Budget, clock: Clock, cost: float, side: int, flat: bool = False
) -> LayerMemo[[int], Image.Image]:
    """A memo whose builds take `cost` seconds and return `side` x `side` single-band images: of
    noise, which does not pack (so a layer with no room is dropped), or `flat` ones, which do."""
    keys: list[int] = []

    def build(key: int) -> Image.Image:
        keys.append(key)
        clock.now += cost
        if flat:
            return Image.new("L", (side, side), key % 256)
        return Image.frombytes("L", (side, side), random.Random(key).randbytes(side * side))

    memo = LayerMemo(build, budget, clock)
    memo.keys = keys  # type: ignore[attr-defined]
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


def same_pixels(one: Image.Image, other: Image.Image) -> bool:
    same_shape = one.mode == other.mode and one.size == other.size
    return same_shape and not ImageChops.difference(one, other).getbbox()


def test_a_layer_with_no_room_is_packed_and_comes_back_without_a_rebuild() -> None:
    budget, clock = Budget(3 * 100 * 100), Clock()
    frames = memo_of(budget, clock, 0.010, 100, flat=True)
    others = memo_of(budget, clock, 0.010, 100, flat=True)
    drawn = frames(7).copy()
    for key in range(3):  # each used twice: worth a place, so the oldest layer is pushed out
        others(key)
        others(key)
    assert frames.cache_info().packed == 1
    assert budget.held <= budget.limit
    again = frames(7)
    assert frames.keys.count(7) == 1  # type: ignore[attr-defined]
    assert same_pixels(again, drawn)
    assert frames.cache_info().unpacked == 1


def test_past_the_budget_a_new_layer_is_kept_packed() -> None:
    budget, clock = Budget(2 * 100 * 100), Clock()
    memo = memo_of(budget, clock, 0.010, 100, flat=True)
    for key in range(2):
        memo(key)
    memo(5)  # no room: kept packed, not drawn again when it is wanted again
    assert memo.cache_info().packed >= 1
    assert same_pixels(memo(5), Image.new("L", (100, 100), 5))
    assert memo.keys.count(5) == 1  # type: ignore[attr-defined]


def test_a_layer_that_does_not_pack_is_dropped() -> None:
    budget, clock = Budget(2 * 100 * 100), Clock()
    memo = memo_of(budget, clock, 0.010, 100)
    for key in range(4):
        memo(key)
        memo(key)
    assert memo.cache_info().packed == 0
    assert memo.cache_info().currsize == 2
    assert budget.held <= budget.limit


def test_a_packed_layer_keeps_its_offset_and_pixels() -> None:
    budget, clock = Budget(2 * 64 * 64 * 4), Clock()

    def build(shift: int) -> Layer:
        clock.now += 0.01
        image = Image.new("RGBA", (64, 64), (200, 30, 60, 0))
        ImageDraw.Draw(image).ellipse((4, 8, 60, 50), fill=(20, 120, 240, 255), outline=(0, 0, 0, 128))
        return Layer(image, (shift, -shift))

    memo = LayerMemo(build, budget, clock)
    drawn = memo(3)
    kept = drawn.image.copy()
    for key in range(10, 13):
        memo(key)
        memo(key)
    assert memo.cache_info().packed >= 1
    again = memo(3)
    assert isinstance(again, Layer) and again.offset == (3, -3)
    assert same_pixels(again.image, kept)


def test_the_budget_counts_packed_layers_and_is_never_exceeded() -> None:
    budget, clock = Budget(5 * 100 * 100), Clock()
    flat = memo_of(budget, clock, 0.002, 100, flat=True)
    noisy = memo_of(budget, clock, 0.002, 100)
    for round_ in range(4):
        for key in range(12):
            (flat if key % 2 else noisy)(key + round_ % 2)
            assert budget.held <= budget.limit
    held = sum(memo.cache_info().nbytes for memo in (flat, noisy))
    assert held == budget.held
    assert flat.cache_info().packed > 0


def test_a_layer_used_on_every_image_is_not_unpacked_for_every_image() -> None:
    budget, clock = Budget(3 * 100 * 100), TickingClock()
    frames = memo_of(budget, clock, 0.010, 100, flat=True)
    others = memo_of(budget, clock, 0.010, 100, flat=True)
    frames(1)
    for key in range(10, 13):  # the frame is pushed out (packed) before it has been used again
        others(key)
        others(key)
    assert frames.cache_info().packed == 1
    for round_ in range(40):
        frames(1)  # the table's frame, on every image
        others(100 + round_)  # layers used twice each, then never again
        others(100 + round_)
    assert frames.keys.count(1) == 1  # type: ignore[attr-defined]
    assert 0 < frames.cache_info().unpacked < 20


class TickingClock(Clock):
    """A clock that also moves on by a millisecond each time it is read (unpacking takes time)."""

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def test_only_images_and_layers_in_plain_modes_pack() -> None:
    flat = Image.new("RGBA", (50, 50), (10, 20, 30, 255))
    assert pack(flat, footprint(flat)) is not None
    assert pack(Layer(flat, (1, 2)), footprint(flat)) is not None
    assert pack((flat, 3), footprint(flat)) is None  # a tuple of pieces is dropped, not packed
    assert pack(flat.convert("P"), 2500) is None
    noise = Image.frombytes("L", (50, 50), random.Random(1).randbytes(2500))
    assert pack(noise, footprint(noise)) is None


def test_a_layer_with_no_pixels_is_still_memoised() -> None:
    budget, clock = Budget(MIB), Clock()
    built: list[int] = []

    def nothing(key: int) -> tuple[Image.Image, ...]:
        built.append(key)
        return ()

    memo = LayerMemo(nothing, budget, clock)
    memo(1)
    memo(1)
    assert built == [1]


def test_a_packed_image_keeps_its_info() -> None:
    image = Image.new("RGB", (40, 40), (0, 0, 0))
    image.info["transparency"] = (0, 0, 0)
    packed = pack(image, footprint(image))
    assert packed is not None
    again = packed.unpack()
    assert isinstance(again, Image.Image)
    assert again.info == image.info
    assert again.convert("RGBA").getpixel((0, 0)) == (0, 0, 0, 0)


def test_a_dataclass_not_made_from_its_fields_is_not_packed() -> None:
    @dataclass(frozen=True)
    class Tile:
        image: Image.Image
        area: int = field(init=False, default=0)

    assert pack(Tile(Image.new("L", (40, 40))), 1600) is None


def test_the_eviction_queue_does_not_pile_up() -> None:
    budget, clock = Budget(2 * 100 * 100), TickingClock()
    frames = memo_of(budget, clock, 0.010, 100, flat=True)
    for round_ in range(3_000):  # three frames taking turns: each unpacked again and again
        frames(round_ % 3)
        assert len(budget.queue) <= STALE_PLACES + 2 * budget.entries() + 1
    assert frames.keys.count(0) == 1  # type: ignore[attr-defined]

"""Replay GIFs: valid, animated, within the byte budget, first and last frames kept."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image, ImageDraw
from PIL.GifImagePlugin import GifImageFile

from renderers.kit.palette import FELT, SEATS
from renderers.replay import MAX_WIDTH, ReplayTooLarge, encode_replay_gif, pick_frames

SIZE = (1200, 760)
FIRST, LAST = (230, 30, 30), (30, 60, 230)


def table_frames(count: int, noise: int = 0) -> list[Image.Image]:
    """Table-like frames: a flat table, a few cards, one card moving a little each frame, a marker
    square (red on the first frame, blue on the last), and optionally a `noise`-pixel square of
    random grey that no compressor can shrink."""
    base = Image.new("RGB", SIZE, FELT)
    paint = ImageDraw.Draw(base)
    paint.rectangle((0, 0, SIZE[0], 70), fill=(11, 22, 20))
    for index in range(6):
        paint.rounded_rectangle((60 + 180 * index, 200, 200 + 180 * index, 400), 12, fill=SEATS[index].colour)
    frames = []
    rng = random.Random(7)
    for index in range(count):
        frame = base.copy()
        paint = ImageDraw.Draw(frame)
        x = 60 + (index * 37) % 1000
        paint.rounded_rectangle(
            (x, 480, x + 140, 680), 12, fill=(250, 246, 236), outline=(30, 30, 34), width=3
        )
        paint.text((x + 20, 500), f"Move {index}", fill=(30, 30, 34), font_size=28)
        marker = FIRST if index == 0 else LAST if index == count - 1 else (200, 200, 200)
        paint.rectangle((20, 100, 120, 170), fill=marker)
        if noise:
            grey = Image.frombytes("L", (noise, noise), rng.randbytes(noise * noise))
            frame.paste(grey.convert("RGB"), (SIZE[0] - noise - 20, 90))
        frames.append(frame)
    return frames


def decode(data: bytes) -> GifImageFile:
    assert data.startswith(b"GIF89a")
    image = Image.open(io.BytesIO(data))
    assert isinstance(image, GifImageFile)
    return image


def marker(image: Image.Image) -> tuple[int, int, int]:
    """The marker square's colour in the current frame (scaled to the GIF's size)."""
    scale = image.width / SIZE[0]
    pixel = image.convert("RGB").getpixel((round(70 * scale), round(135 * scale)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(x - y) <= 24 for x, y in zip(a, b, strict=True))


def test_pick_frames_spreads_evenly_and_keeps_both_ends() -> None:
    assert pick_frames(5, 10) == [0, 1, 2, 3, 4]
    assert pick_frames(10, 4) == [0, 3, 6, 9]
    assert pick_frames(120, 7) == [0, 20, 40, 60, 79, 99, 119]
    assert pick_frames(10, 1) == pick_frames(10, 0) == [0, 9]
    assert pick_frames(1, 1) == [0] and pick_frames(0, 5) == []
    for count in range(2, 60):
        for limit in range(2, count + 3):
            kept = pick_frames(count, limit)
            assert kept[0] == 0 and kept[-1] == count - 1
            assert len(kept) == min(count, limit) and kept == sorted(set(kept))
            gaps = [b - a for a, b in itertools.pairwise(kept)]
            assert max(gaps) - min(gaps) <= 1


def test_a_replay_is_an_animated_gif_scaled_to_fit_discord() -> None:
    frames = table_frames(12)
    gif = decode(encode_replay_gif(frames, frame_ms=700, last_frame_ms=2500))
    assert gif.is_animated and gif.n_frames == 12
    assert gif.size == (MAX_WIDTH, round(SIZE[1] * MAX_WIDTH / SIZE[0]))
    assert gif.info["loop"] == 0 and gif.info["duration"] == 700
    assert near(marker(gif), FIRST)
    gif.seek(gif.n_frames - 1)
    assert gif.info["duration"] == 2500 and near(marker(gif), LAST)


def test_small_frames_are_not_enlarged_and_any_mode_is_accepted() -> None:
    frames = [frame.resize((600, 380)).convert("RGBA") for frame in table_frames(4)]
    gif = decode(encode_replay_gif(frames))
    assert gif.size == (600, 380) and gif.n_frames == 4


def test_a_tight_budget_scales_down_then_drops_frames_keeping_both_ends() -> None:
    frames = table_frames(40, noise=160)
    roomy = encode_replay_gif(frames)
    assert decode(roomy).n_frames == 40
    budget = len(roomy) // 5
    data = encode_replay_gif(frames, max_bytes=budget)
    assert len(data) <= budget
    gif = decode(data)
    assert gif.width < MAX_WIDTH and 2 <= gif.n_frames < 40
    assert near(marker(gif), FIRST)
    gif.seek(gif.n_frames - 1)
    assert near(marker(gif), LAST)


def test_a_moderate_budget_only_scales_down() -> None:
    frames = table_frames(30, noise=120)
    roomy = encode_replay_gif(frames)
    data = encode_replay_gif(frames, max_bytes=round(len(roomy) * 0.7))
    gif = decode(data)
    assert len(data) <= len(roomy) * 0.7
    assert gif.n_frames == 30 and gif.width < MAX_WIDTH


def test_impossible_budgets_and_no_frames_are_refused() -> None:
    with pytest.raises(ReplayTooLarge):
        encode_replay_gif(table_frames(3), max_bytes=300)
    with pytest.raises(ValueError, match="at least one frame"):
        encode_replay_gif([])


def test_a_single_frame_is_a_still_gif() -> None:
    gif = decode(encode_replay_gif(table_frames(1)))
    assert gif.n_frames == 1 and gif.width == MAX_WIDTH


def test_sixty_table_frames_fit_the_default_budget_without_losing_one() -> None:
    assert decode(encode_replay_gif(table_frames(60))).n_frames == 60

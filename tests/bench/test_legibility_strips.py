"""The before/after strips of docs/legibility.md: one command rebuilds them, 550 px wide."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bench.legibility_strips import LABEL_H, SHOWN_WIDTH, TABLES, simulated, write_strips


def test_strips_show_before_over_after_and_three_colour_visions(tmp_path: Path) -> None:
    gallery = tmp_path / "gallery"
    gallery.mkdir()
    for game, sample in TABLES.items():
        Image.new("RGB", (1200, 600), (200, 30, 30)).save(gallery / f"{game}_{sample}_table.png")
    out = tmp_path / "docs"
    written = write_strips(gallery, out)
    assert len(written) == 3 * len(TABLES)
    for game in TABLES:
        before = Image.open(out / "before" / f"{game}.png")
        assert before.size == (SHOWN_WIDTH, 275)
        strip = Image.open(out / f"{game}.png").convert("RGB")
        assert strip.width == SHOWN_WIDTH and strip.height > 2 * (275 + LABEL_H)
        assert strip.getpixel((SHOWN_WIDTH // 2, LABEL_H + 100)) == (200, 30, 30)
        views = Image.open(out / f"{game}-colour-vision.png")
        assert views.width == SHOWN_WIDTH and views.height > 3 * LABEL_H
    rebuilt = write_strips(None, out)
    assert len(rebuilt) == 2 * len(TABLES)
    assert Image.open(out / "before" / "superhot.png").size == (SHOWN_WIDTH, 275)


def test_simulated_vision_turns_red_and_green_alike_for_deuteranopia() -> None:
    image = Image.new("RGB", (2, 1))
    image.putpixel((0, 0), (204, 80, 60))
    image.putpixel((1, 0), (110, 130, 40))
    seen = simulated(image, "deutan")
    red, green = seen.getpixel((0, 0)), seen.getpixel((1, 0))
    assert isinstance(red, tuple) and isinstance(green, tuple)
    assert max(abs(a - b) for a, b in zip(red, green, strict=True)) < 30
    assert simulated(image, "tritan").getpixel((0, 0)) != red

"""Before/after strips of each game's table for docs/legibility.md, as Discord shows them (550 px
wide), and the same tables as people with colour-vision deficiencies see them.

    python -m bench.legibility_strips [--before GALLERY]

With --before, the "before" tables are first taken from a gallery (`python -m renderers.gallery`
run on the old code) and kept, shown size, in docs/legibility/before/; the "after" tables are
always drawn by the current renderers, so a rerun after any change updates the strips.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from coloraide import Color
from PIL import Image, ImageDraw

from renderers import REGISTRY
from renderers.kit.fonts import font
from renderers.kit.legibility import SHOWN_WIDTH

OUT = Path(__file__).resolve().parent.parent / "docs" / "legibility"
TABLES: dict[str, str] = {
    "smashmasters": "four_players",
    "supernova": "six_players_shared",
    "punchfighter": "standard_move",
    "superhot": "solo_midgame",
    "letopsulle": "two_active",
}
"""The sample table shown for each game."""
VISIONS: dict[str, str] = {
    "protan": "protanopia (no red cones)",
    "deutan": "deuteranopia (no green cones)",
    "tritan": "tritanopia (no blue cones)",
}
LABEL_H = 26
COLOURS = 256
"""The strips are stored with this many colours (small files; text stays crisp)."""


def shown(image: Image.Image) -> Image.Image:
    """The image at the width Discord shows it."""
    height = round(image.height * SHOWN_WIDTH / image.width)
    return image.convert("RGB").resize((SHOWN_WIDTH, height), Image.Resampling.LANCZOS)


def labelled(image: Image.Image, label: str) -> Image.Image:
    """The image under a dark bar saying what it is."""
    out = Image.new("RGB", (image.width, image.height + LABEL_H), (12, 12, 16))
    ImageDraw.Draw(out).text((8, LABEL_H / 2), label, font=font(16, bold=True), fill="white", anchor="lm")
    out.paste(image, (0, LABEL_H))
    return out


def stacked(images: Sequence[Image.Image], gap: int = 8) -> Image.Image:
    """Images one above the other, `gap` px of white between them."""
    height = sum(image.height for image in images) + gap * (len(images) - 1)
    out = Image.new("RGB", (max(image.width for image in images), height), (255, 255, 255))
    y = 0
    for image in images:
        out.paste(image, (0, y))
        y += image.height + gap
    return out


def simulated(image: Image.Image, vision: str) -> Image.Image:
    """The image as seen with this colour-vision deficiency (full severity, coloraide's default
    method), simulated on its 256 commonest colours."""
    few = image.quantize(COLOURS, dither=Image.Dither.NONE)
    palette = few.getpalette() or []
    seen: list[int] = []
    for index in range(0, len(palette), 3):
        colour = Color("srgb", [channel / 255 for channel in palette[index : index + 3]])
        red, green, blue = colour.filter(vision, 1.0).convert("srgb").clip().coords()
        seen += [round(red * 255), round(green * 255), round(blue * 255)]
    few.putpalette(seen)
    return few.convert("RGB")


def save(image: Image.Image, path: Path) -> Path:
    """Write the image with few colours, optimised."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.quantize(COLOURS, dither=Image.Dither.NONE).save(path, optimize=True)
    return path


def after_table(game: str) -> Image.Image:
    """The game's sample table as the current renderer draws it."""
    renderer = REGISTRY[game]
    public, _ = renderer.samples()[TABLES[game]]
    return renderer.table(public)


def write_strips(before_gallery: Path | None = None, out: Path = OUT) -> list[Path]:
    """Write out/<game>.png (before over after) and out/<game>-colour-vision.png for each game;
    with a gallery, first refresh out/before/<game>.png from it."""
    written: list[Path] = []
    for game, sample in TABLES.items():
        kept = out / "before" / f"{game}.png"
        if before_gallery is not None:
            written.append(save(shown(Image.open(before_gallery / f"{game}_{sample}_table.png")), kept))
        after = shown(after_table(game))
        parts = [labelled(after, "After")]
        if kept.exists():
            parts.insert(0, labelled(Image.open(kept).convert("RGB"), "Before"))
        written.append(save(stacked(parts), out / f"{game}.png"))
        views = [
            labelled(simulated(after, vision), f"After, as seen with {words}")
            for vision, words in VISIONS.items()
        ]
        written.append(save(stacked(views), out / f"{game}-colour-vision.png"))
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.legibility_strips", description=__doc__)
    parser.add_argument("--before", type=Path, help="a gallery of the old renderers to take 'before' from")
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write into (docs/legibility)")
    args = parser.parse_args(argv)
    for path in write_strips(args.before, args.out):
        print(path)


if __name__ == "__main__":
    main()

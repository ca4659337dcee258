"""Each built-in game's 256 colours, chosen ahead of time and shipped in `renderers/palettes/`.

Choosing a game's palette means drawing every gallery sample of the game, and the samples are seeded
games played out: 1.5 to 7 s a game on the 2-core machine, which the first Start of each game paid
(the sandbox and the bot without render workers draw in their own process). The shipped palette is
used instead; a game without one gets its palette chosen at first use, as before. The encoding tests
check that the shipped palettes keep the colours of the samples and of held-out mid-game views; when
a renderer's colours change, `python -m renderers.write_palettes` chooses them again.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

FOLDER = Path(__file__).resolve().parent / "palettes"


def path_of(game_id: str) -> Path:
    return FOLDER / f"{game_id}.pal"


def load(game_id: str) -> Image.Image | None:
    """The game's shipped palette (a "P" image to map colours onto), if there is one."""
    try:
        colours = path_of(game_id).read_bytes()
    except OSError:
        return None
    if not colours or len(colours) % 3 or len(colours) > 768:
        return None
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    return palette


def save(game_id: str, palette: Image.Image) -> Path:
    """Write a game's palette (its RGB triplets)."""
    FOLDER.mkdir(exist_ok=True)
    path = path_of(game_id)
    path.write_bytes(bytes(palette.getpalette() or ()))
    return path

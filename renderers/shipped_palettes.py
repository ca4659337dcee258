"""Each built-in game's 256 colours, chosen ahead of time and shipped in `renderers/palettes/`.

Choosing a game's palette means drawing every gallery sample of the game, and the samples are seeded
games played out: 1.5 to 7 s a game on the 2-core machine, which the first Start of each game paid
(the sandbox and the bot without render workers draw in their own process). A shipped palette is
used while the renderer's code is the code it was chosen for (a fingerprint of `renderers/kit` and
the game's renderer package); after a change to either, the palette is chosen again at first use,
as before, until `python -m renderers.write_palettes` writes the files anew.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from PIL import Image

log = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent
FOLDER = HERE / "palettes"
_SOURCES = ("kit",)


def fingerprint(game_id: str) -> str:
    """A hash of the code that draws the game: `renderers/kit` and `renderers/<game_id>`."""
    digest = hashlib.sha256()
    for folder in (*_SOURCES, game_id):
        for path in sorted((HERE / folder).rglob("*.py")):
            digest.update(path.relative_to(HERE).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def load(game_id: str) -> Image.Image | None:
    """The game's shipped palette (a "P" image to map colours onto), if it is there and current."""
    path = FOLDER / f"{game_id}.pal"
    try:
        stored = path.read_bytes()
    except OSError:
        return None
    head, _, colours = stored.partition(b"\n")
    if head.decode("ascii", "replace") != fingerprint(game_id) or not colours or len(colours) % 3:
        log.info("the shipped %s palette is not the current renderer's; choosing it again", game_id)
        return None
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    return palette


def save(game_id: str, palette: Image.Image) -> Path:
    """Write a game's palette with the fingerprint of the code it was chosen for."""
    FOLDER.mkdir(exist_ok=True)
    colours = bytes(palette.getpalette() or ())
    path = FOLDER / f"{game_id}.pal"
    path.write_bytes(fingerprint(game_id).encode("ascii") + b"\n" + colours)
    return path

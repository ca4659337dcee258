"""`python -m renderers.write_palettes`: choose every built-in game's palette again and ship it
(`renderers/palettes/`); run it after changing a game's renderer or `renderers/kit`."""

from __future__ import annotations

import sys

import renderers
from renderers import shipped_palettes


def main() -> None:
    for game_id in sorted(renderers.BUILT_IN):
        palette = renderers.choose_palette(game_id)
        if palette is not None:
            print(shipped_palettes.save(game_id, palette), file=sys.stderr)


if __name__ == "__main__":
    main()

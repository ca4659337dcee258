"""Write every renderer's samples as PNGs for people to look at: python -m renderers.gallery OUT."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

from renderers import GENERIC, REGISTRY, Renderer
from renderers.kit.encode import encode_png


def write_gallery(out: Path, registry: Mapping[str, Renderer] | None = None) -> list[Path]:
    """Write OUT/<game>_<sample>_table.png and _hand.png for each renderer and the generic one."""
    out.mkdir(parents=True, exist_ok=True)
    renderers = {**(REGISTRY if registry is None else registry), "generic": GENERIC}
    written: list[Path] = []
    for game, renderer in renderers.items():
        for sample, (public, seat) in renderer.samples().items():
            for kind, image in (("table", renderer.table(public)), ("hand", renderer.hand(seat))):
                path = out / f"{game}_{sample}_{kind}.png"
                path.write_bytes(encode_png(image))
                written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    """The command line: write the gallery to the given folder and list the files."""
    parser = argparse.ArgumentParser(prog="python -m renderers.gallery", description=__doc__)
    parser.add_argument("out", type=Path, help="folder to write the PNGs into (created if missing)")
    args = parser.parse_args(argv)
    for path in write_gallery(args.out):
        print(path)


if __name__ == "__main__":
    main()

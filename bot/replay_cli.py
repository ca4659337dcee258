"""`python -m bot replay FILE`: play an exported game again offline, print its result and write
its final table as an image (docs/export.md)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.errors import UserError
from bot.export import MAX_FILE, GameExport, decode_export, replay_export


def parser() -> argparse.ArgumentParser:
    """The command line of `python -m bot replay`."""
    found = argparse.ArgumentParser(
        prog="python -m bot replay",
        description="Replay a game file from /game export: print the result, draw the final table.",
    )
    found.add_argument("file", type=Path, help="the .json file /game export gave")
    found.add_argument(
        "--image", type=Path, default=None, help="where to write the final table (default: FILE with .png)"
    )
    found.add_argument("--log", action="store_true", help="also print what happened, move by move")
    return found


def read_export(path: Path) -> GameExport:
    """The export in a file; UserError when it cannot be read or is not one."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE + 1)
    except OSError as exc:
        raise UserError(f"Cannot read {path}: {exc.strerror or exc}.") from None
    if len(data) > MAX_FILE:
        raise UserError(f"{path} is larger than any game file (over {MAX_FILE:,} bytes).")
    return decode_export(data)


def main(args: Sequence[str], say: Callable[[str], None], out: Callable[[str], None] = print) -> int:
    """Replay one file; a problem is one line on `say` and a non-zero exit, never a traceback."""
    options = parser().parse_args(list(args))
    image_path = options.image or options.file.with_suffix(".png")
    try:
        export = read_export(options.file)
        import renderers  # lazily: only drawing needs Pillow and the game renderers
        from engines import REGISTRY

        if export.status == "finished":
            replayed = replay_export(export, REGISTRY)
            view = REGISTRY[export.game].view(replayed.state, None)
            lines, summary = replayed.lines, replayed.summary
            if not replayed.exact:
                say(
                    f"warning: the replay ends in a different state than the game did (exported "
                    f"with SuperTable {export.engine_version}): the rules may have changed since."
                )
        else:
            if export.table is None or export.game not in REGISTRY:
                raise UserError("This file shows a running game but holds no table this SuperTable can draw.")
            view, lines = export.table, export.log
            summary = "Still running when exported (a snapshot: no seed, so no replay)."
        image = renderers.render_table(export.game, view)
        image_path.write_bytes(image.png)
    except UserError as exc:
        say(str(exc))
        return 1
    except OSError as exc:
        say(f"Cannot write {image_path}: {exc.strerror or exc}.")
        return 1
    players = ", ".join(seat.name for seat in export.seats)
    out(f"{export.title or export.game} · {export.mode} · {players}")
    if options.log:
        for line in lines:
            out(line)
    out(f"Result: {summary}")
    if export.takebacks:
        out(f"Takebacks: {export.takebacks}")
    out(f"Final table: {image_path} ({image.alt})")
    return 0

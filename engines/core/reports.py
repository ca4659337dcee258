"""Generated sections of the rulings documents (balance and AI reports), kept between markers."""

from __future__ import annotations

from pathlib import Path


def replace_section(path: Path, body: str, start: str, end: str) -> None:
    """Replace the text between the `start` and `end` markers of a document with `body`."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition(start)
    _, _, tail = rest.partition(end)
    path.write_text(f"{head}{start}\n{body}\n{end}{tail}", encoding="utf-8")

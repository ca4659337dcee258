"""Generated sections of the rulings documents (balance and AI reports), kept between markers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path


def markdown_table(header: Sequence[object], rows: Iterable[Sequence[object]]) -> list[str]:
    """A Markdown table's lines: the header, its rule, then one line per row."""
    lines = ["| " + " | ".join(str(cell) for cell in header) + " |", "|---" * len(header) + "|"]
    return lines + ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]


def replace_section(path: Path, body: str, start: str, end: str) -> None:
    """Replace the text between the `start` and `end` markers of a document with `body`."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition(start)
    _, _, tail = rest.partition(end)
    path.write_text(f"{head}{start}\n{body}\n{end}{tail}", encoding="utf-8")


@dataclass(frozen=True)
class Bound:
    """A bound a balance report judges: a measured share (or a step between two) and its limit."""

    name: str
    value: float
    limit: float
    at_most: bool

    @property
    def passed(self) -> bool:
        """Whether the measured value keeps to the limit."""
        return self.value <= self.limit if self.at_most else self.value >= self.limit

"""The card note's tables are generated from cards.toml and must match it."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.superhot.cards import pool
from engines.superhot.cards_doc import SECTIONS, main, markers, render

DOC = Path(__file__).resolve().parents[3] / "docs" / "rulings" / "superhot_cards.md"
REGENERATE = "python -m engines.superhot.cards_doc --write docs/rulings/superhot_cards.md"


def _section(text: str, name: str) -> str:
    start, end = markers(name)
    assert text.count(start) == 1 and text.count(end) == 1, f"markers of section {name!r}"
    return text.partition(start)[2].partition(end)[0].strip("\n")


@pytest.mark.parametrize("name", list(SECTIONS))
def test_the_doc_tables_match_the_cards(name: str) -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert _section(doc, name) == render()[name], f"section {name!r} is stale: run {REGENERATE}"


def test_the_tables_list_every_card_id() -> None:
    cells = {
        cell.strip().strip("`")
        for body in render().values()
        for line in body.splitlines()
        if line.startswith("|")
        for cell in line.split("|")
    }
    cards = pool()
    ids = {*cards.bullets, *(card.id for card in cards.obstacles.values()), *cards.goals}
    ids |= {glitch.id for glitch in cards.glitches}
    assert ids <= cells, sorted(ids - cells)


def test_the_script_replaces_the_tables_only(tmp_path: Path) -> None:
    doc = tmp_path / "cards.md"
    stale = "".join(
        f"prose {name}\n{start}\nold table\n{end}\n" for name in SECTIONS for start, end in [markers(name)]
    )
    doc.write_text(stale, encoding="utf-8")
    assert main(["--write", str(doc)]) == 0
    text = doc.read_text(encoding="utf-8")
    assert "old table" not in text and all(f"prose {name}\n" in text for name in SECTIONS)
    assert all(_section(text, name) == body for name, body in render().items())


def test_the_script_refuses_a_doc_without_markers(tmp_path: Path) -> None:
    doc = tmp_path / "cards.md"
    doc.write_text("# no markers\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no markers"):
        main(["--write", str(doc)])
    assert doc.read_text(encoding="utf-8") == "# no markers\n"

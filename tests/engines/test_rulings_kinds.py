"""Every ruling says what kind it is (DESIGN.md section 7), and every house rule it names is a table
option of its game that is off by default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines import REGISTRY

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings"
SWEPT = {  # file: (game, the heading where its rulings stop, or "" for the whole file)
    "superhot.md": ("superhot", "## Balance"),
    "superhot_cards.md": ("superhot", ""),
    "smashmasters.md": ("smashmasters", "## B."),
    "supernova.md": ("supernova", ""),
    "letopsulle.md": ("letopsulle", "## Card list"),
    "punchfighter.md": ("punchfighter", "## Balance"),
}
ITEM = re.compile(r"^(?:- |\d+[a-z]?\. )\*\*|^\*\*[A-Z]\d+\. ")  # "- **…", "12. **…", "**R1. …"
KIND = re.compile(
    r"^\s*Kind: (?:fills a gap\."
    r'|reading — ".+"\.'
    r"|house rule — option `[a-z_0-9]+`, off by default\.)$"
)


def rulings(name: str, stop: str) -> list[tuple[str, str]]:
    """(title line, the line under it) for every ruling of a file."""
    lines = (RULINGS / name).read_text(encoding="utf-8").split("\n")
    if stop:
        lines = lines[: next(i for i, line in enumerate(lines) if line.startswith(stop))]
    return [(line, lines[i + 1]) for i, line in enumerate(lines) if ITEM.match(line)]


@pytest.mark.parametrize("name", sorted(SWEPT))
def test_every_ruling_says_its_kind_under_its_title(name: str) -> None:
    stop = SWEPT[name][1]
    found = rulings(name, stop)
    assert found
    for title, under in found:
        assert KIND.match(under), f"{name}: {title!r} has no Kind line under it"


@pytest.mark.parametrize("name", sorted(p.name for p in RULINGS.glob("*.md")))
def test_every_house_rule_in_the_rulings_is_an_option_off_by_default(name: str) -> None:
    text = (RULINGS / name).read_text(encoding="utf-8")
    named = re.findall(r"Kind: house rule — option `([a-z_0-9]+)`", text)
    if not named:
        return
    game = SWEPT.get(name, (name.removesuffix(".md"), ""))[0]
    options = {option.id: option for option in REGISTRY[game].meta.options}
    for option_id in named:
        option = options.get(option_id)
        assert option is not None and option.house_rule, f"{name}: {option_id} is not a house rule option"
        assert option.why and not option.is_on(option.default)

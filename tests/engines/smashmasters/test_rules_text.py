"""The /rules pages: short, on every topic, and in our own words (no rulebook sentences)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.smashmasters.rules_text import RULES

RULEBOOK = Path("/work/shared/rules/smash_masters.md")
TOPICS = ("last team standing", "one action", "Smash Battles", "Stunned and defeated", "reacts", "Variants")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def test_pages_fit_discord_and_cover_the_topics() -> None:
    assert len(RULES) == len(TOPICS)
    assert all(len(page) <= 1800 for page in RULES)
    for page, topic in zip(RULES, TOPICS, strict=True):
        heading = page.splitlines()[0]
        assert heading.startswith("**") and topic.lower() in heading.lower(), heading


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not in this checkout")
def test_no_page_repeats_a_rulebook_sentence() -> None:
    book = _words(RULEBOOK.read_text(encoding="utf-8"))
    size = 7
    grams = {tuple(book[i : i + size]) for i in range(len(book) - size + 1)}
    for page in RULES:
        words = _words(page)
        copied = [
            " ".join(words[i : i + size])
            for i in range(len(words) - size + 1)
            if tuple(words[i : i + size]) in grams
        ]
        assert copied == []

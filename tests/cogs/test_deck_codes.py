"""Deck codes as typed: ids between commas or spaces, `id*3` for copies; every code that cannot be
read gets a clear message naming the part (issue 40: a superscript digit was a crash)."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from cogs.deck_text import read_code


def test_a_code_reads_ids_and_copies() -> None:
    assert read_code("kc-c1, kc-s1*2 kc-t1×3") == ["kc-c1", "kc-s1", "kc-s1", "kc-t1", "kc-t1", "kc-t1"]


@pytest.mark.parametrize(
    "part",
    [
        "kc-x1-1*²",
        "kc-x1-1*٣",
        "kc-x1-1*３",
        "kc-x1-1*0",
        "kc-x1-1*100",
        "kc-x1-1*",
        "*3",
        "kc-x1-1**3",
        "kc*1e3",
    ],
)
def test_every_count_that_is_not_ascii_digits_in_range_is_named(part: str) -> None:
    with pytest.raises(UserError, match=r"I could not read “.+” in that deck code") as refused:
        read_code(f"kc-c1,{part}")
    assert "`id*3` for 3 copies (at most 99)" in str(refused.value)

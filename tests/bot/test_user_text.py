"""bot.user_text: a person's words are shown as typed (never as markup or a ping) and a name is one
short line whatever was typed."""

from __future__ import annotations

import re

import pytest

from bot.user_text import NAME_LENGTH, clean_name, plain, quoted

LIVE_LINK = re.compile(r"(?<!\\)\[[^\]]*(?<!\\)\]\(")  # a masked link Discord would render


def test_a_masked_link_is_shown_as_text() -> None:
    shown = plain("[Free Nitro](https://evil.example/n)")
    assert not LIVE_LINK.search(shown)
    assert shown.replace("\\", "") == "[Free Nitro](https://evil.example/n)"


def test_a_backslash_cannot_undo_the_escape() -> None:
    shown = plain("\\[Free Nitro](https://evil.example/n)")
    assert not LIVE_LINK.search(shown.replace("\\\\", ""))


@pytest.mark.parametrize(
    ("typed", "live"),
    [
        ("**bold**", "**"),
        ("```code```", "```"),
        ("||spoiler||", "||"),
        ("@everyone", "@everyone"),
        ("@here", "@here"),
        ("<@&123456789012345678>", "<@"),
        ("<t:0:R>", "<t:"),
        ("<#123456789012345678>", "<#"),
        ("~~gone~~", "~~"),
    ],
)
def test_markup_and_mentions_are_neutralised(typed: str, live: str) -> None:
    assert live not in re.sub(r"\\.", "", plain(typed)), "what Discord reads after its escapes"


def test_plain_words_stay_as_they_are() -> None:
    assert plain("Ana Lúcia 2") == "Ana Lúcia 2"
    assert quoted("chess") == "'chess'"


@pytest.mark.parametrize("breaker", ["\n", "\r", "\r\n", "\x85", "\u2028", "\u2029", "\x0b", "\t"])
def test_a_line_or_paragraph_break_in_a_name_becomes_a_space(breaker: str) -> None:
    assert clean_name(f"Zed{breaker}Break") == "Zed Break"


def test_bidi_and_zero_width_characters_are_dropped() -> None:
    assert clean_name("\u202eevil\u200b\u200dname\u2066") == "evilname"


def test_a_name_is_bounded_and_never_empty() -> None:
    assert len(clean_name("W" * 500)) == NAME_LENGTH
    assert clean_name("\u200b\n\u202e") == "Player"
    assert clean_name("  Ana   Lúcia  ") == "Ana Lúcia"

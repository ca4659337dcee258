"""What a person types (display names, deck names, option values), on its way in and out.

In: `clean_name` normalises a name once, when it is stored or seated: line and paragraph breaks
and other controls become spaces, invisible format characters (bidi overrides, zero-width marks)
are dropped, runs of spaces collapse and the length is bounded, so a name is one short line that
every message and image can show.

Out: `plain` is the one way a person's words enter a Discord message: markdown and mentions
escaped, so a name such as ``[Free Nitro](https://evil.example)`` is shown as typed, never as a
link, a code block, a heading or a ping. Engines' lines (log, prompts, summaries) embed seat
names, so they are shown through `plain` whole.
"""

from __future__ import annotations

import re
import unicodedata

from discord.utils import escape_mentions

NAME_LENGTH = 32  # Discord's own display names are at most 32 characters
DECK_NAME_LENGTH = 32  # /deck build takes names of up to 32 characters
UNNAMED = "Player"
_DROPPED = {"Cf", "Cs", "Co"}  # format (bidi, zero-width), surrogates, private use
_MARKDOWN = re.compile(r"([\\*_~|`\[\]<])|^([#>-])", re.MULTILINE)  # markup anywhere; at a line's start
_SPACED = {"Cc", "Zl", "Zp", "Zs"}  # controls (\n, \r, U+0085...), line and paragraph separators


def clean_name(text: str, limit: int = NAME_LENGTH, fallback: str = UNNAMED) -> str:
    """The name as one line of at most `limit` visible characters (`fallback` when nothing is left)."""
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category in _SPACED:
            kept.append(" ")
        elif category not in _DROPPED:
            kept.append(char)
    name = " ".join("".join(kept).split())
    return name[:limit].rstrip() or fallback


def plain(text: str) -> str:
    """A person's words as plain text in a Discord message: every character markdown gives a
    meaning (emphasis, code, spoilers, masked links' brackets, mentions, channels, timestamps, and
    at a line's start headings, quotes and lists) escaped with a backslash, which Discord hides,
    and @everyone/@here broken.

    Unlike discord.utils.escape_markdown, which escapes a masked link only when it is whole, every
    such character is escaped wherever it stands: a name clipped to its first half, or two names
    that make a link together, stay text."""
    return escape_mentions(_MARKDOWN.sub(lambda found: "\\" + found.group(), text))


def quoted(text: str, limit: int = 40) -> str:
    """What a person typed, quoted in a reply ('chess'), cut to `limit` characters and plain."""
    return plain(repr(text if len(text) <= limit else text[: limit - 1] + "…"))

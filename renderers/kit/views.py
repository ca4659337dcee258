"""Reading views: the keys every game shares, and the words alt text is made of."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import engines

View = Mapping[str, Any]


def as_int(value: Any, default: int = 0) -> int:
    """`value` when it is an int (and not a bool), else `default`: views are read defensively."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_index(value: Any) -> int | None:
    """`value` when it is an int (and not a bool), else None (e.g. whose turn it is)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def as_str(value: Any) -> str:
    """`value` when it is a string, else ""."""
    return value if isinstance(value, str) else ""


def as_mapping(value: Any) -> Mapping[str, Any] | None:
    """`value` when it is a mapping (a card, a seat), else None."""
    return value if isinstance(value, Mapping) else None


def as_mappings(value: Any) -> list[Mapping[str, Any]]:
    """The mappings in `value` when it is a list (a list of cards), else []."""
    return [item for item in value if isinstance(item, Mapping)] if isinstance(value, list) else []


def seats(view: View) -> list[Mapping[str, Any]]:
    """The seats of a view, in seat order."""
    return [seat for seat in view.get("seats") or () if isinstance(seat, Mapping)]


def seat_name(view: View, index: int) -> str:
    """The name of a seat, or "Seat N" when the view does not say."""
    listed = seats(view)
    if 0 <= index < len(listed) and listed[index].get("name"):
        return str(listed[index]["name"])
    return f"Seat {index + 1}"


def game_title(view: View) -> str:
    """The view's "title", else the registered engine's title, else the game id made readable."""
    game = str(view.get("game") or "game")
    engine = engines.REGISTRY.get(game)
    return str(view.get("title") or (engine.meta.title if engine else humanize(game).title()))


def mode_label(view: View) -> str:
    """The label of the view's mode ("" when it has none)."""
    mode = str(view.get("mode") or "")
    engine = engines.REGISTRY.get(str(view.get("game")))
    labels = {m.id: m.label for m in engine.meta.modes} if engine else {}
    return labels.get(mode, humanize(mode).capitalize())


def humanize(key: str) -> str:
    """A view key as words: "hand_size" -> "hand size"."""
    return key.replace("_", " ").replace("-", " ").strip()


def join_names(names: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def plural(count: int, word: str, words: str = "") -> str:
    """ "1 card", "2 cards"."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def sentences(parts: Iterable[str]) -> str:
    """Non-empty parts joined into sentences, each ending with a full stop."""
    return " ".join(part if part.endswith((".", "!", "?")) else part + "." for part in parts if part)


def sentences_within(parts: Iterable[str], limit: int) -> str:
    """sentences() kept within `limit` characters: parts come most important first, and the first
    one that does not fit is cut at a word with an ellipsis (if enough of it is left) and ends it."""
    text = ""
    for part in (part if part.endswith((".", "!", "?")) else part + "." for part in parts if part):
        joined = f"{text} {part}" if text else part
        if len(joined) <= limit:
            text = joined
            continue
        room = limit - len(text) - (2 if text else 1)
        if room >= 24:
            cut = part[:room].rsplit(" ", 1)[0].rstrip(",;:")
            text = f"{text} {cut}…" if text else f"{cut}…"
        break
    return text

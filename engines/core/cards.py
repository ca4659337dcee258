"""Loading card definitions from TOML data files into typed structs."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

import msgspec

T = TypeVar("T", bound=msgspec.Struct)


class CardDataError(ValueError):
    """A card data file is malformed; the message names the file and the card."""


def load_cards(path: Path, card_type: type[T], table: str = "cards") -> tuple[T, ...]:
    """Decode the [[table]] array of a TOML file into card_type, validating every card.

    Card ids must be present and unique; every error names the file and the card.
    """
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CardDataError(f"{path.name}: cannot read card data: {exc}") from exc
    entries = raw.get(table)
    if not isinstance(entries, list):
        raise CardDataError(f"{path.name}: expected an array of [[{table}]] entries")
    cards: list[T] = []
    seen: set[str] = set()
    for position, entry in enumerate(entries, start=1):
        name = str(entry.get("id", f"#{position}")) if isinstance(entry, dict) else f"#{position}"
        try:
            card = msgspec.convert(entry, card_type)
        except msgspec.ValidationError as exc:
            raise CardDataError(f"{path.name}: card {name!r}: {exc}") from exc
        card_id = getattr(card, "id", name)
        if card_id in seen:
            raise CardDataError(f"{path.name}: card {card_id!r}: duplicate id")
        seen.add(card_id)
        cards.append(card)
    return tuple(cards)

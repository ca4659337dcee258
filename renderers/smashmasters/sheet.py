"""Smash Masters' card sheet: every character and card a view shows, with its power or rules text
(see kit/sheet.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.words import possessive
from renderers.kit.sheet import CardGroup, SheetCard, group, joined, listed
from renderers.kit.views import View, as_int, as_mapping, as_mappings, as_str, seats
from renderers.smashmasters.look import kind, power_type, timing
from renderers.smashmasters.read import space
from renderers.smashmasters.words import safe_words


def blue(card: Mapping[str, Any]) -> SheetCard:
    """A blue card: its kind (a Super names its character and timing) and its text."""
    what = kind(as_str(card.get("kind")).lower()).word
    character = as_str(card.get("character"))
    if character:
        what = f"Super of {character}"
    return SheetCard(as_str(card.get("name")) or "?", joined(what, _when(card)), as_str(card.get("text")))


def _when(card: Mapping[str, Any]) -> str:
    """When a power works, in the words of the table's Timing legend ("always on", not "passive")."""
    found = as_str(card.get("timing"))
    look = timing(found)
    return look.word.lower() if look is not None else found


def character(card: Mapping[str, Any], state: str = "") -> SheetCard:
    """A character: power type, rank, its power's timing, the table state given, and the power."""
    facts = joined(
        power_type(as_str(card.get("power_type"))).word,
        f"rank {as_int(card.get('rank'))}",
        _when(card),
        state,
    )
    return SheetCard(as_str(card.get("name")) or "?", facts, as_str(card.get("text")))


def _member(found: Mapping[str, Any]) -> SheetCard:
    """A character on a team, with what the table shows of it (stunned, turned, safe...)."""
    place = space(found)
    marks = [
        "stunned" if place.stunned else "",
        "waking up, power back next turn" if place.waking else "",
        "turned around" if place.turned else "",
        safe_words(place.safe_from),
        "extra space" if place.extra else "",
    ]
    return character(found, joined(*marks, sep=", "))


def _labelled(label: str, shown: SheetCard) -> SheetCard:
    return SheetCard(shown.name, joined(label, shown.facts), shown.text)


def _area(seat: Mapping[str, Any]) -> list[SheetCard]:
    """A player's side of the table: the team, the top of the discard, the defeated characters."""
    cards = [
        _member(found) for found in as_mappings(seat.get("team")) if as_str(found.get("state")) != "empty"
    ]
    top = as_mapping(seat.get("discard_top"))
    if top is not None:
        cards.append(_labelled("discard, top", blue(top)))
    cards += [_labelled("defeated", character(found)) for found in as_mappings(seat.get("defeated"))]
    return cards


def _battle_title(fight: Mapping[str, Any]) -> str:
    """ "The battle: Compost Colossus attacks Wi-Fiona" (who attacks whom, as the battle row says)."""
    attacker = as_str((as_mapping(fight.get("attacker")) or {}).get("name"))
    target = as_str((as_mapping(fight.get("target")) or {}).get("name"))
    return f"The battle: {attacker} attacks {target}" if attacker and target else "The battle"


def _blow(numbered: tuple[int, Mapping[str, Any]]) -> SheetCard:
    """A card of the battle's chain, numbered as on the table, with who played it."""
    number, blow = numbered
    shown = blue(as_mapping(blow.get("card")) or {})
    who = as_str(blow.get("player"))
    return _labelled(joined(f"#{number}", f"played by {who}" if who else ""), shown)


def card_sheet(view: View) -> list[CardGroup]:
    """Your hand, picks and stack (a seat's view only), the battle, the last Story, then each
    player's side: the team, the top of the discard and the defeated characters."""
    groups: list[CardGroup] = []
    if "hand" in view:
        groups += group("Your hand", as_mappings(view.get("hand")), blue)
        groups += group("Your picks", as_mappings(view.get("picks")), character)
        groups += group("Your Character Stack", as_mappings(view.get("stack_cards")), character)
    fight = as_mapping(view.get("battle")) or {}
    groups += group(_battle_title(fight), enumerate(as_mappings(fight.get("chain")), 1), _blow)
    story = as_mapping(view.get("last_story"))
    groups += group("Last Story played", [story] if story else [], blue)
    for seat in seats(view):
        groups += listed(f"{possessive(as_str(seat.get('name')) or 'A player')} side", _area(seat))
    return groups

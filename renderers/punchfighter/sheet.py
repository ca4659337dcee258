"""Super Punch Fighter's card sheet: the hand, each fighter with its pad of buttons, the button
offer, the achievements and the chain, with every text (see kit/sheet.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.words import counted, possessive
from engines.punchfighter.schema import LETTER_NAMES
from renderers.kit.sheet import CardGroup, SheetCard, group, joined, listed
from renderers.kit.views import View, as_int, as_mappings, as_str
from renderers.punchfighter.read import Player, Table, read
from renderers.punchfighter.words import band_name


def fighter_card(card: Mapping[str, Any]) -> SheetCard:
    """A fighter card: its cost in button letters (or defence), a combo mark, its text."""
    cost = as_str(card.get("cost"))
    facts = joined(f"costs {cost}" if cost else "defence", "combo" if card.get("combo") else "")
    return SheetCard(as_str(card.get("name")) or "?", facts, as_str(card.get("text")))


def button(card: Mapping[str, Any]) -> SheetCard:
    """A button: its letter, whether it is pushed on a pad, and what pushing it does."""
    letter = as_str(card.get("letter"))
    pushed = card.get("pushed")
    state = "" if not isinstance(pushed, bool) else ("pushed" if pushed else "ready")
    facts = joined(f"{letter} ({LETTER_NAMES[letter]})" if letter in LETTER_NAMES else letter, state)
    return SheetCard(as_str(card.get("name")) or "?", facts, as_str(card.get("text")))


def _fighter(player: Mapping[str, Any], shown: Player | None, band: str, place: str) -> SheetCard:
    """A fighter: style, health as its panel shows it (`shown`: full before it enters) and the
    dial's band (as the health bar colours it), stars, place."""
    bands = [as_int(n) for n in player.get("bands") or ()]
    now = shown.health if shown is not None else as_int(player.get("health"))
    health = f"health {now}/{sum(bands)}" if bands else ""
    facts = joined(
        as_str(player.get("style")),
        joined(health, f"{band} band" if band and health else "", sep=", "),
        counted(as_int(player.get("stars")), "star"),
        place,
    )
    counts = ", ".join(f"{pile} {as_int(player.get(pile))}" for pile in ("hand", "deck", "discard"))
    return SheetCard(as_str(player.get("fighter_name")) or "No fighter yet", joined("fighter", facts), counts)


def _dial_and_place(table: Table, player: Player) -> tuple[str, str]:
    """The band its dial shows (none at 0 health) and where the fighter is, as its panel says."""
    band = band_name(player) if player.health > 0 else ""
    if not player.chosen:
        return band, ""
    if table.on_board(player):
        return band, f"on {player.at}"
    return band, "knocked out" if table.entered(player) else "not yet entered"


def _achievement(found: Mapping[str, Any], names: list[str]) -> SheetCard:
    who = [names[s] for s in found.get("claimed_by") or () if isinstance(s, int) and 0 <= s < len(names)]
    claimed = f"claimed by {', '.join(who)}" if who else "unclaimed"
    return SheetCard(
        as_str(found.get("name")) or "?", joined("achievement", claimed), as_str(found.get("text"))
    )


def card_sheet(view: View) -> list[CardGroup]:
    """Your hand (a seat's view only), the chain, each player's fighter and pad, the offer, the
    achievements."""
    players = as_mappings(view.get("players"))
    names = [as_str(player.get("name")) or f"Seat {index + 1}" for index, player in enumerate(players)]
    groups: list[CardGroup] = []
    if "hand" in view:
        groups += group("Your hand", as_mappings(view.get("hand")), fighter_card)
    groups += group("The chain", as_mappings(view.get("chain")), fighter_card)
    table = read(view)
    read_players = table.players if len(table.players) == len(players) else ()
    for index, (name, player) in enumerate(zip(names, players, strict=True)):
        shown = read_players[index] if read_players else None
        band, place = _dial_and_place(table, shown) if shown is not None else ("", "")
        fighter = _fighter(player, shown, band, place)
        area = [fighter, *(button(found) for found in as_mappings(player.get("pad")))]
        groups += listed(f"{possessive(name)} fighter and pad", area)
    groups += group("Button offer", as_mappings(view.get("offer")), button)
    groups += group(
        "Achievements", as_mappings(view.get("achievements")), lambda found: _achievement(found, names)
    )
    return groups

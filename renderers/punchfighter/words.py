"""Phrases shared by the images and the alt text."""

from __future__ import annotations

from engines.core.words import possessive
from engines.punchfighter.state import WINNING_STARS
from renderers.kit.views import join_names
from renderers.punchfighter.look import STAR_MARK
from renderers.punchfighter.read import Player, Table

ASKS: dict[str, str] = {
    "fighter": "choose a fighter",
    "revive": "enter the board on a marked space",
    "draw": "draw a card",
    "main": "take an action or free actions",
    "drop": "discard a button",
    "move": "move to a marked space",
    "target": "choose a target",
    "defend": "defend against an attack",
    "shove": "choose where the hit fighter lands",
    "stagger": "push buttons (staggered)",
    "recharge": "recharge buttons",
    "reset": "choose the pushed buttons the reset frees",
    "claim": "claim an achievement",
    "chain": "chain another combo or stop",
    "pay": "choose the buttons that pay",
    "place": "place a minion on a marked space",
    "chase": "choose whom a minion chases",
}
PHASES: dict[str, str] = {
    "choose": "Choosing fighters",
    "minion": "Minion phase",
    "revive": "Revive",
    "power": "Power up",
    "action": "Action",
    "end": "End of turn",
    "over": "Game over",
}
MODES: dict[str, str] = {
    "standard": "Standard",
    "rush_solo": "Minion Rush solo",
    "rush_coop": "Minion Rush co-op",
    "rush_versus": "Minion Rush versus",
}


def initials(player: Player) -> str:
    """ "Khan Queso" -> "KQ", "Dr. Curium" -> "DC", "Tchotchke" -> "T"; the seat number before a
    fighter is chosen."""
    words = [w for w in player.fighter_name.replace(".", " ").split() if w[:1].isalpha()]
    if not words:
        return str(player.index + 1)
    return "".join(w[0].upper() for w in words[:2])


def ask_text(key: str) -> str:
    return ASKS.get(key.partition(".")[0], "answer")


def mode_text(table: Table) -> str:
    return MODES.get(table.mode, table.mode.replace("_", " ").capitalize() or "Game")


def waiting_text(table: Table) -> str:
    """ "Waiting for Cyrus: move to a marked space (18 marked)"."""
    if table.finished:
        return over_text(table)
    if table.waiting is None:
        return "Waiting"
    seat, key = table.waiting
    player = table.players[seat]
    marked = f" ({len(table.marked)} marked)" if table.marked else ""
    return f"Waiting for {player.name}: {ask_text(key)}{marked}"


def now_text(table: Table) -> str:
    """What the turn box says is asked: "Now: move to a marked space", "Bo must defend…"."""
    if table.finished:
        return over_text(table)
    if table.waiting is None:
        return PHASES.get(table.phase, "Waiting")
    seat, key = table.waiting
    if seat == table.turn and table.phase != "choose":
        return f"Now: {ask_text(key)}"
    return f"{table.players[seat].name} must {ask_text(key)}"


def status_text(table: Table) -> str:
    """The header's right side: "Cyrus: move to a marked space", or who won."""
    if table.finished:
        return over_text(table)
    if table.waiting is None:
        return turn_text(table)
    seat, key = table.waiting
    return f"{table.players[seat].name}: {ask_text(key)}"


def turn_text(table: Table) -> str:
    """ "Cyrus's turn" or "Choosing fighters"."""
    if table.finished:
        return "Game over"
    if table.phase == "choose":
        return "Choosing fighters"
    player = table.player(table.turn)
    return f"{possessive(player.name)} turn" if player else PHASES.get(table.phase, "Waiting")


def winners(table: Table) -> list[Player]:
    """Who leads: the most stars, then the most health (the rulebook's tie-break)."""
    if not table.players:
        return []
    if table.past_nine:
        return list(table.players)
    best = max((p.stars, p.health) for p in table.players)
    return [p for p in table.players if (p.stars, p.health) == best]


def over_text(table: Table) -> str:
    if table.over:
        return table.over
    names = [p.name for p in winners(table)]
    return f"{join_names(names)} won" if names else "Game over"


def stars_text(table: Table, player: Player) -> str:
    """ "★ 3/9", or "★ 11" when stars past 9 count."""
    return f"{STAR_MARK} {player.stars}" + ("" if table.past_nine else f"/{WINNING_STARS}")


def health_text(player: Player) -> str:
    """ "9/10 health (green)"-like, in numbers only: "9/10"."""
    return f"{player.health}/{player.max_health}" if player.bands else "?"


def band_name(player: Player) -> str:
    """The colour the dial shows: green, yellow, orange, red or skull."""
    names = {2: ("green", "red"), 3: ("green", "yellow", "red"), 4: ("green", "yellow", "orange", "red")}
    bands = names.get(len(player.bands), ())
    if player.health <= 0 or player.band >= len(player.bands):
        return "skull"
    return bands[player.band] if player.band < len(bands) else f"band {player.band + 1}"


def where_text(table: Table, player: Player) -> str:
    """ "at C4", "K.O." (off the board), or "not yet chosen"."""
    if not player.chosen:
        return "no fighter yet"
    if table.on_board(player):
        return f"at {player.at}"
    return "K.O." if table.entered(player) else "not yet entered"


def counts_text(player: Player) -> str:
    return f"Hand {player.hand} · Deck {player.deck}"


def offer_counts(table: Table) -> str:
    """ "Deck 36 · Discard 1" (or "Deck empty")."""
    deck = f"Deck {table.button_deck}" if table.button_deck else "Deck empty"
    return f"{deck} · Discard {table.button_discard}"


def claimed_text(table: Table, seats: tuple[int, ...]) -> str:
    names = [table.players[s].name for s in seats]
    return f"claimed by {join_names(names)}" if names else "unclaimed"


def chain_text(table: Table, costs: bool = True) -> str:
    """ "Curd Clinch (A) → Melted Headlock (BD)" (without the costs: the names alone)."""
    return " → ".join(f"{c.name} ({c.cost or 'defence'})" if costs else c.name for c in table.chain)


def minion_text(table: Table) -> str:
    parts = [
        f"{m.letter} at {m.at} ({m.health}/4)" if m.at and table.on_map(m.at) else f"{m.letter} waiting"
        for m in table.minions
    ]
    return "Minions: " + ", ".join(parts) if parts else ""


def pad_text(player: Player) -> str:
    """ "A Punch, B Block (pushed), …"."""
    parts = [f"{b.letter} {b.name}" + (" (pushed)" if b.pushed else "") for b in player.pad]
    return ", ".join(parts) if parts else "no buttons"

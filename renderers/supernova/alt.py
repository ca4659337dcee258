"""Alt text: the table and the console in words, most important first, within Discord's limit."""

from __future__ import annotations

from engines.core.words import possessive
from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.views import View, join_names, plural, sentences_within
from renderers.supernova.hand import me, open_for_me, screen
from renderers.supernova.read import Table, read
from renderers.supernova.words import (
    ordinal,
    owners_possessive,
    phase_text,
    pile_state,
    power_text,
    puzzle_text,
    status_text,
    token_text,
    top_text,
)


def _race(table: Table) -> str:
    order = sorted(table.players, key=lambda p: -p.position)
    spots = ", ".join(f"{p.name} {p.position}" for p in order)
    stations = ", ".join(str(s) for s in table.stations)
    return f"Race to space {table.finish} (repair stations {stations or 'none'}): {spots}"


def _piles(table: Table) -> list[str]:
    parts = []
    for pile in table.piles:
        _, words = pile_state(table, pile)
        down = f", {pile.face_down} face down" if pile.face_down else ""
        parts.append(f"{owners_possessive(table, pile)} pile {words} {top_text(pile)}{down}")
    return ["Piles: " + "; ".join(parts)] if parts else ["No Play Piles"]


def _players(table: Table) -> str:
    parts = []
    for p in table.players:
        bits = [f"hand {p.hand}", f"draw {p.draw}"]
        if p.out is not None:
            bits.append(f"out {ordinal(p.out)}")
        if p.damage is not None:
            bits.append(f"damage {p.damage}")
        if p.power_ups:
            bits.append(power_text(p))
        parts.append(f"{p.name} ({', '.join(bits)})")
    return "Players: " + "; ".join(parts)


def table_alt(view: View) -> str:
    table = read(view)
    head = f"Super Nova Smash! table, round {table.round}: {phase_text(table)}"
    status = status_text(table)
    parts = [head, status, *_piles(table), _race(table), _players(table)]
    if table.log:
        parts.append(f"Last: {table.log}")
    return sentences_within(parts, MAX_ALT_TEXT)


def hand_alt(view: View) -> str:
    table = read(view)
    player = me(table)
    who = f"{possessive(player.name)} console" if player else "A console"
    _, words = screen(table)
    parts = [f"{who}, Super Nova Smash! round {table.round}: {phase_text(table)}", f"Screen: {words}"]
    if table.puzzle is not None:
        kind = table.shockwave or table.puzzle.kind
        parts.append(
            f"Shockwave {kind}: {puzzle_text(table.puzzle)}; buttons {', '.join(table.puzzle.buttons)}"
        )
    hand = ", ".join(str(v) for v in table.hand)
    parts.append(f"Hand: {hand}" if hand else "Hand: empty")
    go = [p.name for p in table.piles if open_for_me(table, p)]
    parts.append(f"Open to you: {join_names(go)}" if go else "No pile is open to you now")
    parts.append(
        f"Power-ups: {', '.join(token_text(t) for t in table.tokens)}" if table.tokens else "No power-ups"
    )
    if player is not None:
        parts.append(
            f"Space {player.position} of {table.finish}; {plural(player.draw, 'card')} in the Draw Pile"
        )
    return sentences_within(parts, MAX_ALT_TEXT)

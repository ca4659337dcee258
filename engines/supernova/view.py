"""What each seat may see: the public table, plus the seat's own hand, power-ups and puzzle."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.supernova import plays, shockwave
from engines.supernova.cards import KIND_LABELS, token_kind
from engines.supernova.state import PLAYING, NovaState, Puzzle

PHASES = {
    "launch": "Launch countdown",
    "play": "Play",
    "quickdraw": "Quick draw",
    "shockwave": "Shockwave",
    "free": "Free play",
    "scoring": "Scoring",
    "damage": "Damage assessment",
    "over": "Game over",
}


def _pile(state: NovaState, index: int) -> dict[str, Any]:
    pile = state.piles[index]
    return {
        "name": plays.pile_name(state, index),
        "owners": pile.owners,
        "top": pile.top,
        "cards": len(pile.cards),
        "face_down": sum(1 for card in pile.cards if card.down),
        "top_down": bool(pile.cards) and pile.cards[-1].down,  # its value is no secret: it counts as 0
        "damage": pile.damage,
        "go": any(state.players[owner].go for owner in pile.owners),
        "named": index == state.named,
    }


def _seat(state: NovaState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    kinds = Counter(KIND_LABELS[token_kind(token)] for token in player.tokens)
    return {
        "name": state.names[seat],
        "screen": "GO!" if player.go else "HOLD!",
        "hand_size": len(player.hand),
        "draw_size": len(player.draw),
        "out": state.gone.index(seat) + 1 if seat in state.gone else None,
        "position": player.position,
        "power_ups": dict(sorted(kinds.items())),
        "damage": player.damage if state.phase == "damage" else None,
        "shockwave_done": seat in state.finished,
    }


def _puzzle(puzzle: Puzzle) -> dict[str, Any]:
    """What the console shows of a puzzle: its symbols or numbers, how far the seat got (Press in
    order), and its buttons; never the answer."""
    return {
        "kind": puzzle.kind,
        "prompt": shockwave.prompt(puzzle),
        "shown": puzzle.shown,
        "progress": puzzle.progress,
        "buttons": puzzle.buttons,
    }


def build_view(state: NovaState, seat: int | None) -> dict[str, Any]:
    """The public table; with a seat, also what only that seat knows."""
    view: dict[str, Any] = {
        "game": "supernova",
        "round": state.round,
        "phase": state.phase,
        "phase_label": PHASES[state.phase],
        "until": state.until,
        "showdown": state.showdown,
        "shockwave": shockwave.KIND_LABELS.get(state.shock_kind) if state.phase == "shockwave" else None,
        "shockwave_finished": [state.names[s] for s in state.finished],
        "piles": [_pile(state, index) for index in range(len(state.piles))],
        "seats": [_seat(state, index) for index in range(len(state.players))],
        "gone_out": [state.names[s] for s in state.gone],
        "board": {"finish": state.track, "repair_stations": state.stations},
        "set_aside": len(state.aside),
        "quiet_turns": max(0, state.turns - state.laid_turn - 1),  # whole turns nobody laid a card
        "log": state.log,
    }
    if seat is not None:
        player = state.players[seat]
        view["you"] = seat
        view["hand"] = player.hand
        view["tokens"] = player.tokens
        view["puzzle"] = None if player.puzzle is None else _puzzle(player.puzzle)
        view["pending"] = player.pending  # the power-up chosen, waiting for its target
        view["last_play"] = player.last
        view["console"] = console_lines(state, seat)
    return view


VERDICT_MARKS = {"fit": "✅", "returned": "↩️", "payback": "⚠️"}


def console_lines(state: NovaState, seat: int) -> list[str]:
    """What the seat's live console says above its buttons: how its last card was judged and the
    damage on each of its piles (the top, too, since a face-down top counts as 0)."""
    player = state.players[seat]
    lines = []
    if player.last and state.phase in PLAYING:
        lines.append(f"{VERDICT_MARKS[player.verdict]} Your last card: {player.last}")
    mine = [index for index, pile in enumerate(state.piles) if seat in pile.owners]
    shown = []
    for number, index in enumerate(mine, start=1):
        pile = state.piles[index]
        name = f"pile {number}" if len(mine) > 1 else "pile"
        top = "face down (0)" if pile.cards and pile.cards[-1].down else str(pile.top)
        shown.append(f"{name}: top {top}, damage {pile.damage}")
    if shown:
        lines.append("💥 Your " + " · ".join(shown))
    return lines


def result_text(state: NovaState) -> str:
    """One line on who won."""
    order = sorted(range(len(state.players)), key=lambda s: -state.players[s].position)
    return "Final board: " + ", ".join(f"{state.names[s]} {state.players[s].position}" for s in order)

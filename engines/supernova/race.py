"""The race board: moving for going out, power-ups, damage and repair stations (rulings 20-26)."""

from __future__ import annotations

from engines.core import Rng
from engines.core.words import acts, called, counted, verb
from engines.supernova.cards import (
    KIND_LABELS,
    PHASE_KINDS,
    spaces_for,
    token_kind,
    token_label,
    token_value,
)
from engines.supernova.state import NovaState


def advance(state: NovaState) -> None:
    """Move everyone forward for the order they went out in (5, 4, 3, 2, then 1)."""
    for place, seat in enumerate(state.gone):
        spaces = spaces_for(place)
        state.players[seat].position += spaces
        state.say(
            f"{state.names[seat]} went out #{place + 1}: {counted(spaces, 'space')} to {_at(state, seat)}."
        )


def _at(state: NovaState, seat: int) -> str:
    return f"space {state.players[seat].position}"


def usable(state: NovaState, seat: int) -> list[str]:
    """The seat's power-ups that work in the current phase, one per kind and value, sorted."""
    kinds = PHASE_KINDS.get(state.phase, ())
    return sorted({token for token in state.players[seat].tokens if token_kind(token) in kinds})


def targets(state: NovaState, seat: int, token: str) -> list[int]:
    """Who a power-up may be aimed at: a Tractor Beam at someone else, the rest at anyone."""
    everyone = range(len(state.players))
    return [other for other in everyone if other != seat or token_kind(token) != "tractor"]


def open_powers(state: NovaState) -> bool:
    """Start a power-up window: True when somebody holds a power-up for it."""
    for seat, player in enumerate(state.players):
        player.pending = ""
        player.done = not usable(state, seat)
    return not all(player.done for player in state.players)


def use(state: NovaState, seat: int, token: str, target: int) -> None:
    """Spend a power-up on a target; it goes back into the supply."""
    player, aimed = state.players[seat], state.players[target]
    player.tokens.remove(token)
    state.bag.append(token)
    kind, value = token_kind(token), token_value(token)
    if kind == "booster":
        aimed.position += value
    elif kind == "tractor":
        gap = player.position - aimed.position
        aimed.position += max(-value, min(value, gap))
    elif kind == "blaster":
        aimed.damage += value
    else:
        aimed.damage = max(0, aimed.damage - value)
    shown = _at(state, target) if kind in PHASE_KINDS["scoring"] else f"damage {aimed.damage}"
    used = f"{acts(state.names[seat], 'uses')} {token_label(token)}"
    state.say(f"{used} on {called(state.names[target])}: {shown}.")


def assess(state: NovaState) -> None:
    """Count each player's damage: zeros and face-down cards in their own pile(s), shared ones too."""
    for seat, player in enumerate(state.players):
        player.damage = sum(pile.damage for pile in state.piles if seat in pile.owners)
    state.say(
        "Damage: "
        + ", ".join(f"{name} {p.damage}" for name, p in zip(state.names, state.players, strict=True))
    )


def repair(state: NovaState, rng: Rng) -> None:
    """The most damaged go back to the nearest repair station behind them (unless on one); then
    everyone on a repair station draws a power-up."""
    worst = max(player.damage for player in state.players)
    for seat, player in enumerate(state.players):
        if worst > 0 and player.damage == worst and player.position not in state.stations:
            player.position = max((s for s in state.stations if s < player.position), default=0)
            state.say(f"{acts(state.names[seat], 'is')} the most damaged: back to {_at(state, seat)}.")
    for seat, player in enumerate(state.players):
        if player.position in state.stations and state.bag:
            token = state.bag.pop(rng.below(len(state.bag)))
            player.tokens.append(token)
            name, kind = state.names[seat], KIND_LABELS[token_kind(token)]
            state.say(f"{acts(name, 'is')} on a repair station and {verb(name, 'picks up')} a {kind}.")


def finished(state: NovaState) -> bool:
    """Somebody crossed the finish line."""
    return any(player.position >= state.track for player in state.players)


def placements(state: NovaState) -> list[list[int]]:
    """Seats by board position, furthest first; equal positions share a place."""
    positions = sorted({player.position for player in state.players}, reverse=True)
    return [[s for s, p in enumerate(state.players) if p.position == where] for where in positions]

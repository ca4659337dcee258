"""The System player's glitches (Versus and 2 vs 1): what is affordable and what each one does.

Fighting and Dodge values pay their own costs or Mixed ones; Mixed values pay only Mixed costs.
Values are pooled and split freely, so a set of glitches is affordable exactly when the
Fighting costs fit the Fighting values, the Dodge costs fit the Dodge values, and all costs
together fit all values.
"""

from __future__ import annotations

from engines.core import Option
from engines.superhot.cards import Glitch, pool
from engines.superhot.piles import is_bullet, name_of, shoot
from engines.superhot.state import Slot, SuperhotState, SystemTurn


def affordable(turn: SystemTurn, glitch: Glitch) -> bool:
    """Whether the System player can still pay for this glitch this turn."""
    fight = turn.spent_fight + (glitch.cost if glitch.cost_type == "fight" else 0)
    dodge = turn.spent_dodge + (glitch.cost if glitch.cost_type == "dodge" else 0)
    mixed = turn.spent_mixed + (glitch.cost if glitch.cost_type == "mixed" else 0)
    return (
        fight <= turn.fight
        and dodge <= turn.dodge
        and fight + dodge + mixed <= turn.fight + turn.dodge + turn.mixed
    )


def pay(turn: SystemTurn, glitch: Glitch) -> None:
    """Record a glitch's cost as spent."""
    if glitch.cost_type == "fight":
        turn.spent_fight += glitch.cost
    elif glitch.cost_type == "dodge":
        turn.spent_dodge += glitch.cost
    else:
        turn.spent_mixed += glitch.cost


def _slot_name(state: SuperhotState, index: int) -> str:
    slot = state.line[index]
    return f"{name_of(slot.card)} ({index + 1})" if slot is not None else f"empty slot {index + 1}"


def _targets(state: SuperhotState, glitch: Glitch) -> list[tuple[str, str]]:
    """(option id, label) for every legal use of a glitch."""
    line = state.line
    price = f"{glitch.name} ({glitch.cost} {glitch.cost_type})"
    if glitch.effect == "stand_up":
        return [
            (f"{glitch.id}.{i}", f"{price}: stand {_slot_name(state, i)} back up")
            for i, slot in enumerate(line)
            if slot is not None and slot.down
        ]
    if glitch.effect == "shift":
        return [
            (f"{glitch.id}.{i}", f"{price}: swap {_slot_name(state, i)} and {_slot_name(state, i + 1)}")
            for i in range(len(line) - 1)
            if line[i] is not None or line[i + 1] is not None
        ]
    if glitch.effect == "open_fire":
        return [(glitch.id, f"{price}: fire a bullet")] if state.bullets else []
    if glitch.effect == "lag":
        return [(glitch.id, f"{price}: swap {name_of(state.deck[0])} into the Line")] if state.deck else []
    bullets = any(is_bullet(card) for card in state.discard)
    return [(glitch.id, f"{price}: load a bullet on the Obstacles Deck")] if bullets else []


def glitch_options(state: SuperhotState) -> list[Option]:
    """Every affordable glitch with its targets (ids `<glitch>` or `<glitch>.<slot>`)."""
    turn = state.system_turn
    if turn is None:
        return []
    options: list[Option] = []
    for glitch in pool().glitches:
        if affordable(turn, glitch):
            options += [Option(option_id, label, glitch.text) for option_id, label in _targets(state, glitch)]
    return options


def apply_glitch(state: SuperhotState, option_id: str) -> str:
    """Pay for and resolve a glitch; returns the log line."""
    turn = state.system_turn
    assert turn is not None
    glitch_id, _, where = option_id.partition(".")
    glitch = next(g for g in pool().glitches if g.id == glitch_id)
    pay(turn, glitch)
    line = state.line
    if glitch.effect == "stand_up":
        slot = line[int(where)]
        assert slot is not None
        slot.down = False
        return f"System glitch {glitch.name}: {name_of(slot.card)} gets back up."
    if glitch.effect == "shift":
        i = int(where)
        line[i], line[i + 1] = line[i + 1], line[i]
        return f"System glitch {glitch.name}: slots {i + 1} and {i + 2} swap."
    if glitch.effect == "open_fire":
        shoot(state, 1)
        return f"System glitch {glitch.name}: a bullet flies; {len(state.bullets)} left."
    if glitch.effect == "lag":
        last = len(line) - 1
        incoming = state.deck.pop(0)
        outgoing = line[last]
        if outgoing is not None:
            state.deck.insert(0, outgoing.card)
        line[last] = Slot(card=incoming)
        return f"System glitch {glitch.name}: {name_of(incoming)} cuts into The Line."
    index = max(i for i, card in enumerate(state.discard) if is_bullet(card))
    state.deck.insert(0, state.discard.pop(index))
    return f"System glitch {glitch.name}: a bullet is loaded on top of the Obstacles Deck."

"""A hero's object and action: attaching or using an object, attacking, defending, Power,
Intelligence and Money, and the targets those ask for."""

from __future__ import annotations

from engines.core import Rng
from engines.core.words import acts, counted
from engines.letopsulle import content, flow, hero_turn, targets
from engines.letopsulle.battle import Clash, fight
from engines.letopsulle.cards_in_play import ability_x, slot_abilities, slot_name
from engines.letopsulle.moves import (
    ATTACKS,
    STANCES,
    USES,
    attack_bonus,
    half_up,
    speed_penalty,
    stance_guard,
)
from engines.letopsulle.peeking import peek
from engines.letopsulle.state import Ask, LetoState, Slot


def _x(slot: Slot, kind: str) -> int:
    return ability_x(slot_abilities(slot), USES[kind], slot.item) if kind in USES else 0


def play_object(state: LetoState, rng: Rng, rest: str) -> None:
    """Attach an object to an active hero (discarding the old one) or use it at once."""
    seat = state.turn
    team = state.teams[seat]
    parts = rest.split("-")
    card_id = team.hand.pop(int(parts[0]))
    item = content.game_object(card_id)
    name = state.names[seat]
    if item.kind == "heal":
        healed = 0
        for slot in [*team.active, *team.reserve]:
            for hero in slot.heroes:
                taken = min(item.value, hero.damage)
                hero.damage -= taken
                healed += taken
        team.hero_discard.append(card_id)
        state.say(f"{acts(name, 'uses')} {item.name}: {counted(healed, 'damage counter')} removed")
        return
    if item.kind == "draw":
        drawn = hero_turn.draw(team, item.value + 1)
        team.hero_discard.append(card_id)
        state.say(f"{acts(name, 'uses')} {item.name} and draws {counted(drawn, 'card')}")
        return
    slot = team.active[int(parts[1])]
    if slot.item:
        team.hero_discard.append(slot.item)
        state.say(f"{content.CARDS[slot.item].name} on {slot_name(slot)} is discarded")
    slot.item = card_id
    state.say(f"{acts(name, 'attaches')} {item.name} to {slot_name(slot)}")


def act(state: LetoState, rng: Rng, kind: str, a: int, count: int = 0) -> None:
    """A turn menu action for active slot `a` (`count`: the cards a Money draw takes, 1 to X)."""
    seat = state.turn
    team = state.teams[seat]
    slot = team.active[a]
    x = _x(slot, kind)
    if kind in USES:
        state.used_ability = True
        state.acting_slot = a
    if kind not in ("int", "mon"):
        _others_defend(state, a)
    if kind == "int":
        state.ask = Ask(key="peek", seat=seat, actor=a, x=x)
    elif kind == "mon":
        drawn = hero_turn.draw(team, min(count or x, x))
        state.say(
            f"{slot_name(slot)} uses Money: {acts(state.names[seat], 'draws')} {counted(drawn, 'card')}"
        )
        hero_turn.open_menu(state, rng, hero_turn.RESERVE)
    elif kind in ATTACKS:
        state.ask = Ask(key="target", seat=seat, actor=a, move=kind, x=x)
    elif kind == "pow":
        state.ask = Ask(key="power", seat=seat, actor=a, x=x)
    elif kind in STANCES:
        slot.guard = stance_guard(kind, x)
        bonus = f" (+{slot.guard})" if slot.guard else ""
        state.say(f"{slot_name(slot)} defends{bonus}")
        hero_turn.end_turn(state, rng)


def _others_defend(state: LetoState, a: int) -> None:
    """Two active heroes: only one attacks or uses an ability, so the other turns sideways in a
    plain defence (its defence objects count), which costs it nothing."""
    for b, other in enumerate(state.teams[state.turn].active):
        if b != a and other.guard is None:
            other.guard = 0
            state.say(f"{slot_name(other)} defends (the other active hero)")


def answer_peek(state: LetoState, rng: Rng, pile: str) -> None:
    """Intelligence: the hero's player sees the top of the chosen pile; the turn goes on."""
    ask = state.ask
    assert ask is not None
    slot = state.teams[state.turn].active[ask.actor]
    peek(state, state.turn, pile, ask.x, f"{slot_name(slot)} uses Intelligence and")
    hero_turn.open_menu(state, rng, hero_turn.RESERVE)


def answer_target(state: LetoState, rng: Rng, picks: list[str]) -> None:
    """Attack the chosen villains in menu order (Speed: every one after the first at -1)."""
    ask = state.ask
    assert ask is not None
    if picks[0].startswith("p-"):
        ask.among = int(picks[0][2:])
        return
    seat = state.turn
    team = state.teams[seat]
    slot = team.active[ask.actor]
    bonus = attack_bonus(ask.move, ask.x)
    order = [option.id for option in targets.villain_targets(state)]
    for k, pick in enumerate(sorted(picks, key=order.index)):  # menu order, whatever order they came in
        found = targets.find_villain(state, pick)
        if found is None or slot not in team.active:
            continue
        owner, villain = found
        fight(state, seat, Clash(slot, owner, villain, True, [*bonus, *speed_penalty(k)]))
        if state.phase == "over" or flow.check_win(state):
            return
    if ask.move == "str" and slot in team.active:
        slot.guard = half_up(ask.x)
    hero_turn.end_turn(state, rng)


def answer_power(state: LetoState, rng: Rng, pick: str) -> None:
    """Discard the chosen villain object, or the plot twist."""
    seat = state.turn
    if pick == "twist":
        owner = state.plot_owner
        state.teams[owner].villain_discard.append(state.plot)
        state.say(
            f"Power: {acts(state.names[seat], 'discards')} the plot twist {content.CARDS[state.plot].name}"
        )
        state.plot, state.plot_owner = "", -1
    else:
        found = targets.find_villain(state, "v-" + pick[2:])
        if found is not None:
            owner, villain = found
            state.teams[owner].villain_discard.append(villain.item)
            state.say(
                f"Power: {acts(state.names[seat], 'discards')} {content.CARDS[villain.item].name} "
                f"from {content.CARDS[villain.card].name}"
            )
            villain.item = ""
    hero_turn.end_turn(state, rng)

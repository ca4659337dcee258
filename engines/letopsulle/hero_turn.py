"""A hero turn: drawing, the first turn's line-up, then reserve, switch, object and one action,
each step optional and in order, on one menu; then the hand limit."""

from __future__ import annotations

from engines.core import Option, Rng
from engines.core.words import acts, counted, possessive
from engines.letopsulle import content, flow, targets, words
from engines.letopsulle.battle import hero_side
from engines.letopsulle.cards_in_play import hero_may_use, slot_abilities, slot_base, slot_can_use, slot_name
from engines.letopsulle.moves import ATTACKS, STANCES, Move, attack_bonus, card_moves, stance_guard
from engines.letopsulle.schema import Character, GameObject
from engines.letopsulle.state import HAND_LIMIT, Ask, Hero, LetoState, Slot, Team

FIRST_HAND = 5
START, RESERVE, SWITCH, OBJECT, ACTION = range(5)
TAG_MAX_BASE = 4


def reserve_room(state: LetoState) -> int:
    """How many heroes a reserve holds (2 with two active slots)."""
    return 2 if state.option("two_active") else 3


def active_room(state: LetoState) -> int:
    """How many active slots a team has."""
    return 2 if state.option("two_active") else 1


def draw(team: Team, count: int) -> int:
    """Draw up to `count` hero cards; how many were drawn."""
    drawn = 0
    while drawn < count and team.hero_pile:
        team.hand.append(team.hero_pile.pop())
        drawn += 1
    return drawn


def start(state: LetoState, rng: Rng, seat: int) -> None:
    """A player's hero turn begins: sideways cards stand up, a card is drawn (5 the first time)."""
    state.phase, state.turn, state.used_ability, state.acting_slot = "hero", seat, False, -1
    team = state.teams[seat]
    team.peek, team.peek_of = [], ""
    for slot in [*team.active, *team.reserve]:
        slot.guard = None
    if team.knocked_out:
        flow.next_turn(state, rng)
        return
    team.hero_turns += 1
    name = state.names[seat]
    if team.hero_turns == 1:
        draw(team, FIRST_HAND)
        state.ask = Ask(key="mulligan", seat=seat)
        return
    if not team.hero_pile and _refill_left(state, team):
        team.hero_pile, team.hero_discard, team.reshuffled = team.hero_discard, [], True
        rng.shuffle(team.hero_pile)
        state.say(f"Long game: {possessive(name)} hero discard is shuffled into a new pile, once")
    if not team.hero_pile:
        flow.knock_out(state, seat, "no hero card left to draw")
        if state.phase != "over":
            flow.next_turn(state, rng)
        return
    draw(team, 1)
    state.say(f"{acts(name, 'draws')} a hero card")
    open_menu(state, rng, START)


def _refill_left(state: LetoState, team: Team) -> bool:
    """House rule `long_refill` (long game only): an empty hero pile is refilled once."""
    return (
        state.option("long_game")
        and state.option("long_refill")
        and not team.reshuffled
        and bool(team.hero_discard)
    )


def heroes_in_hand(team: Team) -> list[int]:
    """Indexes of the hero cards in a hand."""
    return [i for i, card in enumerate(team.hand) if isinstance(content.CARDS[card], Character)]


def open_menu(state: LetoState, rng: Rng, stage: int) -> None:
    """Ask the turn menu from `stage` on, or end the turn when nothing is left to choose."""
    seat = state.turn
    team = state.teams[seat]
    if not team.active and not team.reserve and not heroes_in_hand(team) and stage <= SWITCH:
        if team.started:
            flow.knock_out(state, seat, "no hero active or in reserve")
            if state.phase != "over":
                flow.next_turn(state, rng)
            return
        state.say(f"{acts(state.names[seat], 'has')} no hero to play yet")
        end_turn(state, rng)
        return
    if not menu_options(state, stage):
        end_turn(state, rng)
        return
    state.ask = Ask(key="turn", seat=seat, stage=stage)


def _acting(state: LetoState, team: Team) -> list[int]:
    """The active slots that may act: with two active heroes only one acts a turn, so once one
    used Intelligence or Money first, only it."""
    if 0 <= state.acting_slot < len(team.active):
        return [state.acting_slot]
    return list(range(len(team.active)))


def menu_options(state: LetoState, stage: int) -> list[Option]:
    """Every choice open from `stage` on, earliest steps first."""
    team = state.teams[state.turn]
    found: list[Option] = []
    two = len(team.active) > 1
    if stage <= START and team.active:
        for a in _acting(state, team):
            slot = team.active[a]
            for move in _moves(state, slot, first=True):
                if move.id == "int" and not targets.peek_targets(state):
                    continue
                if move.id == "mon":
                    found += _money_options(team, slot, a, move.x, two)
                    continue
                found.append(Option(f"{move.id}-{a}", _who(slot, two) + move.label))
    if stage <= RESERVE and len(team.reserve) < reserve_room(state):
        for i in heroes_in_hand(team):
            card = content.character(team.hand[i])
            found.append(Option(f"res-{i}", f"Reserve: {card.name} ({card.base})", words.card_text(card)))
    if stage <= SWITCH:
        found += _switches(state, team)
    if not team.active:
        return found
    if stage <= OBJECT:
        found += _objects(team)
    if stage <= ACTION:
        for a in _acting(state, team):
            slot = team.active[a]
            for move in _moves(state, slot, first=False):
                if move.id in ATTACKS and not targets.any_villain(state):
                    continue
                if move.id == "pow" and not targets.power_targets(state, move.x, hero=True):
                    continue
                found.append(
                    Option(f"{move.id}-{a}", _who(slot, two) + move.label, _total(state, slot, move))
                )
    return found


def _money_options(team: Team, slot: Slot, a: int, x: int, two: bool) -> list[Option]:
    """Money X draws "up to X": one option per count from 1 to X (not using it draws none)."""
    left = len(team.hero_pile)
    return [
        Option(
            f"mon-{a}-{count}",
            _who(slot, two) + f"Money: first draw {counted(count, 'card')}",
            f"{left} left in your hero pile" + (": it would be empty" if count >= left else ""),
        )
        for count in range(1, x + 1)
    ]


def _total(state: LetoState, slot: Slot, move: Move) -> str:
    """What an action makes the card's total: "Attack total 10", "Defends at 8 until your next turn"."""
    if move.id in ATTACKS:
        side = hero_side(state, slot, "attack")
        total = side.total + sum(value for _, value in attack_bonus(move.id, move.x))
        return f"Attack total {total}" + (" (each later foe at -1)" if move.id == "spd" else "")
    if move.id in STANCES:
        braced = Slot(heroes=slot.heroes, item=slot.item, guard=stance_guard(move.id, move.x))
        return f"Defends at {hero_side(state, braced, 'defense').total} until your next turn"
    return ""


def _who(slot: Slot, two: bool) -> str:
    return f"{slot_name(slot)}: " if two else ""


def _moves(state: LetoState, slot: Slot, *, first: bool) -> list[Move]:
    return card_moves(
        slot_abilities(slot),
        slot.item,
        ability_left=not state.used_ability,
        allowed=lambda ability: hero_may_use(state, ability),
        first=first,
        hero=True,
    )


def _switches(state: LetoState, team: Team) -> list[Option]:
    found = []
    for r, slot in enumerate(team.reserve):
        hurt = sum(hero.damage for hero in slot.heroes)
        about = f"base {slot_base(slot)}, {counted(hurt, 'damage', 'damage')}"
        if len(team.active) < active_room(state):
            found.append(Option(f"sw-{r}-n", f"Make active: {slot_name(slot)}", about))
            continue
        for a, active in enumerate(team.active):
            found.append(
                Option(f"sw-{r}-{a}", f"Switch {slot_name(active)} out for {slot_name(slot)}"[:80], about)
            )
            if _can_tag(state, active, slot):
                found.append(
                    Option(f"tag-{r}-{a}", f"Tag team: {slot_name(slot)} joins {slot_name(active)}"[:80])
                )
    return found


def _can_tag(state: LetoState, active: Slot, joining: Slot) -> bool:
    """Tag teams (an option): two lone heroes of base 1-4, no object on the active one."""
    return (
        state.option("tag_teams")
        and len(active.heroes) == 1
        and len(joining.heroes) == 1
        and not active.item
        and not joining.item
        and slot_base(active) <= TAG_MAX_BASE
        and slot_base(joining) <= TAG_MAX_BASE
    )


def _objects(team: Team) -> list[Option]:
    found = []
    two = len(team.active) > 1
    for i, card_id in enumerate(team.hand):
        item = content.CARDS[card_id]
        if not isinstance(item, GameObject):
            continue
        if item.kind in ("heal", "draw"):
            if any(slot_can_use(slot, item) for slot in team.active):
                found.append(Option(f"use-{i}", f"Use {item.name}", words.object_text(item)))
            continue
        for a, slot in enumerate(team.active):
            if slot_can_use(slot, item):
                where = f" on {slot_name(slot)}" if two else ""
                found.append(Option(f"eq-{i}-{a}", f"Attach {item.name}{where}", words.object_text(item)))
    return found


# ---------------------------------------------------------------- answers


def answer_mulligan(state: LetoState, rng: Rng, choice: str) -> None:
    """Keep the first hand, or redraw a whole new one and end the turn."""
    seat = state.turn
    team = state.teams[seat]
    if choice == "redraw":
        team.hero_discard += team.hand
        team.hand = []
        draw(team, FIRST_HAND)
        state.say(f"{acts(state.names[seat], 'redraws')} a whole new hand; the turn ends")
        end_turn(state, rng)
        return
    if not heroes_in_hand(team):
        state.say(f"{acts(state.names[seat], 'has')} no hero in hand yet")
        end_turn(state, rng)
        return
    state.ask = Ask(key="lineup", seat=seat)


def answer_lineup(state: LetoState, rng: Rng, picks: list[str]) -> None:
    """Put the chosen heroes in reserve, then one (two with two active slots) steps up."""
    seat = state.turn
    team = state.teams[seat]
    indexes = sorted((int(pick[1:]) for pick in picks), reverse=True)
    cards = [team.hand.pop(i) for i in indexes][::-1]
    team.reserve += [Slot(heroes=[Hero(card)]) for card in cards]
    team.started = True
    names = ", ".join(content.character(card).name for card in cards)
    state.say(f"{acts(state.names[seat], 'puts')} {names} in reserve")
    ask_lead(state, rng)


def ask_lead(state: LetoState, rng: Rng) -> None:
    """Choose the hero to make active (at once when only one is in reserve)."""
    team = state.teams[state.turn]
    if len(team.active) >= active_room(state) or not team.reserve:
        end_turn(state, rng)
        return
    if len(team.reserve) == 1:
        step_up(state, 0)
        ask_lead(state, rng)
        return
    state.ask = Ask(key="lead", seat=state.turn)


def step_up(state: LetoState, r: int) -> None:
    """A reserve slot becomes active."""
    team = state.teams[state.turn]
    slot = team.reserve.pop(r)
    team.active.append(slot)
    state.say(
        f"{slot_name(slot)} {'steps' if len(slot.heroes) == 1 else 'step'} up "
        f"for {possessive(state.names[state.turn])} team"
    )


def answer_lead(state: LetoState, rng: Rng, choice: str) -> None:
    """The chosen reserve hero steps up; the next one too while an active place is free."""
    step_up(state, int(choice[1:]))
    ask_lead(state, rng)


def answer_turn(state: LetoState, rng: Rng, choice: str) -> None:
    """One menu pick: it is done, and the menu reopens from the next step."""
    from engines.letopsulle import hero_actions

    seat = state.turn
    team = state.teams[seat]
    kind, _, rest = choice.partition("-")
    if kind == "res":
        card = team.hand.pop(int(rest))
        team.reserve.append(Slot(heroes=[Hero(card)]))
        team.started = True
        state.say(f"{acts(state.names[seat], 'puts')} {content.character(card).name} in reserve")
        open_menu(state, rng, SWITCH)
    elif kind in ("sw", "tag"):
        r, a = rest.split("-")
        _switch(state, int(r), a, tag=kind == "tag")
        open_menu(state, rng, OBJECT if team.active else SWITCH)
    elif kind in ("eq", "use"):
        hero_actions.play_object(state, rng, rest)
        open_menu(state, rng, ACTION)
    else:
        a, _, count = rest.partition("-")
        hero_actions.act(state, rng, kind, int(a), int(count or 0))


def _switch(state: LetoState, r: int, a: str, *, tag: bool) -> None:
    team = state.teams[state.turn]
    joining = team.reserve[r]
    if a == "n":
        step_up(state, r)
        return
    active = team.active[int(a)]
    if tag:
        team.reserve.pop(r)
        active.heroes += joining.heroes
        state.say(f"{slot_name(active)} team up in the active slot")
        return
    if active.item:
        team.hero_discard.append(active.item)
        state.say(f"{content.CARDS[active.item].name} on {slot_name(active)} is discarded")
        active.item = ""
    active.guard = None
    team.active[int(a)], team.reserve[r] = joining, active
    state.say(f"{slot_name(joining)} switches in for {slot_name(active)}")


def end_turn(state: LetoState, rng: Rng) -> None:
    """The hand limit, then the next turn."""
    team = state.teams[state.turn]
    if len(team.hand) > HAND_LIMIT and state.phase == "hero":
        state.ask = Ask(key="discard", seat=state.turn)
        return
    state.ask = None
    flow.next_turn(state, rng)


def answer_discard(state: LetoState, rng: Rng, picks: list[str]) -> None:
    """The hand limit: the picked cards go to the hero discard pile; the turn ends."""
    seat = state.turn
    team = state.teams[seat]
    for i in sorted((int(pick[1:]) for pick in picks), reverse=True):
        team.hero_discard.append(team.hand.pop(i))
    state.say(f"{acts(state.names[seat], 'discards')} {counted(len(picks), 'card')} down to {HAND_LIMIT}")
    state.ask = None
    flow.next_turn(state, rng)

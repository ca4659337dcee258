"""A villain turn: draw (the first villain the first time), bring out what was drawn, then every
active villain acts, oldest first. Who chooses for villains: their owner, the AI (an automatic
seat past the players) or, in solitaire, coin flips."""

from __future__ import annotations

from engines.core import Rng
from engines.core.words import acts, counted, possessive
from engines.letopsulle import content, flow, targets
from engines.letopsulle.battle import Clash, fight
from engines.letopsulle.cards_in_play import ability_x, can_use, slot_name, villain_abilities
from engines.letopsulle.moves import (
    ATTACKS,
    STANCES,
    USES,
    Move,
    attack_bonus,
    card_moves,
    half_up,
    speed_penalty,
    stance_guard,
)
from engines.letopsulle.peeking import peek
from engines.letopsulle.schema import Character, GameObject
from engines.letopsulle.state import Ask, LetoState, Villain


def controller(state: LetoState, owner: int) -> int:
    """The seat that answers for `owner`'s villains: the owner, or an automatic seat past the players."""
    if state.mode == "solitaire" or state.options.get("villains") == "ai":
        return state.seats() + owner
    return owner


def start(state: LetoState, rng: Rng, seat: int) -> None:
    """A player's villain turn begins with a draw."""
    state.phase, state.turn, state.used_ability = "villain", seat, False
    team = state.teams[seat]
    team.peek, team.peek_of = [], ""
    team.villain_turns += 1
    for villain in team.villains:
        villain.guard = None
    card = _first_villain(team.villain_pile) if team.villain_turns == 1 else _draw(state, rng, seat)
    if card is None:
        state.say(f"{possessive(state.names[seat])} villain pile is empty")
        begin_actions(state, rng)
        return
    bring_out(state, rng, seat, card)


def _first_villain(pile: list[str]) -> str | None:
    """The first villain card from the top of the pile, taken out (the order is kept)."""
    for i in range(len(pile) - 1, -1, -1):
        if isinstance(content.CARDS[pile[i]], Character):
            return pile.pop(i)
    return None


def _draw(state: LetoState, rng: Rng, seat: int) -> str | None:
    team = state.teams[seat]
    if not team.villain_pile and team.villain_discard:
        team.villain_pile, team.villain_discard = team.villain_discard, []
        rng.shuffle(team.villain_pile)
        state.say(f"{possessive(state.names[seat])} villain discard is shuffled into a new pile")
    return team.villain_pile.pop() if team.villain_pile else None


def bring_out(state: LetoState, rng: Rng, seat: int, card_id: str) -> None:
    """Play the drawn card: a villain steps in, an object finds a villain, a plot twist takes over."""
    team = state.teams[seat]
    card = content.CARDS[card_id]
    whose = possessive(state.names[seat])
    if isinstance(card, Character):
        villain = Villain(card=card_id, uid=state.next_uid)
        state.next_uid += 1
        team.villains.append(villain)
        state.say(f"{card.name} ({card.base}) joins {whose} villains")
        usable = [i for i, item in enumerate(team.waiting) if can_use(card, content.game_object(item))]
        if len(usable) == 1:
            _attach(state, seat, villain, team.waiting.pop(usable[0]))
        elif usable:
            state.ask = Ask(key="place", seat=controller(state, seat), actor=villain.uid)
            return
    elif isinstance(card, GameObject):
        users = [v for v in team.villains if can_use(content.character(v.card), card)]
        if len(users) == 1 and not users[0].item:
            _attach(state, seat, users[0], card_id)
        elif users:
            team.waiting.append(card_id)
            state.ask = Ask(key="place", seat=controller(state, seat), move=card_id)
            return
        else:
            team.waiting.append(card_id)
            state.say(f"{card.name} waits sideways in {whose} villain reserve")
    else:
        if state.plot:
            state.teams[state.plot_owner].villain_discard.append(state.plot)
        state.plot, state.plot_owner = card_id, seat
        state.say(f"Plot twist! {card.name}: {content.CARDS[card_id].blurb}")
    begin_actions(state, rng)


def _attach(state: LetoState, seat: int, villain: Villain, item: str) -> None:
    team = state.teams[seat]
    dropped = ""
    if villain.item:
        team.villain_discard.append(villain.item)
        dropped = f"; its {content.CARDS[villain.item].name} is discarded"
    villain.item = item
    state.say(f"{content.CARDS[villain.card].name} takes {content.CARDS[item].name}{dropped}")


def place_options(state: LetoState) -> list[tuple[str, str]]:
    """(id, label) for the open `place` question: which villain takes the object, or which
    waiting object the new villain takes."""
    ask = state.ask
    assert ask is not None
    team = state.teams[state.turn]
    if ask.move:
        item = content.game_object(ask.move)
        users = [v for v in team.villains if can_use(content.character(v.card), item)]
        found = [
            (
                f"v{v.uid}",
                f"{content.CARDS[v.card].name} takes {item.name}"
                + (f" (discarding its {content.CARDS[v.item].name})" if v.item else ""),
            )
            for v in users
        ]
        if all(v.item for v in users):  # "can be played": an owner may keep the objects in play
            found.append(("x", f"Nobody: discard {item.name}"))
        return found
    villain = next(v for v in team.villains if v.uid == ask.actor)
    card = content.character(villain.card)
    return [
        (f"w{i}", f"{card.name} takes {content.CARDS[item].name}")
        for i, item in enumerate(team.waiting)
        if can_use(card, content.game_object(item))
    ]


def answer_place(state: LetoState, rng: Rng, pick: str) -> None:
    """The drawn object goes to the chosen villain, or the new villain takes the chosen object."""
    ask = state.ask
    assert ask is not None
    seat = state.turn
    team = state.teams[seat]
    if pick == "x":
        team.waiting.remove(ask.move)
        team.villain_discard.append(ask.move)
        state.say(f"{content.CARDS[ask.move].name} is discarded: no villain takes it")
    elif ask.move:
        villain = next(v for v in team.villains if v.uid == int(pick[1:]))
        team.waiting.remove(ask.move)
        _attach(state, seat, villain, ask.move)
    else:
        villain = next(v for v in team.villains if v.uid == ask.actor)
        _attach(state, seat, villain, team.waiting.pop(int(pick[1:])))
    begin_actions(state, rng)


def begin_actions(state: LetoState, rng: Rng) -> None:
    """Every active villain of the turn's deck will act, oldest first."""
    team = state.teams[state.turn]
    state.ask = Ask(key="vturn", seat=controller(state, state.turn), queue=[v.uid for v in team.villains])
    next_villain(state, rng)


def acting(state: LetoState) -> Villain | None:
    """The villain whose action is asked."""
    ask = state.ask
    if ask is None:
        return None
    return next((v for v in state.teams[state.turn].villains if v.uid == ask.actor), None)


def next_villain(state: LetoState, rng: Rng, stage: int = 0) -> None:
    """Ask the next villain still in play for its action, or end the turn."""
    ask = state.ask
    assert ask is not None
    team = state.teams[state.turn]
    while ask.queue:
        uid = ask.queue.pop(0)
        if any(v.uid == uid for v in team.villains):
            state.ask = Ask(key="vturn", seat=ask.seat, actor=uid, stage=stage, queue=ask.queue)
            state.used_ability = False
            return
    state.ask = None
    flow.next_turn(state, rng)


def villain_moves(state: LetoState, villain: Villain) -> list[Move]:
    """A villain's open actions: first-of-turn abilities (stage 0), then its action."""
    ask = state.ask
    assert ask is not None
    abilities = villain_abilities(villain)
    found: list[Move] = []
    if ask.stage == 0:
        found = [
            move
            for move in card_moves(
                abilities, villain.item, ability_left=True, allowed=lambda _: True, first=True, hero=False
            )
            if (move.id == "int" and targets.peek_targets(state))
            or (move.id == "mon" and _money_targets(state))
        ]
    for move in card_moves(
        abilities,
        villain.item,
        ability_left=not state.used_ability,
        allowed=lambda _: True,
        first=False,
        hero=False,
    ):
        if move.id in ATTACKS and not targets.any_hero(state, state.turn):
            continue
        if move.id == "pow" and not targets.power_targets(state, move.x, hero=False, owner=state.turn):
            continue
        found.append(move)
    return found


def _money_targets(state: LetoState) -> list[int]:
    return [
        seat
        for seat, team in enumerate(state.teams)
        if team.hand and (seat != state.turn or state.seats() == 1) and not team.knocked_out
    ]


def money_options(state: LetoState) -> list[tuple[str, str]]:
    """(id, label) of the players a villain's Money can make discard."""
    return [
        (f"p-{seat}", f"{state.names[seat]} ({counted(len(state.teams[seat].hand), 'card')} in hand)")
        for seat in _money_targets(state)
    ]


def answer_vturn(state: LetoState, rng: Rng, kind: str) -> None:
    """A villain's chosen action."""
    ask = state.ask
    villain = acting(state)
    assert ask is not None and villain is not None
    x = ability_x(villain_abilities(villain), USES[kind], villain.item) if kind in USES else 0
    if kind in USES:
        state.used_ability = True
    name = content.CARDS[villain.card].name
    if kind in ("int", "mon"):
        ask.key, ask.move, ask.x = ("vpeek" if kind == "int" else "vmoney"), kind, x
    elif kind in ATTACKS:
        ask.key, ask.move, ask.x = "vtarget", kind, x
    elif kind == "pow":
        ask.key, ask.move, ask.x = "vpower", kind, x
    elif kind in STANCES:
        villain.guard = stance_guard(kind, x)
        state.say(f"{name} defends" + (f" (+{villain.guard})" if villain.guard else ""))
        next_villain(state, rng)


def answer_vpeek(state: LetoState, rng: Rng, pile: str) -> None:
    """A villain's Intelligence: its controller sees the top of the pile; it then takes its action."""
    villain = acting(state)
    assert villain is not None and state.ask is not None
    peek(state, state.turn, pile, state.ask.x, f"{content.CARDS[villain.card].name} uses Intelligence and")
    _back_to_action(state)


def answer_vmoney(state: LetoState, rng: Rng, pick: str) -> None:
    """The target player discards X cards at random (the villain cannot see their hand)."""
    villain = acting(state)
    assert villain is not None and state.ask is not None
    seat = int(pick[2:])
    hand = state.teams[seat].hand
    lost = 0
    for _ in range(min(state.ask.x, len(hand))):
        state.teams[seat].hero_discard.append(hand.pop(rng.below(len(hand))))
        lost += 1
    state.say(
        f"{content.CARDS[villain.card].name} uses Money: "
        f"{acts(state.names[seat], 'loses')} {counted(lost, 'card')} at random"
    )
    _back_to_action(state)


def _back_to_action(state: LetoState) -> None:
    ask = state.ask
    assert ask is not None
    ask.key, ask.stage, ask.move, ask.x = "vturn", 1, "", 0


def answer_vtarget(state: LetoState, rng: Rng, picks: list[str]) -> None:
    """Attack the chosen heroes in menu order (Speed: every one after the first at -1)."""
    ask = state.ask
    villain = acting(state)
    assert ask is not None and villain is not None
    owner = state.turn
    team = state.teams[owner]
    bonus = attack_bonus(ask.move, ask.x)
    order = [option.id for option in targets.hero_targets(state, owner)]
    picks = sorted(picks, key=order.index)  # menu order, whatever order they came in
    chosen = [targets.find_slot(state, pick) for pick in picks]  # before a defeat moves the slots
    for k, found in enumerate(chosen):
        if (
            found is None
            or villain not in team.villains
            or found[1] not in state.teams[found[0]].active + state.teams[found[0]].reserve
        ):
            continue
        seat, slot = found
        fight(state, seat, Clash(slot, owner, villain, False, [*bonus, *speed_penalty(k)]))
        if flow.check_win(state):
            return
    if ask.move == "str" and villain in team.villains:
        villain.guard = half_up(ask.x)
    next_villain(state, rng)


def answer_vpower(state: LetoState, rng: Rng, pick: str) -> None:
    """A villain's Power discards the chosen object from a rival's active hero."""
    villain = acting(state)
    assert villain is not None
    found = targets.find_slot(state, "a-" + pick[2:])
    if found is not None:
        seat, slot = found
        state.teams[seat].hero_discard.append(slot.item)
        state.say(
            f"{content.CARDS[villain.card].name} uses Power: "
            f"{content.CARDS[slot.item].name} on {slot_name(slot)} is discarded"
        )
        slot.item = ""
    next_villain(state, rng)

"""The open decisions of each phase, and what each answer does.

Every option offered is legal, so the answer handlers never refuse halfway: the engine only
checks that an answer is one of the options before calling them.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, Option, Rng
from engines.core.words import acts, counted, their
from engines.superhot import flow, goals, system
from engines.superhot.labels import (
    NEED_WORD,
    candidate_label,
    card_label,
    merge_same,
    number_same,
    target_label,
)
from engines.superhot.piles import check_bullets, draw, is_bullet, name_of, non_bullets, obstacle, requirement
from engines.superhot.state import Pick, SuperhotState, Target
from engines.superhot.use import (
    ability_card,
    amount_of,
    candidates_by_need,
    completable,
    double_choices,
    double_reach,
    legal_picks,
    make_echoes,
)

# --- decisions -----------------------------------------------------------------------------------


def decisions(state: SuperhotState) -> list[Decision]:
    """Every open decision (at most one at a time in this game)."""
    if state.over:
        return []
    if state.phase == "system":
        return [_system_decision(state)]
    player = state.players[state.active]
    seat = player.seat
    builder = BUILDERS[state.phase]
    return [builder(state, seat)]


def _veto(state: SuperhotState, seat: int) -> Decision:
    options = [Option("keep", "Keep these goals")]
    options += [
        Option(f"v.{goal.card}", f"Veto {goals.card(goal.card).name}", goals.card(goal.card).text)
        for goal in state.goals
        if goal.card not in state.vetoed
    ]
    partner = " (your partner must agree)" if len(state.players) > 1 else ""
    return Decision(seat, "veto", f"Level {state.level}: veto one goal?{partner}", tuple(options))


def _veto_agree(state: SuperhotState, seat: int) -> Decision:
    picked = goals.card(state.veto_pick or "").name
    options = (Option("agree", f"Agree: veto {picked}"), Option("refuse", "Refuse: keep all goals"))
    return Decision(seat, "veto", f"Your partner wants to veto {picked}. Agree?", options)


def _start(state: SuperhotState, seat: int) -> Decision:
    options = (
        Option("move", "Move", "Use cards on The Line; time moves one slot per card used."),
        Option(
            "wait",
            "Wait",
            "Discard what you like; the card at the start of The Line goes to your Player Discard.",
        ),
    )
    return Decision(seat, "start", "Wait or move?", options)


def _wait_discard(state: SuperhotState, seat: int) -> Decision:
    hand = non_bullets(state.players[state.active].hand)
    options = number_same([Option(card, card_label(card)) for card in hand])
    prompt = "Wait: discard any cards? (none is fine)"
    return Decision(seat, "discard", prompt, tuple(options), 0, len(options))


def _use(state: SuperhotState, seat: int) -> Decision:
    options: list[Option] = []
    amounts = {need: [c.amount for c in found] for need, found in candidates_by_need(state).items()}
    for index, slot in enumerate(state.line):
        if slot is None or slot.down:
            continue
        need, value = requirement(slot.card)
        fates = "d" if is_bullet(slot.card) else "dk"
        if completable([], amounts[need], value):
            options += [Option(f"{fate}{index}", target_label(state, index, fate)) for fate in fates]
        elif double_reach(state, need, value):
            detail = "Plays Double trouble first; you can take it back."
            options += [
                Option(f"dt{fate}{index}", target_label(state, index, fate, doubled=True), detail)
                for fate in fates
            ]
    if ability_card(state, "katana"):
        options += [
            Option(f"ks{index}", f"Katana: slash the bullet in slot {index + 1}")
            for index, slot in enumerate(state.line)
            if slot is not None and not slot.down and is_bullet(slot.card)
        ]
    player = state.players[state.active]
    if ability_card(state, "pliers"):
        if any(is_bullet(card) for card in player.hand):
            options.append(Option("pb", "Pliers: put a bullet from your hand back"))
        if player.deck or player.discard:
            options.append(Option("pd", "Pliers: draw a card"))
    if ability_card(state, "double") and double_choices(state):
        options.append(Option("dt", "Double trouble: use a card twice"))
    if can_take_back(state):
        options.append(Option("dtback", "Back: take Double trouble back (and the card it copied)"))
    options.append(Option("done", "Done using cards"))
    used = state.turn.spent
    prompt = f"Use cards ({used} used so far: The Line will scroll {counted(used, 'slot')})"
    if state.turn.echoes:
        copies = ", ".join(card_label(echo.card, echo.amount or None) for echo in state.turn.echoes)
        prompt += f". Double trouble copies ready: {copies} (unused ones vanish at Done)"
    return Decision(seat, "use", prompt, tuple(options))


def can_take_back(state: SuperhotState) -> bool:
    """Whether the last Double trouble may still be taken back (none of its copies used yet)."""
    turn = state.turn
    return bool(turn.doubled) and state.target is None and len(turn.echoes) == turn.doubled_echoes


def _cards(state: SuperhotState, seat: int) -> Decision:
    target = state.target
    assert target is not None
    slot = state.line[target.slot]
    assert slot is not None
    total = sum(pick.amount for pick in target.picks)
    need, value = requirement(slot.card)
    options = merge_same([Option(c.ref, candidate_label(c)) for c in legal_picks(state)])
    if target.picks:
        options.append(Option("undo", "Take back the last card"))
    options.append(Option("cancel", "Cancel: choose another obstacle"))
    verb = "Destroy" if target.fate == "destroy" else "Knock out"
    prompt = f"{verb} {name_of(slot.card)}: {NEED_WORD[need]} {total}/{value}. Add a card"
    return Decision(seat, "card", prompt, tuple(options))


def _double(state: SuperhotState, seat: int) -> Decision:
    choices = double_choices(state)
    prompt = "Double trouble: which card do you use twice?"
    if state.double_for:
        index = int(state.double_for[1:])
        slot = state.line[index]
        assert slot is not None
        choices = double_reach(state, *requirement(slot.card))
        prompt = f"Double trouble for {name_of(slot.card)}: which card do you use twice?"
    options = merge_same([Option(c.ref, candidate_label(c)) for c in choices])
    options.append(Option("cancel", "Back: keep Double trouble"))
    return Decision(seat, "double", prompt, tuple(options))


def _aid(state: SuperhotState, seat: int) -> Decision:
    hand = non_bullets(state.players[state.active].hand)
    options = [Option("none", "Keep my cards")]
    options += merge_same([Option(card, f"Pass {card_label(card)}") for card in hand])
    return Decision(seat, "aid", "Aid: pass one card to your partner for their next turn?", tuple(options))


def _slash(state: SuperhotState, seat: int) -> Decision:
    hand = non_bullets(state.players[state.active].hand)
    options = tuple(number_same([Option(card, card_label(card)) for card in hand]))
    count = state.slash_left
    return Decision(
        seat, "slash", f"An enemy slashes: discard {counted(count, 'card')}", options, count, count
    )


def _system_decision(state: SuperhotState) -> Decision:
    turn = state.system_turn
    assert turn is not None and state.system is not None
    options = [*system.glitch_options(state), Option("end", "End the System turn")]
    spent = turn.spent_fight + turn.spent_dodge + turn.spent_mixed
    left = (
        f"Fighting {turn.fight - turn.spent_fight}, Dodge {turn.dodge - turn.spent_dodge}, "
        f"all together {turn.fight + turn.dodge + turn.mixed - spent}"
    )
    return Decision(state.system, "glitch", f"System turn: spend your values ({left})", tuple(options))


BUILDERS: dict[str, Callable[[SuperhotState, int], Decision]] = {
    "veto": _veto,
    "veto_agree": _veto_agree,
    "start": _start,
    "wait_discard": _wait_discard,
    "use": _use,
    "cards": _cards,
    "double": _double,
    "aid": _aid,
    "slash": _slash,
}


# --- answers -----------------------------------------------------------------------------------


def answer(state: SuperhotState, rng: Rng, key: str, picked: list[str]) -> None:
    """Carry out a checked answer to the open decision."""
    HANDLERS[key](state, rng, picked)


def _on_veto(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    choice = picked[0]
    name = state.names[state.players[state.active].seat]
    if state.phase == "veto_agree":
        if choice == "agree" and state.veto_pick is not None:
            _do_veto(state, state.veto_pick)
        else:
            flow.say(state, "No veto: the partners did not agree.")
            state.veto_used = True
        state.active = 1 - state.active
        state.veto_pick = None
        flow.start_turn(state)
        return
    if choice == "keep":
        flow.say(state, f"{acts(name, 'keeps')} the goals.")
        flow.start_turn(state)
        return
    goal_id = choice.removeprefix("v.")
    if len(state.players) > 1:
        state.veto_pick = goal_id
        state.active = 1 - state.active
        state.phase = "veto_agree"
        return
    _do_veto(state, goal_id)
    flow.start_turn(state)


def _do_veto(state: SuperhotState, goal_id: str) -> None:
    replacement = goals.veto(state, goal_id)
    vetoed, drawn = goals.card(goal_id).name, goals.card(replacement).name
    flow.say(state, f"Vetoed {vetoed} (it waits for the next level); new goal: {drawn}.")


def _on_start(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    if picked[0] == "move":
        state.phase = "use"
        return
    if non_bullets(state.players[state.active].hand):
        state.phase = "wait_discard"
        return
    flow.wait(state, rng, [])


def _on_discard(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    flow.wait(state, rng, picked)


def _take(state: SuperhotState, ref: str) -> Pick:
    """Remove a candidate card from where it lies and return it as a pick."""
    player = state.players[state.active]
    if ref == "aid":
        assert state.aid is not None
        card, state.aid = state.aid, None
        return Pick(card=card, source="aid", amount=_amount(state, card))
    if ref.startswith("echo"):
        echo = state.turn.echoes.pop(int(ref.removeprefix("echo")))
        return Pick(card=echo.card, source="echo", amount=echo.amount)
    player.hand.remove(ref)
    return Pick(card=ref, source="hand", amount=_amount(state, ref))


def _amount(state: SuperhotState, card: str) -> int:
    return amount_of(card, state.players[state.active])


def _give_back(state: SuperhotState, pick: Pick) -> None:
    if pick.source == "aid":
        state.aid = pick.card
    elif pick.source == "echo":
        state.turn.echoes.extend(make_echoes(pick.card, pick.amount)[:1])
    else:
        state.players[state.active].hand.append(pick.card)


def _spend_ability(state: SuperhotState, use: str) -> None:
    """Play the card (or Double trouble copy) that provides this ability."""
    ref = ability_card(state, use)
    assert ref is not None
    _use_up(state, _take(state, ref))


def _use_up(state: SuperhotState, pick: Pick) -> None:
    """A real card goes to the Used Cards Area (a Double trouble copy just vanishes)."""
    if pick.source == "echo":
        return
    state.turn.used.append(pick.card)
    state.turn.spent += 1
    if pick.source == "aid":
        state.aid_from = None
        state.turn.aid_used = True


def _on_use(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    choice = picked[0]
    player = state.players[state.active]
    if choice == "done":
        partner_can_aid = len(state.players) > 1 and bool(non_bullets(player.hand))
        if partner_can_aid:
            state.phase = "aid"
            return
        flow.finish_use(state, rng)
        return
    if choice in ("dt", "dtback") or choice.startswith("dt"):
        if choice == "dtback":
            _take_back_double(state)
            return
        state.double_for = choice.removeprefix("dt")
        state.phase = "double"
        return
    if choice in ("pb", "pd"):
        _spend_ability(state, "pliers")
        if choice == "pb":
            bullet_card = next(card for card in player.hand if is_bullet(card))
            player.hand.remove(bullet_card)
            state.bullets.insert(0, bullet_card)
            flow.say(state, f"{acts(state.names[player.seat], 'pulls')} a bullet out with Pliers.")
        else:
            draw(player, rng)
            flow.say(state, f"{acts(state.names[player.seat], 'uses')} Pliers to draw a card.")
            check_bullets(state)
        return
    if choice.startswith("ks"):
        _spend_ability(state, "katana")
        index = int(choice.removeprefix("ks"))
        slot = state.line[index]
        assert slot is not None
        state.line[index] = None
        state.bullets.insert(0, slot.card)
        state.turn.destroyed.append(slot.card)
        flow.say(state, f"{acts(state.names[player.seat], 'slashes')} a bullet in half.")
        return
    state.target = Target(slot=int(choice[1:]), fate="destroy" if choice[0] == "d" else "knockout")
    state.phase = "cards"


def _on_card(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    target = state.target
    assert target is not None
    choice = picked[0]
    if choice == "cancel":
        for pick in reversed(target.picks):
            _give_back(state, pick)
        state.target = None
        state.phase = "use"
        return
    if choice == "undo":
        _give_back(state, target.picks.pop())
        return
    target.picks.append(_take(state, choice))
    slot = state.line[target.slot]
    assert slot is not None
    _, value = requirement(slot.card)
    if sum(pick.amount for pick in target.picks) >= value:
        _resolve(state)


def _resolve(state: SuperhotState) -> None:
    """Deal with the target: Destroy (to the New Cards Area; bullets on the Bullets Deck) or Knock out."""
    target = state.target
    assert target is not None
    slot = state.line[target.slot]
    assert slot is not None
    for pick in target.picks:
        _use_up(state, pick)
    name = state.names[state.players[state.active].seat]
    if target.fate == "destroy":
        state.line[target.slot] = None
        state.turn.destroyed.append(slot.card)
        if is_bullet(slot.card):
            state.bullets.insert(0, slot.card)
        else:
            state.turn.new.append(slot.card)
        flow.say(state, f"{acts(name, 'destroys')} {name_of(slot.card)}.")
    else:
        slot.down = True
        state.turn.knocked.append(slot.card)
        flow.say(state, f"{acts(name, 'knocks out')} {name_of(slot.card)}.")
    state.target = None
    state.phase = "use"


def _on_double(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    state.phase = "use"
    aim, state.double_for = state.double_for, ""
    if picked[0] == "cancel":
        return
    copied = _take(state, picked[0])
    _use_up(state, copied)
    double = _take(state, _double_ref(state))
    _use_up(state, double)
    state.turn.echoes.extend(make_echoes(copied.card, copied.amount))
    state.turn.doubled = [double, copied]
    state.turn.doubled_echoes = len(state.turn.echoes)
    name = state.names[state.players[state.active].seat]
    flow.say(state, f"{acts(name, 'plays')} Double trouble on {obstacle(copied.card).top}.")
    if aim:
        state.target = Target(slot=int(aim[1:]), fate="destroy" if aim[0] == "d" else "knockout")
        state.phase = "cards"


def _double_ref(state: SuperhotState) -> str:
    ref = ability_card(state, "double")
    assert ref is not None
    return ref


def _take_back_double(state: SuperhotState) -> None:
    """Undo the last Double trouble: its copies vanish, both real cards return where they were."""
    turn = state.turn
    del turn.echoes[-2:]
    for pick in turn.doubled:
        turn.used.remove(pick.card)
        turn.spent -= 1
        if pick.source == "aid":
            state.aid, state.aid_from, turn.aid_used = pick.card, 1 - state.active, False
        else:
            state.players[state.active].hand.append(pick.card)
    turn.doubled, turn.doubled_echoes = [], 0
    name = state.names[state.players[state.active].seat]
    flow.say(state, f"{acts(name, 'takes')} Double trouble back.")


def _on_aid(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    if picked[0] != "none":
        player = state.players[state.active]
        if state.aid is not None and state.aid_from is not None:
            state.players[state.aid_from].discard.append(state.aid)
        player.hand.remove(picked[0])
        state.aid = picked[0]
        state.aid_from = state.active
        name = state.names[player.seat]
        flow.say(state, f"{acts(name, 'passes')} {obstacle(picked[0]).top} to {their(name)} partner.")
    flow.finish_use(state, rng)


def _on_slash(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    for card in picked:
        flow.slash(state, rng, card)


def _on_glitch(state: SuperhotState, rng: Rng, picked: list[str]) -> None:
    if picked[0] == "end":
        flow.end_system_turn(state)
        return
    flow.say(state, system.apply_glitch(state, picked[0]))
    if not system.glitch_options(state):
        flow.end_system_turn(state)


HANDLERS: dict[str, Callable[[SuperhotState, Rng, list[str]], None]] = {
    "veto": _on_veto,
    "start": _on_start,
    "discard": _on_discard,
    "use": _on_use,
    "card": _on_card,
    "double": _on_double,
    "aid": _on_aid,
    "slash": _on_slash,
    "glitch": _on_glitch,
}

"""The questions effect steps ask: pick targets, discard cards, search the Deck."""

from __future__ import annotations

from collections import Counter

from engines.core import Decision, Option
from engines.core.words import acts, counted
from engines.smashmasters import effects, idle
from engines.smashmasters.card_schema import BringBack
from engines.smashmasters.context import Ctx
from engines.smashmasters.idle import verb
from engines.smashmasters.labels import char_label
from engines.smashmasters.look import HAND_MAX, card_of, hand_min, kind, name
from engines.smashmasters.piles import KIND_WORDS, discard, take_from_deck
from engines.smashmasters.state import Act, Choose, Discard, Search, Settle, SmashState
from engines.smashmasters.targets import TableStep, choices, concerned, source_name, steps_of

BACK = "back"


def choose_question(state: SmashState, task: Choose) -> list[Decision]:
    """One target of a step (the chooser must pick while legal targets remain)."""
    if state.players[task.chooser].out:
        return []
    found = choices(state, task)
    if not found:
        return []
    step = steps_of(task.src)[task.index]
    in_pile = isinstance(step, BringBack)
    options = tuple(
        Option(char, f"{name(char)} (Defeated Pile)" if in_pile else char_label(state, char))
        for char in found
    )
    whose = " of your own" if task.own else ""
    more = f" ({task.left} to pick)" if task.left > 1 else ""
    prompt = f"{source_name(task.src)}: choose a character{whose} to {verb(step)}{more}."
    return [Decision(task.chooser, "choose", prompt, options)]


def no_choice(ctx: Ctx, task: Choose) -> None:
    """Nothing to pick: say why (ruling B.2: a step with no legal target does nothing)."""
    state = ctx.state
    if state.players[task.chooser].out:
        return
    step = steps_of(task.src)[task.index]
    if isinstance(step, BringBack):
        nobody = f"{acts(ctx.who(task.chooser), 'has')} no defeated character to bring back"
        ctx.say(f"{source_name(task.src)}: {nobody}.")
        return
    assert isinstance(step, TableStep)
    named = concerned(state, task.src, step, task.chooser, task.own)
    whose = ctx.who(task.chooser) if task.own else ""
    idle.explain(ctx, task.src, step, named, affected=0, again=bool(task.done), whose=whose)


def on_choose(ctx: Ctx, task: Choose, seat: int, picked: list[str]) -> None:
    """Affect the pick; ask for the next one if the step takes more."""
    task.done.append(picked[0])
    task.left -= 1
    if task.left > 0:
        ctx.push(task)
    effects.pick(ctx, task, picked[0])


def numbered(cards: list[str]) -> tuple[Option, ...]:
    """Hand cards as options, identical names numbered (#1, #2) so every card shows."""
    counts = Counter(name(card) for card in cards)
    seen: Counter[str] = Counter()
    options = []
    for card in cards:
        seen[name(card)] += 1
        label = f"{name(card)} #{seen[name(card)]}" if counts[name(card)] > 1 else name(card)
        options.append(Option(card, f"{label} ({KIND_WORDS[kind(card)]})", card_of(card).text))
    return tuple(options)


def discard_question(state: SmashState, task: Discard) -> list[Decision]:
    """Which cards to discard: the Discard action (1 to a limit) or an effect (an exact count)."""
    player = state.players[task.seat]
    high = min(task.high, len(player.hand))
    if player.out or high == 0:
        return []
    low = min(task.low, high)
    refill = f"then draw back up to {hand_min(player)}"
    if task.action:
        prompt = (
            f"Discard 1 to {counted(high, 'card')}, {refill}." if high > 1 else f"Discard a card, {refill}."
        )
        options = (*numbered(player.hand), Option(BACK, "Back: choose another action"))
        return [Decision(task.seat, "discard", f"{prompt} Or go back.", options, low, high)]
    more = f", and then {task.then} more" if task.then else ""
    prompt = f"{task.why}: discard {counted(low, 'card')} of your choice, {refill}{more}."
    return [Decision(task.seat, "discard", prompt, numbered(player.hand), low, high)]


def on_discard(ctx: Ctx, task: Discard, seat: int, picked: list[str]) -> None:
    """Discard the picked cards (the action then refills the hand), or go back to the action
    (Back picked with cards still goes back: nothing is discarded)."""
    if BACK in picked:
        ctx.push(Act())
        return
    discard(ctx, ctx.state.players[seat], picked)
    if task.action:
        ctx.push(Settle())


def search_question(state: SmashState, task: Search) -> list[Decision]:
    """Which card of a kind to take from the Deck (identical cards are one option)."""
    player = state.players[task.seat]
    if player.out or len(player.hand) >= HAND_MAX:
        return []
    first: dict[str, str] = {}
    counts: Counter[str] = Counter()
    for card in sorted(player.deck):  # sorted: the options never hint at the Deck's order
        if kind(card) == task.kind:
            first.setdefault(name(card), card)
            counts[name(card)] += 1
    if not first:
        return []
    options = tuple(
        Option(card, f"{label} (x{counts[label]})" if counts[label] > 1 else label, card_of(card).text)
        for label, card in sorted(first.items())
    )
    prompt = f"Search your Deck: take a {KIND_WORDS[task.kind]} card."
    return [Decision(task.seat, "search", prompt, options)]


def on_search(ctx: Ctx, task: Search, seat: int, picked: list[str]) -> None:
    """Take the card; search again if the step takes more."""
    take_from_deck(ctx, ctx.state.players[seat], picked[0])
    task.left -= 1
    if task.left > 0:
        ctx.push(task)

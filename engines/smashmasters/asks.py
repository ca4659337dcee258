"""The questions effect steps ask: pick targets, discard cards, search the Deck."""

from __future__ import annotations

from collections import Counter

from engines.core import Decision, Option
from engines.smashmasters import effects
from engines.smashmasters.cards import BringBack, Character, Defeat, Revive, Safe, Stun
from engines.smashmasters.context import Ctx
from engines.smashmasters.labels import char_label
from engines.smashmasters.look import HAND_MAX, card_of, hand_min, kind, name
from engines.smashmasters.piles import KIND_WORDS, discard, take_from_deck
from engines.smashmasters.state import Choose, Discard, Search, Settle, SmashState, Source


def source_name(src: Source) -> str:
    """What is resolving, for prompts: the card, or the character's power."""
    found = card_of(src.card)
    return f"{found.name}'s {found.power.name}" if isinstance(found, Character) else found.name


def _verb(task: Choose) -> str:
    step = effects.steps_of(task.src)[task.index]
    for step_type, verb in ((Stun, "stun"), (Revive, "revive"), (Defeat, "defeat"), (Safe, "protect")):
        if isinstance(step, step_type):
            return verb
    return "bring back" if isinstance(step, BringBack) else "turn around"


def choose_question(state: SmashState, task: Choose) -> list[Decision]:
    """One target of a step (the chooser must pick while legal targets remain)."""
    if state.players[task.chooser].out:
        return []
    found = effects.choices(state, task)
    if not found:
        return []
    step = effects.steps_of(task.src)[task.index]
    in_pile = isinstance(step, BringBack)
    options = tuple(
        Option(char, f"{name(char)} (Defeated Pile)" if in_pile else char_label(state, char))
        for char in found
    )
    whose = " of your own" if task.own else ""
    more = f" ({task.left} to pick)" if task.left > 1 else ""
    prompt = f"{source_name(task.src)}: choose a character{whose} to {_verb(task)}{more}."
    return [Decision(task.chooser, "choose", prompt, options)]


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
        prompt = f"Discard 1 to {high} card(s), {refill}." if high > 1 else f"Discard a card, {refill}."
    else:
        prompt = f"Discard {low} card(s) of your choice, {refill}."
    return [Decision(task.seat, "discard", prompt, numbered(player.hand), low, high)]


def on_discard(ctx: Ctx, task: Discard, seat: int, picked: list[str]) -> None:
    """Discard the picked cards (the action then refills the hand)."""
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

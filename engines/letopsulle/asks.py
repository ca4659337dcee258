"""The open question as a Decision: its prompt, options and how many to pick."""

from __future__ import annotations

from engines.core import Decision, Option
from engines.core.menus import split_menus, whole_question
from engines.core.types import MAX_LABEL, MAX_OPTIONS
from engines.core.words import possessive
from engines.letopsulle import content, hero_turn, targets, villain_turn
from engines.letopsulle.battle import Clash, preview
from engines.letopsulle.cards_in_play import slot_base, slot_name
from engines.letopsulle.moves import attack_bonus
from engines.letopsulle.schema import Character
from engines.letopsulle.state import HAND_LIMIT, LetoState
from engines.letopsulle.words import card_text, top_cards

MAX_PROMPT = 100
MAX_DETAIL = 100


def _hand(state: LetoState, only_heroes: bool = False) -> list[Option]:
    team = state.teams[state.turn]
    indexes = hero_turn.heroes_in_hand(team) if only_heroes else range(len(team.hand))
    return [
        Option(f"h{i}", _card_label(team.hand[i]), card_text(content.CARDS[team.hand[i]])[:100])
        for i in indexes
    ]


def _card_label(card_id: str) -> str:
    """A hand card's name, with its base for a hero: "Night (6)"."""
    card = content.CARDS[card_id]
    return f"{card.name} ({card.base})" if isinstance(card, Character) else card.name


def _target_options(state: LetoState, among: int) -> list[Option]:
    """Villains to attack; with more than 25, the players first, then that player's villains (split
    over menus if one player ever holds more than 25)."""
    every = targets.villain_targets(state)
    if len(every) <= MAX_OPTIONS:
        return every
    if among >= 0:
        return targets.villain_targets(state, among)
    owners = sorted({int(option.id.split("-")[1]) for option in every})
    return [Option(f"p-{seat}", f"{possessive(state.names[seat])} villains") for seat in owners]


def _previewed(state: LetoState, options: list[Option]) -> list[Option]:
    """Target options whose detail tells what the battle would do (before any Speed penalty)."""
    ask = state.ask
    assert ask is not None
    bonus = attack_bonus(ask.move, ask.x)
    shown = []
    for option in options:
        text = option.detail
        if ask.key == "target" and option.id.startswith("v-"):
            found = targets.find_villain(state, option.id)
            slot = state.teams[state.turn].active[ask.actor]
            if found is not None:
                text = preview(state, Clash(slot, found[0], found[1], True, bonus))
        elif ask.key == "vtarget":
            villain = villain_turn.acting(state)
            hit = targets.find_slot(state, option.id)
            if villain is not None and hit is not None:
                text = preview(state, Clash(hit[1], state.turn, villain, False, bonus))
        shown.append(Option(option.id, option.label, text))
    return shown


def question(state: LetoState) -> tuple[str, list[Option], int, int]:
    """Prompt, options, fewest and most picks of the open question."""
    ask = state.ask
    assert ask is not None
    team = state.teams[state.turn]
    key = ask.key
    if key == "mulligan":
        return (
            "Your first hand: keep it, or redraw 5 new cards (that ends this turn)?",
            [Option("keep", "Keep this hand"), Option("redraw", "Redraw 5 cards and end the turn")],
            1,
            1,
        )
    if key == "lineup":
        heroes = _hand(state, only_heroes=True)
        most = min(hero_turn.reserve_room(state), len(heroes))
        return f"Put up to {most} heroes in your reserve (one then steps up as active)", heroes, 1, most
    if key == "lead":
        options = [
            Option(f"r{i}", f"{slot_name(slot)} ({slot_base(slot)})") for i, slot in enumerate(team.reserve)
        ]
        return "Which hero steps up as active?", options, 1, 1
    if key == "turn":
        return (
            "Your hero turn: pick a step (a later step skips the earlier ones)",
            hero_turn.menu_options(state, ask.stage),
            1,
            1,
        )
    if key == "target":
        options = _previewed(state, _target_options(state, ask.among))
        most = min(ask.x, len(options)) if ask.move == "spd" and not options[0].id.startswith("p-") else 1
        prompt = (
            "Which villain do you attack?" if most == 1 else f"Attack up to {most} villains (in menu order)"
        )
        return prompt, options, 1, most
    if key == "power":
        return "Power: which object do you discard?", targets.power_targets(state, ask.x, hero=True), 1, 1
    if key in ("peek", "vpeek"):
        return (
            f"Intelligence: look at the {top_cards(ask.x)} of which pile?",
            targets.peek_targets(state),
            1,
            1,
        )
    if key == "discard":
        extra = len(team.hand) - HAND_LIMIT
        return (
            f"Discard {extra} card{'s' if extra > 1 else ''} down to {HAND_LIMIT}",
            _hand(state),
            extra,
            extra,
        )
    return _villain_question(state)


def _villain_question(state: LetoState) -> tuple[str, list[Option], int, int]:
    ask = state.ask
    assert ask is not None
    villain = villain_turn.acting(state)
    name = content.CARDS[villain.card].name if villain else ""
    whose = possessive(state.names[state.turn])
    if ask.key == "place":
        options = [Option(oid, label[:80]) for oid, label in villain_turn.place_options(state)]
        return f"Villain object: where does it go ({whose} villains)?", options, 1, 1
    if ask.key == "vturn":
        options = (
            [Option(move.id, move.label) for move in villain_turn.villain_moves(state, villain)]
            if villain
            else []
        )
        return f"{name} ({whose} villain): what does it do?", options, 1, 1
    if ask.key == "vtarget":
        options = _previewed(state, targets.hero_targets(state, state.turn))
        most = min(ask.x, len(options)) if ask.move == "spd" else 1
        return (
            f"{name} attacks which hero?" if most == 1 else f"{name} attacks up to {most} heroes",
            options,
            1,
            most,
        )
    if ask.key == "vpower":
        return (
            f"{name} uses Power on which object?",
            targets.power_targets(state, ask.x, hero=False, owner=state.turn),
            1,
            1,
        )
    if ask.key == "vmoney":
        options = [Option(oid, label) for oid, label in villain_turn.money_options(state)]
        return f"{name} uses Money: whose hand loses {ask.x} cards?", options, 1, 1
    raise ValueError(f"no question for {ask.key!r}")


def decisions(state: LetoState) -> list[Decision]:
    """The open question for its seat ([] when the game is over)."""
    if state.ask is None or state.phase == "over":
        return []
    prompt, options, low, high = question(state)
    shown = [Option(o.id, o.label[:MAX_LABEL], o.detail[:MAX_DETAIL]) for o in options]
    seat, key, prompt = state.ask.seat, state.ask.key, prompt[:MAX_PROMPT]
    return split_menus(seat, key, prompt, shown, low, high, clip=MAX_PROMPT)  # keys turn, turn.2...


def answerable(state: LetoState) -> list[Decision]:
    """The decisions answers are checked against: every part of a split question accepts any
    option of any of its parts (the AI, or a player, is never limited to one menu)."""
    found = decisions(state)
    if len(found) < 2:
        return found
    _prompt, _options, low, high = question(state)
    return whole_question(found, low, high)

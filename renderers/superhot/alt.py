"""SUPERHOT alt text: what the table and a hand show, in words, the most important facts first and
within Discord's 1024 characters (the least important part is cut short, never the first ones)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.words import possessive
from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.views import (
    View,
    as_index,
    as_int,
    as_mapping,
    as_mappings,
    as_str,
    plural,
    seats,
    sentences_within,
)
from renderers.superhot.look import MAX_BULLETS, NEEDS, TITLE
from renderers.superhot.read import (
    copies,
    discard_cards,
    is_bullet,
    lent_aid,
    line,
    picked,
    target,
    target_card,
    turn,
)
from renderers.superhot.words import (
    bullet_words,
    hand_status,
    level_text,
    mode_text,
    name,
    need_words,
    obstacle_words,
    revenge_text,
    top_bullet_words,
    top_names,
    use_words,
)


def _line_words(view: View) -> str:
    slots = view.get("line")
    if not isinstance(slots, list):
        return ""
    parts = []
    for index, card in enumerate(line(view)):
        if card is None:
            parts.append(f"{index + 1} empty")
        elif card.get("down"):
            parts.append(f"{index + 1} knocked out: {obstacle_words(card)}")
        else:
            parts.append(f"{index + 1} {obstacle_words(card)}")
    return f"The Line, {len(slots)} slots from its start: " + "; ".join(parts)


def _giver(view: View) -> str:
    giver = as_index(view.get("aid_from"))
    return name(view, giver) if giver is not None else "a player"


def _seat_words(view: View, index: int, seat: Mapping[str, Any]) -> str:
    named = name(view, index)
    if seat.get("role") == "System":
        system = as_mapping(view.get("system"))
        if system is None:
            return f"{named} plays the System"
        pool = as_mapping(system.get("pool")) or {}
        pool_words = ", ".join(f"{look.word} {as_int(pool.get(key))}" for key, look in NEEDS.items())
        cards = "; ".join(obstacle_words(card) for card in as_mappings(system.get("cards")))
        return f"{named} (System) drew {cards or 'nothing'}; its pool: {pool_words}"
    role = as_str(seat.get("role"))
    top = as_mapping(seat.get("discard_top"))
    on_top = f" (top: {use_words(top)})" if top is not None else ""
    return (
        f"{named}{f' ({role})' if role else ''}: {plural(as_int(seat.get('hand_size')), 'card')} and "
        f"{plural(as_int(seat.get('bullets')), 'bullet')} in hand, deck {as_int(seat.get('deck'))}, "
        f"discard {as_int(seat.get('discard'))}{on_top}"
    )


def _goal_words(view: View) -> str:
    goals = []
    for goal in as_mappings(view.get("goals")):
        named = as_str(goal.get("name")) or "goal"
        if goal.get("done"):
            goals.append(f"{named} (done)")
        elif goal.get("counted"):
            goals.append(f"{named} ({as_int(goal.get('progress'))} of {as_int(goal.get('count'))})")
        else:
            goals.append(named)
    return "Goals: " + ", ".join(goals) if goals else ""


def _target_words(view: View) -> str:
    aim = target(view)
    if aim is None:
        return ""
    slot = as_int(aim.get("slot"), -1)
    fate = "knock out" if aim.get("fate") == "knockout" else "destroy"
    need = NEEDS.get(as_str(aim.get("need")), NEEDS["mixed"]).word
    card = target_card(view)
    what = f", {as_str(card.get('name')) or 'an obstacle'}," if card is not None else ""
    return (
        f"Interacting with slot {slot + 1}{what} to {fate} it: {need} "
        f"{as_int(aim.get('total'))} of {as_int(aim.get('value'))}"
    )


def table_alt(view: View) -> str:
    """The public table in words: level, phase, goals, The Line from its START, piles, players."""
    parts = [f"{TITLE} table, {mode_text(view)}, {level_text(view, spoken=True)}"]
    revenge = revenge_text(view)
    if revenge:
        parts.append(f"1v1 Revenge, {revenge.replace(' · ', ', ')}")
    challenges = [str(challenge) for challenge in view.get("challenges") or () if challenge]
    if challenges:
        parts.append("Challenges: " + ", ".join(challenges))
    if view.get("over"):
        parts.append(f"Game over: {as_str(view.get('result')) or ('won' if view.get('won') else 'lost')}")
    phase, current = as_str(view.get("phase")), turn(view)
    if current is not None:
        parts.append(f"{possessive(name(view, current))} turn" + (f", phase: {phase}" if phase else ""))
    elif phase:
        parts.append(f"Phase: {phase}")
    parts += [
        f"Bullets Deck: {plural(as_int(view.get('bullets_left')), 'bullet')} left{top_bullet_words(view)}",
        _goal_words(view),
        _target_words(view),
        _line_words(view),
    ]
    top = as_mapping(view.get("deck_top"))
    next_up = f", next up: {obstacle_words(top)}" if top is not None and not top.get("down") else ""
    parts.append(f"Obstacles Deck {as_int(view.get('deck'))}{next_up}")
    discard_top = as_mapping(view.get("discard_top"))
    on_top = f", top: {as_str(discard_top.get('name')) or 'a card'}" if discard_top is not None else ""
    parts.append(f"Obstacles Discard {as_int(view.get('obstacle_discard'))}{on_top}")
    used = as_mappings(view.get("used"))
    if used:
        parts.append(f"Used this turn ({len(used)}): " + ", ".join(use_words(card) for card in used))
    new = as_mappings(view.get("new"))
    if new:
        parts.append("New cards: " + ", ".join(use_words(card) for card in new))
    aid = as_mapping(view.get("aid"))
    if aid is not None:
        parts.append(f"Aid card from {_giver(view)}: {use_words(aid)}")
    parts += [_seat_words(view, index, seat) for index, seat in enumerate(seats(view))]
    log = [str(entry) for entry in view.get("log") or () if entry]
    if log:
        parts.append(f"Last: {log[-1]}")
    return sentences_within(parts, MAX_ALT_TEXT)


def hand_alt(view: View) -> str:
    """A seat's hand in words: each card by both halves, then the target, copies, Aid and discard."""
    seat = as_int(view.get("seat"), -1)
    hand = as_mappings(view.get("hand"))
    words = []
    for card in hand:
        if is_bullet(card):
            words.append(f"{bullet_words(card)} ({need_words(card)}, cannot be used)")
        else:
            words.append(f"{use_words(card, detail=True)} over {obstacle_words(card)}")
    listed = "; ".join(words) if words else "no cards"
    status = hand_status(view, seat).replace(" · ", ": ")
    owner = name(view, seat if seat >= 0 else None)
    parts = [f"{possessive(owner)} hand in {TITLE}, {level_text(view, spoken=True)}: {listed}", status]
    bullets = sum(1 for card in hand if is_bullet(card))
    if bullets:
        parts.append(f"{plural(bullets, 'bullet')} in hand; {MAX_BULLETS} loses")
    upcoming = top_bullet_words(view)
    if upcoming:
        parts.append(f"Bullets Deck: {plural(as_int(view.get('bullets_left')), 'bullet')} left{upcoming}")
    aim, aimed = target(view), target_card(view)
    if aim is not None:
        what = (as_str(aimed.get("name")) if aimed is not None else "") or "an obstacle"
        need = NEEDS.get(as_str(aim.get("need")), NEEDS["mixed"]).word
        parts.append(f"Target: {what}, {need} {as_int(aim.get('total'))} of {as_int(aim.get('value'))}")
    played = picked(view)
    if played:
        parts.append("Played on the target so far: " + ", ".join(use_words(card) for card in played))
    ready = copies(view)
    if ready:
        parts.append(
            f"Double trouble {'copy' if len(ready) == 1 else 'copies'} ready to use this turn: "
            + ", ".join(use_words(card) for card in ready)
        )
    aid = lent_aid(view)
    if aid is not None:
        parts.append(f"Aid card from {_giver(view)} to use this turn: {use_words(aid, detail=True)}")
    me = seats(view)[seat] if 0 <= seat < len(seats(view)) else {}
    if "discard_cards" in me and me.get("role") != "System":
        pile = discard_cards(me)
        listed_pile = ", ".join(top_names(pile)) if pile else "empty"
        parts.append(f"Your discard ({len(pile)}, oldest first): {listed_pile}")
    return sentences_within(parts, MAX_ALT_TEXT)

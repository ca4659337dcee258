"""Smash Masters alt text: what the table and a hand show, in words, the most important facts first
and within Discord's 1024 characters (the least important part is cut short, never the first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.words import possessive
from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.views import View, as_str, join_names, plural, seats, sentences_within
from renderers.smashmasters.look import TEAM_SIZE, TITLE, power_type
from renderers.smashmasters.read import (
    Battle,
    battle,
    counts,
    deciding,
    defeated,
    drafting,
    hand,
    is_out,
    last_story,
    log_line,
    own_seat,
    picked,
    picks,
    seat_of,
    stack_cards,
    team,
    turn,
)
from renderers.smashmasters.words import (
    blow_words,
    card_words,
    counts_words,
    mode_text,
    name,
    outcome_words,
    space_words,
    status,
    turn_text,
    variant_texts,
)

CHAIN_SHOWN = 6
"""A longer chain is told by its first card and its latest ones."""


def _battle_words(view: View, fight: Battle) -> str:
    who = f"{fight.attacker.name} ({name(view, fight.attacker.seat)})"
    whom = f"{fight.target.name} ({name(view, fight.target.seat)})"
    words = f"Smash Battle: {who} attacks {whom}"
    blows = [f"{number}. {blow_words(view, blow)}" for number, blow in enumerate(fight.chain, start=1)]
    if len(blows) > CHAIN_SHOWN:
        hidden = len(blows) - CHAIN_SHOWN + 1
        blows = [blows[0], f"{hidden} more", *blows[-(CHAIN_SHOWN - 2) :]]
    if blows:
        words += f"; {plural(len(fight.chain), 'card')} played: " + ", ".join(blows)
    outcome = outcome_words(fight)
    if outcome:
        words += f". If it ended now, {outcome}"
    return words


def _roles(fight: Battle | None, index: int) -> dict[str, str]:
    roles = {}
    if fight is not None:
        for fighter, role in ((fight.attacker, "attacking"), (fight.target, "attacked")):
            if fighter.seat == index:
                roles[fighter.id] = role
    return roles


def _team_words(view: View, index: int, seat: Mapping[str, Any], fight: Battle | None) -> str:
    """ "Ana (their turn): Wi-Fiona (Mutant, stunned); Doctor Duct Tape (Gadget); an empty space"."""
    head = f"{name(view, index)} (their turn)" if turn(view) == index else name(view, index)
    if is_out(seat):
        return f"{head}: out of the game"
    chosen = picked(seat)
    if chosen is not None:
        return f"{head}: picked {chosen} of {TEAM_SIZE} characters face down"
    spaces = team(seat)
    roles = _roles(fight, index)
    return f"{head}: " + ("; ".join(space_words(space, roles) for space in spaces) or "no characters")


def _piles_words(view: View) -> str:
    """Every team's piles in one sentence, the defeated characters named."""
    parts = []
    for index, seat in enumerate(seats(view)):
        lost = [char.name for char in defeated(seat)]
        named = f" ({join_names(lost)})" if lost else ""
        deck = as_str(seat.get("deck_name"))
        owner = f"{name(view, index)} ({deck})" if deck else name(view, index)
        parts.append(f"{owner}: {counts_words(counts(seat))}{named}")
    return "Piles: " + "; ".join(parts) if parts else ""


def table_alt(view: View) -> str:
    """The public table in words: game and mode, who decides what, the battle, each team, the last
    Story, the log line, then every team's piles."""
    head = [f"{TITLE} table", mode_text(view), *variant_texts(view)]
    number = turn_text(view)
    if number:
        head.append(number.lower())
    parts = [", ".join(head)]
    if view.get("over"):
        parts.append("Game over: " + (as_str(view.get("result")) or "finished"))
    current = turn(view)
    deciders = {item.seat for item in deciding(view)}
    if current is not None and current not in deciders:
        parts.append(f"{possessive(name(view, current))} turn")
    elif drafting(view):
        parts.append("Teams are being chosen face down")
    doing = status(view) if not view.get("over") else ""
    if doing:
        parts.append(doing)
    fight = battle(view)
    if fight is not None:
        parts.append(_battle_words(view, fight))
    parts += [_team_words(view, index, seat, fight) for index, seat in enumerate(seats(view))]
    story = last_story(view)
    if story is not None:
        parts.append(f"Last Story: {story.name}: {story.text.rstrip('.')}")
    line = log_line(view)
    if line:
        parts.append(f"Last: {line}")
    parts.append(_piles_words(view))
    return sentences_within(parts, MAX_ALT_TEXT)


def hand_alt(view: View) -> str:
    """A seat's hand in words: each card (Supers and Stories with their text), then the seat's
    picks and Character Stack."""
    seat = own_seat(view)
    owner = name(view, seat) if seat is not None else "A player"
    held = hand(view)
    listed = "; ".join(card_words(card, detail=True) for card in held) if held else "no cards"
    parts = [f"{possessive(owner)} hand in {TITLE} ({plural(len(held), 'card')}): {listed}"]
    doing = status(view, seat)
    if doing:
        parts.append(doing)
    me = seat_of(view, seat)
    spaces = team(me)
    if is_out(me):
        parts.append("You are out of the game")
    elif spaces:
        parts.append("Your team: " + "; ".join(space_words(space) for space in spaces))
    chosen = picks(view)
    if chosen or drafting(view):
        named = ", ".join(char.name for char in chosen) if chosen else "none yet"
        parts.append(f"Your face-down picks, left to right: {named}")
    if "stack_cards" in view:
        rest = stack_cards(view)
        named = ", ".join(f"{char.name} ({power_type(char.power_type).word})" for char in rest)
        parts.append(f"Your Character Stack ({len(rest)}): {named or 'empty'}")
    return sentences_within(parts, MAX_ALT_TEXT)

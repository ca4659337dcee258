"""What a seat may see of a Letopsulle game: every layout in the open, its own hand and peeks.

Piles show their sizes, never their order; a hand shows only to its owner (others see its size);
what Intelligence showed a player stays in their view until the end of their turn.
"""

from __future__ import annotations

from typing import Any

from engines.letopsulle import content, words
from engines.letopsulle.schema import Character, GameObject
from engines.letopsulle.state import LetoState, Slot, Team, Villain


def card_face(card_id: str) -> dict[str, Any]:
    """A card as the table and the hand show it: name, kind, numbers and our rules text."""
    card = content.CARDS[card_id]
    face: dict[str, Any] = {
        "id": card_id,
        "name": card.name,
        "kind": content.kind_of(card),
        "text": words.card_text(card),
    }
    if isinstance(card, Character):
        face["base"] = card.base
        face["abilities"] = dict(card.abilities)
    elif isinstance(card, GameObject):
        face["value"] = card.value
    return face


def _slot(slot: Slot) -> dict[str, Any]:
    return {
        "heroes": [{**card_face(hero.card), "damage": hero.damage} for hero in slot.heroes],
        "object": card_face(slot.item) if slot.item else None,
        "defending": slot.guard is not None,
        "guard": slot.guard or 0,
    }


def _villain(villain: Villain) -> dict[str, Any]:
    return {
        **card_face(villain.card),
        "damage": villain.damage,
        "object": card_face(villain.item) if villain.item else None,
        "defending": villain.guard is not None,
        "guard": villain.guard or 0,
    }


def _player(state: LetoState, seat: int, team: Team) -> dict[str, Any]:
    claimed = [content.character(card_id) for card_id in team.claimed]
    return {
        "seat": seat,
        "name": state.names[seat],
        "knocked_out": team.knocked_out,
        "points": sum(card.base for card in claimed),
        "claimed": len(claimed),
        "claimed_names": [card.name for card in claimed],
        "active": [_slot(slot) for slot in team.active],
        "reserve": [_slot(slot) for slot in team.reserve],
        "hand": len(team.hand),
        "hero_pile": len(team.hero_pile),
        "hero_discard": len(team.hero_discard),
        "villains": [_villain(villain) for villain in team.villains],
        "waiting": [card_face(card_id) for card_id in team.waiting],
        "villain_pile": len(team.villain_pile),
        "villain_discard": len(team.villain_discard),
    }


def build_view(state: LetoState, seat: int | None) -> dict[str, Any]:
    """The public table, plus the seat's own hand and peek when a seat is given."""
    view: dict[str, Any] = {
        "game": "letopsulle",
        "mode": state.mode,
        "round": state.round,
        "phase": state.phase,
        "turn": state.turn,
        "status": words.status_line(state),
        "goal": {"points": state.goal_points, "cards": state.goal_cards},
        "plot": {**card_face(state.plot), "owner": state.plot_owner} if state.plot else None,
        "players": [_player(state, index, team) for index, team in enumerate(state.teams)],
        "battle": list(state.last_battle),
        "log": list(state.log),
        "winner": state.winner if state.phase == "over" else None,
        "options": {key: value for key, value in state.options.items() if not key.startswith("deck")},
    }
    if seat is not None and 0 <= seat < len(state.teams):
        team = state.teams[seat]
        view["you"] = {
            "seat": seat,
            "hand": [card_face(card_id) for card_id in team.hand],
            "peek": [card_face(card_id) for card_id in team.peek],
            "peek_of": team.peek_of,
        }
    return view

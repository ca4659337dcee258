"""What each seat may see: the board, fighters, pads, the offer, achievements, and (for its
owner) the hand. Hidden: the order of every deck and the other hands (only their sizes)."""

from __future__ import annotations

from typing import Any

from engines.punchfighter import board, content, plays
from engines.punchfighter.state import PunchState
from engines.punchfighter.words import achievement_text, button_text, card_text

SPACE_KEYS = ("move", "revive", "place", "shove")
"""Questions about spaces: their choices are labelled on the table image."""


def _button(card: str, pushed: bool | None = None) -> dict[str, Any]:
    data = content.BUTTONS_BY_ID[card]
    shown: dict[str, Any] = {"id": card, "name": data.name, "letter": data.letter, "text": button_text(data)}
    if pushed is not None:
        shown["pushed"] = pushed
    return shown


def card_view(card: str) -> dict[str, Any]:
    data = content.CARDS_BY_ID[card]
    return {"id": card, "name": data.name, "cost": data.cost, "combo": data.is_combo, "text": card_text(data)}


def _player(state: PunchState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    fighter = content.FIGHTERS_BY_ID.get(player.fighter)
    return {
        "name": state.names[seat],
        "fighter": player.fighter,
        "fighter_name": fighter.name if fighter else "",
        "style": fighter.style if fighter else "",
        "bands": list(fighter.bands) if fighter else [],
        "at": player.at,
        "health": player.health,
        "band": board.band(player.fighter, player.health) if fighter else 0,
        "stars": player.stars,
        "pad": [_button(b.card, b.pushed) for b in player.pad],
        "hand": len(player.hand),
        "deck": len(player.deck),
        "discard": len(player.discard),
        "claimed": list(player.claimed),
    }


def _marked_spaces(state: PunchState) -> list[str]:
    """The spaces the open question offers, so the image can label them."""
    ask = state.ask
    if ask is None or ask.key not in SPACE_KEYS:
        return []
    from engines.punchfighter.asks import decisions  # asks builds on this package's views

    return [o.id for d in decisions(state) for o in d.options if o.id[:1].isupper() and o.id[1:].isdigit()]


def build_view(state: PunchState, seat: int | None) -> dict[str, Any]:
    ask = state.ask
    view: dict[str, Any] = {
        "mode": state.mode,
        "board": state.board,
        "phase": state.phase,
        "turn": state.turn,
        "first": state.first,
        "rounds": state.rounds,
        "players": [_player(state, s) for s in range(len(state.players))],
        "minions": [
            {"letter": m.letter, "at": m.at, "health": board.health_of(state, f"m{m.letter}")}
            for m in state.minions
        ],
        "offer": [_button(card) for card in state.offer],
        "button_deck": len(state.button_deck),
        "button_discard": len(state.button_discard),
        "deck_out": state.deck_out,
        "achievements": [
            {
                "id": a,
                "name": content.ACHIEVEMENTS_BY_ID[a].name,
                "text": achievement_text(content.ACHIEVEMENTS_BY_ID[a]),
                "claimed_by": [s for s, p in enumerate(state.players) if a in p.claimed],
            }
            for a in state.achievements
        ],
        "chain": [card_view(card) for card in state.chain],
        "waiting": {"seat": ask.seat, "key": ask.key} if ask else None,
        "marked": _marked_spaces(state),
        "log": list(state.log),
        "over": state.winner_note if state.phase == "over" else "",
    }
    if seat is not None:
        player = state.players[seat]
        view["you"] = seat
        view["hand"] = [card_view(card) for card in player.hand]
        view["launchable"] = (
            plays.launchable(state, seat) if not state.action_used and seat == state.turn else []
        )
    return view

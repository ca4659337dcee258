"""What each seat may see: the public table, plus the seat's own hand and stack.

Plain JSON-friendly data. Hidden: hands, Character Stacks, face-down picks before the reveal,
set-aside characters and the order of every Deck.
"""

from __future__ import annotations

from typing import Any

from engines.smashmasters.card_schema import Super
from engines.smashmasters.cards import CARDS
from engines.smashmasters.decide import decisions
from engines.smashmasters.flow import result_text
from engines.smashmasters.look import card_of, char_of, hand_min, name, safe
from engines.smashmasters.stakes import fate, winner
from engines.smashmasters.state import Player, SmashState, Space

DOING = {
    "team": "is choosing a team",
    "action": "is choosing an action",
    "attacker": "is choosing who attacks",
    "target": "is choosing a target",
    "counter": "is deciding whether to counter",
    "react": "is deciding whether to react",
    "choose": "is choosing a character",
    "discard": "is discarding",
    "search": "is searching their Deck",
    "place": "is choosing a space",
    "summon": "is summoning a character",
    "end": "is adding a space to their team",
}
DANGERS = ("attack", "stun", "defeat", "story", "powers")
VARIANTS = ("characters", "speed", "decks")


def card_view(card: str) -> dict[str, Any]:
    """A blue card as the renderer draws it (a Super also names its character and timing)."""
    found = card_of(card)
    shown: dict[str, Any] = {"id": card, "name": found.name, "kind": found.kind, "text": found.text}
    if isinstance(found, Super):
        shown["character"] = CARDS.characters[found.character].name
        shown["timing"] = found.timing
    return shown


def character_view(char: str) -> dict[str, Any]:
    """A character card, wherever it lies."""
    found = char_of(char)
    power = found.power
    return {
        "id": char,
        "name": found.name,
        "power_type": found.power_type,
        "rank": found.rank,
        "power": power.name,
        "timing": power.timing,
        "text": found.text,
        "fluff": found.fluff,
    }


def space_view(player: Player, space: Space) -> dict[str, Any]:
    """One team space: empty, or a character with its state."""
    if not space.char:
        return {"state": "empty", "extra": space.extra}
    return {
        **character_view(space.char),
        "state": "stunned" if space.stunned else "active",
        "waking": space.waking,
        "turned": space.turned is not None,
        "extra": space.extra,
        "safe_from": [danger for danger in DANGERS if safe(player, space, danger)],
    }


def _seat(state: SmashState, player: Player) -> dict[str, Any]:
    revealed = bool(player.team)
    return {
        "seat": player.seat,
        "name": state.names[player.seat],
        "deck_name": player.deck_name,
        "team": [space_view(player, space) for space in player.team],
        "picked": len(player.picks) if not revealed else None,
        "stack": len(player.stack),
        "deck": len(player.deck),
        "discard": len(player.discard),
        "discard_top": card_view(player.discard[-1]) if player.discard else None,
        "defeated": [character_view(char) for char in player.defeated],
        "hand_size": len(player.hand),
        "hand_min": hand_min(player),
        "out": player.out,
    }


def _story(card: str) -> dict[str, Any] | None:
    """The last Story played, without its id: the card itself may be back in a Deck by now."""
    if not card:
        return None
    return {key: value for key, value in card_view(card).items() if key != "id"}


def _battle(state: SmashState) -> dict[str, Any] | None:
    battle = state.battle
    if battle is None:
        return None
    won, lost = winner(battle)
    return {
        "attacker": {"seat": battle.attacker_seat, "id": battle.attacker, "name": name(battle.attacker)},
        "target": {"seat": battle.target_seat, "id": battle.target, "name": name(battle.target)},
        "chain": [
            {
                "seat": blow.seat,
                "player": state.names[blow.seat],
                "card": card_view(blow.card) if blow.card else None,
                "strength": blow.strength,
            }
            for blow in battle.blows
        ],
        "leader": {"winner": won, "loser": lost, "fate": fate(state, battle)},
    }


def build_view(state: SmashState, seat: int | None) -> dict[str, Any]:
    """The view of a seat (None = the public)."""
    view: dict[str, Any] = {
        "game": "smashmasters",
        "mode": state.mode,
        "variant": {key: state.options[key] for key in VARIANTS if key in state.options},
        "turn": None if state.over else state.turn,
        "turns": state.turns,
        "seats": [_seat(state, player) for player in state.players],
        "battle": _battle(state),
        "last_story": _story(state.last_story),
        "deciding": [
            {"seat": d.seat, "name": state.names[d.seat], "key": d.key, "doing": DOING[d.key]}
            for d in decisions(state)
        ],
        "over": state.over,
        "result": result_text(state) if state.over else "",
    }
    if seat is not None:
        player = state.players[seat]
        view["seat"] = seat
        view["hand"] = [card_view(card) for card in player.hand]
        view["stack_cards"] = [character_view(char) for char in player.stack]
        view["picks"] = [character_view(char) for char in player.picks]
    return view

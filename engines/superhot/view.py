"""What each seat may see: the public table, plus the seat's own hand. Renderers read only this."""

from __future__ import annotations

from typing import Any

from engines.core.words import called, counted, sentence
from engines.superhot import goals
from engines.superhot.piles import bullet, bullets_in, is_bullet, obstacle, requirement
from engines.superhot.state import SuperhotState

MODE_LABELS = {"solo": "Solo", "coop": "Co-op", "versus": "Versus", "twovone": "2 vs 1"}
CHALLENGES = {
    "bullet_storm": "Bullet Storm",
    "times_up": "Time's Up",
    "seven_line": "7 Line",
    "infinite": "Infinite Mode",
    "revenge": "1v1 Revenge",
}
PHASES = {
    "veto": "Veto a goal?",
    "veto_agree": "Veto: partner agrees?",
    "start": "Wait or move",
    "wait_discard": "Wait",
    "use": "Use cards",
    "cards": "Use cards",
    "double": "Use cards",
    "aid": "Aid",
    "slash": "Obstacle abilities",
    "system": "System turn",
    "over": "Game over",
}


def card_view(card: str, down: bool = False) -> dict[str, Any]:
    """A card as the renderer draws it (both halves)."""
    if is_bullet(card):
        found = bullet(card)
        return {
            "id": card, "type": "bullet", "name": found.name, "kind": "bullet", "need": found.need,
            "value": found.value, "text": "", "top": "", "use": "", "power": 0, "top_text": "",
            "pile": "", "down": down,
        }  # fmt: skip
    definition = obstacle(card)
    need, value = requirement(card)
    return {
        "id": card, "type": "obstacle", "name": definition.name, "kind": definition.kind, "need": need,
        "value": value, "text": definition.text, "top": definition.top, "use": definition.use,
        "power": definition.power, "top_text": definition.top_text, "pile": definition.pile, "down": down,
    }  # fmt: skip


def _challenges(state: SuperhotState) -> list[str]:
    """The challenges that are really in play (Infinite only solo/co-op, Revenge only versus)."""
    live = {
        "bullet_storm": True,
        "times_up": True,
        "seven_line": True,
        "infinite": state.levels == 0,
        "revenge": state.mode == "versus",
    }
    names = [label for key, label in CHALLENGES.items() if state.options.get(key) == "on" and live[key]]
    bats = int(state.options.get("bat", "0"))
    if bats:
        names.append(f"Baseball Bat x{bats}")
    return names


def _campaign_target(state: SuperhotState) -> str | None:
    """In the second run of 1v1 Revenge: what the first Normal player achieved."""
    if len(state.campaigns) != 1 or state.over:
        return None
    first = state.campaigns[0]
    result = "won" if first.won else f"{counted(first.levels, 'level')}, {counted(first.goals, 'goal')}"
    return f"to beat: {state.names[first.normal[0]]} {result}"


def _seats(state: SuperhotState) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = []
    for index, name in enumerate(state.names):
        player = next((p for p in state.players if p.seat == index), None)
        if player is None:
            seats.append(
                {"name": name, "role": "System", "hand_size": 0, "bullets": 0, "deck": 0, "discard": 0,
                 "discard_top": None, "discard_cards": []}
            )  # fmt: skip
            continue
        seats.append(
            {
                "name": name,
                "role": player.mark,
                "hand_size": len(player.hand),
                "bullets": bullets_in(player.hand),
                "deck": len(player.deck),
                "discard": len(player.discard),
                "discard_top": card_view(player.discard[-1]) if player.discard else None,
                "discard_cards": [card_view(card) for card in player.discard],
            }
        )
    return seats


def _goals(state: SuperhotState) -> list[dict[str, Any]]:
    return [
        {
            "id": goal.card,
            "name": goals.card(goal.card).name,
            "text": goals.card(goal.card).text,
            "done": goal.done,
            "progress": goal.progress,
            "count": goals.card(goal.card).count,
            "counted": goals.counted(goal.card),
        }
        for goal in state.goals
    ]


def _target(state: SuperhotState) -> dict[str, Any] | None:
    target = state.target
    if target is None:
        return None
    slot = state.line[target.slot]
    if slot is None:
        return None
    need, value = requirement(slot.card)
    total = sum(pick.amount for pick in target.picks)
    return {"slot": target.slot, "fate": target.fate, "need": need, "value": value, "total": total}


def _system(state: SuperhotState) -> dict[str, Any] | None:
    turn = state.system_turn
    if turn is None:
        return None
    return {
        "cards": [card_view(card) for card in turn.cards],
        "pool": {
            "fight": turn.fight - turn.spent_fight,
            "dodge": turn.dodge - turn.spent_dodge,
            "mixed": turn.mixed - turn.spent_mixed,
        },
    }


def _turn_seat(state: SuperhotState) -> int | None:
    if state.over:
        return None
    if state.phase == "system":
        return state.system
    return state.players[state.active].seat


def build_view(state: SuperhotState, seat: int | None) -> dict[str, Any]:
    """The view of a seat (None = the public)."""
    won = state.campaigns[-1].won if state.over and state.campaigns else None
    view: dict[str, Any] = {
        "game": "superhot",
        "mode": state.mode,
        "mode_label": MODE_LABELS[state.mode],
        "challenges": _challenges(state),
        "level": state.level,
        "levels": state.levels or None,
        "phase": PHASES.get(state.phase, state.phase),
        "turn": _turn_seat(state),
        "seats": _seats(state),
        "line": [None if slot is None else card_view(slot.card, slot.down) for slot in state.line],
        "deck_top": card_view(state.deck[0]) if state.deck else None,
        "deck": len(state.deck),
        "obstacle_discard": len(state.discard),
        "discard_top": card_view(state.discard[-1]) if state.discard else None,
        "bullets_left": len(state.bullets),
        "bullets_top": card_view(state.bullets[0]) if state.bullets else None,
        "goals": _goals(state),
        "goals_deck": len(state.goal_deck),
        "used": [card_view(card) for card in state.turn.used],
        "new": [card_view(card) for card in state.turn.new],
        "copies": [card_view(echo.card) for echo in state.turn.echoes],
        "campaign": len(state.campaigns) + (0 if state.over else 1),
        "campaign_target": _campaign_target(state),
        "aid": card_view(state.aid) if state.aid else None,
        "aid_from": state.players[state.aid_from].seat if state.aid_from is not None else None,
        "target": _target(state),
        "system": _system(state),
        "log": state.log[-6:],
        "over": state.over,
        "won": won,
        "result": result_text(state) if state.over else "",
    }
    player = next((p for p in state.players if p.seat == seat), None)
    if seat is not None:
        view["seat"] = seat
        view["hand"] = [card_view(card) for card in player.hand] if player else []
        if state.target is not None and player is not None and state.players[state.active] is player:
            view["picked"] = [card_view(pick.card) for pick in state.target.picks]
    return view


CAUSES = {
    "bullets_hand": "four bullets in one hand",
    "bullets_team": "five bullets in the team's hands",
    "bullets_deck": "the Bullets Deck ran out",
    "line": "The Line could not be refilled",
    "hand": "a hand could not be refilled",
}


def result_text(state: SuperhotState) -> str:
    """One sentence on how the game ended."""
    last = state.campaigns[-1]
    names = sentence(" and ".join(called(state.names[seat]) for seat in last.normal))
    if state.mode == "versus" and len(state.campaigns) == 2:
        first, second = state.campaigns
        return (
            f"Revenge: {sentence(called(state.names[first.normal[0]]))} "
            f"cleared {counted(first.levels, 'level')}, "
            f"{called(state.names[second.normal[0]])} cleared {second.levels}."
        )
    if last.won:
        return f"{names} cleared every level. SUPER HOT!"
    reached = f"after clearing {counted(last.levels, 'level')}" if last.levels else "on level 1"
    return f"{names} lost {reached}: {CAUSES.get(last.cause, last.cause)}."

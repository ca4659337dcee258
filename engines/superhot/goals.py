"""Goal cards: checking them (phase 5), drawing them for a level, the automatic-completion redraw."""

from __future__ import annotations

from engines.superhot.cards import Goal as GoalCard
from engines.superhot.cards import pool
from engines.superhot.piles import is_bullet, name_of, obstacle, top_name
from engines.superhot.state import Goal, Player, SuperhotState

COUNTED = ("destroy", "knockout")
STATE_BASED = ("line_left", "discard_size", "hold", "hand_power")


def card(goal_id: str) -> GoalCard:
    """The definition of a goal card."""
    return pool().goals[goal_id]


def counted(goal_id: str) -> bool:
    """Whether a goal counts over the whole level (it carries a progress token)."""
    return card(goal_id).kind in COUNTED


def matches(definition: GoalCard, destroyed: str) -> bool:
    """Whether a card dealt with counts for a destroy or knockout goal."""
    if definition.named and name_of(destroyed) != definition.named:
        return False
    if definition.of == "any":
        return True
    if definition.of == "bullet":
        return is_bullet(destroyed)
    if definition.of == "obstacle":
        return not is_bullet(destroyed)
    return not is_bullet(destroyed) and obstacle(destroyed).kind == definition.of


def hand_meets(definition: GoalCard, hand: list[str]) -> bool:
    """Whether a hand meets a hold or hand-power goal (unknown cards, "?", count for nothing)."""
    if definition.kind == "hold":
        tops = [top_name(c) for c in hand if c != "?"]
        return all(tops.count(top) >= definition.tops.count(top) for top in definition.tops)
    power = 0
    for held in hand:
        if held == "?" or is_bullet(held):
            continue
        found = obstacle(held)
        if found.use == definition.skill or (definition.skill == "fight" and found.use == "katana"):
            power += found.power
    return power >= definition.count


def _holds(definition: GoalCard, player: Player) -> bool:
    if definition.kind == "discard_size":
        return len(player.discard) >= definition.count
    return hand_meets(definition, player.hand)


def met_by_state(state: SuperhotState, goal_id: str, player: Player) -> bool:
    """Whether a state-based goal is met right now by this player (or The Line)."""
    definition = card(goal_id)
    if definition.kind == "line_left":
        return sum(1 for slot in state.line if slot is not None) <= definition.count
    if definition.kind in STATE_BASED:
        return _holds(definition, player)
    return False


def check(state: SuperhotState) -> list[str]:
    """Phase 5: advance progress with this turn's deeds, flip met goals; returns the names flipped."""
    player = state.players[state.active]
    turn = state.turn
    flipped: list[str] = []
    for goal in state.goals:
        if goal.done:
            continue
        definition = card(goal.card)
        if definition.kind in COUNTED:
            dealt = turn.destroyed if definition.kind == "destroy" else turn.knocked
            goal.progress = min(definition.count, goal.progress + sum(matches(definition, c) for c in dealt))
            met = goal.progress >= definition.count
        elif definition.kind == "destroy_turn":
            met = sum(matches(definition, c) for c in turn.destroyed) >= definition.count
        elif definition.kind == "use_turn":
            met = turn.spent >= definition.count
        else:
            met = met_by_state(state, goal.card, player)
        if met:
            goal.done = True
            flipped.append(definition.name)
    return flipped


def auto_complete(state: SuperhotState, goal_id: str) -> bool:
    """Whether a goal would be completed the moment it is drawn."""
    return any(met_by_state(state, goal_id, player) for player in state.players)


def draw_goal(state: SuperhotState) -> str:
    """Draw the next goal, sending automatically completed ones to the bottom.

    If every goal in the deck would complete itself, the last one drawn is kept.
    """
    for _ in range(len(state.goal_deck)):
        drawn = state.goal_deck.pop(0)
        if not auto_complete(state, drawn) or not state.goal_deck:
            return drawn
        state.goal_deck.append(drawn)
    return state.goal_deck.pop(0)


def deal_goals(state: SuperhotState, count: int) -> None:
    """Draw this level's goals."""
    state.goals = [Goal(card=draw_goal(state)) for _ in range(min(count, len(state.goal_deck)))]


def veto(state: SuperhotState, goal_id: str) -> str:
    """Put a goal back on top of the Goals Deck and draw a replacement; returns the new goal's id."""
    index = next(i for i, goal in enumerate(state.goals) if goal.card == goal_id)
    replacement = draw_goal(state)
    state.goal_deck.insert(0, goal_id)
    state.goals[index] = Goal(card=replacement)
    state.vetoed.append(goal_id)
    state.veto_used = True
    return replacement

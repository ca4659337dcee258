"""The heuristic SUPERHOT players: a Normal player and the System player.

The Normal player scores each possible action of the Use cards phase: how dangerous the
obstacle is, whether it advances a goal, what its top half would add to the deck, against
the bullets that scrolling the extra slots would push into the hand. It then commits the
fewest, smallest cards that deal with the chosen obstacle.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.core import Decision
from engines.superhot import goals
from engines.superhot.cards import pool
from engines.superhot.decide import BUILDERS
from engines.superhot.piles import bullets_in, is_bullet, name_of, obstacle, requirement
from engines.superhot.state import SuperhotState
from engines.superhot.use import Candidate, candidates, candidates_by_need, legal_picks

STALL_LIMIT = 2
DANGER = {"shoot": 5.0, "backup": 3.0, "slash": 3.5, "draw": -2.0, "none": 0.0}
GOOD_TOPS = {"katana": 3.0, "pliers": 3.0, "double": 1.0, "glass": 1.5}
GOAL_HARDNESS = {
    "destroy": 1.0, "knockout": 1.2, "destroy_turn": 1.5, "use_turn": 1.2, "line_left": 2.0,
    "discard_size": 0.6, "hold": 3.0, "hand_power": 1.4,
}  # fmt: skip


class SuperhotAI:
    """Plays every SUPERHOT decision: veto, Wait/Move, Use cards, Aid, forced discards, glitches."""

    def choose(self, engine: Any, state: SuperhotState, decision: Decision) -> list[str]:
        """Answer one decision."""
        ids = [option.id for option in decision.options]
        chooser = getattr(self, f"_{decision.key}")
        picked: list[str] = chooser(state, decision, ids)
        return picked

    # --- Normal player ---------------------------------------------------------------------

    def _veto(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        if "agree" in ids:
            hard = _hardness(state.veto_pick or "") >= 2.5
            return ["agree" if hard else "refuse"]
        vetoable = [option_id for option_id in ids if option_id.startswith("v.")]
        if not vetoable:
            return ["keep"]
        hardest = max(vetoable, key=lambda option_id: _hardness(option_id[2:]))
        return [hardest] if _hardness(hardest[2:]) >= 2.5 else ["keep"]

    def _start(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        player = state.players[state.active]
        start = state.line[0]
        if _best_use(state, _move_options(state))[1] > 0 or len(player.hand) < 4:
            return ["move"]
        if state.idle >= STALL_LIMIT:
            return ["wait"]
        if start is not None and not start.down and is_bullet(start.card):
            return ["move"]
        return ["wait"]

    def _discard(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        return []

    def _use(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        best, score = _best_use(state, ids)
        return [best] if score > 0 else ["done"]

    def _card(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        legal = legal_picks(state)
        if not legal:
            return ["cancel"]
        target = state.target
        assert target is not None
        slot = state.line[target.slot]
        assert slot is not None
        need, value = requirement(slot.card)
        picked = sum(pick.amount for pick in target.picks)
        plan = _cheapest(candidates(state, need), value - picked)
        refs = {c.ref for c in legal}
        for candidate in sorted(plan or [], key=lambda c: -c.amount):
            if candidate.ref in refs:
                return [candidate.ref]
        return [max(legal, key=lambda c: c.amount).ref]

    def _double(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        return ["cancel"]

    def _aid(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        player = state.players[state.active]
        cards = [option_id for option_id in ids if option_id != "none"]
        if len(player.hand) <= 4 or not cards:
            return ["none"]
        return [max(cards, key=_card_worth)]

    def _slash(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        return sorted(ids, key=_card_worth)[: decision.min_choices]

    # --- System player -------------------------------------------------------------------------

    def _glitch(self, state: SuperhotState, decision: Decision, ids: list[str]) -> list[str]:
        scored = [(_glitch_worth(state, option_id), option_id) for option_id in ids if option_id != "end"]
        if not scored:
            return ["end"]
        score, best = max(scored)
        return [best] if score > 0 else ["end"]


def _hardness(goal_id: str) -> float:
    definition = goals.card(goal_id)
    return GOAL_HARDNESS[definition.kind] * (1 + definition.count / 3)


def _card_worth(card: str) -> float:
    if is_bullet(card):
        return -1.0
    definition = obstacle(card)
    return GOOD_TOPS.get(definition.use, float(definition.power))


def _cheapest(pool: list[Candidate], value: int) -> list[Candidate] | None:
    """The fewest cards (then the least spare value) reaching `value` with none unneeded."""
    if value <= 0:
        return []
    for size in range(1, len(pool) + 1):
        sets = [
            combo
            for combo in combinations(pool, size)
            if value <= sum(c.amount for c in combo) < value + min(c.amount for c in combo)
        ]
        if sets:
            return list(min(sets, key=lambda combo: sum(c.amount for c in combo)))
    return None


def _goal_bonus(state: SuperhotState, card: str, fate: str) -> float:
    bonus = 0.0
    for goal in state.goals:
        if goal.done:
            continue
        definition = goals.card(goal.card)
        if fate == "knockout" and definition.kind == "knockout":
            bonus += 4.0
        if fate == "destroy" and definition.kind in ("destroy", "destroy_turn"):
            kind = "bullet" if is_bullet(card) else obstacle(card).kind
            named_ok = not definition.named or definition.named == name_of(card)
            if named_ok and definition.of in ("any", kind):
                bonus += 4.0
        if definition.kind in ("use_turn", "line_left"):
            bonus += 1.0
    return bonus


def _scroll_cost(state: SuperhotState, used_after: int, removed: int | None) -> float:
    """Bullets left in the slots that scrolling `used_after` cards would push into the hand."""
    cost = 0.0
    player = state.players[state.active]
    held = bullets_in(player.hand)
    for index in range(min(used_after, state.line_size)):
        slot = state.line[index]
        if index == removed or slot is None or slot.down:
            continue
        if is_bullet(slot.card):
            cost += 6.0 + 4.0 * held
        else:
            cost -= 0.5
    return cost


def _best_use(state: SuperhotState, ids: list[str]) -> tuple[str, float]:
    """The most valuable Use-cards option and its score (<= 0 means stop)."""
    used = state.turn.spent
    player = state.players[state.active]
    pools = candidates_by_need(state)
    best, best_score = "done", 0.0
    for option_id in ids:
        score = _option_worth(state, option_id, used, player.hand, pools)
        if score > best_score:
            best, best_score = option_id, score
    return best, best_score


def _move_options(state: SuperhotState) -> list[str]:
    """The Use-cards options the active player would have after choosing Move."""
    seat = state.players[state.active].seat
    return [option.id for option in BUILDERS["use"](state, seat).options]


def _option_worth(
    state: SuperhotState, option_id: str, used: int, hand: list[str], pools: dict[str, list[Candidate]]
) -> float:
    if option_id in ("done", "dt", "pd"):
        return 0.5 if option_id == "pd" and len(hand) < 4 else 0.0
    if option_id == "pb":
        return 12.0
    if option_id.startswith("ks"):
        index = int(option_id[2:])
        return 9.0 - _scroll_cost(state, used + 1, index)
    index = int(option_id[1:])
    fate = "destroy" if option_id[0] == "d" else "knockout"
    slot = state.line[index]
    assert slot is not None
    need, value = requirement(slot.card)
    plan = _cheapest(pools[need], value)
    if plan is None:
        return 0.0
    spent = sum(1 for c in plan if c.source != "echo")
    if is_bullet(slot.card):
        worth = 9.0
    else:
        definition = obstacle(slot.card)
        worth = DANGER[definition.ability] + (definition.amount if definition.ability == "shoot" else 0)
        if fate == "destroy":
            worth += _card_worth(slot.card) - 0.5
        else:
            worth += 0.2 if definition.ability != "none" else -1.0
    worth += _goal_bonus(state, slot.card, fate)
    worth -= 1.2 * spent
    return worth - _scroll_cost(state, used + spent, index)


def _glitch_worth(state: SuperhotState, option_id: str) -> float:
    glitch_id, _, where = option_id.partition(".")
    glitch = next(g for g in pool().glitches if g.id == glitch_id)
    if glitch.effect == "open_fire":
        return 10.0 if len(state.bullets) <= 2 else 3.0
    if glitch.effect == "reload":
        return 4.0
    if glitch.effect == "stand_up":
        slot = state.line[int(where)]
        if slot is None or is_bullet(slot.card):
            return 0.0
        return DANGER[obstacle(slot.card).ability] + 1.0
    if glitch.effect == "lag":
        top = state.deck[0]
        last = state.line[-1]
        incoming = 9.0 if is_bullet(top) else DANGER[obstacle(top).ability]
        outgoing = 0.0 if last is None or is_bullet(last.card) else DANGER[obstacle(last.card).ability]
        return incoming - outgoing
    index = int(where)
    near, far = state.line[index], state.line[index + 1]
    near_bullet = near is not None and not near.down and is_bullet(near.card)
    far_bullet = far is not None and not far.down and is_bullet(far.card)
    return 2.0 if far_bullet and not near_bullet else 0.0

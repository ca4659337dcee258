"""The SUPERHOT AI: a Normal player and the System player, at three levels (the table's `ai` option).

Every Use-cards answer comes from a turn plan (`ai_plan`): sets of plays, Double trouble and every
card ability included, are played out to the end of the turn and judged (`ai_judge`) on goals,
bullets held and in the air, the Bullets Deck, the obstacle piles and the quality of the deck. Wait
turns are judged the same way, with the weakest cards discarded to thin the deck. The System player
tries each glitch and keeps the one that leaves the Normal side worst off (`ai_system`). The plan is
kept while the turn goes as planned; an AI that did not make it plans again from the state.
Levels differ in how far they look and what they watch:

- easy: one obstacle a turn, blind to the piles and the deck's quality, and slips now and then;
- normal: grows its plan greedily (one best play at a time), still blind to the piles;
- hard: keeps the four best plans at each step, watches the piles, thins its deck."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.core import Decision, Rng
from engines.superhot import goals
from engines.superhot.ai_judge import Sketch, Skill, Weights, judge, worth
from engines.superhot.ai_plan import KindKey, Plan, Step, best_plan, ref_for
from engines.superhot.piles import is_bullet, non_bullets
from engines.superhot.state import SuperhotState

BLIND = Weights(pool=0.0, quality=0.0, collection=8.0, collection_floor=6, bullets_left=4.0)
"""What the easy and normal AIs see: no pile sizes, no deck quality."""
LEVELS = {
    "easy": Skill(replace(BLIND, shot=8.0, flying=5.0), deals=1, beam=1, thin=False, slip=0.15, aid=False),
    "normal": Skill(BLIND, deals=4, beam=1, thin=False),
    "hard": Skill(Weights(), deals=4, beam=4),
}
DEFAULT_LEVEL = "normal"
STALL_LIMIT = 2
AID_KEEP = 5  # never lend a card when the deck is this small: the hand must refill to four
VETO_BAR = 2.5
GOAL_HARDNESS = {
    "destroy": 1.0, "knockout": 1.2, "destroy_turn": 1.5, "use_turn": 1.2, "line_left": 2.0,
    "discard_size": 0.6, "hold": 3.0, "hand_power": 1.4,
}  # fmt: skip


def hardness(goal_id: str) -> float:
    """How hard a goal tends to be (what the AI vetoes)."""
    definition = goals.card(goal_id)
    return GOAL_HARDNESS[definition.kind] * (1 + definition.count / 3)


class SuperhotAI:
    """Plays every SUPERHOT decision at the table's `ai` level, unless given one."""

    def __init__(self, level: str | Skill | None = None) -> None:
        """`level` None plays at the table's `ai` option (default normal); a Skill plays as given."""
        self._fixed = LEVELS[level] if isinstance(level, str) else level
        self._key: tuple[int, ...] | None = None
        self._steps: list[Step] = []
        self._doing: Step | None = None
        self._asked: tuple[tuple[int, int, int, str], tuple[str, ...]] | None = None

    def skill(self, state: SuperhotState) -> Skill:
        """The level this AI plays at for this table."""
        return self._fixed or LEVELS.get(state.options.get("ai", DEFAULT_LEVEL), LEVELS[DEFAULT_LEVEL])

    def choose(self, engine: Any, state: SuperhotState, decision: Decision) -> list[str]:
        """Answer one decision."""
        asked = (id(state), state.version, decision.seat, decision.key)
        if self._asked is not None and self._asked[0] == asked:
            return list(self._asked[1])
        answer = self._answer(state, decision)
        self._asked = (asked, tuple(answer))
        return answer

    def _answer(self, state: SuperhotState, decision: Decision) -> list[str]:
        ids = [option.id for option in decision.options]
        skill = self.skill(state)
        if skill.slip and decision.key in ("use", "start") and _roll(state, decision.key) < skill.slip:
            return [_slip(state, ids)]
        if decision.key == "glitch":
            from engines.superhot.ai_system import choose_glitch

            return [choose_glitch(state, ids, skill)]
        picked: list[str] = getattr(self, f"_{decision.key}")(state, decision, ids, skill)
        return picked

    # --- goals ------------------------------------------------------------------------------

    def _veto(self, state: SuperhotState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        if "agree" in ids:
            return ["agree" if hardness(state.veto_pick or "") >= VETO_BAR else "refuse"]
        vetoable = [option_id for option_id in ids if option_id.startswith("v.")]
        if not vetoable:
            return ["keep"]
        hardest = max(vetoable, key=lambda option_id: hardness(option_id[2:]))
        return [hardest] if hardness(hardest[2:]) >= VETO_BAR else ["keep"]

    # --- phase 1 ----------------------------------------------------------------------------

    def _start(self, state: SuperhotState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        self._key = None
        plan = self._plan(state, skill)
        score, _ = wait_plan(state, skill)
        if not plan.steps and state.idle >= STALL_LIMIT:
            return ["wait"]
        return ["wait"] if score > plan.score else ["move"]

    def _discard(self, state: SuperhotState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        _, discards = wait_plan(state, skill)
        chosen: list[str] = []
        for card in discards:
            if card in ids and card not in chosen:
                chosen.append(card)
        return chosen

    # --- phase 2 ----------------------------------------------------------------------------

    def _plan(self, state: SuperhotState, skill: Skill) -> Plan:
        """The turn's plan: kept while the turn goes as planned, else made again from the state."""
        key = (id(state), state.rng, state.active, state.level, len(state.campaigns))
        if self._key != key:
            self._key = key
            plan = best_plan(state, skill)
            self._steps = plan.steps
            return plan
        return Plan(0.0, self._steps)

    def _use(self, state: SuperhotState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        steps = self._plan(state, skill).steps
        while steps:
            answer = first_answer(steps[0])
            if answer in ids:
                self._doing = steps.pop(0)
                return [answer]
            self._key = None
            steps = self._plan(state, skill).steps
            if not steps or first_answer(steps[0]) not in ids:
                break
        self._key = None
        return ["done"]

    def _card(self, state: SuperhotState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        target = state.target
        assert target is not None
        step = self._doing
        if step is None or step[1] != target.slot or step[0] != target.fate[0]:
            plan = best_plan(state, skill)
            step = next((s for s in plan.steps if s[0] in ("d", "k") and s[1] == target.slot), None)
        if step is None:
            return ["cancel"]
        for key in sorted(step[2], key=lambda key: -key[2]):
            found = ref_for(state, ids, key)
            if found is not None:
                self._doing = (step[0], step[1], _without(step[2], key))
                return [found]
        return ["cancel"]

    def _double(self, state: SuperhotState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        step = self._doing
        if step is None or step[0] != "dt":
            plan = best_plan(state, skill, double_only=True)
            step = plan.steps[0] if plan.steps else None
        found = ref_for(state, ids, step[2][0]) if step is not None else None
        self._key = None
        return [found] if found is not None else ["cancel"]

    def _aid(self, state: SuperhotState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        player = state.players[state.active]
        cards = [option_id for option_id in ids if option_id != "none"]
        keep = len(non_bullets([*player.hand, *player.deck, *player.discard])) <= AID_KEEP
        if not cards or keep or (not skill.aid and len(player.hand) <= 4):
            return ["none"]
        return [max(cards, key=worth)]

    def _slash(self, state: SuperhotState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        return sorted(ids, key=lambda card: (worth(card), card))[: decision.min_choices]


def _without(keys: tuple[KindKey, ...], key: KindKey) -> tuple[KindKey, ...]:
    index = keys.index(key)
    return keys[:index] + keys[index + 1 :]


def first_answer(step: Step) -> str:
    """The Use-cards option that starts a planned step."""
    kind, slot, _ = step
    return kind if kind in ("dt", "pb", "pd") else f"{kind}{slot}"


def wait_plan(state: SuperhotState, skill: Skill) -> tuple[float, list[str]]:
    """The best Wait: its worth and the cards to discard (the weakest first, when thinning)."""
    player = state.players[state.active]
    bullets = [card for card in player.hand if is_bullet(card)]
    spare = sorted(non_bullets(player.hand), key=lambda card: (worth(card), card))
    best, discards = -1e18, []
    for count in range(len(spare) + 1 if skill.thin else 1):
        sketch = Sketch(
            line=list(state.line), hand=bullets + spare[count:], wait=True, discards=spare[:count]
        )
        score = judge(state, sketch, skill.weights)
        if score > best:
            best, discards = score, spare[:count]
    return best, discards


def _roll(state: SuperhotState, key: str) -> float:
    """A number in [0, 1) drawn from the state alone (the same state always slips the same way)."""
    return Rng((state.rng ^ (state.version * 0x9E3779B97F4A7C15) ^ len(key)) & (2**64 - 1)).random()


def _slip(state: SuperhotState, ids: list[str]) -> str:
    """An easy AI's slip: any option but stopping, picked from the state's own numbers."""
    moves = [option_id for option_id in ids if option_id != "done"] or ids
    return moves[Rng(state.rng ^ 0x5EED ^ state.version).below(len(moves))]

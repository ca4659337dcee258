"""The heuristic Smash Masters player, at three levels (the table option `ai`).

Every choice is scored with `ai_value`: an attack by its odds (`odds`) and its true stakes
(`stakes`, with a rival's ready react foreseen), a Story, Super or power by what each effect step
does to its own team and to the rivals, a hand card by what it could do. It counters when the
battle matters, spends a Team-Up where a defeat is at stake, reacts when the react helps more
than it costs, and drafts its team by its hand.

The levels: `easy` slips into a random action one turn in three and counts on nothing; `normal`
slips one turn in twenty and judges odds by the decks' usual mix; `hard` never slips and counts
the cards it has seen. The AI is a pure function of the table: its slips come from a PRNG seeded
by the state, so a replay or a restart makes the same choices.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engines.core import Decision, Rng, seed_state
from engines.smashmasters.ai_search import best_action
from engines.smashmasters.ai_value import (
    Skill,
    attack_value,
    best_attack,
    hand_value,
    impact,
    loss,
    side,
    source_value,
    step_value,
    stun_cost,
    worth,
)
from engines.smashmasters.card_schema import BringBack, Cancel, Defeat, Story, Stun, Super
from engines.smashmasters.cards import CARDS
from engines.smashmasters.look import (
    cards_of_kind,
    char_of,
    locate,
    super_space,
)
from engines.smashmasters.stakes import fate, if_played
from engines.smashmasters.state import AimTarget, Choose, Resolve, SmashState, Source, Window
from engines.smashmasters.targets import TableStep, steps_of
from engines.smashmasters.turn import discard_limit

LEVELS = {
    "easy": Skill(slip=0.33, counts=False, foresight=False, thrift=False, drafts=False),
    "normal": Skill(slip=0.05, counts=False, foresight=True, thrift=True, drafts=True),
    "hard": Skill(slip=0.0, counts=True, foresight=True, thrift=True, drafts=True, search=4),
}
DEFAULT_LEVEL = "normal"
LOOP_PENALTY = 1.5  # using the same power turn after turn is how stalemates start
UNARMED = 1.5  # the Discard action is worth more with nothing to attack with
FRESH = 1.6  # a card worth less than this is worth swapping for a fresh one
TIMING = {"action": 0.3, "passive": 0.2, "react": 0.1}


class SmashAI:
    """Plays every Smash Masters decision, at the table's `ai` level unless given one."""

    def __init__(self, level: str | None = None) -> None:
        """`level` None plays at the table's `ai` option (default normal)."""
        self._fixed = LEVELS[level] if level else None

    def choose(self, engine: Any, state: SmashState, decision: Decision) -> list[str]:
        """Answer one decision."""
        return self.pick(state, decision)

    def thinks_long(self, state: SmashState) -> bool:
        """Whether its level looks ahead on sampled tables (up to a tenth of a second a choice)."""
        return self._skill(state).search > 0

    def _skill(self, state: SmashState) -> Skill:
        return self._fixed or LEVELS.get(state.options.get("ai", DEFAULT_LEVEL), LEVELS[DEFAULT_LEVEL])

    def pick(self, state: SmashState, decision: Decision) -> list[str]:
        """Answer one decision (the engine is not needed)."""
        skill = self._skill(state)
        ids = [option.id for option in decision.options]
        chooser: Callable[[SmashState, Decision, list[str], Skill], list[str]] = getattr(
            self, f"_{decision.key}"
        )
        return chooser(state, decision, ids, skill)

    # --- the draft and the turn ------------------------------------------------------------

    def _team(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        player = state.players[decision.seat]
        in_hand = {card_of_super.character for card_of_super in _supers(player.hand)}

        def score(char: str) -> float:
            found = char_of(char)
            value = worth(char) if skill.drafts else found.rank + TIMING[found.power.timing]
            if skill.drafts:
                value += 1.5 * (found.id in in_hand) - 0.4 * _exposure(state, decision.seat, found.power_type)
            return value

        return [max(ids, key=score)]

    def _action(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        me = decision.seat
        player = state.players[me]
        if skill.slip and _rng(state, me).random() < skill.slip:
            return [_rng(state, me + 7).choice(ids)]

        def score(option: str) -> float:
            again = option == player.last_action and option.startswith(("p.", "r."))
            penalty = LOOP_PENALTY * (player.repeats + 1) if again else 0.0
            return action_score(state, me, option, skill) - penalty

        ranked = sorted(ids, key=score, reverse=True)
        if skill.search and len(ranked) > 1:
            return [best_action(state, decision, SIMULATED.pick, ranked[: skill.search])]
        return ranked[:1]

    def _attacker(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        top = state.tasks[-1]
        strength = getattr(top, "strength", "smash")
        _, attacker, _ = best_attack(state, decision.seat, strength, skill)
        return [attacker if attacker in ids else next(i for i in ids if i != "back")]

    def _target(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        top = state.tasks[-1]
        assert isinstance(top, AimTarget)
        targets = [i for i in ids if i != "back"]
        free = top.src is not None
        return [
            max(
                targets,
                key=lambda t: attack_value(state, decision.seat, top.attacker, t, top.strength, skill, free),
            )
        ]

    # --- battles and reacts ----------------------------------------------------------------

    def _counter(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        """Counter when the battle matters; a Team-Up where a defeat (or a big stun) is at stake."""
        battle = state.battle
        assert battle is not None
        me = decision.seat
        mine, theirs = (
            (battle.attacker, battle.target)
            if me == battle.attacker_seat
            else (battle.target, battle.attacker)
        )
        found_mine, found_theirs = locate(state, mine), locate(state, theirs)
        assert found_mine is not None and found_theirs is not None
        at_stake = fate(state, battle)
        suffer = {"defeated": loss(*_pc(found_mine)), "stunned": stun_cost(state, *found_mine, skill)}.get(
            at_stake, 0.0
        )
        for strength in ("smash", "teamup"):
            if strength not in ids:
                continue
            done = if_played(state, battle, me, strength)
            harm = {"defeated": loss(*_pc(found_theirs)), "stunned": stun_cost(state, *found_theirs, skill)}
            gain = harm.get(done, 0.0) * -side(state, me, found_theirs[0])
            if suffer + gain <= 0:
                continue
            if strength == "smash" or not skill.thrift:
                return [strength]
            spare = len(cards_of_kind(state.players[me], "teamup")) > 1
            if at_stake == "defeated" or spare or suffer + gain >= 4.0:
                return [strength]
        return ["pass"]

    def _react(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        window = state.tasks[-1] if state.tasks else None
        if not isinstance(window, Window):
            return ["pass"]
        scored = [
            (self._react_value(state, decision.seat, window, option, skill), option)
            for option in ids
            if option != "pass"
        ]
        best = max(scored, default=(0.0, "pass"))
        return [best[1]] if best[0] > 0.2 else ["pass"]

    def _react_value(self, state: SmashState, me: int, window: Window, option: str, skill: Skill) -> float:
        """What using the react is worth: its effects, plus (for a cancel) the harm it prevents."""
        player = state.players[me]
        if option.startswith("p."):
            char = option.removeprefix("p.")
            react = Source(kind="power", seat=me, card=char, char=char, trigger=window.char)
            cost = 0.0
        else:
            home = super_space(player, option)
            react = Source(
                kind="super", seat=me, card=option, char=home.char if home else "", trigger=window.char
            )
            cost = hand_value(state, player, option, skill) * 0.5
        steps = steps_of(react)
        value = sum(
            step_value(state, react, step, me, skill) for step in steps if not isinstance(step, Cancel)
        )
        if steps and isinstance(steps[0], Cancel):
            if window.trigger == "ally_attacked":
                return value - cost
            below = state.tasks[-2]
            assert isinstance(below, Resolve)
            value -= source_value(state, below.src, skill, viewer=me)
        return value - cost

    # --- effect questions ------------------------------------------------------------------

    def _choose(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        task = state.tasks[-1]
        assert isinstance(task, Choose)
        step = steps_of(task.src)[task.index]
        me = decision.seat
        if isinstance(step, BringBack):
            return [max(ids, key=worth)]
        assert isinstance(step, TableStep)

        def score(char: str) -> float:
            found = locate(state, char)
            if found is None:
                return 0.0
            return side(state, me, found[0]) * impact(state, step, *found, skill)

        return [max(ids, key=score)]

    def _discard(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        player = state.players[decision.seat]
        cards = [i for i in ids if i != "back"]
        ranked = sorted(cards, key=lambda card: hand_value(state, player, card, skill))
        junk = [card for card in ranked if hand_value(state, player, card, skill) < FRESH]
        count = max(decision.min_choices, min(len(junk), decision.max_choices))
        return ranked[:count]

    def _search(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        player = state.players[decision.seat]
        return [max(ids, key=lambda card: hand_value(state, player, card, skill))]

    def _place(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        spaces = [i for i in ids if i.startswith("s") or i in ("left", "right")]
        if spaces:
            return [spaces[0]]
        player = state.players[decision.seat]
        stunned = [i for i in ids if i.startswith("d.")]
        newcomer = max((worth(c) for c in player.stack), default=0.0)
        worst = min(stunned, key=lambda i: worth(i.removeprefix("d.")), default="")
        if worst and newcomer >= worth(worst.removeprefix("d.")) - 0.5:
            return [worst]
        return ["keep"]

    def _summon(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        return [max(ids, key=worth)]

    def _end(self, state: SmashState, decision: Decision, ids: list[str], skill: Skill) -> list[str]:
        return ["left"]


SIMULATED = SmashAI(None)
"""Who plays every seat on the hard AI's sampled copies: the normal level without its slips."""
SIMULATED._fixed = Skill(slip=0.0, counts=False, foresight=True, thrift=True, drafts=True)

# --- scoring the turn's action ---------------------------------------------------------------


def action_score(state: SmashState, me: int, option: str, skill: Skill) -> float:
    """What one action of the turn is worth to `me`."""
    player = state.players[me]
    if option in ("smash", "teamup"):
        return best_attack(state, me, option, skill)[0]
    if option == "discard":
        ranked = sorted(hand_value(state, player, card, skill) for card in player.hand)
        swaps = [FRESH - value for value in ranked[: discard_limit(player)] if value < FRESH]
        unarmed = not cards_of_kind(player, "smash") and not cards_of_kind(player, "teamup")
        return 0.1 + sum(swaps) * 0.4 + (UNARMED if unarmed else 0.0)
    if option == "pass":
        return 0.0
    if option.startswith("r."):
        retired = locate(state, option.removeprefix("r."))
        newcomer = max((worth(c) for c in player.stack), default=0.0)
        return 0.3 * newcomer - 0.3 * (loss(*_pc(retired)) if retired else 0.0)
    if option.startswith("p."):
        char = option.removeprefix("p.")
        return source_value(state, Source(kind="power", seat=me, card=char, char=char), skill)
    found = CARDS.card(option.partition(".")[0])
    if isinstance(found, Story):
        return source_value(state, Source(kind="story", seat=me, card=option), skill)
    home = super_space(player, option)
    return source_value(
        state, Source(kind="super", seat=me, card=option, char=home.char if home else ""), skill
    )


def _pc(found: Any) -> tuple[Any, str]:
    """(player, character) of a located (player, space)."""
    return found[0], found[1].char


def _supers(hand: list[str]) -> list[Super]:
    return [card for card in (CARDS.card(c.partition(".")[0]) for c in hand) if isinstance(card, Super)]


def _exposure(state: SmashState, me: int, power_type: str) -> int:
    """How many cards of the rivals' pre-sorted decks stun or defeat this power type on purpose."""
    return sum(
        _targeting(player.deck_name).get(power_type, 0) for player in state.players if player.seat != me
    )


@cache
def _targeting(deck_name: str) -> dict[str, int]:
    found: dict[str, int] = {}
    deck = next((d for d, info in CARDS.decks.items() if info.name == deck_name), None)
    if deck is None:
        return found
    for card_id in CARDS.deck(deck):
        for step in steps_of(Source(kind="story", seat=0, card=card_id)):
            if isinstance(step, Stun | Defeat):
                for power in step.target.power:
                    found[power] = found.get(power, 0) + 1
    return found


def _rng(state: SmashState, salt: int) -> Rng:
    """A PRNG seeded by the table (never the game's own), so the AI is a function of the state."""
    return Rng(seed_state(state.rng ^ (state.version * 0x9E3779B97F4A7C15) ^ (salt * 0xBF58476D1CE4E5B9)))

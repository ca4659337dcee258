"""How the AI judges the end of a turn it is planning, from what the table shows.

A `Sketch` is what the turn would have done by the end of Use cards (or a Wait). `judge` then plays
out phases 3 to 7 the way the rules do, using only public facts and card counting for the unknown
draws, and scores the position the next turn would start from. `Weights` are what the AI levels
differ in: how much they watch the piles, thin their deck, and fear the bullets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from engines.superhot import goals
from engines.superhot.cards import pool as card_pool
from engines.superhot.piles import BULLETS_TO_LOSE, HAND_SIZE, TEAM_BULLETS_TO_LOSE, crossfire, obstacle
from engines.superhot.state import Slot, SuperhotState

LOST = -100_000.0
CLEARED = 2_000.0
WON = 50_000.0
TOP_WORTH = {"katana": 2.6, "pliers": 2.4, "double": 2.2, "glass": 1.8}
THREAT = {"shoot": 1.0, "slash": 0.5, "draw": -0.4}


@dataclass(frozen=True)
class Weights:
    """What an AI level pays attention to (0 switches a concern off)."""

    goal: float = 140.0
    progress: float = 45.0
    held_bullet: tuple[float, ...] = (0.0, 30.0, 85.0, 220.0)
    bullets_left: float = 9.0
    shot: float = 14.0
    flying: float = 9.0
    slash: float = 6.0
    pool: float = 5.0
    pool_floor: int = 9
    collection: float = 60.0
    collection_floor: int = 8
    quality: float = 5.0
    baseline: float = 1.6
    hand: float = 3.0
    hand_cards: int = 6  # the best cards in hand that count (a hand never plays more)
    tempo: float = 4.0  # per card used: standing still never reaches a goal


@dataclass(frozen=True)
class Skill:
    """An AI level: its weights, how many obstacles it plans for at once, and its habits."""

    weights: Weights
    deals: int = 9
    beam: int = 0  # plans kept at each size (0: try every set of plays)
    double: bool = True
    thin: bool = True
    slip: float = 0.0
    aid: bool = True
    fear: float = 1.0


@dataclass
class Sketch:
    """A turn as planned: the Line after Use cards and where the active player's cards went."""

    line: list[Slot | None]
    hand: list[str]
    spent: int = 0
    new: list[str] = field(default_factory=list)
    destroyed: list[str] = field(default_factory=list)
    knocked: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    pulled: int = 0
    draws: int = 0
    wait: bool = False
    discards: list[str] = field(default_factory=list)


BULLETS = frozenset(card_pool().bullets)


@cache
def worth(card: str) -> float:
    """What a card is worth to hold: its skill value, or a fixed worth for an ability."""
    if card in BULLETS:
        return -1.0
    definition = obstacle(card)
    return TOP_WORTH.get(definition.use, float(definition.power))


@cache
def line_role(card: str) -> tuple[int, bool, float]:
    """A Line card's phase-6 role: (bullets it fires alone, whether it backs shooters up, other threat)."""
    if card in BULLETS:
        return 0, False, 0.0
    definition = obstacle(card)
    shots = definition.amount if definition.ability == "shoot" else 0
    other = THREAT.get(definition.ability, 0.0) if definition.ability != "shoot" else 0.0
    return shots, definition.ability == "backup", other


def volley(line: list[Slot | None], crossfire: int = 0) -> int:
    """Bullets the Line fires in phase 6: shooters, plus one per Unarmed Dude when any fired, plus
    the co-op crossfire."""
    shots = backups = 0
    for slot in line:
        if slot is not None and not slot.down:
            fired, backup, _ = line_role(slot.card)
            shots += fired
            backups += backup
    return shots + backups + crossfire if shots else 0


class Judge:
    """Scores sketches of one player's turn; the facts that do not change are read once."""

    def __init__(self, state: SuperhotState, w: Weights) -> None:
        self.state = state
        self.w = w
        me = state.players[state.active]
        self.me = me
        self.supply = len(me.deck) + len(me.discard)
        self.pool = len(state.deck) + len(state.discard)
        self.others = sum(
            sum(card in BULLETS for card in p.hand) for i, p in enumerate(state.players) if i != state.active
        )
        self.team = len(state.players) > 1
        self.crossfire = crossfire(state)
        self.final = state.levels > 0 and state.level >= state.levels
        self.goals = [(goal, goals.card(goal.card)) for goal in state.goals]
        cards = me.deck or me.discard
        self.share = sum(card in BULLETS for card in cards) / len(cards) if cards else 0.0
        kept = [card for card in [*me.deck, *me.discard] if card not in BULLETS]
        self.kept_worth = sum(worth(card) for card in kept)
        self.kept = len(kept)
        self.average = self.kept_worth / self.kept if self.kept else 0.0
        self.spent = 0

    def __call__(self, sk: Sketch) -> float:
        """The worth of the position after this turn (higher is better for the Normal side)."""
        state, me = self.state, self.me
        hand = [*sk.hand, *sk.new]
        supply = self.supply
        pool = self.pool + len(sk.used) + len(sk.discards)
        line = list(sk.line)
        discard = len(me.discard)
        unknown = 0
        scroll = 1 if sk.wait else min(sk.spent, state.line_size)
        if not sk.wait:
            unknown = sk.draws + max(0, HAND_SIZE - len(hand) - sk.draws)
            if unknown > supply:
                return LOST
            supply -= unknown
        for index in range(scroll):
            slot = line[index]
            if slot is None:
                continue
            line[index] = None
            if slot.down:
                pool += 1
            elif slot.card in BULLETS:
                hand.append(slot.card)
            else:
                discard += 1
        held = sum(card in BULLETS for card in hand) + 0.75 * unknown * self.share
        if held >= BULLETS_TO_LOSE or (self.team and held + self.others >= TEAM_BULLETS_TO_LOSE):
            return LOST
        left = sum(slot is not None for slot in line)
        done = self._goals_met(sk, hand, discard, left)
        if done >= len(self.goals) > 0:
            return WON if self.final else CLEARED + state.level * 100
        fired = volley(line, self.crossfire)
        bullets = len(state.bullets) + sk.pulled - fired
        empty = state.line_size - left
        if bullets <= 0 or empty > pool + fired:
            return LOST
        pool += fired - empty
        supply += discard - len(me.discard)
        self.spent = 0 if sk.wait else sk.spent
        return self._position(line, hand, unknown, supply, pool, bullets, held, done)

    def _goals_met(self, sk: Sketch, hand: list[str], discard: int, left: int) -> float:
        """How many of the level's goals would be done after phase 5 (partial progress as a fraction)."""
        if sk.wait:
            return float(sum(goal.done for goal, _ in self.goals))
        score = 0.0
        for goal, definition in self.goals:
            if goal.done:
                score += 1
                continue
            kind = definition.kind
            if kind in goals.COUNTED:
                dealt = sk.destroyed if kind == "destroy" else sk.knocked
                progress = goal.progress + sum(goals.matches(definition, card) for card in dealt)
                score += 1 if progress >= definition.count else 0.5 * progress / definition.count
            elif kind == "destroy_turn":
                score += sum(goals.matches(definition, card) for card in sk.destroyed) >= definition.count
            elif kind == "use_turn":
                score += sk.spent >= definition.count
            elif kind == "line_left":
                score += left <= definition.count
            elif kind == "discard_size":
                score += 1 if discard >= definition.count else 0.4 * discard / definition.count
            else:
                score += goals.hand_meets(definition, hand)
        return score

    def _position(
        self,
        line: list[Slot | None],
        hand: list[str],
        unknown: int,
        supply: int,
        pool: int,
        bullets: int,
        held: float,
        done: float,
    ) -> float:
        w = self.w
        score = w.goal * done + w.progress * self.state.level + w.tempo * self.spent
        whole = int(held)
        score -= w.held_bullet[min(whole, 3)] + (held - whole) * 60.0
        danger = 1.0 + 5.0 / bullets
        score += w.bullets_left * min(bullets, 8) - (w.bullets_left * 8 / bullets if bullets < 4 else 0)
        score -= w.shot * volley(line, self.crossfire) * danger
        position = 0
        for slot in line:
            if slot is None:
                continue
            if not slot.down:
                if slot.card in BULLETS:
                    score -= w.flying * (1.6 if position < 2 else 1.0) * (1 + held)
                else:
                    score -= w.slash * line_role(slot.card)[2]
            position += 1
        score -= w.pool * max(0, w.pool_floor - pool) ** 2
        known = [card for card in hand if card not in BULLETS]
        size = supply + len(known) + unknown
        score -= w.collection * max(0, w.collection_floor - size) ** 2
        total = self.kept_worth + sum(worth(card) for card in known) + unknown * self.average
        count = self.kept + len(known) + unknown
        score += w.quality * 4 * (total / count - w.baseline) if count else 0.0
        best = sorted((max(worth(card), 0.0) for card in known), reverse=True)[: w.hand_cards]
        score += w.hand * (sum(best) + min(unknown, max(0, w.hand_cards - len(best))) * self.average)
        return score


def judge(state: SuperhotState, sk: Sketch, w: Weights) -> float:
    """Score one sketch (see `Judge`)."""
    return Judge(state, w)(sk)

"""The heuristic Letopsulle player, for heroes and villains, at three levels.

Steps that only build (reserve, switch, object) follow fixed rules of thumb; actions and their
targets are tried on a copy of the state and the result is valued for the deciding player
(`value`), always on a copy whose hidden cards are reshuffled (`unknown_shuffled`). Easy picks at
random often, normal now and then; hard never does, and plays its three best actions on to its
next hero turn (`LetoAI._look`), thinking off the event loop."""

from __future__ import annotations

from typing import Any

import msgspec

from engines.core import Decision, Rng
from engines.core.clone import clone
from engines.letopsulle import answers, content, flow
from engines.letopsulle.asks import answerable
from engines.letopsulle.cards_in_play import slot_base, slot_can_use
from engines.letopsulle.schema import Character, GameObject
from engines.letopsulle.state import LetoState, Slot, Team

SLIPS = {"easy": 0.35, "normal": 0.06, "hard": 0.0}
LEVELS = tuple(SLIPS)
WIN = 1000.0
POINT = 2.0  # a claimed villain point
CARD = 3.0  # a claimed villain card
RIVAL = 0.5  # how much the best rival's claims count against
HEALTH = 0.6  # a point of health left on a hero in play
HERO = 1.5  # a hero in play
HURT_RIVAL = 0.25  # a point of health a rival's hero lost
VILLAIN_HEALTH = 0.2  # a point of health on an own villain
GUARD = 0.35  # a point of defence on a sideways card
FOLLOW_UPS = ("target", "power", "vtarget", "vpower", "vmoney", "peek", "vpeek")
LOOK_KEYS = ("turn", "target", "vturn", "vtarget")
LOOK_OPTIONS = 3  # hard: the best answers by a first look that it plays on
LOOK_TRIES = 2  # hard: shuffled futures per answer at a table of up to SMALL_TABLE (else 1)
SMALL_TABLE = 3
LOOK_STEPS = 40  # hard: answers played on at most per future


def unknown_shuffled(state: LetoState, me: int, rng: Rng) -> LetoState:
    """A copy of the table as `me` may imagine it: every draw pile reshuffled, each rival's hand
    mixed back into their hero pile and dealt again at the same size, and a fresh random future.
    Every trial starts from one, so no choice leans on a hidden card."""
    copy = clone(state)
    for seat, team in enumerate(copy.teams):  # sorted first: only what is known decides the deal
        if seat != me:
            pool = sorted(team.hand + team.hero_pile)
            rng.shuffle(pool)
            team.hand, team.hero_pile = pool[: len(team.hand)], pool[len(team.hand) :]
        team.hero_pile.sort()
        team.villain_pile.sort()
        rng.shuffle(team.hero_pile)
        rng.shuffle(team.villain_pile)
    copy.rng = rng.next64()
    return copy


def health(team: Team) -> int:
    """Health left on a team's heroes in play."""
    return sum(
        content.character(hero.card).base + 1 - hero.damage
        for slot in [*team.active, *team.reserve]
        for hero in slot.heroes
    )


def _claims(team: Team) -> float:
    return POINT * flow.points(team) + CARD * len(team.claimed)


def value(state: LetoState, me: int) -> float:
    """How good the state is for player `me` (its heroes and its villains alike)."""
    if state.phase == "over":
        if state.winner == me:
            return WIN
        if state.winner >= 0:
            return -WIN
    teams = state.teams
    mine = teams[me]
    rivals = [team for seat, team in enumerate(teams) if seat != me]
    score = _claims(mine) - RIVAL * max((_claims(team) for team in rivals), default=0.0)
    score += HEALTH * health(mine) + HERO * sum(len(slot.heroes) for slot in [*mine.active, *mine.reserve])
    score -= HURT_RIVAL * sum(health(team) for team in rivals)
    score += VILLAIN_HEALTH * sum(content.character(v.card).base - v.damage for v in mine.villains)
    score += GUARD * sum(slot.guard or 0 for slot in mine.active if slot.guard is not None)
    return score


class LetoAI:
    """Chooses for a seat (or for a deck's villains); `level` None follows the table's `ai` option."""

    def __init__(self, level: str | None, seed: int, *, slips: bool = True) -> None:
        self.level = level
        self.rng = Rng(seed)
        self.slips = slips

    def _level(self, state: LetoState) -> str:
        return self.level or state.options.get("ai", "normal")

    def choose(self, engine: Any, state: LetoState, decision: Decision) -> list[str]:
        level = self._level(state)
        whole = next(d for d in answerable(state) if (d.seat, d.key) == (decision.seat, decision.key))
        decision = msgspec.structs.replace(whole, key=decision.key.partition(".")[0])
        ids = [option.id for option in decision.options]
        if len(ids) == 1 and decision.min_choices == 1:  # no choice: nothing to weigh
            return ids
        if decision.key == "lineup":
            return _lineup(state, decision)
        if self.slips and self.rng.random() < SLIPS.get(level, 0.0):
            picked = list(ids)
            self.rng.shuffle(picked)
            return picked[: max(decision.min_choices, 1)]
        me = decision.seat if decision.seat < state.seats() else decision.seat - state.seats()
        against = state.mode == "solitaire" and decision.seat >= state.seats()  # villains play the player
        key = decision.key
        if key == "mulligan":
            hand = state.teams[state.turn].hand
            return ["keep" if any(isinstance(content.CARDS[c], Character) for c in hand) else "redraw"]
        if key == "discard":
            return _discards(state, decision)
        if key == "turn":
            step = _build_step(state, ids)
            if step:
                return [step]
        if key == "lead":
            return [max(ids, key=lambda i: slot_base(state.teams[state.turn].reserve[int(i[1:])]))]
        if decision.max_choices > 1:  # Speed: every target, in menu order
            return ids[: decision.max_choices]
        sign = -1.0 if against else 1.0
        seen = unknown_shuffled(state, me, self.rng)
        ranked = sorted(ids, key=lambda option: -sign * self._try(engine, seen, decision, option, me, sign))
        if level == "hard" and not against and len(ranked) > 1 and key in LOOK_KEYS:
            return [
                max(ranked[:LOOK_OPTIONS], key=lambda option: self._look(engine, state, decision, option, me))
            ]
        return ranked[:1]

    def thinks_long(self, state: LetoState) -> bool:
        """Whether this choice may take long: the hard level playing its best actions on to the
        next round (the bot then thinks off the event loop)."""
        ask = state.ask
        return self._level(state) == "hard" and ask is not None and ask.key in LOOK_KEYS

    def _look(self, engine: Any, state: LetoState, decision: Decision, option: str, me: int) -> float:
        """The value at this player's next hero turn after this answer, the game played on by the
        normal level over a shuffled copy (piles and rivals' hands reshuffled: no peeking)."""
        total = 0.0
        tries = LOOK_TRIES if state.seats() <= SMALL_TABLE else 1
        for _ in range(tries):
            trial = unknown_shuffled(state, me, self.rng)
            engine.apply(trial, decision.seat, decision.key, [option])
            quick = LetoAI("normal", self.rng.next64(), slips=False)
            start = trial.round
            for _ in range(LOOK_STEPS):
                if trial.phase == "over" or (
                    trial.round > start and trial.phase == "hero" and trial.turn == me
                ):
                    break
                follow = engine.decisions(trial)[0]
                engine.apply(trial, follow.seat, follow.key, quick.choose(engine, trial, follow))
            total += value(trial, me)
        return total / tries

    def _try(
        self,
        engine: Any,
        state: LetoState,
        decision: Decision,
        option: str,
        me: int,
        sign: float,
    ) -> float:
        """The value after this answer, following up the same seat's next question greedily."""
        trial = clone(state)
        answers.answer(trial, Rng(trial.rng), decision.key, [option])
        follow = trial.ask
        if follow is not None and follow.seat == decision.seat and follow.key in FOLLOW_UPS:
            follow_up = engine.decisions(trial)[0]
            if follow_up.options:
                return sign * max(
                    sign * self._try(engine, trial, follow_up, o.id, me, sign) for o in follow_up.options
                )
        return value(trial, me)


def _lineup(state: LetoState, decision: Decision) -> list[str]:
    """The strongest heroes go to the reserve."""
    hand = state.teams[state.turn].hand
    ranked = sorted(decision.options, key=lambda o: -content.character(hand[int(o.id[1:])]).base)
    return [o.id for o in ranked[: decision.max_choices]]


def _discards(state: LetoState, decision: Decision) -> list[str]:
    """The weakest cards go: low heroes and small objects first."""
    hand = state.teams[state.turn].hand

    def worth(option_id: str) -> int:
        card = content.CARDS[hand[int(option_id[1:])]]
        return (
            card.base
            if isinstance(card, Character)
            else card.value + 1
            if isinstance(card, GameObject)
            else 0
        )

    ranked = sorted((o.id for o in decision.options), key=worth)
    return ranked[: decision.min_choices]


def _build_step(state: LetoState, ids: list[str]) -> str | None:
    """Reserve, switch and object steps by rules of thumb, before the action; None: act now."""
    team = state.teams[state.turn]
    money = [i for i in ids if i.startswith("mon-0-") and int(i.split("-")[2]) < len(team.hero_pile)]
    if money and len(team.hand) < 4:  # the most cards that still leave one to draw next turn
        return max(money, key=lambda i: int(i.split("-")[2]))
    reserve = [i for i in ids if i.startswith("res-")]
    if reserve:
        return max(reserve, key=lambda i: content.character(team.hand[int(i[4:])]).base)
    switch = _best_switch(team, [i for i in ids if i.startswith(("sw-", "tag-"))])
    if switch:
        return switch
    for option in ids:
        if option.startswith("use-") and _worth_using(team, content.game_object(team.hand[int(option[4:])])):
            return option
    attach = [i for i in ids if i.startswith("eq-")]
    if attach:
        best = max(attach, key=lambda i: content.game_object(team.hand[int(i.split("-")[1])]).value)
        slot = team.active[int(best.split("-")[2])]
        held = content.game_object(slot.item).value if slot.item else 0
        if content.game_object(team.hand[int(best.split("-")[1])]).value > held:
            return best
    return None


def _left(slot: Slot) -> int:
    return sum(content.character(h.card).base + 1 - h.damage for h in slot.heroes)


def _best_switch(team: Team, options: list[str]) -> str | None:
    if not options:
        return None
    if not team.active or any(o.endswith("-n") for o in options):
        return max(options, key=lambda o: _left(team.reserve[int(o.split("-")[1])]))
    best = max(options, key=lambda o: _left(team.reserve[int(o.split("-")[1])]))
    active = team.active[int(best.split("-")[2])]
    if best.startswith("tag-") or _left(active) * 2 < _left(team.reserve[int(best.split("-")[1])]):
        return best
    return None


def _worth_using(team: Team, item: GameObject) -> bool:
    if item.kind == "heal":
        return sum(h.damage for slot in [*team.active, *team.reserve] for h in slot.heroes) >= 2
    return len(team.hand) <= 4 and any(slot_can_use(slot, item) for slot in team.active)

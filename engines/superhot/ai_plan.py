"""The AI's turn planner: the legal sets of plays for the Use cards phase, judged as a whole turn.

Cards that play the same (same top, skill, value, and whether they are real or a Double trouble
copy) are one *kind* with a count, so the search enumerates multisets, not orders. A plan is the list
of steps the AI then answers decision by decision: Double trouble first, then Pliers, then Katana
slashes, then the obstacles from the start of The Line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from engines.superhot.ai_judge import BULLETS, LOST, Judge, Sketch, Skill, worth
from engines.superhot.piles import obstacle, requirement
from engines.superhot.state import Slot, SuperhotState
from engines.superhot.use import amount_of, held, pays, skill_of

KindKey = tuple[str, str, int, str, bool]  # top, skill, amount, use, real
Step = tuple[str, int, tuple[KindKey, ...]]  # ("d"/"k"/"ks"/"pb"/"pd"/"dt", slot, kinds it plays)
_Raw = tuple[str, int, tuple[int, ...]]  # a step with kinds by index, inside one search
_Move = tuple[_Raw, list[int]]
SETS_PER_SLOT = 2  # the cheapest ways to deal with one obstacle that the search tries


@dataclass(frozen=True)
class Kind:
    """Interchangeable playable cards: what they give, and the option refs and cards that play them."""

    key: KindKey
    refs: tuple[str, ...]
    cards: tuple[str, ...]

    @property
    def skill(self) -> str:
        return self.key[1]

    @property
    def amount(self) -> int:
        return self.key[2]

    @property
    def use(self) -> str:
        return self.key[3]

    @property
    def real(self) -> bool:
        return self.key[4]


@dataclass
class Plan:
    """A whole turn of plays and its judged worth."""

    score: float
    steps: list[Step] = field(default_factory=list)


def kind_key(state: SuperhotState, card: str, real: bool) -> KindKey:
    """How a card plays for the active player right now."""
    skill = skill_of(card) or ""
    amount = amount_of(card, state.players[state.active]) if skill else 0
    definition = obstacle(card)
    return definition.top, skill if amount > 0 else "", amount, definition.use, real


def kinds_of(state: SuperhotState) -> list[Kind]:
    """The active player's playable cards (hand, Aid card, Double trouble copies), grouped."""
    found: dict[KindKey, tuple[list[str], list[str]]] = {}
    items = [(ref, card, True) for ref, card in held(state)]
    items += [(f"echo{i}", echo.card, False) for i, echo in enumerate(state.turn.echoes)]
    for ref, card, real in items:
        refs, cards = found.setdefault(kind_key(state, card, real), ([], []))
        refs.append(ref)
        cards.append(card)
    return [Kind(key, tuple(refs), tuple(cards)) for key, (refs, cards) in found.items()]


def ref_for(state: SuperhotState, ids: list[str], key: KindKey) -> str | None:
    """The first option id that plays a card of this kind."""
    echoes = state.turn.echoes
    for option_id in ids:
        if option_id.startswith("echo"):
            card, real = echoes[int(option_id[4:])].card, False
        elif option_id == "aid":
            card, real = state.aid or "", True
        elif option_id in BULLETS or option_id not in state.players[state.active].hand:
            continue
        else:
            card, real = option_id, True
        if card and kind_key(state, card, real) == key:
            return option_id
    return None


def _sets(kinds: list[Kind], need: str, value: int, base: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Count vectors of kinds that deal with a need with no unneeded card, cheapest first."""
    usable = [i for i, kind in enumerate(kinds) if kind.skill and pays(kind.skill, need)]
    found: list[tuple[int, ...]] = []

    def grow(at: int, chosen: list[int], total: int, low: int) -> None:
        if total >= value and (chosen or base):
            if chosen and total - low < value:
                vector = [0] * len(kinds)
                for index in chosen:
                    vector[index] += 1
                found.append(tuple(vector))
            return
        for pos in range(at, len(usable)):
            index = usable[pos]
            if chosen.count(index) < len(kinds[index].refs):
                amount = kinds[index].amount
                grow(pos, [*chosen, index], total + amount, min(low, amount))

    grow(0, [], sum(base), min(base, default=99))

    def cost(vector: tuple[int, ...]) -> tuple[float, ...]:
        real = sum(many for many, kind in zip(vector, kinds, strict=True) if kind.real)
        spent = sum(
            many * worth(kind.cards[0]) for many, kind in zip(vector, kinds, strict=True) if kind.real
        )
        return real, spent

    return sorted(found, key=cost)[:SETS_PER_SLOT]


class _Search:
    """One depth-first search over The Line's slots with one set of kinds."""

    def __init__(self, state: SuperhotState, skill: Skill, judge: Judge, kinds: list[Kind]) -> None:
        self.state = state
        self.judge = judge
        self.deals = skill.deals
        self.beam = skill.beam
        self.last = LOST
        self.kinds = kinds
        self.lead: list[Step] = []
        self.lead_used: list[str] = []
        self.best = Plan(LOST - 1)
        self.katanas = sorted(
            (i for i, k in enumerate(kinds) if k.use == "katana"), key=lambda i: kinds[i].real
        )
        self.pliers = sorted(
            (i for i, k in enumerate(kinds) if k.use == "pliers"), key=lambda i: kinds[i].real
        )
        self.bullets = [card for card in state.players[state.active].hand if card in BULLETS]
        target = state.target.slot if state.target is not None else -1
        self.choices = [self._slot_choices(i, slot, i == target) for i, slot in enumerate(state.line)]

    def _slot_choices(self, index: int, slot: Slot | None, forced: bool) -> list[tuple[str, tuple[int, ...]]]:
        if slot is None or slot.down:
            return [("skip", ())]
        need, value = requirement(slot.card)
        if forced and self.state.target is not None:
            base = tuple(pick.amount for pick in self.state.target.picks)
            fate = "d" if self.state.target.fate == "destroy" else "k"
            return [(fate, vector) for vector in _sets(self.kinds, need, value, base)]
        bullet = slot.card in BULLETS
        steps: list[tuple[str, tuple[int, ...]]] = [("skip", ())]
        if bullet and self.katanas:
            steps.append(("ks", ()))
        for vector in _sets(self.kinds, need, value):
            steps.append(("d", vector))
            if not bullet:
                steps.append(("k", vector))
        return steps

    def run(self) -> Plan:
        turn = self.state.turn
        self.line = list(self.state.line)
        self.sk = Sketch(line=self.line, hand=[], spent=turn.spent + len(self.lead_used))
        self.sk.used = [*turn.used, *self.lead_used]
        self.sk.new, self.sk.destroyed, self.sk.knocked = (
            list(turn.new),
            list(turn.destroyed),
            list(turn.knocked),
        )
        counts = [len(kind.refs) for kind in self.kinds]
        if self.beam:
            self._beam(counts)
        else:
            self._walk(0, counts, [])
        return self.best

    def _play(self, index: int, fate: str, vector: tuple[int, ...], counts: list[int]) -> _Move | None:
        """The step dealing with a slot this way, and the counts it leaves (None: not enough cards)."""
        if fate == "ks":
            blade = next((i for i in self.katanas if counts[i]), None)
            if blade is None:
                return None
            left = list(counts)
            left[blade] -= 1
            return ("ks", index, (blade,)), left
        if any(need > have for need, have in zip(vector, counts, strict=True)):
            return None
        plays = tuple(i for i, many in enumerate(vector) for _ in range(many))
        return (fate, index, plays), [have - need for have, need in zip(counts, vector, strict=True)]

    def _walk(self, index: int, counts: list[int], steps: list[_Raw]) -> None:
        if index == len(self.choices):
            self._leaf(counts, steps)
            return
        for fate, vector in self.choices[index]:
            if fate == "skip":
                self._walk(index + 1, counts, steps)
                continue
            move = None if len(steps) >= self.deals else self._play(index, fate, vector, counts)
            if move is not None:
                undo = self._do(move[0])
                self._walk(index + 1, move[1], [*steps, move[0]])
                self._undo(move[0], undo)

    def _beam(self, counts: list[int]) -> None:
        """Grow plans one obstacle at a time, keeping the `beam` best at each size."""
        forced = [i for i, choices in enumerate(self.choices) if choices and choices[0][0] != "skip"]
        frontier: list[tuple[list[_Raw], list[int]]] = [([], counts)]
        if not forced:
            self._score([], counts)
        seen: set[tuple[_Raw, ...]] = set()
        for depth in range(self.deals):
            grown: list[tuple[float, list[_Raw], list[int]]] = []
            for steps, left in frontier:
                taken = {step[1] for step in steps}
                slots = forced if depth == 0 and forced else range(len(self.choices))
                for index in slots:
                    if index in taken:
                        continue
                    for fate, vector in self.choices[index]:
                        move = None if fate == "skip" else self._play(index, fate, vector, left)
                        if move is None:
                            continue
                        plan = sorted([*steps, move[0]], key=lambda step: step[1])
                        if tuple(plan) in seen:
                            continue
                        seen.add(tuple(plan))
                        grown.append((self._score(plan, move[1]), plan, move[1]))
            grown.sort(key=lambda item: -item[0])
            frontier = [(plan, left) for _, plan, left in grown[: self.beam]]
            if not frontier:
                return

    def _score(self, steps: list[_Raw], counts: list[int]) -> float:
        undos = [self._do(step) for step in steps]
        before = self.best.score
        self._leaf(counts, steps)
        score = self.best.score if self.best.score > before else self.last
        for step, undo in zip(reversed(steps), reversed(undos), strict=True):
            self._undo(step, undo)
        return score

    def _do(self, step: _Raw) -> tuple[int, int, int, Slot | None, bool]:
        """Apply a step to the sketch; returns what `_undo` needs."""
        sk, line = self.sk, self.line
        fate, index, plays = step
        slot = line[index]
        assert slot is not None
        undo = sk.spent, len(sk.used), sk.pulled
        for kind_index in plays:
            self._spend(kind_index)
        gained = False
        if fate == "k":
            line[index] = Slot(card=slot.card, down=True)
            sk.knocked.append(slot.card)
        else:
            line[index] = None
            sk.destroyed.append(slot.card)
            if slot.card in BULLETS or fate == "ks":
                sk.pulled += 1
            else:
                sk.new.append(slot.card)
                gained = True
        return (*undo, slot, gained)

    def _undo(self, step: _Raw, undo: tuple[int, int, int, Slot | None, bool]) -> None:
        sk = self.sk
        spent, used, pulled, slot, gained = undo
        self.line[step[1]] = slot
        (sk.knocked if step[0] == "k" else sk.destroyed).pop()
        if gained:
            sk.new.pop()
        sk.spent, sk.pulled = spent, pulled
        del sk.used[used:]

    def _leaf(self, counts: list[int], steps: list[_Raw]) -> None:
        sk = self.sk
        spare = sum(counts[i] for i in self.pliers)
        pulls = min(len(self.bullets), spare)
        hand = list(self.bullets[pulls:])
        for index, kind in enumerate(self.kinds):
            if kind.real and counts[index]:
                hand += [c for r, c in zip(kind.refs, kind.cards, strict=True) if r != "aid"][: counts[index]]
        saved = sk.spent, len(sk.used), sk.pulled
        tools = [i for i in self.pliers for _ in range(counts[i])]
        for tool in tools[:pulls]:
            self._spend(tool)
        sk.pulled += pulls
        for draws in (0, 1) if spare > pulls else (0,):
            if draws:
                self._spend(tools[pulls])
            sk.hand, sk.draws = hand, draws
            score = self.judge(sk)
            self.last = max(score, self.last) if draws else score
            if score > self.best.score:
                order = [("pb", 0, ())] * pulls + [("pd", 0, ())] * draws + steps
                named = [(fate, slot, tuple(self.kinds[i].key for i in plays)) for fate, slot, plays in order]
                self.best = Plan(score, [*self.lead, *named])
        sk.spent, sk.pulled = saved[0], saved[2]
        del sk.used[saved[1] :]

    def _spend(self, kind_index: int) -> None:
        kind = self.kinds[kind_index]
        if kind.real:
            self.sk.spent += 1
            self.sk.used.append(kind.cards[0])


def variants(state: SuperhotState, kinds: list[Kind]) -> Iterator[tuple[list[Kind], Step | None, list[str]]]:
    """The kinds as they are, then after Double trouble on each card it may copy:
    (kinds, the Double trouble step, the real cards it uses up)."""
    yield kinds, None, []
    if state.target is not None or state.turn.echoes:
        return
    double = next((i for i, kind in enumerate(kinds) if kind.use == "double" and kind.real), None)
    if double is None:
        return
    for index, kind in enumerate(kinds):
        if not ((kind.skill and kind.amount > 0) or kind.use == "pliers"):
            continue
        changed = list(kinds)
        changed[index] = _less(kind)
        changed[double] = _less(changed[double])
        echo = Kind((*kind.key[:4], False), ("copy", "copy"), (kind.cards[0],) * 2)
        used = [kinds[double].cards[0], kind.cards[0]] if kind.real else [kinds[double].cards[0]]
        yield [k for k in changed if k.refs] + [echo], ("dt", 0, (kind.key,)), used


def _less(kind: Kind) -> Kind:
    return Kind(kind.key, kind.refs[1:], kind.cards[1:])


def best_plan(state: SuperhotState, skill: Skill, double_only: bool = False) -> Plan:
    """The best plan for the rest of this Use cards phase (an open target is finished first);
    `double_only` keeps to plans that start with Double trouble."""
    judge = Judge(state, skill.weights)
    best = Plan(LOST - 1)
    for kinds, lead, used in variants(state, kinds_of(state)):
        if (double_only and lead is None) or (lead is not None and not skill.double):
            continue
        search = _Search(state, skill, judge, kinds)
        if lead is not None:
            search.lead, search.lead_used = [lead], used
        plan = search.run()
        if plan.score > best.score:
            best = plan
    return best

"""The heuristic Super Punch Fighter player, at three levels.

It reads only what its seat may know (the board, pads, the offer, its own hand, hand sizes) and
scores what each option is worth in stars: a combo card by playing it through on a scratch copy of
the pieces (`Sim`): a move before an attack goes where that attack lands best, each hit counts the
dial colours it turns (after the block the defender can be expected to use), a push, pull or throw
the ring-out it can make, a stagger the buttons it takes away, and the best card to chain after it.
A button pushed for its effect is weighed against the combo it would no longer pay for and
against the reset's limit of four (a fifth pushed button is lost). The draw weighs a fighter card
against a button the deck needs, and a button against the clock: the button deck running out ends
the game, which a leader wants and Minion Rush solo does not. It defends when the hit would turn
its dial, ring it out or stagger it, with the cheapest answer that does.

Levels: easy slips into a random answer three times in ten, normal one in twenty, hard never, and
hard looks one step ahead on its main menu and chain questions (`Lookahead`): each of its best few
options is played out on a copy of the table, hidden cards shuffled, to the end of its turn with
the normal policy, and the positions are compared.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from typing import Any

from engines.core import Decision, Rng
from engines.punchfighter import answers, attack, board, content, pay, plays
from engines.punchfighter.asks import STOP, answerable
from engines.punchfighter.hexes import (
    Hex,
    Landing,
    line_of_sight,
    parse_label,
    pull_paths,
    push_paths,
    reachable,
    throw_ends,
)
from engines.punchfighter.schema import Attack, Draw, Effect, FighterCard, Heal, Move, Recharge
from engines.punchfighter.state import PAD_LIMIT, WINNING_STARS, PadButton, PunchState

SLIPS = {"easy": 0.3, "normal": 0.05, "hard": 0.0}
LEVELS = tuple(SLIPS)

STAR = 4.0  # a star, the unit everything is measured in
DAMAGE = 0.6  # a point of damage that turns no colour yet (it brings the next star closer)
RING_OUT = 0.85  # the chance a ring-out on offer happens (a steady defence cancels it)
STAGGER = 0.8  # a rival's button pushed until the end of their next turn
SPEND = 0.25  # a button paying a cost (it comes back at the reset, up to four)
RESET = 4  # buttons the reset frees (flow.RESET_BUTTONS): more pushed ones are discarded
WIN = 60.0  # reaching nine stars
EDGE = 0.5  # a space next to a pit or the rim, where a push ends a fighter's turn
MINION_NEAR = 1.6  # Minion Rush: a space next to a minion, which hits for 4 at the next reveal
MINION_DAMAGE = 0.9  # Minion Rush: a point of damage on a minion (the fourth K.O.s it for a star)
RUSH_CLOCK = 0.3  # Minion Rush solo and co-op: a button drawn is a quarter of a turn less to play
PLACE_AT = 3  # Minion Rush: how far from a fighter a minion is let in (it steps one closer)
POWER = {"yellow": 0.5, "red": 1.0}  # a power-up space: cards at the start of the next turn
RUSH_POWER = {"yellow": 1.6, "red": 3.2}
LEADER = 0.1  # per star the attacker leads by: how much more a star given away costs
SAFETY = 0.5  # how much where a move to attack ends counts beside the attack itself
LOOK_OPTIONS = 3  # hard: the options it plays out at a main or chain question
LOOK_STEPS = 60  # hard: answers it plays out at most per option


class PunchAI:
    """Chooses for a seat; `level` None follows the table's `ai` option."""

    def __init__(self, level: str | None, seed: int) -> None:
        self.level = level
        self.rng = Rng(seed)

    def thinks_long(self, state: PunchState) -> bool:
        """Whether this choice may take long: the hard level playing its options out at its main
        menu or a chain question (the bot then thinks off the event loop)."""
        key = state.ask.key if state.ask is not None else ""
        return self._level(state) == "hard" and key in ("main", "chain")

    def _level(self, state: PunchState) -> str:
        return self.level or state.options.get("ai", "normal")

    def choose(self, engine: Any, state: PunchState, decision: Decision) -> list[str]:
        level = self._level(state)
        whole = next(
            (d for d in answerable(state) if (d.seat, d.key) == (decision.seat, decision.key)), decision
        )
        ids = [o.id for o in whole.options if o.id != "back"]
        count = decision.min_choices
        key = decision.key.partition(".")[0]
        if key == "fighter" or self.rng.random() < SLIPS.get(level, 0.0) or key not in CHOOSERS:
            ids = [i for i in ids if i != "drop"] or ids
            self.rng.shuffle(ids)
            return ids[: max(count, 1) if decision.max_choices else 0][: decision.max_choices]
        thinking = key == "chain" or (key == "main" and not state.action_used)
        if level == "hard" and thinking and len(ids) > 1:
            return [Lookahead(engine, self.rng).best(state, decision.seat, key, ids)]
        return CHOOSERS[key](state, decision.seat, ids, count)


def policy_choice(state: PunchState, seat: int, key: str, ids: list[str], count: int) -> list[str]:
    """The normal policy's answer without slips, its main menu and chains `light` (the hard level's
    play-outs, which must be quick)."""
    if key == "main":
        return _main(state, seat, ids, count, light=True)
    if key == "chain":
        return _chain(state, seat, ids, count, light=True)
    return CHOOSERS[key](state, seat, ids, count)


# --- the table as one choice sees it ----------------------------------------------------------------


class Table:
    """What one choice looks at, worked out once: the pieces, their spaces and health, the rivals."""

    def __init__(self, state: PunchState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.me = f"f{seat}"
        self.player = state.players[seat]
        self.grid = board.grid_of(state)
        self.spots: dict[str, Hex] = {
            piece: parse_label(label) for label, piece in board.pieces(state).items()
        }
        self.rivals = [piece for piece in self.spots if attack.may_target(state, self.me, piece)]
        self.health = {piece: board.health_of(state, piece) for piece in self.spots}
        stars = [player.stars for player in state.players]
        self.stars = stars[seat]
        self.best_rival = max((s for i, s in enumerate(stars) if i != seat), default=0)
        self.racing = not state.counts_past_nine
        self.want = want_range(tuple(sorted(self.player.hand)))
        self.paths: dict[tuple[Hex, int, frozenset[Hex]], list[Hex]] = {}
        self.maps: dict[tuple[Hex, ...], dict[Hex, float]] = {}

    def sim(self) -> Sim:
        return Sim(
            self,
            dict(self.spots),
            dict(self.health),
            [PadButton(b.card, b.pushed) for b in self.player.pad],
            list(self.player.hand),
        )

    def guard(self, target: str, strength: int) -> int:
        """The damage the target's player can be expected to block: their best free Block button
        against a hit of 2 or more, or a defence card when they hold a few cards."""
        seat = board.owner(target)
        if seat is None or strength <= 0:
            return 0
        rival = self.state.players[seat]
        button = max((BLOCKS[b.card] for b in rival.pad if not b.pushed), default=0)
        if strength < 2:
            return 0
        card = 2 if len(rival.hand) >= 3 else 0
        return min(strength, max(button, card))

    def stars_for(self, target: str, health: int, damage: int) -> int:
        """Stars a hit of `damage` earns against a piece on `health`."""
        seat = board.owner(target)
        if seat is None:
            return int(damage >= health)
        if self.state.rush:
            return 0
        fighter = self.state.players[seat].fighter
        return board.band(fighter, health - damage) - board.band(fighter, health)

    def lead(self, target: str) -> float:
        """How much more hurting this rival is worth: the leader most."""
        seat = board.owner(target)
        if seat is None:
            return 1.0
        return min(1.6, max(0.8, 1.0 + 0.12 * (self.state.players[seat].stars - self.stars)))


class Sim:
    """A what-if for the rest of a turn: where the pieces stand, their health, the seat's pad and
    hand, and the stars earned so far."""

    __slots__ = ("hand", "health", "near", "pad", "spots", "stars", "t")

    def __init__(
        self, t: Table, spots: dict[str, Hex], health: dict[str, int], pad: list[PadButton], hand: list[str]
    ) -> None:
        self.t = t
        self.spots = spots
        self.health = health
        self.pad = pad
        self.hand = hand
        self.stars = 0
        self.near: tuple[Hex, ...] | None = None  # the rivals' spaces, worked out when asked

    def copy(self) -> Sim:
        found = Sim(
            self.t,
            dict(self.spots),
            dict(self.health),
            [PadButton(b.card, b.pushed) for b in self.pad],
            list(self.hand),
        )
        found.stars = self.stars
        found.near = self.near
        return found

    def rival_spots(self) -> tuple[Hex, ...]:
        if self.near is None:
            self.near = tuple(self.spots[p] for p in self.t.rivals if p in self.spots)
        return self.near

    @property
    def origin(self) -> Hex | None:
        return self.spots.get(self.t.me)

    def others(self, *besides: str) -> list[Hex]:
        return [spot for piece, spot in self.spots.items() if piece not in besides]

    def pushed(self) -> int:
        return sum(1 for b in self.pad if b.pushed)


@cache
def _blocks() -> dict[str, int]:
    return {button.id: button.block for button in content.BUTTONS}


BLOCKS = _blocks()
RECHARGE_ONLY = {
    button.id: all(isinstance(effect, Recharge) for effect in button.effects) and bool(button.effects)
    for button in content.BUTTONS
}


@cache
def demand(fighter: str) -> dict[str, float]:
    """Letter -> its share of the letters in the fighter's combo costs (copies counted)."""
    letters: Counter[str] = Counter()
    for card in content.DECKS[fighter]:
        letters.update(content.CARDS_BY_ID[card].cost)
    total = sum(letters.values()) or 1
    return {letter: letters[letter] / total for letter in "ABCD"}


@cache
def want_range(cards: tuple[str, ...]) -> int:
    """The distance a hand of cards likes to keep from its rivals: its longest attack, 1 to 4."""
    ranges = [
        effect.range
        for card in cards
        for effect in content.CARDS_BY_ID[card].effects
        if isinstance(effect, Attack)
    ]
    return max(1, min(max(ranges, default=1), 4))


def effects_of(source: str) -> tuple[Effect, ...]:
    if source in content.CARDS_BY_ID:
        return tuple(content.CARDS_BY_ID[source].effects)
    if source in content.BUTTONS_BY_ID:
        return tuple(content.BUTTONS_BY_ID[source].effects)
    return ()


# --- what things are worth ------------------------------------------------------------------------


def card_draw(hand: int) -> float:
    """A fighter card drawn into a hand of `hand` cards."""
    return max(0.2, 1.4 - 0.25 * hand)


def button_worth(t: Table, card: str) -> float:
    """How much a button on the pad is worth keeping: a Wild most, a letter the deck asks for."""
    data = content.BUTTONS_BY_ID[card]
    if data.letter == "W":
        return 3.0
    need = demand(t.player.fighter).get(data.letter, 0.0)
    return (1.0 if data.starter else 1.8) + 2.0 * need + 0.3 * data.block


def clock(t: Table) -> float:
    """What taking a button from the deck costs: it brings the end of the game closer."""
    state = t.state
    if state.counts_past_nine:
        return RUSH_CLOCK
    if t.stars > t.best_rival:
        return -0.3
    return 0.1 + 0.15 * (t.best_rival - t.stars)


def button_gain(t: Table, card: str | None) -> float:
    """A button drawn onto the pad (None: the top of the button deck, unseen)."""
    pad = t.player.pad
    if len(pad) >= PAD_LIMIT:
        return -1.0
    crowd = 0.25 * max(0, len(pad) - 5)
    if card is None:
        return 1.0 - crowd - clock(t)
    data = content.BUTTONS_BY_ID[card]
    letters = Counter(content.BUTTONS_BY_ID[b.card].letter for b in pad)
    need = demand(t.player.fighter).get(data.letter, 0.0) * 4 - letters[data.letter]
    base = 1.7 if data.letter == "W" else 0.9 + 0.5 * min(1.0, max(-1.0, need))
    base += 0.15 * (len(data.effects) + data.block)
    return base - crowd - clock(t)


def spend(sim: Sim, letters: int) -> float:
    """What pushing `letters` more buttons costs (beyond the reset's four, the buttons are lost)."""
    pushed = sim.pushed()
    over = max(0, pushed + letters - RESET) - max(0, pushed - RESET)
    return SPEND * letters + 1.5 * over


def landings(t: Table, sim: Sim, origin: Hex, target: str, effect: Attack) -> list[Landing]:
    spot = sim.spots[target]
    blocked = [h for piece, h in sim.spots.items() if piece not in (target, t.me)] + [origin]
    if effect.push:
        return push_paths(t.grid, origin, spot, effect.push, blocked)
    if effect.pull:
        return pull_paths(t.grid, origin, spot, effect.pull, blocked)
    return throw_ends(t.grid, spot, effect.throw, blocked)


def edge_count(t: Table, spot: Hex) -> int:
    return edges(t.state.board).get(spot, 0)


@cache
def edges(board_id: str) -> dict[Hex, int]:
    """Hex -> how many of its neighbours are off the board (pits, the rim)."""
    grid = board.grid(board_id)
    return {spot: sum(1 for near in spot.neighbours() if not grid.on_board(near)) for spot in grid.hexes}


@cache
def ground(board_id: str) -> dict[Hex, float]:
    """Hex -> what standing there is worth before the rivals: power-ups (more in Minion Rush,
    where cards run short), less the edges."""
    grid = board.grid(board_id)
    count = edges(board_id)
    power = RUSH_POWER if content.BOARDS_BY_ID[board_id].side == "minion_rush" else POWER
    return {spot: power.get(grid.kind(spot) or "", 0.0) - EDGE * count[spot] for spot in grid.hexes}


def strike(t: Table, sim: Sim, effect: Attack, origin: Hex, target: str, apply: bool) -> float:
    """What one attack on `target` from `origin` is worth; `apply` plays it on the sim."""
    health = sim.health[target]
    damage = max(0, effect.strength - t.guard(target, effect.strength))
    stars = t.stars_for(target, health, damage)
    hurt = MINION_DAMAGE if board.owner(target) is None else DAMAGE * t.lead(target)
    value = STAR * stars + hurt * min(damage, health)
    left = health - damage
    landing: Landing | None = None
    if left > 0 and (effect.push or effect.pull or effect.throw):
        ends = landings(t, sim, origin, target, effect)
        off = [end for end in ends if end.off_board]
        if off:
            value += STAR * (RING_OUT if board.owner(target) is not None else 1.0)
            stars += 1
            landing = off[0]
        elif ends:
            if effect.pull:
                landing = min(ends, key=lambda end: (end.end.distance(origin), end.end))
            else:
                landing = max(ends, key=lambda end: (edge_count(t, end.end), end.end.distance(origin)))
            value += 0.25 * edge_count(t, landing.end) + 0.1 * (effect.push + effect.throw)
    seat = board.owner(target)
    if effect.stagger and seat is not None and left > 0:
        free = sum(1 for b in t.state.players[seat].pad if not b.pushed)
        value += STAGGER * min(effect.stagger, free)
    if t.racing and stars and t.stars + sim.stars + stars >= WINNING_STARS:
        value += WIN
    if apply:
        sim.near = None
        sim.stars += stars
        sim.health[target] = max(0, left)
        if left <= 0 or (landing is not None and landing.off_board):
            del sim.spots[target]
        elif landing is not None:
            sim.spots[target] = landing.end
    return value


def in_reach(t: Table, sim: Sim, origin: Hex, effect: Attack) -> list[str]:
    """Rivals the attack can hit from `origin` (range and line of sight)."""
    found = []
    for piece in t.rivals:
        spot = sim.spots.get(piece)
        if spot is None or origin.distance(spot) > effect.range:
            continue
        if line_of_sight(t.grid, origin, spot, sim.others(piece, t.me)):
            found.append(piece)
    return found


def best_strike(t: Table, sim: Sim, effect: Attack, origin: Hex) -> tuple[float, str | None]:
    scored = [
        (strike(t, sim, effect, origin, piece, False), piece) for piece in in_reach(t, sim, origin, effect)
    ]
    if not scored:
        return 0.0, None
    return max(scored)


def spot_score(t: Table, sim: Sim, spot: Hex) -> float:
    """Where to stand at the end of a move with no attack to follow (see `standing_map`)."""
    rivals = sim.rival_spots()
    found = t.maps.get(rivals)
    if found is None:
        found = t.maps[rivals] = standing_map(t.state.board, rivals, t.want, t.state.rush)
    return found.get(spot, -9.0)


@lru_cache(maxsize=1024)
def standing_map(board_id: str, rivals: tuple[Hex, ...], want_range: int, rush: bool) -> dict[Hex, float]:
    """Space -> how good it is to stand there with the rivals on these spaces: out of easy reach
    of the nearest rival but close enough to strike next turn (three spaces, or the hand's range
    when longer), on a power-up space, away from edges (more so with rivals who can reach it next
    turn) and, in Minion Rush, not next to a minion."""
    found = {}
    want = min(3, max(2, want_range)) if rush else max(3, want_range)
    count = edges(board_id)
    for spot, score in ground(board_id).items():
        if rivals:
            distances = [spot.distance(h) for h in rivals]
            near = min(distances)
            score -= 0.4 * (near - want) if near > want else 0.6 * (want - near)
            if rush:
                score -= MINION_NEAR * distances.count(1) + 0.15 * MINION_NEAR * distances.count(2)
            else:
                threats = min(3, sum(1 for d in distances if d <= 5))
                score -= EDGE * 0.4 * threats * count[spot]
        found[spot] = score
    return found


def moves(t: Table, sim: Sim, origin: Hex, steps: int) -> list[Hex]:
    """Spaces the seat's fighter can move to from `origin` in up to `steps`, staying put included."""
    others = sim.others(t.me)
    key = (origin, steps, frozenset(others))
    found = t.paths.get(key)
    if found is None:
        found = t.paths[key] = [origin, *sorted(reachable(t.grid, origin, steps, others))]
    return found


def best_step(t: Table, sim: Sim, origin: Hex, steps: int, follow: Attack | None) -> Hex:
    """Where to move: where the attack that follows lands best, else the best place to stand."""
    spots = moves(t, sim, origin, steps)
    if follow is not None:
        rivals = [sim.spots[p] for p in t.rivals if p in sim.spots]
        best: tuple[float, float, Hex] | None = None
        for spot in spots:
            if not any(spot.distance(h) <= follow.range for h in rivals):
                continue
            value, target = best_strike(t, sim, follow, spot)
            if target is None:
                continue
            standing = spot_score(t, sim, spot)
            key = (value + SAFETY * standing, standing, spot)
            best = key if best is None or key[:2] > best[:2] else best
        if best is not None:
            return best[2]
        if rivals:  # nobody in reach from anywhere: get as close as possible
            return min(spots, key=lambda s: (min(s.distance(h) for h in rivals), -spot_score(t, sim, s)))
    return max(spots, key=lambda s: (spot_score(t, sim, s), -s.distance(origin)))


def play_effects(t: Table, sim: Sim, effects: tuple[Effect, ...]) -> float:
    """Resolve a card's or button's effects on the sim; what they are worth."""
    value = 0.0
    for index, effect in enumerate(effects):
        origin = sim.origin
        if origin is None:
            break
        if isinstance(effect, Move):
            follow = next((e for e in effects[index + 1 :] if isinstance(e, Attack)), None)
            dest = best_step(t, sim, origin, effect.spaces, follow)
            if follow is None:
                value += max(0.0, spot_score(t, sim, dest) - spot_score(t, sim, origin)) * 0.5
            sim.spots[t.me] = dest
        elif isinstance(effect, Attack):
            _, target = best_strike(t, sim, effect, origin)
            if target is not None:
                value += strike(t, sim, effect, origin, target, True)
        elif isinstance(effect, Draw):
            for _ in range(effect.cards):
                value += card_draw(len(sim.hand))
                sim.hand.append("")
        elif isinstance(effect, Recharge):
            value += recharge(t, sim, effect.buttons)
        elif isinstance(effect, Heal):
            fighter = t.player.fighter
            health = sim.health.get(t.me, 0)
            healed = min(effect.health, board.max_health(fighter) - health)
            value += 0.5 * healed + (
                0.8 if board.band(fighter, health + healed) < board.band(fighter, health) else 0
            )
            sim.health[t.me] = health + healed
    return value


def recharge(t: Table, sim: Sim, count: int) -> float:
    """Free the `count` pushed buttons most worth it on the sim: a button saved from the discard
    (past the reset's four) or one a card in hand could pay with. Buttons that only recharge are
    not worth freeing (two of them would free each other for nothing)."""
    pushed = [b for b in sim.pad if b.pushed and not RECHARGE_ONLY.get(b.card, False)]
    pushed.sort(key=lambda b: -button_worth(t, b.card))
    letters = {letter for card in combos(sim) for letter in card.cost}
    over = sim.pushed() - RESET
    value = 0.0
    for button in pushed[:count]:
        button.pushed = False
        letter = content.BUTTONS_BY_ID[button.card].letter
        value += 0.2 + (1.2 if over > 0 else 0.0) + (0.4 if letter in letters or letter == "W" else 0.0)
        over -= 1
    return value


def card_value(t: Table, sim: Sim, card: str, previous: str) -> float | None:
    """Launch or chain `card` on the sim (after a card costing `previous`): its worth, or None when
    the pad cannot pay."""
    data = content.CARDS_BY_ID[card]
    cost = pay.chained_cost(previous, data.cost)
    paid = pay.payment(sim.pad, cost)
    if paid is None:
        return None
    value = -spend(sim, len(cost))
    for index in paid:
        sim.pad[index].pushed = True
    if card in sim.hand:
        sim.hand.remove(card)
    return value + play_effects(t, sim, tuple(data.effects))


def chain_value(t: Table, sim: Sim, card: str, previous: str, depth: int = 1) -> float | None:
    """A card and the best card to chain after it (one deep): their worth, or None."""
    scratch = sim.copy()
    value = card_value(t, scratch, card, previous)
    if value is None:
        return None
    if depth <= 0:
        return value
    cost = content.CARDS_BY_ID[card].cost
    follow = 0.0
    for other in sorted(set(scratch.hand)):
        if other and content.CARDS_BY_ID[other].is_combo:
            after = card_value(t, scratch.copy(), other, cost)
            if after is not None:
                follow = max(follow, after)
    return value + 0.8 * follow


def combos(sim: Sim) -> list[FighterCard]:
    return [content.CARDS_BY_ID[c] for c in sorted(set(sim.hand)) if c and content.CARDS_BY_ID[c].is_combo]


def best_launch(t: Table, sim: Sim, depth: int = 0) -> float:
    """The best combo card the pad can launch now (0 when none is worth it)."""
    best = 0.0
    for card in combos(sim):
        value = chain_value(t, sim, card.id, "", depth)
        if value is not None:
            best = max(best, value)
    return best


def button_value(t: Table, sim: Sim, index: int, base: float, action_free: bool) -> float:
    """Pushing the button at pad position `index` for its effect now, over not pushing it; `base`
    is the best launch without it (a move button is pushed to reach a better one)."""
    button = sim.pad[index]
    effects = effects_of(button.card)
    scratch = sim.copy()
    cost = spend(scratch, 1)
    scratch.pad[index].pushed = True
    if action_free and combos(sim):
        moving = any(isinstance(e, Move) for e in effects)
        if moving and not any(isinstance(e, Attack) for e in effects):
            origin = scratch.origin
            if origin is None:
                return -1.0
            step = next(e for e in effects if isinstance(e, Move))
            best = max(
                (launch_from(t, scratch, spot) for spot in moves(t, scratch, origin, step.spaces)),
                default=0.0,
            )
            return best - base - cost
        letter = content.BUTTONS_BY_ID[button.card].letter
        if base > 0 and any(letter in card.cost or letter == "W" for card in combos(sim)):
            cost += max(0.0, base - best_launch(t, scratch))
    return play_effects(t, scratch, effects) - cost


def launch_from(t: Table, sim: Sim, spot: Hex) -> float:
    """The best combo card with an attack the pad can launch from `spot` (plus a little for the
    spot itself); only cards that could reach a rival from there, and that do not move before they
    attack (those are as good from here), are played out."""
    rivals = [sim.spots[p] for p in t.rivals if p in sim.spots]
    near = min((spot.distance(h) for h in rivals), default=99)
    scratch = sim.copy()
    scratch.spots[t.me] = spot
    best = 0.0
    for card in combos(sim):
        if reach(card.id) < near or walks(card.id):
            continue
        value = chain_value(t, scratch, card.id, "", 0)
        if value is not None:
            best = max(best, value)
    return best + 0.2 * spot_score(t, scratch, spot)


def chain_from(t: Table, sim: Sim, spot: Hex, previous: str) -> float:
    """The best card to chain (after a card costing `previous`) from `spot`, and a little for the
    spot itself."""
    scratch = sim.copy()
    scratch.spots[t.me] = spot
    rivals = scratch.rival_spots()
    near = min((spot.distance(h) for h in rivals), default=99)
    best = 0.0
    for card in combos(sim):
        if reach(card.id) and reach(card.id) < near:
            continue
        value = chain_value(t, scratch, card.id, previous, 0)
        if value is not None:
            best = max(best, value)
    return best + 0.2 * spot_score(t, scratch, spot)


@cache
def walks(card: str) -> bool:
    """Whether the card moves its fighter before its first attack."""
    for effect in content.CARDS_BY_ID[card].effects:
        if isinstance(effect, Attack):
            return False
        if isinstance(effect, Move):
            return True
    return False


@cache
def reach(card: str) -> int:
    """How far off a rival a card can hit: the moves before its last attack and that attack's
    range (0: no attack)."""
    found, moved = 0, 0
    for effect in content.CARDS_BY_ID[card].effects:
        if isinstance(effect, Move):
            moved += effect.spaces
        elif isinstance(effect, Attack):
            found = max(found, moved + effect.range)
    return found


def main_scores(state: PunchState, seat: int, ids: list[str], light: bool = False) -> dict[str, float]:
    """The main menu's options by worth ("end" is 0). `light` (the hard level's play-outs) does
    not look for a move button that reaches a better combo: the play-out's first step does."""
    t = Table(state, seat)
    sim = t.sim()
    scores: dict[str, float] = {"end": 0.0}
    action_free = not state.action_used
    for option in ids:
        if option.startswith("c."):
            value = chain_value(t, sim, option[2:], "")
            scores[option] = -9.0 if value is None else value
    reaching = action_free and not light
    base = best_launch(t, sim) if reaching else 0.0
    for option in ids:
        if option.startswith("p"):
            scores[option] = button_value(t, sim, int(option[1:]), base, reaching)
        elif option == "draw":
            hand = len(t.player.hand)
            offer = max((button_gain(t, card) for card in state.offer), default=0.0)
            scores[option] = max(card_draw(hand), offer) + max(card_draw(hand + 1), offer - 0.3) - 0.3
        elif option == "move":
            scores[option] = move_value(t, sim)
    return scores


def move_value(t: Table, sim: Sim) -> float:
    """The MOVE action: a better place to stand for the next turn, and the buttons that can hit
    from there this turn."""
    origin = sim.origin
    if origin is None:
        return 0.0
    here = spot_score(t, sim, origin) + button_hits(t, sim, origin)
    best = max(spot_score(t, sim, s) + button_hits(t, sim, s) for s in moves(t, sim, origin, 4))
    return 0.8 * (best - here)


def button_hits(t: Table, sim: Sim, spot: Hex) -> float:
    """What the free attack buttons of the pad could hit from `spot` (their best one)."""
    attacks = [
        effect
        for button in sim.pad
        if not button.pushed
        for effect in effects_of(button.card)
        if isinstance(effect, Attack)
    ]
    if not attacks:
        return 0.0
    longest = max(effect.range for effect in attacks)
    if all(spot.distance(h) > longest for h in sim.rival_spots()):
        return 0.0
    best = 0.0
    for effect in set(attacks):
        value, _ = best_strike(t, sim, effect, spot)
        best = max(best, value - SPEND)
    return best


# --- choosers ----------------------------------------------------------------------------------------


Chooser = Any


def _first(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    return ids[: max(count, 1)]


def _main(state: PunchState, seat: int, ids: list[str], count: int, light: bool = False) -> list[str]:
    scores = main_scores(state, seat, ids, light)
    chosen = max(scores, key=lambda option: (scores[option], option == "end"))
    return [chosen if scores[chosen] > 0.05 else "end"]


def _chain(state: PunchState, seat: int, ids: list[str], count: int, light: bool = False) -> list[str]:
    """The card worth most chained now (with the best one after it, unless `light`), or stop."""
    t = Table(state, seat)
    sim = t.sim()
    previous = content.CARDS_BY_ID[state.chain[-1]].cost if state.chain else ""
    best, value = STOP, 0.1
    for option in ids:
        if option.startswith("c."):
            worth = chain_value(t, sim, option[2:], previous, 0 if light else 1)
            if worth is not None and worth > value:
                best, value = option, worth
    return [best]


def _spaces(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    """A move: where the attack that follows lands best; after a button pushed to reach a combo,
    where the best combo can be launched; otherwise the best place to stand."""
    t = Table(state, seat)
    sim = t.sim()
    here = sim.origin
    task = state.ask.task if state.ask else None
    follow: Attack | None = None
    if task is not None and task.kind == "move":
        if task.source == "rush":
            me = f"f{seat}"
            queued = next((q for q in state.queue if q.kind == "attack" and q.attacker == me), None)
            follow = attack.effect_of(queued) if queued is not None else None
        else:
            later = effects_of(task.source)[task.effect + 1 :]
            follow = next((e for e in later if isinstance(e, Attack)), None)
    labels = {i: parse_label(i) for i in ids if i != STOP}
    if here is not None and STOP in ids:
        labels[STOP] = here
    if not labels:
        return ids[:1]
    if follow is not None and here is not None:
        scored = {}
        for option, hexagon in labels.items():
            value, target = best_strike(t, sim, follow, hexagon)
            standing = spot_score(t, sim, hexagon)
            scored[option] = (value + SAFETY * standing if target is not None else -99.0, standing)
        if max(scored.values())[0] > -99.0:
            return [max(scored, key=lambda o: scored[o])]
        rivals = [sim.spots[p] for p in t.rivals if p in sim.spots]
        if rivals:
            return [min(labels, key=lambda o: (min(labels[o].distance(h) for h in rivals), -scored[o][1]))]
    reaching = task is not None and task.source in content.BUTTONS_BY_ID and not state.action_used
    if reaching and combos(sim):
        return [max(labels, key=lambda o: launch_from(t, sim, labels[o]))]
    if state.chain and combos(sim):  # the chain goes on from where this move ends
        previous = content.CARDS_BY_ID[state.chain[-1]].cost
        onward = {o: chain_from(t, sim, spot, previous) for o, spot in labels.items()}
        if max(onward.values()) > 0.1:
            return [max(labels, key=lambda o: (onward[o], o == STOP))]
    if task is not None and task.source == "action":
        return [max(labels, key=lambda o: spot_score(t, sim, labels[o]) + button_hits(t, sim, labels[o]))]
    return [max(labels, key=lambda o: (spot_score(t, sim, labels[o]), o == STOP))]


def _revive(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    t = Table(state, seat)
    sim = t.sim()
    return [max(ids, key=lambda i: spot_score(t, sim, parse_label(i)))]


def _place(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    """Minion Rush: a minion enters out of reach of a fighter (it attacks at once when it can),
    three or four spaces off, where the fighter can reach it and push it off the edge."""
    fighters = [h for h in (board.hex_of(state, f"f{s}") for s in range(len(state.players))) if h is not None]

    def score(label: str) -> tuple[int, int]:
        near = min((parse_label(label).distance(f) for f in fighters), default=4)
        return (near >= 2, -abs(near - PLACE_AT))

    return [max(ids, key=score)]


def _draw(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    t = Table(state, seat)
    hand = len(t.player.hand)

    def worth(option: str) -> float:
        if option == "fd":
            return card_draw(hand)
        if option == "bd":
            return button_gain(t, None)
        return button_gain(t, state.offer[int(option[1:])])

    return [max(ids, key=worth)]


def _target(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    t = Table(state, seat)
    sim = t.sim()
    task = state.ask.task if state.ask else None
    origin = sim.origin
    if task is None or origin is None:
        return ids[:1]
    effect = attack.effect_of(task)
    return [max(ids, key=lambda piece: (strike(t, sim, effect, origin, piece, False), piece))]


def _defend(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    """Take the hit, or block it with the answer whose cost is below what it saves: the colours
    it would turn, its damage, a ring-out or a stagger."""
    task = state.ask.task if state.ask else None
    if task is None or len(ids) == 1:
        return ["take"]
    player = state.players[seat]
    effect = attack.effect_of(task)
    fighter, health = player.fighter, player.health
    rivals = sum(1 for p in state.players if p is not player) or 1
    ring = False
    if effect.push or effect.pull or effect.throw:
        ring = any(end.off_board for end in plays.shove_ends(state, task))
    pushed = sum(1 for b in player.pad if b.pushed)
    by = board.owner(task.attacker)
    their_stars = state.players[by].stars if by is not None else 0
    ahead = max(0, their_stars - player.stars)  # a star given to a leader counts more
    sudden = not state.counts_past_nine and not state.finishes_round

    def loss(blocked: int, steady: bool) -> float:
        damage = max(0, effect.strength - blocked)
        if state.rush:  # no colour earns a star; a K.O. costs one, and health is what stands before it
            lost = STAR * float(health - damage <= 0 and player.stars > 0)
            lost += STAR * min(damage, health) / board.max_health(fighter)
            return lost + (0.0 if steady else STAGGER * effect.stagger)
        crossed = board.band(fighter, health - damage) - board.band(fighter, health)
        rings = not steady and health - damage > 0 and ring
        lost = crossed * STAR * (0.6 + 0.4 / rivals + LEADER * ahead) + DAMAGE * damage
        if not steady and health - damage > 0:
            lost += STAR * (0.8 + LEADER * ahead) if ring else 0.0
            lost += STAGGER * effect.stagger
        if sudden and by is not None and their_stars + crossed + rings >= WINNING_STARS:
            lost += WIN  # the hit would win them the game
        return lost

    def worth(option: str) -> float:
        if option == "take":
            return -loss(0, False)
        if option.startswith("d."):
            card = content.CARDS_BY_ID[option[2:]]
            keep = 2.2 if card.everything else 0.8 + 0.3 * card.block + 0.4 * card.steady
            keep -= 0.8 * card.draw
            return -loss(attack.BLOCK_ALL if card.everything else card.block, card.steady) - keep
        block = content.BUTTONS_BY_ID[player.pad[int(option[1:])].card].block
        keep = 0.9 + (1.5 if pushed >= RESET else 0.0)  # it may be wanted before our reset
        return -loss(block, False) - keep

    return [max(ids, key=lambda option: (worth(option), option == "take"))]


def _shove(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    if "off" in ids:
        return ["off"]
    task = state.ask.task if state.ask else None
    t = Table(state, seat)
    mine = t.spots.get(t.me)
    pulling = task is not None and attack.effect_of(task).pull > 0

    def score(label: str) -> tuple[float, str]:
        spot = parse_label(label)
        value = float(edge_count(t, spot))
        if mine is not None:
            value += -0.6 * spot.distance(mine) if pulling else 0.1 * spot.distance(mine)
        return value, label

    return [max(ids, key=score)]


def _stagger(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    """The buttons least worth keeping free (a stagger pushes them)."""
    t = Table(state, seat)
    pad = state.players[seat].pad
    return sorted(ids, key=lambda i: (button_worth(t, pad[int(i[1:])].card), i))[:count]


def _keep(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    """The buttons most worth keeping at the reset (the rest are discarded)."""
    t = Table(state, seat)
    pad = state.players[seat].pad
    return sorted(ids, key=lambda i: (-button_worth(t, pad[int(i[1:])].card), i))[:count]


def _recharge(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    """The buttons most worth freeing now, not one that only recharges (as `recharge` scores it)."""
    t = Table(state, seat)
    pad = state.players[seat].pad

    def key(option: str) -> tuple[bool, float, str]:
        card = pad[int(option[1:])].card
        return RECHARGE_ONLY.get(card, False), -button_worth(t, card), option

    return sorted(ids, key=key)[:count]


def _pay(state: PunchState, seat: int, ids: list[str], count: int) -> list[str]:
    """The way to pay that spends the buttons least worth keeping (the suggested one on a tie)."""
    t = Table(state, seat)
    pad = state.players[seat].pad

    def spent(option: str) -> float:
        return sum(button_worth(t, pad[int(i)].card) for i in option[1:].split("."))

    return [min(ids, key=lambda option: (spent(option), ids.index(option)))]


CHOOSERS = {
    "revive": _revive,
    "move": _spaces,
    "place": _place,
    "draw": _draw,
    "main": _main,
    "drop": _first,
    "target": _target,
    "defend": _defend,
    "shove": _shove,
    "stagger": _stagger,
    "recharge": _recharge,
    "reset": _keep,
    "claim": _first,
    "chain": _chain,
    "pay": _pay,
    "chase": _first,
}


# --- hard: one step ahead -----------------------------------------------------------------------------


class Lookahead:
    """Plays each of the best few options out to the end of the turn on a copy of the table, with
    the cards the seat cannot see shuffled, and keeps the option whose position is worth most."""

    def __init__(self, engine: Any, rng: Rng) -> None:
        self.engine = engine
        self.rng = rng

    def best(self, state: PunchState, seat: int, key: str, ids: list[str]) -> str:
        ranked = ranking(state, seat, key, ids)
        if len(ranked) == 1:
            return ranked[0]
        data = self.engine.encode(state)
        salt = self.rng.below(1 << 30)
        values = {option: self.play_out(data, seat, key, option, salt) for option in ranked}
        return max(ranked, key=lambda option: values[option])

    def play_out(self, data: bytes, seat: int, key: str, option: str, salt: int) -> float:
        state: PunchState = self.engine.decode(data)
        hide(state, seat, Rng(salt))
        rng = Rng(salt + 1)
        state.rng = rng.state
        turn = (state.turn, state.rounds)
        answers.answer(state, rng, seat, key, [option])
        for _ in range(LOOK_STEPS):
            if state.phase == "over" or state.ask is None or (state.turn, state.rounds) != turn:
                break  # the turn (or the game) is over
            found = answerable(state)
            if not found:
                break
            asked = found[0]
            ids = [o.id for o in asked.options if o.id != "back"]
            choice = policy_choice(state, asked.seat, asked.key.partition(".")[0], ids, asked.min_choices)
            answers.answer(state, rng, asked.seat, asked.key, choice)
        return position(state, seat)


def ranking(state: PunchState, seat: int, key: str, ids: list[str]) -> list[str]:
    """The options worth playing out, best first by the normal policy's scores."""
    if key == "chain":
        t = Table(state, seat)
        sim = t.sim()
        previous = content.CARDS_BY_ID[state.chain[-1]].cost if state.chain else ""
        scores = {STOP: 0.1}
        for option in ids:
            if option.startswith("c."):
                value = chain_value(t, sim, option[2:], previous)
                scores[option] = -9.0 if value is None else value
    else:
        scores = main_scores(state, seat, ids)
    ranked = sorted(scores, key=lambda option: -scores[option])
    top = ranked[:LOOK_OPTIONS]
    last = STOP if key == "chain" else "end"
    return top if last in top else [*top[: LOOK_OPTIONS - 1], last]


def hide(state: PunchState, seat: int, rng: Rng) -> None:
    """What the seat cannot see, shuffled: the decks, and the rivals' hands among their unseen cards."""
    rng.shuffle(state.button_deck)
    for other, player in enumerate(state.players):
        if other == seat:
            rng.shuffle(player.deck)
            continue
        unseen = player.hand + player.deck
        rng.shuffle(unseen)
        player.hand, player.deck = unseen[: len(player.hand)], unseen[len(player.hand) :]


def position(state: PunchState, seat: int) -> float:
    """How good the table is for the seat: stars (nine wins), then health, cards and buttons, and
    the rivals' the same way, the leader weighed most."""
    if state.phase == "over" and not state.counts_past_nine:
        best = max(p.stars for p in state.players)
        return WIN * 3 if state.players[seat].stars == best else -WIN * 3
    mine = standing(state, seat)
    if state.rush:
        mine += minions_standing(state, seat)
    others = [standing(state, other) for other in range(len(state.players)) if other != seat]
    if not others or state.counts_past_nine:  # co-op: the other player's stars count as ours
        return mine + sum(others)
    return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def minions_standing(state: PunchState, seat: int) -> float:
    """Minion Rush: the damage on the minions (a K.O. is four of it) and the ones next to the
    seat's fighter, which hit it at their next reveal."""
    value = MINION_DAMAGE * sum(minion.damage for minion in state.minions if minion.at is not None)
    spot = board.hex_of(state, f"f{seat}")
    if spot is not None:
        near = [parse_label(m.at).distance(spot) for m in state.minions if m.at is not None]
        value -= MINION_NEAR * near.count(1) + 0.15 * MINION_NEAR * near.count(2)
    return value


def standing(state: PunchState, seat: int) -> float:
    player = state.players[seat]
    value = STAR * player.stars
    if not state.rush and player.fighter:
        fighter = content.FIGHTERS_BY_ID[player.fighter]
        health = player.health if player.at is not None else board.max_health(player.fighter)
        band = board.band(player.fighter, health)
        left = health - sum(fighter.bands[band + 1 :]) if band < len(fighter.bands) else 0
        value += 0.3 * health + 0.4 * left
    elif state.rush and player.at is not None:
        value += 0.25 * player.health
    value += 0.6 * min(len(player.hand), 5) + 0.5 * sum(1 for b in player.pad if not b.pushed)
    value += 0.3 * len(player.pad)
    if player.at is not None:
        spot = parse_label(player.at)
        grid = board.grid_of(state)
        value -= EDGE * sum(1 for near in spot.neighbours() if not grid.on_board(near))
    return value

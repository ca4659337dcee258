"""What a play is worth to the AI, played through on a `Sim`: an attack (the colours it turns, the
ring-out it can make, the stagger), a move before it, a combo card and the best card to chain after
it, a button pushed for its effect, the MOVE and DRAW actions (`main_scores`)."""

from __future__ import annotations

from functools import cache

from engines.punchfighter import board, content, pay
from engines.punchfighter.ai_table import (
    DAMAGE,
    MINION_DAMAGE,
    RECHARGE_ONLY,
    RESET,
    RING_OUT,
    SAFETY,
    SPEND,
    STAGGER,
    STAR,
    WIN,
    Sim,
    Table,
    button_gain,
    button_worth,
    card_draw,
    edge_count,
    effects_of,
    moves,
    spend,
    spot_score,
)
from engines.punchfighter.hexes import (
    Hex,
    Landing,
    line_of_sight,
    pull_paths,
    push_paths,
    throw_ends,
)
from engines.punchfighter.schema import Attack, Draw, Effect, FighterCard, Heal, Move, Recharge
from engines.punchfighter.state import WINNING_STARS, PunchState


def landings(t: Table, sim: Sim, origin: Hex, target: str, effect: Attack) -> list[Landing]:
    spot = sim.spots[target]
    blocked = [h for piece, h in sim.spots.items() if piece not in (target, t.me)] + [origin]
    if effect.push:
        return push_paths(t.grid, origin, spot, effect.push, blocked)
    if effect.pull:
        return pull_paths(t.grid, origin, spot, effect.pull, blocked)
    return throw_ends(t.grid, spot, effect.throw, blocked)


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

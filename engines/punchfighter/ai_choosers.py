"""The AI's answer to each kind of question (`CHOOSERS`), and the normal policy without slips
(`policy_choice`, which the hard level's play-outs use)."""

from __future__ import annotations

from typing import Any

from engines.punchfighter import attack, board, content, plays
from engines.punchfighter.ai_plays import (
    best_strike,
    button_hits,
    chain_from,
    chain_value,
    combos,
    launch_from,
    main_scores,
    strike,
)
from engines.punchfighter.ai_table import (
    DAMAGE,
    LEADER,
    PLACE_AT,
    RECHARGE_ONLY,
    RESET,
    SAFETY,
    STAGGER,
    STAR,
    WIN,
    Table,
    button_gain,
    button_worth,
    card_draw,
    edge_count,
    effects_of,
    spot_score,
)
from engines.punchfighter.asks import STOP
from engines.punchfighter.hexes import (
    parse_label,
)
from engines.punchfighter.schema import Attack
from engines.punchfighter.state import WINNING_STARS, PunchState

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


def policy_choice(state: PunchState, seat: int, key: str, ids: list[str], count: int) -> list[str]:
    """The normal policy's answer without slips, its main menu and chains `light` (the hard level's
    play-outs, which must be quick)."""
    if key == "main":
        return _main(state, seat, ids, count, light=True)
    if key == "chain":
        return _chain(state, seat, ids, count, light=True)
    return CHOOSERS[key](state, seat, ids, count)

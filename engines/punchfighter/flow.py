"""The turn: phases, the queue of effects, and resolving each task until a question is needed.

Rulebook sections: Setup, Taking a Turn (revive, power up, action, reset, discard), Minion Rush's
minion phase, Claiming Achievements, Ending the Game. A task either resolves at once or sets the
one `Ask` the game then waits for (`asks` answers it and calls `advance` again).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Rng
from engines.core.words import called, counted, possessive, verb
from engines.punchfighter import attack, board, content, drawing, minions, plays
from engines.punchfighter.achievements import reached
from engines.punchfighter.hexes import parse_label
from engines.punchfighter.state import WINNING_STARS, Ask, PunchState, Task, TurnStats

MOVE_ACTION = 4
DRAW_ACTION = 2
RESET_BUTTONS = 4
RUSH_STEP = 2  # Minion Rush: spaces a fighter may move after each range-1 attack


def ask(state: PunchState, seat: int, key: str, task: Task | None = None) -> bool:
    """Wait for `seat` to answer `key` about `task`; False, so a task runner can return it."""
    state.ask = Ask(seat=seat, key=key, task=task, since=state.now)
    return False


def advance(state: PunchState, rng: Rng) -> None:
    """Resolve tasks and phases until the game waits for an answer or is over."""
    while state.ask is None and state.phase != "over":
        if state.counts_past_nine and state.deck_out:
            attack.end_game(state, "the button deck ran out")
            return
        if state.queue:
            task = state.queue.pop(0)
            if RUNNERS[task.kind](state, rng, task):
                state.undo = b""  # something resolved: Back no longer applies
        else:
            _next_phase(state, rng)


def _next_phase(state: PunchState, rng: Rng) -> None:
    if state.phase == "choose":
        if state.picking:
            ask(state, state.picking[0], "fighter")
        else:
            _deal(state, rng)
            start_turn(state, state.first)
    elif state.phase == "action":
        ask(state, state.turn, "main")
    elif state.phase == "end":
        start_turn(state, (state.turn + 1) % len(state.players))


def _deal(state: PunchState, rng: Rng) -> None:
    """Fighter decks shuffled, two cards each, health set; the fighters enter at their first revive."""
    for player in state.players:
        player.deck = list(content.DECKS[player.fighter])
        rng.shuffle(player.deck)
        player.hand = [player.deck.pop(), player.deck.pop()]
        player.health = board.max_health(player.fighter)


def start_turn(state: PunchState, seat: int) -> None:
    """A new turn: the game ends here when the button deck ran out and the first player is next."""
    if state.last_round and seat == state.first:
        attack.end_game(state, f"{state.last_round} reached {WINNING_STARS} stars and the round is over")
        return
    if state.deck_out and seat == state.first:
        attack.end_game(state, "the button deck ran out")
        return
    state.turn = seat
    if seat == state.first:
        state.rounds += 1
    for player in state.players:
        player.stats = TurnStats()
    state.action_used = False
    state.chain = []
    state.phase = "action"
    state.say(f"{possessive(state.names[seat])} turn")
    tasks = [Task(kind="minion", seat=seat, count=4)] if state.rush else []
    state.queue = [*tasks, Task(kind="revive", seat=seat), Task(kind="power", seat=seat)]


def end_turn(state: PunchState) -> None:
    """The action phase is over: reset, discard pushed buttons, then achievements are claimed."""
    seat = state.turn
    order = [(seat + i) % len(state.players) for i in range(len(state.players))]
    claims = [] if state.rush else [Task(kind="claim", seat=s) for s in order]
    state.queue = [Task(kind="reset", seat=seat), Task(kind="discard_pushed", seat=seat), *claims]
    state.phase = "end"


# --- task runners: True when the task resolved, False when it asks ------------------------------


def _revive(state: PunchState, rng: Rng, task: Task) -> bool:
    if state.players[task.seat].at is not None:
        return True
    spots = plays.entry_spaces(state)
    if len(spots) > 1:
        return ask(state, task.seat, "revive", task)
    if spots:
        plays.revive(state, task.seat, spots[0])
    return True


def _power(state: PunchState, rng: Rng, task: Task) -> bool:
    label = state.players[task.seat].at
    kind = board.grid_of(state).kind(parse_label(label)) if label is not None else None
    draws = {"yellow": 1, "red": 2}.get(kind or "", 0)
    if draws:
        name = called(state.names[task.seat])
        state.say(f"{name} {verb(name, 'powers')} up on a {kind} space")
        state.queue.insert(0, Task(kind="draw", seat=task.seat, count=draws))
    return True


def _draw(state: PunchState, rng: Rng, task: Task) -> bool:
    found = drawing.sources(state, task.seat)
    if not found:
        return True
    if len(found) > 1:
        return ask(state, task.seat, "draw", task)
    drawing.draw(state, rng, task.seat, found[0])
    if task.count > 1:
        state.queue.insert(0, Task(kind="draw", seat=task.seat, count=task.count - 1))
    return True


def _move(state: PunchState, rng: Rng, task: Task) -> bool:
    if not plays.destinations(state, f"f{task.seat}", task.count):
        return True
    return ask(state, task.seat, "move", task)


def _attack(state: PunchState, rng: Rng, task: Task) -> bool:
    reach = attack.effect_of(task).range
    found = attack.targets(state, task.attacker, reach)
    if not found:
        state.say(f"{board.piece_title(state, task.attacker)} has no one to hit")
        return True
    if len(found) > 1:
        return ask(state, task.seat, "target", task)
    task.target = found[0]
    return defend_or_strike(state, task)


def defend_or_strike(state: PunchState, task: Task) -> bool:
    """The target's player may defend (a defence card or a Block button); otherwise it lands."""
    defender = board.owner(task.target)
    if defender is not None and plays.defences(state, defender):
        return ask(state, defender, "defend", task)
    state.queue.insert(0, strike_task(task))
    return True


def strike_task(task: Task) -> Task:
    """The attack in `task` landing, with what the defence blocked."""
    return Task(
        kind="strike",
        seat=task.seat,
        source=task.source,
        effect=task.effect,
        attacker=task.attacker,
        target=task.target,
        blocked=task.blocked,
        steady=task.steady,
    )


def _strike(state: PunchState, rng: Rng, task: Task) -> bool:
    effect = attack.effect_of(task)
    origin = board.hex_of(state, task.attacker)
    spot = board.hex_of(state, task.target)
    distance = board.grid_of(state).distance(origin, spot) if origin and spot else 0
    dealt = max(0, effect.strength - task.blocked)
    attacker = board.owner(task.attacker)
    if attacker is not None:
        stats = state.players[attacker].stats
        stats.long_hit = max(stats.long_hit, distance)
    attack.hurt(state, task.target, dealt, task.attacker)
    if state.phase == "over":
        return True
    follow: list[Task] = []
    shoved = effect.push or effect.pull or effect.throw
    if shoved and not task.steady and board.where(state, task.target) is not None:
        follow.append(
            Task(
                kind="shove",
                seat=task.seat,
                source=task.source,
                effect=task.effect,
                attacker=task.attacker,
                target=task.target,
            )
        )
    defender = board.owner(task.target)
    if effect.stagger and not task.steady and defender is not None:
        follow.append(Task(kind="stagger", seat=defender, count=effect.stagger))
    if state.rush and attacker is not None and effect.range == 1:
        follow.append(Task(kind="move", seat=attacker, count=RUSH_STEP, source="rush"))
    state.queue = [*follow, *state.queue]
    return True


def _shove(state: PunchState, rng: Rng, task: Task) -> bool:
    ends = plays.shove_ends(state, task)
    if ends and all(end.off_board for end in ends):
        ends = ends[:1]  # every way ends off the board: one outcome, no question (ruling R17)
    if len(ends) > 1:
        return ask(state, task.seat, "shove", task)
    if ends:
        plays.shove(state, task, ends[0])
    return True


def _stagger(state: PunchState, rng: Rng, task: Task) -> bool:
    free = [i for i, button in enumerate(state.players[task.seat].pad) if not button.pushed]
    if len(free) > task.count:
        return ask(state, task.seat, "stagger", task)
    plays.stagger(state, task.seat, free)
    return True


def recharging(state: PunchState, task: Task) -> list[int]:
    """Pad positions a recharge may free: pushed buttons, not one pushed for its own recharge
    (this one, or another that could free this one back: ruling C1)."""
    pad = state.players[task.seat].pad
    return [i for i, button in enumerate(pad) if button.pushed and not button.recharger and i != task.pad]


def _recharge(state: PunchState, rng: Rng, task: Task) -> bool:
    pushed = recharging(state, task)
    if len(pushed) > task.count:
        return ask(state, task.seat, "recharge", task)
    plays.recharge(state, task.seat, pushed)
    return True


def _heal(state: PunchState, rng: Rng, task: Task) -> bool:
    player = state.players[task.seat]
    if player.at is None:
        return True
    before = player.health
    player.health = min(board.max_health(player.fighter), player.health + task.count)
    state.say(f"{board.piece_name(state, f'f{task.seat}')} heals {player.health - before}")
    return True


def _chain(state: PunchState, rng: Rng, task: Task) -> bool:
    if plays.chainable(state, task.seat):
        return ask(state, task.seat, "chain", task)
    plays.end_chain(state, task.seat)
    return True


def _reset(state: PunchState, rng: Rng, task: Task) -> bool:
    pushed = [i for i, button in enumerate(state.players[task.seat].pad) if button.pushed]
    if len(pushed) > RESET_BUTTONS:
        return ask(state, task.seat, "reset", task)
    plays.recharge(state, task.seat, pushed)
    return True


def _discard_pushed(state: PunchState, rng: Rng, task: Task) -> bool:
    player = state.players[task.seat]
    gone = [button.card for button in player.pad if button.pushed]
    player.pad = [button for button in player.pad if not button.pushed]
    state.button_discard.extend(gone)
    if gone:
        name = called(state.names[task.seat])
        state.say(f"{name} {verb(name, 'discards')} {counted(len(gone), 'pushed button')}")
    return True


def _claim(state: PunchState, rng: Rng, task: Task) -> bool:
    met = reached(state, task.seat)
    if len(met) > 1:
        return ask(state, task.seat, "claim", task)
    if met:
        plays.claim(state, task.seat, met[0])
    return True


def _minion(state: PunchState, rng: Rng, task: Task) -> bool:
    minions.reveal(state, task)
    return True


def _minion_place(state: PunchState, rng: Rng, task: Task) -> bool:
    spots = minions.entry_spaces(state)
    if len(spots) > 1:
        return ask(state, task.seat, "place", task)
    if spots:
        minions.place(state, task.minion, spots[0])
    return True


def _minion_step(state: PunchState, rng: Rng, task: Task) -> bool:
    chasing = minions.closest_fighters(state, task.minion)
    if len(chasing) > 1:
        return ask(state, task.seat, "chase", task)
    minions.step(state, task.minion, chasing[0] if chasing else "")
    return True


RUNNERS: dict[str, Callable[[PunchState, Rng, Task], bool]] = {
    "revive": _revive,
    "power": _power,
    "draw": _draw,
    "move": _move,
    "attack": _attack,
    "strike": _strike,
    "shove": _shove,
    "stagger": _stagger,
    "recharge": _recharge,
    "heal": _heal,
    "chain": _chain,
    "reset": _reset,
    "discard_pushed": _discard_pushed,
    "claim": _claim,
    "minion": _minion,
    "minion_place": _minion_place,
    "minion_step": _minion_step,
}

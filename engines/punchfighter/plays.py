"""What a player does to the table: entering, moving, launching and chaining combos, pushing and
discarding buttons, defending, being moved by attacks, claiming achievements.

Rulebook sections: Revive, MOVE, LAUNCH a Combo, CHAIN a Combo, PUSH and DISCARD a Button,
Defending, Push, Pull, Throw, Stagger, Claiming Achievements.
"""

from __future__ import annotations

from engines.core.words import called, counted, verb
from engines.punchfighter import attack, board, content, pay
from engines.punchfighter.effects import queue_effects
from engines.punchfighter.hexes import Landing, pull_paths, push_paths, reachable, throw_ends
from engines.punchfighter.schema import Recharge
from engines.punchfighter.state import PunchState, Task


def _say(state: PunchState, seat: int, doing: str, rest: str) -> None:
    name = called(state.names[seat])
    state.say(f"{name} {verb(name, doing)} {rest}")


def entry_spaces(state: PunchState) -> list[str]:
    """Free spaces next to a spawn point, where a fighter enters the board (rulebook, Revive)."""
    grid = board.grid_of(state)
    taken = board.blockers(state)
    spots = {
        near
        for spawn in grid.spawn_points
        for near in grid.neighbours(spawn)
        if grid.on_board(near) and near not in taken and near not in grid.spawn_points
    }
    return [grid.label(h) for h in sorted(spots)]


def revive(state: PunchState, seat: int, label: str) -> None:
    player = state.players[seat]
    player.at = label
    player.health = board.max_health(player.fighter)
    _say(state, seat, "enters", f"the board at {label}")


def destinations(state: PunchState, piece: str, steps: int) -> dict[str, int]:
    """Spaces the piece can move to in up to `steps` steps, with the steps each takes."""
    start = board.hex_of(state, piece)
    if start is None:
        return {}
    grid = board.grid_of(state)
    found = reachable(grid, start, steps, board.blockers(state, besides=piece))
    return {grid.label(h): n for h, n in sorted(found.items(), key=lambda item: item[0])}


def can_move(state: PunchState, piece: str) -> bool:
    """Whether the piece has a free space next to it (then a move can go somewhere)."""
    start = board.hex_of(state, piece)
    if start is None:
        return False
    grid = board.grid_of(state)
    taken = board.blockers(state, besides=piece)
    return any(grid.standable(near) and near not in taken for near in grid.neighbours(start))


def walk(state: PunchState, seat: int, label: str, steps: int) -> None:
    """Move the seat's fighter by its own movement."""
    state.players[seat].at = label
    state.players[seat].stats.moved += steps
    _say(state, seat, "moves", f"to {label}")


# --- combos and buttons -------------------------------------------------------------------------


def launchable(state: PunchState, seat: int) -> list[str]:
    """Combo cards in hand the pad can pay for now (distinct ids, in hand order)."""
    player = state.players[seat]
    seen: list[str] = []
    for card in player.hand:
        if (
            card not in seen
            and content.CARDS_BY_ID[card].is_combo
            and pay.affordable(player.pad, card_cost(state, card))
        ):
            seen.append(card)
    return seen


def card_cost(state: PunchState, card: str) -> str:
    return pay.cost_now(state.chain, card)


def chainable(state: PunchState, seat: int) -> list[str]:
    """Combo cards that can be chained onto the open chain now."""
    return launchable(state, seat) if state.chain else []


def play_card(state: PunchState, seat: int, card: str, paid: list[int] | None = None) -> None:
    """Launch or chain a combo card: push its cost (with the buttons at `paid`, default the
    suggested payment; no button effects), then its effects resolve, then the chain may go on."""
    player = state.players[seat]
    cost = card_cost(state, card)
    paid = paid if paid is not None else pay.payment(player.pad, cost)
    assert paid is not None
    for index in paid:
        player.pad[index].pushed = True
    player.hand.remove(card)
    chained = bool(state.chain)
    state.chain.append(card)
    shown = "-".join(cost) if cost else "nothing"
    _say(
        state, seat, "chains" if chained else "launches", f"{content.CARDS_BY_ID[card].name} (paying {shown})"
    )
    state.queue.insert(0, Task(kind="chain", seat=seat))
    queue_effects(state, seat, card)


def end_chain(state: PunchState, seat: int) -> None:
    """The chain is over: its cards go to the fighter discard pile."""
    player = state.players[seat]
    player.stats.chain = max(player.stats.chain, len(state.chain))
    player.discard.extend(state.chain)
    state.chain = []


def push_button(state: PunchState, seat: int, index: int) -> None:
    """Push a button for its effect (a free action)."""
    player = state.players[seat]
    button = player.pad[index]
    button.pushed = True
    button.recharger = any(
        isinstance(effect, Recharge) for effect in content.BUTTONS_BY_ID[button.card].effects
    )
    player.stats.pushed += 1
    _say(state, seat, "pushes", content.BUTTONS_BY_ID[button.card].name)
    queue_effects(state, seat, button.card, index)


def pushable(state: PunchState, seat: int) -> list[int]:
    """Pad positions that can be pushed for an effect now (not Block buttons: they answer attacks)."""
    pad = state.players[seat].pad
    return [i for i, b in enumerate(pad) if not b.pushed and content.BUTTONS_BY_ID[b.card].effects]


def discard_button(state: PunchState, seat: int, index: int) -> None:
    player = state.players[seat]
    card = player.pad.pop(index).card
    state.button_discard.append(card)
    _say(state, seat, "discards", content.BUTTONS_BY_ID[card].name)


def stagger(state: PunchState, seat: int, indexes: list[int]) -> None:
    """Thumb tokens on these buttons, without their effects."""
    for index in indexes:
        state.players[seat].pad[index].pushed = True
    if indexes:
        _say(state, seat, "is", f"staggered: {counted(len(indexes), 'button')} pushed")


def recharge(state: PunchState, seat: int, indexes: list[int]) -> None:
    """Thumb tokens off these buttons."""
    for index in indexes:
        button = state.players[seat].pad[index]
        button.pushed = button.recharger = False


# --- defending ----------------------------------------------------------------------------------


def defences(state: PunchState, seat: int) -> list[str]:
    """How the seat can answer an attack: `d.<card>` defence cards in hand, `b<i>` Block buttons."""
    player = state.players[seat]
    cards = sorted({card for card in player.hand if not content.CARDS_BY_ID[card].is_combo})
    blocks = [
        f"b{i}" for i, b in enumerate(player.pad) if not b.pushed and content.BUTTONS_BY_ID[b.card].block
    ]
    return [f"d.{card}" for card in cards] + blocks


def defend(state: PunchState, task: Task, seat: int, answer: str) -> None:
    """Play a defence card or push a Block button against the attack in `task`."""
    player = state.players[seat]
    if answer.startswith("d."):
        card = content.CARDS_BY_ID[answer[2:]]
        player.hand.remove(card.id)
        player.discard.append(card.id)
        task.blocked = attack.BLOCK_ALL if card.everything else card.block
        task.steady = card.steady
        _say(state, seat, "defends", f"with {card.name}")
        if card.draw:
            state.queue.insert(0, Task(kind="draw", seat=seat, count=card.draw))
    else:
        button = player.pad[int(answer[1:])]
        button.pushed = True
        task.blocked = content.BUTTONS_BY_ID[button.card].block
        _say(state, seat, "blocks", f"with {content.BUTTONS_BY_ID[button.card].name}")
    player.stats.blocked += min(task.blocked, attack.effect_of(task).strength)


# --- forced movement ----------------------------------------------------------------------------


def shove_ends(state: PunchState, task: Task) -> list[Landing]:
    """Where an attack's push, pull or throw can leave its target."""
    effect = attack.effect_of(task)
    grid = board.grid_of(state)
    origin = board.hex_of(state, task.attacker)
    spot = board.hex_of(state, task.target)
    if origin is None or spot is None:
        return []
    blocked = board.blockers(state, besides=task.target)
    if effect.push:
        return push_paths(grid, origin, spot, effect.push, blocked)
    if effect.pull:
        return pull_paths(grid, origin, spot, effect.pull, blocked)
    return throw_ends(grid, spot, effect.throw, blocked)


def shove(state: PunchState, task: Task, end: Landing) -> None:
    """Move the attacked piece; off the board it is K.O.'d."""
    grid = board.grid_of(state)
    name = board.piece_title(state, task.target)
    if end.off_board:
        state.say(f"{name} is knocked off the board")
        attack.ring_out(state, task.target, task.attacker)
        return
    if grid.label(end.end) == board.where(state, task.target):
        state.say(f"{name} cannot be moved")  # no step possible (ruling R18)
        return
    board.place(state, task.target, grid.label(end.end))
    state.say(f"{name} is moved to {grid.label(end.end)}")


def claim(state: PunchState, seat: int, achievement: str) -> None:
    state.players[seat].claimed.append(achievement)
    attack.gain_stars(state, seat, 1, f"achievement {content.ACHIEVEMENTS_BY_ID[achievement].name}")

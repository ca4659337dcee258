"""Attacks: who is in range and line of sight, what a hit does to a dial, stars and K.O.s.

Rulebook sections: Attack, K.O., Earning Stars, and Minion Rush's attacking changes.
"""

from __future__ import annotations

from engines.core.words import called, verb
from engines.punchfighter import board, content
from engines.punchfighter.hexes import line_of_sight
from engines.punchfighter.schema import Attack
from engines.punchfighter.state import MINION_HEALTH, WINNING_STARS, PunchState, Task

MINION_ATTACK = Attack(range=1, strength=4)
"""Every minion's attack (rulebook, Minion Rush: Attack 1 range, 4 strength)."""
BLOCK_ALL = 99
"""What a defence that blocks everything blocks."""


def effect_of(task: Task) -> Attack:
    """The attack a task resolves: a card's or button's effect, or a minion's."""
    if task.attacker.startswith("m"):
        return MINION_ATTACK
    effects = (
        content.CARDS_BY_ID[task.source].effects
        if task.source in content.CARDS_BY_ID
        else content.BUTTONS_BY_ID[task.source].effects
    )
    effect = effects[task.effect]
    assert isinstance(effect, Attack)
    return effect


def may_target(state: PunchState, attacker: str, target: str) -> bool:
    """Who may attack whom: anyone in Standard; in Minion Rush fighters attack only minions and
    minions only fighters."""
    if attacker == target:
        return False
    if state.rush:
        return attacker.startswith("m") != target.startswith("m")
    return True


def targets(state: PunchState, attacker: str, reach: int) -> list[str]:
    """Pieces the attacker may hit with an attack of range `reach`: in range and line of sight."""
    origin = board.hex_of(state, attacker)
    if origin is None:
        return []
    grid = board.grid_of(state)
    found = []
    for piece in board.pieces(state).values():
        if not may_target(state, attacker, piece):
            continue
        spot = board.hex_of(state, piece)
        assert spot is not None
        if grid.distance(origin, spot) > reach:
            continue
        others = {h for h in board.blockers(state, besides=attacker) if h != spot}
        if line_of_sight(grid, origin, spot, others):
            found.append(piece)
    return sorted(found)


def gain_stars(state: PunchState, seat: int, stars: int, why: str) -> None:
    """Stars for a seat; at 9 the game ends at once, except in solo and co-op Minion Rush, where
    stars past 9 are counted."""
    if stars <= 0:
        return
    player = state.players[seat]
    player.stars += stars
    name = called(state.names[seat])
    plural = "s" if stars > 1 else ""
    state.say(f"{name} {verb(name, 'earns')} {stars} star{plural} ({why}): {player.stars} in all")
    if player.stars < WINNING_STARS or state.counts_past_nine or state.phase == "over":
        return
    if not state.finishes_round:
        end_game(state, f"{state.names[seat]} reached {WINNING_STARS} stars")
    elif not state.last_round:
        state.last_round = state.names[seat]
        state.say(
            f"{state.names[seat]} has {WINNING_STARS} stars: the round is played out, then most stars wins"
        )


def end_game(state: PunchState, why: str) -> None:
    """The game is over: nothing more to resolve or ask."""
    state.phase = "over"
    state.queue.clear()
    state.ask = None
    state.undo = b""
    state.winner_note = why
    state.say(f"Game over: {why}")


def knock_out(state: PunchState, piece: str, by: str, reason: str) -> None:
    """Take a K.O.'d piece off the board, with its stars: a minion K.O. earns its attacker one;
    in Minion Rush a K.O.'d fighter's player loses one."""
    board.place(state, piece, None)
    seat = board.owner(piece)
    attacker = board.owner(by) if by else None
    state.say(f"{board.piece_title(state, piece)} is K.O.'d ({reason})")
    if attacker is not None:
        state.players[attacker].stats.knockouts += 1
    if seat is None:
        minion = next(m for m in state.minions if m.letter == piece[1:])
        minion.damage = 0
        if attacker is not None:
            gain_stars(state, attacker, 1, f"K.O. of the {piece[1:]} minion")
        return
    if state.rush and state.players[seat].stars > 0:
        state.players[seat].stars -= 1
        state.say(f"{called(state.names[seat])} {verb(called(state.names[seat]), 'loses')} a star")


def hurt(state: PunchState, target: str, damage: int, by: str) -> None:
    """Deal `damage` to a piece: the dial turns down (a star for the attacker's player each time
    it changes colour, the skull included), a K.O. on the skull or a minion's fourth damage."""
    attacker = board.owner(by)
    if attacker is not None and damage > 0:
        stats = state.players[attacker].stats
        stats.damage += damage
        if target not in stats.targets:
            stats.targets.append(target)
    seat = board.owner(target)
    if seat is None:
        minion = next(m for m in state.minions if m.letter == target[1:])
        minion.damage += damage
        state.say(f"{board.piece_title(state, target)} takes {damage} damage")
        if minion.damage >= MINION_HEALTH:
            knock_out(state, target, by, "4 damage")
        return
    player = state.players[seat]
    before = board.band(player.fighter, player.health)
    player.health = max(0, player.health - damage)
    after = board.band(player.fighter, player.health)
    state.say(f"{board.piece_name(state, target)} takes {damage} damage: {player.health} health left")
    if player.health == 0:  # off the board before the stars, which may end the game
        knock_out(state, target, by, "the skull")
    if attacker is not None and after > before and not state.rush:
        gain_stars(state, attacker, after - before, "the dial changed colour")


def ring_out(state: PunchState, target: str, by: str) -> None:
    """A piece moved off the board: K.O.'d (no more health lost), a star for the fighter who
    moved it (in Standard; minions count as any K.O. in Minion Rush)."""
    attacker = board.owner(by)
    if attacker is not None:
        state.players[attacker].stats.ring_outs += 1
    knock_out(state, target, by, "off the board")
    if attacker is not None and board.owner(target) is not None and not state.rush:
        gain_stars(state, attacker, 1, "a ring-out")

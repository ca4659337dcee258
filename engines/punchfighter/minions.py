"""Minion Rush's minion phase: four reveals from the button deck, minions entering on the outer
ring, attacking the player fighters and stepping closer (rulebook, Minion Rush Mode: O. Minion).

The active player chooses where a minion enters, whom it attacks and whom it chases when several
are equally close; the step itself goes to the free space nearest its quarry (the first in board
order on a tie, ruling R28).
"""

from __future__ import annotations

from engines.punchfighter import board, content, drawing
from engines.punchfighter.hexes import Hex
from engines.punchfighter.state import PunchState, Task

LETTERS = ("A", "B", "C", "D")


def reveal(state: PunchState, task: Task) -> None:
    """Discard the top button: a letter brings its minion in, to attack and step; a W makes every
    minion on the board attack."""
    card = drawing.reveal(state)
    if card is None:
        return
    state.button_discard.append(card)
    letter = content.BUTTONS_BY_ID[card].letter
    state.say(f"Minion phase: {content.BUTTONS_BY_ID[card].name} ({letter}) is revealed")
    follow: list[Task] = []
    if letter == "W":
        follow = [
            Task(kind="attack", seat=task.seat, attacker=f"m{m.letter}", minion=m.letter)
            for m in state.minions
            if m.at is not None
        ]
    else:
        minion = next(m for m in state.minions if m.letter == letter)
        if minion.at is None:
            follow.append(Task(kind="minion_place", seat=task.seat, minion=letter))
        follow += [
            Task(kind="attack", seat=task.seat, attacker=f"m{letter}", minion=letter),
            Task(kind="minion_step", seat=task.seat, minion=letter),
        ]
    if task.count > 1:
        follow.append(Task(kind="minion", seat=task.seat, count=task.count - 1))
    state.queue = [*follow, *state.queue]


def entry_spaces(state: PunchState) -> list[str]:
    """Free yellow power-up spaces on the outer ring of the board."""
    grid = board.grid_of(state)
    taken = board.blockers(state)
    ring = [
        h
        for h in grid.hexes
        if grid.kind(h) == "yellow"
        and h not in taken
        and any(grid.kind(n) is None for n in grid.neighbours(h))
    ]
    return [grid.label(h) for h in sorted(ring)]


def place(state: PunchState, letter: str, label: str) -> None:
    board.place(state, f"m{letter}", label)
    state.say(f"The {letter} minion enters at {label}")


def closest_fighters(state: PunchState, letter: str) -> list[str]:
    """The player fighters nearest the minion (several on a tie); none when it is off the board."""
    spot = board.hex_of(state, f"m{letter}")
    if spot is None:
        return []
    grid = board.grid_of(state)
    fighters = {
        f"f{seat}": grid.distance(spot, board.hex_of(state, f"f{seat}") or spot)
        for seat, player in enumerate(state.players)
        if player.at is not None
    }
    if not fighters:
        return []
    nearest = min(fighters.values())
    return sorted(piece for piece, distance in fighters.items() if distance == nearest)


def step(state: PunchState, letter: str, quarry: str) -> None:
    """One space closer to `quarry` (a fighter), or toward the nearest red space when no fighter
    is on the board; a minion with no free space closer stays."""
    spot = board.hex_of(state, f"m{letter}")
    if spot is None:
        return
    grid = board.grid_of(state)
    goal = board.hex_of(state, quarry) if quarry else _nearest_red(state, spot)
    if goal is None:
        return
    taken = board.blockers(state)
    closer = [
        n
        for n in grid.neighbours(spot)
        if grid.on_board(n)
        and n not in taken
        and n not in grid.spawn_points
        and grid.distance(n, goal) < grid.distance(spot, goal)
    ]
    if not closer:
        return
    best = min(closer, key=lambda n: (grid.distance(n, goal), n))
    board.place(state, f"m{letter}", grid.label(best))
    state.say(f"The {letter} minion steps to {grid.label(best)}")


def _nearest_red(state: PunchState, spot: Hex) -> Hex | None:
    grid = board.grid_of(state)
    reds = [h for h in grid.hexes if grid.kind(h) == "red"]
    return min(reds, key=lambda h: (grid.distance(spot, h), h), default=None)

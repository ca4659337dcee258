"""What each answer does: the main menu's choices (with Back), and every other question's answer,
after which the game resolves on to its next question (`flow.advance`)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from engines.core import Rng
from engines.core.words import called
from engines.punchfighter import board, content, drawing, flow, minions, pay, plays
from engines.punchfighter.asks import STOP
from engines.punchfighter.state import Ask, PunchState, Task


def answer(state: PunchState, rng: Rng, seat: int, key: str, choice: list[str]) -> None:
    """Apply an answer already checked against `decisions`, then resolve what follows."""
    ask = state.ask
    assert ask is not None
    key = key.partition(".")[0]
    if choice == ["back"]:
        _restore(state)
        flow.advance(state, rng)
        return
    state.ask = None
    task = ask.task
    if key == "main":
        _on_main(state, seat, choice[0])
    else:
        state.undo = b""
        ANSWERS[key](state, rng, seat, task, choice)
    flow.advance(state, rng)


def _snapshot(state: PunchState) -> None:
    """Keep the state as it is, for a Back on the next question."""
    state.undo = b""
    state.undo = msgspec.json.encode(state)


def _restore(state: PunchState) -> None:
    """Back: the state as it was at the main menu (the log and version go on)."""
    kept = msgspec.json.decode(state.undo, type=PunchState)
    for field in PunchState.__struct_fields__:
        if field not in ("version", "log", "said"):
            setattr(state, field, getattr(kept, field))
    state.undo = b""


def _on_main(state: PunchState, seat: int, picked: str) -> None:
    if picked == "end":
        state.undo = b""
        flow.end_turn(state)
        return
    _snapshot(state)
    if picked == "move":
        state.action_used = True
        state.queue.insert(0, Task(kind="move", seat=seat, count=flow.MOVE_ACTION, source="action"))
    elif picked == "draw":
        state.action_used = True
        state.queue.insert(0, Task(kind="draw", seat=seat, count=flow.DRAW_ACTION))
    elif picked == "drop":
        state.ask = Ask(seat=seat, key="drop")
    elif picked.startswith("c."):
        state.action_used = True
        _play(state, seat, picked[2:])
    else:
        plays.push_button(state, seat, int(picked[1:]))


def _play(state: PunchState, seat: int, card: str) -> None:
    """Launch or chain a card: the player chooses the buttons when more than one set can pay."""
    if pay.has_choice(state.players[seat].pad, plays.card_cost(state, card)):
        state.ask = Ask(seat=seat, key="pay", task=Task(kind="pay", seat=seat, source=card))
    else:
        plays.play_card(state, seat, card)


Handler = Callable[[PunchState, Rng, int, Task | None, list[str]], None]


def _need(task: Task | None) -> Task:
    assert task is not None
    return task


def _on_fighter(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    state.players[seat].fighter = choice[0]
    state.picking.pop(0)
    state.say(f"{called(state.names[seat])} picks {content.FIGHTERS_BY_ID[choice[0]].name}")


def _on_revive(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    plays.revive(state, seat, choice[0])


def _on_draw(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    task = _need(task)
    drawing.draw(state, rng, seat, choice[0])
    if task.count > 1:
        state.queue.insert(0, Task(kind="draw", seat=seat, count=task.count - 1))


def _on_drop(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    plays.discard_button(state, seat, int(choice[0][1:]))


def _on_move(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    task = _need(task)
    if choice[0] == STOP:
        return
    steps = plays.destinations(state, f"f{seat}", task.count)[choice[0]]
    plays.walk(state, seat, choice[0], steps)


def _on_target(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    task = _need(task)
    task.target = choice[0]
    flow.defend_or_strike(state, task)


def _on_defend(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    task = _need(task)
    if choice[0] != "take":
        plays.defend(state, task, seat, choice[0])
    state.queue.insert(0, flow.strike_task(task))


def _on_shove(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    task = _need(task)
    grid = board.grid_of(state)
    ends = plays.shove_ends(state, task)
    if choice[0] == "off":
        end = next(e for e in ends if e.off_board)
    else:
        end = next(e for e in ends if not e.off_board and grid.label(e.end) == choice[0])
    plays.shove(state, task, end)


def _indexes(choice: list[str]) -> list[int]:
    return [int(option[1:]) for option in choice]


def _on_stagger(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    plays.stagger(state, seat, _indexes(choice))


def _on_recharge(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    plays.recharge(state, seat, _indexes(choice))


def _on_claim(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    plays.claim(state, seat, choice[0])


def _on_chain(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    if choice[0] == STOP:
        plays.end_chain(state, seat)
    else:
        _play(state, seat, choice[0][2:])


def _on_pay(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    way = [int(index) for index in choice[0][1:].split(".")]
    plays.play_card(state, seat, _need(task).source, way)


def _on_place(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    minions.place(state, _need(task).minion, choice[0])


def _on_chase(state: PunchState, rng: Rng, seat: int, task: Task | None, choice: list[str]) -> None:
    minions.step(state, _need(task).minion, choice[0])


ANSWERS: dict[str, Handler] = {
    "fighter": _on_fighter,
    "revive": _on_revive,
    "draw": _on_draw,
    "drop": _on_drop,
    "move": _on_move,
    "target": _on_target,
    "defend": _on_defend,
    "shove": _on_shove,
    "stagger": _on_stagger,
    "recharge": _on_recharge,
    "reset": _on_recharge,
    "claim": _on_claim,
    "chain": _on_chain,
    "pay": _on_pay,
    "place": _on_place,
    "chase": _on_chase,
}


def time_out(state: PunchState, rng: Rng) -> None:
    """A defence not chosen in time: the hit lands."""
    ask = state.ask
    assert ask is not None
    state.say(f"{called(state.names[ask.seat])} did not defend in time")
    answer(state, rng, ask.seat, "defend", ["take"])

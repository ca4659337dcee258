"""The effect vocabulary at work: which targets a step may take, and what each step does.

Semantics: docs/rulings/smashmasters.md part B. A step that needs a choice pushes a question
(`Choose`, `Discard`, `Search`, `End`, `Place`, `AimTarget`); the rest happens at once.
"""

from __future__ import annotations

from engines.core.words import possessive
from engines.smashmasters import changes, idle
from engines.smashmasters.card_schema import (
    TEAM_LIMIT,
    BringBack,
    Cancel,
    Defeat,
    Discard,
    Draw,
    ExtraCharacter,
    FreeSmash,
    Revive,
    Safe,
    Stun,
    Summon,
)
from engines.smashmasters.context import Ctx
from engines.smashmasters.look import (
    active,
    locate,
    name,
    on_team,
    order_from,
    rivals,
    safe,
)
from engines.smashmasters.piles import discard_random, draw
from engines.smashmasters.state import (
    AimTarget,
    Choose,
    End,
    Place,
    Player,
    Resolve,
    SmashState,
    Source,
    Space,
    Window,
)
from engines.smashmasters.state import Discard as DiscardTask
from engines.smashmasters.state import Search as SearchTask
from engines.smashmasters.targets import (
    TableStep,
    choosing_teams,
    concerned,
    fits,
    source_name,
    steps_of,
    table_targets,
    teams,
)

# --- doing it ----------------------------------------------------------------------------------


DANGER_WORDS = {
    "attack": "attacks",
    "stun": "stuns",
    "defeat": "defeat",
    "story": "Story cards",
    "powers": "rivals' powers",
}


def affect(ctx: Ctx, src: Source, step: TableStep, player: Player, space: Space) -> None:
    """Apply a table step to one character."""
    if isinstance(step, Stun):
        changes.stun(ctx, player, space)
    elif isinstance(step, Revive):
        changes.revive(ctx, player, space)
    elif isinstance(step, Defeat):
        changes.defeat(ctx, player, space)
    elif isinstance(step, Safe):
        changes.add_token(space, step.danger, src.seat, step.duration == "turn")
        owner = possessive(ctx.who(src.seat))
        lasting = "this turn" if step.duration == "turn" else f"until {owner} next turn"
        ctx.say(f"{name(space.char)} is safe from {DANGER_WORDS[step.danger]} {lasting}.")
    else:
        changes.turn_around(space, step.modifiers, step.until, src.seat)
        ctx.say(f"{name(space.char)} is turned around.")


def bring_back(ctx: Ctx, player: Player, char: str, to: str) -> None:
    """A defeated character goes to the Character Stack, or asks for a place on the team."""
    if to == "table":
        ctx.push(Place(seat=player.seat, char=char))
        return
    player.defeated.remove(char)
    player.stack.append(char)
    ctx.say(f"{name(char)} returns to {possessive(ctx.who(player.seat))} Character Stack.")


def pick(ctx: Ctx, task: Choose, char: str) -> None:
    """Carry out one pick of a `Choose` question."""
    step = steps_of(task.src)[task.index]
    if isinstance(step, BringBack):
        bring_back(ctx, ctx.state.players[task.chooser], char, step.to)
        return
    assert isinstance(step, TableStep)
    found = locate(ctx.state, char)
    assert found is not None
    affect(ctx, task.src, step, *found)


def _with_own_loss_rule(src: Source, targets: list[tuple[Player, Space]]) -> list[tuple[Player, Space]]:
    """Leave out the card player's characters when defeating them all would put them out."""
    mine = [space for player, space in targets if player.seat == src.seat]
    if not mine:
        return targets
    player = next(player for player, _ in targets if player.seat == src.seat)
    removed = [space for space in mine if not safe(player, space, "defeat")]
    if player.stack or len(removed) < len(on_team(player)):
        return targets
    return [(p, s) for p, s in targets if p.seat != src.seat]


def _targeted(ctx: Ctx, src: Source, index: int, step: TableStep | BringBack) -> None:
    """A step with a target: one named character, questions (choose, each_team), or all at once."""
    state = ctx.state
    target = step.target
    if target.who in ("self", "trigger"):
        char = src.char if target.who == "self" else src.trigger
        if isinstance(step, BringBack):
            owner = state.players[src.seat]
            if char in owner.defeated:
                bring_back(ctx, owner, char, step.to)
            return
        named = locate(state, char)
        if named is not None and fits(step, src, *named):
            affect(ctx, src, step, *named)
        elif named is not None:
            idle.explain(ctx, src, step, [named], affected=0)
        return
    if target.select == "each_team":
        owners = (
            choosing_teams(state, src, step)
            if not isinstance(step, BringBack)
            else teams(state, src, target, src.seat, own=False)
        )
        ctx.push(*[Choose(src=src, index=index, chooser=p.seat, left=target.count, own=True) for p in owners])
    elif target.select == "choose":
        ctx.push(Choose(src=src, index=index, chooser=src.seat, left=target.count))
    else:
        assert not isinstance(step, BringBack)
        found = table_targets(state, src, step, src.seat, own=False)
        if isinstance(step, Defeat):
            found = _with_own_loss_rule(src, found)
        idle.explain(ctx, src, step, concerned(state, src, step, src.seat, False), affected=len(found))
        for player, space in found:
            affect(ctx, src, step, player, space)


def _named_players(state: SmashState, src: Source, players: str) -> list[Player]:
    if players == "you":
        you = state.players[src.seat]
        return [] if you.out else [you]
    return rivals(state, src.seat) if players == "rivals" else order_from(state, src.seat)


def _draws_after(src: Source, index: int, player: Player) -> int:
    """How many cards the steps after `index` make this player draw (Spring Cleaning's 2)."""
    steps = steps_of(src)[index + 1 :]
    mine = src.seat == player.seat
    return sum(
        step.count
        for step in steps
        if isinstance(step, Draw)
        and step.card is None
        and (step.players == "all" or (step.players == "you") == mine)
    )


def cancel(ctx: Ctx) -> None:
    """Cancel the event of the open react window, and close the window."""
    tasks = ctx.state.tasks
    at = max(i for i, task in enumerate(tasks) if isinstance(task, Window))
    window = tasks[at]
    assert isinstance(window, Window)
    window.closed = True
    if window.trigger == "ally_attacked":
        assert ctx.state.battle is not None
        ctx.state.battle.cancelled = True
        return
    below = tasks[at - 1]
    assert isinstance(below, Resolve)
    below.cancelled = True


def start_step(ctx: Ctx, src: Source, index: int) -> None:
    """Resolve one effect step (pushing its questions, if it has any)."""
    state = ctx.state
    step = steps_of(src)[index]
    if isinstance(step, Cancel):
        cancel(ctx)
    elif isinstance(step, FreeSmash):
        found = locate(state, src.char)
        if found is not None and active(found[1]):
            ctx.push(AimTarget(attacker=src.char, strength=step.strength, src=src))
    elif isinstance(step, Summon):
        ctx.push(
            *[Place(seat=p.seat) for p in _named_players(state, src, step.players) for _ in range(step.count)]
        )
    elif isinstance(step, ExtraCharacter):
        named = _named_players(state, src, step.players)
        ctx.push(*[End(seat=p.seat) for p in named if len(p.team) < TEAM_LIMIT])
    elif isinstance(step, Draw):
        named = _named_players(state, src, step.players)
        if step.card is None:
            for player in named:
                draw(ctx, player, step.count, announce=True)
        else:
            ctx.push(*[SearchTask(seat=p.seat, kind=step.card, left=step.count) for p in named])
    elif isinstance(step, Discard):
        named = _named_players(state, src, step.players)
        if step.random:
            for player in named:
                discard_random(ctx, player, step.count)
        else:
            why, count = source_name(src), step.count
            ctx.push(
                *[
                    DiscardTask(seat=p.seat, low=count, high=count, why=why, then=_draws_after(src, index, p))
                    for p in named
                ]
            )
    else:
        _targeted(ctx, src, index, step)

"""The effect vocabulary at work: which targets a step may take, and what each step does.

Semantics: docs/rulings/smashmasters.md part B. A step that needs a choice pushes a question
(`Choose`, `Discard`, `Search`, `End`, `Place`, `AimTarget`); the rest happens at once.
"""

from __future__ import annotations

from engines.smashmasters import changes
from engines.smashmasters.cards import (
    TEAM_LIMIT,
    BringBack,
    Cancel,
    Defeat,
    Discard,
    Draw,
    Effect,
    ExtraCharacter,
    FreeSmash,
    Revive,
    Safe,
    Stun,
    Summon,
    Target,
    TurnAround,
    card_steps,
)
from engines.smashmasters.context import Ctx
from engines.smashmasters.look import (
    active,
    card_of,
    char_of,
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

TableStep = Stun | Revive | Defeat | Safe | TurnAround


def steps_of(src: Source) -> tuple[Effect, ...]:
    """The effect steps of what is resolving."""
    return card_steps(card_of(src.card))


# --- legal targets ---------------------------------------------------------------------------


def _teams(state: SmashState, src: Source, target: Target, chooser: int, own: bool) -> list[Player]:
    if own:
        return [state.players[chooser]]
    if target.who == "own":
        return [state.players[src.seat]]
    if target.who == "rivals":
        return rivals(state, src.seat)
    return order_from(state, src.seat)


def _matches(target: Target, src: Source, space: Space) -> bool:
    if target.power and char_of(space.char).power_type not in target.power:
        return False
    if target.state != "any" and space.stunned != (target.state == "stunned"):
        return False
    return not (target.others and space.char == src.char)


def reachable(src: Source, player: Player, space: Space) -> bool:
    """Not shielded from this source: safe from Stories, or from rivals' powers and Supers."""
    if src.kind == "story":
        return not safe(player, space, "story")
    return player.seat == src.seat or not safe(player, space, "powers")


def changes_it(step: TableStep, player: Player, space: Space) -> bool:
    """Whether the step would change this character."""
    if isinstance(step, Stun):
        return active(space) and not safe(player, space, "stun")
    if isinstance(step, TurnAround):
        return active(space)
    if isinstance(step, Revive):
        return space.stunned
    if isinstance(step, Defeat):
        if not safe(player, space, "defeat"):
            return True
        return active(space) and not safe(player, space, "stun")
    return True


def _fits(step: TableStep, src: Source, player: Player, space: Space) -> bool:
    """A legal target: on the table, matching the filters, reachable, and changed by the step."""
    return (
        bool(space.char)
        and _matches(step.target, src, space)
        and reachable(src, player, space)
        and changes_it(step, player, space)
    )


def _last_one(player: Player, space: Space) -> bool:
    """Defeating this character would put its player out (ruling 15)."""
    return not player.stack and len(on_team(player)) == 1 and not safe(player, space, "defeat")


def table_targets(
    state: SmashState, src: Source, step: TableStep, chooser: int, own: bool
) -> list[tuple[Player, Space]]:
    """The characters on the table a step may affect."""
    found = []
    for player in _teams(state, src, step.target, chooser, own):
        for space in player.team:
            if not _fits(step, src, player, space):
                continue
            if isinstance(step, Defeat) and player.seat == chooser and _last_one(player, space):
                continue
            found.append((player, space))
    return found


def pile_targets(state: SmashState, src: Source, step: BringBack, chooser: int) -> list[str]:
    """The defeated characters a bring_back step may take (always the chooser's own)."""
    target = step.target
    return [
        c
        for c in state.players[chooser].defeated
        if not target.power or char_of(c).power_type in target.power
    ]


def choices(state: SmashState, task: Choose) -> list[str]:
    """The characters a `Choose` question offers."""
    step = steps_of(task.src)[task.index]
    if isinstance(step, BringBack):
        found = pile_targets(state, task.src, step, task.chooser)
    else:
        assert isinstance(step, TableStep)
        found = [space.char for _, space in table_targets(state, task.src, step, task.chooser, task.own)]
    return [char for char in found if char not in task.done]


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
        lasting = "this turn" if step.duration == "turn" else f"until {ctx.who(src.seat)}'s next turn"
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
    ctx.say(f"{name(char)} returns to {ctx.who(player.seat)}'s Character Stack.")


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
        if named is not None and _fits(step, src, *named):
            affect(ctx, src, step, *named)
        return
    if target.select == "each_team":
        teams = _teams(state, src, target, src.seat, own=False)
        ctx.push(*[Choose(src=src, index=index, chooser=p.seat, left=target.count, own=True) for p in teams])
    elif target.select == "choose":
        ctx.push(Choose(src=src, index=index, chooser=src.seat, left=target.count))
    else:
        assert not isinstance(step, BringBack)
        found = table_targets(state, src, step, src.seat, own=False)
        if isinstance(step, Defeat):
            found = _with_own_loss_rule(src, found)
        for player, space in found:
            affect(ctx, src, step, player, space)


def _named_players(state: SmashState, src: Source, players: str) -> list[Player]:
    if players == "you":
        you = state.players[src.seat]
        return [] if you.out else [you]
    return rivals(state, src.seat) if players == "rivals" else order_from(state, src.seat)


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
            ctx.push(*[DiscardTask(seat=p.seat, low=step.count, high=step.count) for p in named])
    else:
        _targeted(ctx, src, index, step)

"""Characters joining a team: the joining rule, summoning from the stack, extra spaces.

The joining rule (B.3): an empty space first (the owner picks which). Otherwise a character
brought back to the table gets an extra space at the end of its owner's choice (rulebook
section 7 Bring Back, section 4 Extra Characters), while a character summoned from the stack may
take the place of a stunned teammate who steps down (or the owner declines). A team at its size
limit has no place.
"""

from __future__ import annotations

from engines.core import Decision, Option
from engines.core.words import possessive
from engines.smashmasters import changes
from engines.smashmasters.card_schema import TEAM_LIMIT
from engines.smashmasters.context import Ctx
from engines.smashmasters.labels import char_option
from engines.smashmasters.look import name
from engines.smashmasters.state import End, Place, Player, SmashState, Space, Summon

KEEP = "keep"
ENDS = ("left", "right")


def space_label(player: Player, index: int) -> str:
    """An empty space, placed by its neighbours."""
    team = player.team
    left = next((name(s.char) for s in reversed(team[:index]) if s.char), "")
    right = next((name(s.char) for s in team[index + 1 :] if s.char), "")
    where = (
        f"between {left} and {right}"
        if left and right
        else f"next to {left or right}"
        if left or right
        else ""
    )
    return f"Space {index + 1} of {len(team)}" + (f" ({where})" if where else "")


def place_question(state: SmashState, task: Place) -> list[Decision]:
    """Where a character joins: an empty space, or in place of a stunned teammate (or not at all)."""
    player = state.players[task.seat]
    if player.out or not (task.char or player.stack):
        return []
    empty = [i for i, space in enumerate(player.team) if not space.char]
    if empty:
        options = [Option(f"s{i}", space_label(player, i)) for i in empty]
    elif task.char:
        if len(player.team) >= TEAM_LIMIT:
            return []
        options = [Option(end, f"A new space at the {end} end of your team") for end in ENDS]
    else:
        stunned = [space.char for space in player.team if space.char and space.stunned]
        if not stunned:
            return []
        options = [
            Option(f"d.{char}", f"Replace {name(char)} (stunned; it goes to the Defeated Pile)")
            for char in stunned
        ]
        options.append(Option(KEEP, "Keep the team as it is"))
    joining = name(task.char) if task.char else "a character from your Character Stack"
    return [Decision(task.seat, "place", f"Where does {joining} join your team?", tuple(options))]


def no_place(ctx: Ctx, task: Place) -> None:
    """A brought-back character with no place goes to the Character Stack instead."""
    player = ctx.state.players[task.seat]
    if task.char and task.char in player.defeated:
        player.defeated.remove(task.char)
        player.stack.append(task.char)
        stack = f"{possessive(ctx.who(task.seat))} Character Stack"
        ctx.say(f"{name(task.char)} finds no place and goes to {stack}.")


def on_place(ctx: Ctx, task: Place, seat: int, picked: list[str]) -> None:
    """Make room if needed, then put the character in (or summon into) the space."""
    player = ctx.state.players[seat]
    choice = picked[0]
    if choice == KEEP:
        no_place(ctx, task)
        return
    if choice.startswith("d."):
        space = next(s for s in player.team if s.char == choice.removeprefix("d."))
        changes.step_down(ctx, player, space)
        index = player.team.index(space)
    elif choice in ENDS:
        index = add_space(ctx, player, choice)
    else:
        index = int(choice.removeprefix("s"))
    if task.char:
        player.defeated.remove(task.char)
        changes.join(ctx, player, index, task.char)
    else:
        ctx.push(Summon(seat=seat, space=index))


def summon_question(state: SmashState, task: Summon) -> list[Decision]:
    """Which character of the Character Stack comes in."""
    player = state.players[task.seat]
    if player.out or not player.stack or player.team[task.space].char:
        return []
    options = tuple(char_option(char) for char in player.stack)
    prompt = f"Summon a character into space {task.space + 1} of your team."
    return [Decision(task.seat, "summon", prompt, options)]


def on_summon(ctx: Ctx, task: Summon, seat: int, picked: list[str]) -> None:
    """The character leaves the stack for the space."""
    player = ctx.state.players[seat]
    player.stack.remove(picked[0])
    changes.join(ctx, player, task.space, picked[0])


def end_question(state: SmashState, task: End) -> list[Decision]:
    """Which end of the team gets the extra space."""
    if state.players[task.seat].out:
        return []
    options = (Option("left", "Left end of the team"), Option("right", "Right end of the team"))
    return [Decision(task.seat, "end", "Extra character: add a space at which end?", options)]


def on_end(ctx: Ctx, task: End, seat: int, picked: list[str]) -> None:
    """Add the space, then summon into it."""
    ctx.push(Summon(seat=seat, space=add_space(ctx, ctx.state.players[seat], picked[0])))


def add_space(ctx: Ctx, player: Player, end: str) -> int:
    """An extra, empty space at the left or right end of the team; its index."""
    index = 0 if end == "left" else len(player.team)
    player.team.insert(index, Space(extra=True))
    ctx.say(f"{possessive(ctx.who(player.seat))} team gains a space at the {end} end.")
    return index

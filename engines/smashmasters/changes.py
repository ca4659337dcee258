"""Changing characters on the table: stun, revive, defeat, join, step down, tokens, turning around.

Stuns, defeats and battle wins that rivals of the turn player may react to are queued in
`state.fired`; `Settle` opens their react windows (never while a react resolves, ruling 20).
"""

from __future__ import annotations

from engines.core.words import possessive
from engines.smashmasters.card_schema import Modifier
from engines.smashmasters.context import Ctx
from engines.smashmasters.look import locate, name, safe
from engines.smashmasters.state import Fired, Player, Space, Token, Turned


def fire(ctx: Ctx, trigger: str, seat: int, char: str) -> None:
    """Queue an event for the react windows, if it can open one."""
    state = ctx.state
    if state.reacting == 0 and seat != state.turn:
        state.fired.append(Fired(trigger=trigger, seat=seat, char=char))


def stun(ctx: Ctx, player: Player, space: Space) -> bool:
    """Stun an active character (not one safe from stuns); it turns back if turned around."""
    if not space.char or space.stunned or safe(player, space, "stun"):
        return False
    space.stunned = True
    space.waking = False
    space.turned = None
    ctx.say(f"{name(space.char)} ({ctx.who(player.seat)}) is stunned.")
    fire(ctx, "ally_stunned", player.seat, space.char)
    return True


def revive(ctx: Ctx, player: Player, space: Space) -> None:
    """A stunned character becomes active; its power works from the next turn."""
    if space.char and space.stunned:
        space.stunned = False
        space.waking = True
        ctx.say(f"{name(space.char)} ({ctx.who(player.seat)}) is revived.")


def leave(player: Player, space: Space) -> str:
    """Take a character off the table (it loses tokens and turning); the space stays."""
    char = space.char
    space.char = ""
    space.stunned = space.waking = False
    space.turned = None
    space.tokens = []
    return char


def defeat(ctx: Ctx, player: Player, space: Space) -> None:
    """Defeat a character; one safe from defeat is stunned instead (if active)."""
    if safe(player, space, "defeat"):
        if stun(ctx, player, space):
            ctx.say(f"{name(space.char)} was safe from defeat, so stunned instead.")
        return
    char = leave(player, space)
    player.defeated.append(char)
    ctx.say(f"{name(char)} ({ctx.who(player.seat)}) is defeated!")
    fire(ctx, "ally_defeated", player.seat, char)


def step_down(ctx: Ctx, player: Player, space: Space) -> None:
    """A stunned character goes to the Defeated Pile to make room (not a defeat)."""
    char = leave(player, space)
    player.defeated.append(char)
    ctx.say(f"{name(char)} ({ctx.who(player.seat)}) steps down to the Defeated Pile.")


def join(ctx: Ctx, player: Player, index: int, char: str) -> None:
    """Put a character, active and fresh, into an empty space of the team."""
    space = player.team[index]
    assert not space.char
    space.char = char
    ctx.say(f"{name(char)} joins {possessive(ctx.who(player.seat))} team in space {index + 1}.")


def add_token(space: Space, danger: str, seat: int, turn_end: bool) -> None:
    """Make a character safe from a danger until `seat`'s next turn (or the end of this turn)."""
    space.tokens.append(Token(danger=danger, seat=seat, turn_end=turn_end))


def turn_around(space: Space, modifiers: tuple[Modifier, ...], until: str, seat: int) -> None:
    """Turn an active character around (replacing an earlier turning)."""
    space.turned = Turned(modifiers=modifiers, until=until, seat=seat)


def end_attack_turning(ctx: Ctx, char: str) -> None:
    """A character's attack is over: a turning that lasts "until it attacks" ends."""
    found = locate(ctx.state, char)
    if found is not None and found[1].turned is not None and found[1].turned.until == "attack":
        found[1].turned = None
        ctx.say(f"{name(char)} turns back around.")

"""Saying why an effect step changes nothing: a character that is safe, or nobody to affect.

Every Story (and power or Super) step that leaves a character it names alone says why in the
log, so a player who expected April Showers to revive somebody can see that nobody was stunned.
"""

from __future__ import annotations

from engines.core.words import acts
from engines.smashmasters.card_schema import BringBack, Defeat, Effect, Revive, Safe, Stun
from engines.smashmasters.context import Ctx
from engines.smashmasters.look import name, safe
from engines.smashmasters.state import Player, Source, Space
from engines.smashmasters.targets import TableStep, reachable, source_name

VERBS: tuple[tuple[type[Effect], str], ...] = (
    (Stun, "stun"),
    (Revive, "revive"),
    (Defeat, "defeat"),
    (Safe, "protect"),
    (BringBack, "bring back"),
)


def verb(step: Effect) -> str:
    """What the step does to a character, as a verb ("stun", "bring back", ...)."""
    return next((word for kind, word in VERBS if isinstance(step, kind)), "turn around")


def shield(src: Source, step: TableStep, player: Player, space: Space) -> str:
    """Why the step leaves this character alone ("" when nothing shields it)."""
    if not reachable(src, step, player, space):
        return "safe from Story cards" if src.kind == "story" else "safe from rivals' powers"
    if isinstance(step, Stun) and safe(player, space, "stun"):
        return "safe from stuns"
    defeat_proof = safe(player, space, "defeat") and (space.stunned or safe(player, space, "stun"))
    return "safe from defeat" if isinstance(step, Defeat) and defeat_proof else ""


def explain(
    ctx: Ctx,
    src: Source,
    step: TableStep,
    named: list[tuple[Player, Space]],
    affected: int,
    again: bool = False,
    whose: str = "",
) -> None:
    """Log each named character the step cannot touch, and say so when it touches nobody
    (`again`: the step already took a target, so "no other"; `whose`: the player who had to
    pick one of their own)."""
    shielded = [(player, space, why) for player, space in named if (why := shield(src, step, player, space))]
    for player, space, why in shielded:
        ctx.say(f"{name(space.char)} ({ctx.who(player.seat)}) is {why}: {source_name(src)} leaves it alone.")
    if not affected and not shielded:
        other = "other " if again else ""
        if whose:
            ctx.say(f"{source_name(src)}: {acts(whose, 'has')} no {other}character to {verb(step)}.")
        else:
            ctx.say(f"{source_name(src)}: no {other}character to {verb(step)}.")

"""Legal targets: which characters an effect step may take, and which it names but cannot reach.

Semantics: docs/rulings/smashmasters.md part B.3 (targets, dangers) and ruling 15.
"""

from __future__ import annotations

from engines.core.words import possessive
from engines.smashmasters.card_schema import (
    BringBack,
    Character,
    Defeat,
    Effect,
    Revive,
    Safe,
    Stun,
    Target,
    TurnAround,
    card_steps,
)
from engines.smashmasters.look import active, card_of, char_of, on_team, order_from, rivals, safe
from engines.smashmasters.state import Choose, Player, SmashState, Source, Space

TableStep = Stun | Revive | Defeat | Safe | TurnAround


def steps_of(src: Source) -> tuple[Effect, ...]:
    """The effect steps of what is resolving."""
    return card_steps(card_of(src.card))


# --- legal targets ---------------------------------------------------------------------------


def teams(state: SmashState, src: Source, target: Target, chooser: int, own: bool) -> list[Player]:
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


def reachable(src: Source, step: TableStep, player: Player, space: Space) -> bool:
    """Not shielded from this source. Safe from Story cards (or from rivals' powers and Supers)
    protects from their harm, stuns and defeats; helpful steps still apply (rulebook section 7,
    Safe: protected from a danger)."""
    if not isinstance(step, Stun | Defeat):
        return True
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


def fits(step: TableStep, src: Source, player: Player, space: Space) -> bool:
    """A legal target: on the table, matching the filters, reachable, and changed by the step."""
    return (
        bool(space.char)
        and _matches(step.target, src, space)
        and reachable(src, step, player, space)
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
    for player in teams(state, src, step.target, chooser, own):
        for space in player.team:
            if not fits(step, src, player, space):
                continue
            if isinstance(step, Defeat) and player.seat == src.seat and _last_one(player, space):
                continue  # ruling 15 protects the card's player only, whoever chooses
            found.append((player, space))
    return found


def choosing_teams(state: SmashState, src: Source, step: TableStep) -> list[Player]:
    """The owners who each pick their own targets for an `each_team` step, in turn order from
    the card's player: with `nearest`, you (when the step names every team) and only the
    nearest rivals who have a legal target."""
    owners = teams(state, src, step.target, src.seat, own=False)
    if not step.target.nearest:
        return owners
    picked: list[Player] = []
    left = step.target.nearest
    for player in owners:
        if player.seat == src.seat:
            picked.append(player)
        elif left and table_targets(state, src, step, player.seat, own=True):
            picked.append(player)
            left -= 1
    return picked


def concerned(
    state: SmashState, src: Source, step: TableStep, chooser: int, own: bool
) -> list[tuple[Player, Space]]:
    """The characters a step names by its filters and state (legal targets or not)."""
    return [
        (player, space)
        for player in teams(state, src, step.target, chooser, own)
        for space in player.team
        if space.char and _matches(step.target, src, space) and _applies(step, space)
    ]


def _applies(step: TableStep, space: Space) -> bool:
    """The step is about a character in this state (a stun about an active one, ...)."""
    if isinstance(step, Stun | TurnAround):
        return active(space)
    return space.stunned if isinstance(step, Revive) else True


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


def source_name(src: Source) -> str:
    """What is resolving, for prompts and the log: the card, or the character's power."""
    found = card_of(src.card)
    return f"{possessive(found.name)} {found.power.name}" if isinstance(found, Character) else found.name

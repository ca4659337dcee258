"""Who can be attacked or have an object discarded, as menu options with short ids.

Villains are named `v:<owner>:<uid>`; hero slots `a:<seat>:<i>` (active) or `r:<seat>:<i>`
(reserve, only when that player has no active hero); objects `o:<seat>:<uid or slot>` and the
plot twist `twist`."""

from __future__ import annotations

from engines.core import Option
from engines.core.words import possessive
from engines.letopsulle import content
from engines.letopsulle.cards_in_play import slot_base, slot_name
from engines.letopsulle.state import LetoState, Slot, Villain

PLOT_POWER = 2


def _villain_label(state: LetoState, owner: int, villain: Villain) -> Option:
    card = content.character(villain.card)
    extras = [f"damage {villain.damage}"] if villain.damage else []
    if villain.item:
        extras.append(content.CARDS[villain.item].name)
    if villain.guard is not None:
        extras.append("defending")
    detail = f"base {card.base}" + "".join(f", {extra}" for extra in extras)
    return Option(
        f"v-{owner}-{villain.uid}", f"{card.name} ({possessive(state.names[owner])} villain)"[:80], detail
    )


def villain_targets(state: LetoState, owner: int | None = None) -> list[Option]:
    """Every active villain (of one owner when given) a hero may attack."""
    return [
        _villain_label(state, seat, villain)
        for seat, team in enumerate(state.teams)
        if owner is None or seat == owner
        for villain in team.villains
    ]


def any_villain(state: LetoState) -> bool:
    """Whether any villain is in play to be attacked (the quick test before listing them)."""
    return any(team.villains for team in state.teams)


def any_hero(state: LetoState, owner: int) -> bool:
    """Whether a villain of `owner` has any hero to attack (see `hero_targets`)."""
    solo = state.seats() == 1
    return any(
        (team.active or team.reserve) and not team.knocked_out and (seat != owner or solo)
        for seat, team in enumerate(state.teams)
    )


def find_villain(state: LetoState, option: str) -> tuple[int, Villain] | None:
    """The villain a `v:` id names, while it is still in play."""
    _, owner, uid = option.split("-")
    team = state.teams[int(owner)]
    found = next((villain for villain in team.villains if villain.uid == int(uid)), None)
    return (int(owner), found) if found else None


def _slot_label(state: LetoState, seat: int, kind: str, i: int, slot: Slot) -> Option:
    hurt = sum(hero.damage for hero in slot.heroes)
    where = "active" if kind == "a" else "reserve"
    detail = f"base {slot_base(slot)}, damage {hurt}, {where}" + (
        ", defending" if slot.guard is not None else ""
    )
    return Option(
        f"{kind}-{seat}-{i}", f"{slot_name(slot)} ({possessive(state.names[seat])} hero)"[:80], detail
    )


def hero_targets(state: LetoState, owner: int) -> list[Option]:
    """The heroes a villain of `owner` may attack: other players' active heroes, or their reserve
    heroes when they have no active one (every team's in solitaire)."""
    found = []
    for seat, team in enumerate(state.teams):
        if (seat == owner and state.seats() > 1) or team.knocked_out:
            continue
        if team.active:
            found += [_slot_label(state, seat, "a", i, slot) for i, slot in enumerate(team.active)]
        else:
            found += [_slot_label(state, seat, "r", i, slot) for i, slot in enumerate(team.reserve)]
    return found


def find_slot(state: LetoState, option: str) -> tuple[int, Slot] | None:
    """The hero slot an `a:`/`r:` id names, while it is still there."""
    kind, seat, i = option.split("-")
    team = state.teams[int(seat)]
    row = team.active if kind == "a" else team.reserve
    return (int(seat), row[int(i)]) if int(i) < len(row) else None


def power_targets(state: LetoState, x: int, *, hero: bool, owner: int = -1) -> list[Option]:
    """Objects on the other side's active cards worth up to X; for heroes, the plot twist too."""
    found = []
    if hero:
        for seat, team in enumerate(state.teams):
            for villain in team.villains:
                if villain.item and content.game_object(villain.item).value <= x:
                    name = content.CARDS[villain.item].name
                    found.append(
                        Option(f"o-{seat}-{villain.uid}", f"{name} on {content.CARDS[villain.card].name}")
                    )
        if state.plot and x >= PLOT_POWER:
            found.append(Option("twist", f"The plot twist {content.CARDS[state.plot].name}"))
        return found
    for seat, team in enumerate(state.teams):
        if seat == owner and state.seats() > 1:
            continue
        for i, slot in enumerate(team.active):
            if slot.item and content.game_object(slot.item).value <= x:
                label = f"{content.CARDS[slot.item].name} on {slot_name(slot)}"
                found.append(Option(f"o-{seat}-{i}", label[:80]))
    return found


def peek_targets(state: LetoState) -> list[Option]:
    """The draw piles Intelligence can look at (hero or villain, any player's)."""
    found = []
    for seat, team in enumerate(state.teams):
        whose = possessive(state.names[seat])
        if team.hero_pile:
            found.append(Option(f"hp-{seat}", f"{whose} hero pile"))
        if team.villain_pile:
            found.append(Option(f"vp-{seat}", f"{whose} villain pile"))
    return found

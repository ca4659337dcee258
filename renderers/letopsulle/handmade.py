"""Hand-made Letopsulle states, turned into views by the engine's own build_view: the crowded
corners real games seldom reach (six players with eight villains each, tag teams defending)."""

from __future__ import annotations

import functools

from engines.letopsulle.state import Hero, LetoState, Slot, Team, Villain
from engines.letopsulle.view import build_view
from renderers.kit.views import View

NAMES = ("Ana", "Bo", "Cyrus the Bold", "Dee", "Eli", "Fay")
VILLAINS = ("zeus", "clubs", "rage", "cowboy", "mafiosa", "concrete_man", "doctor_psi", "david")
OBJECTS = ("v_weapon1", "v_armor2", "", "v_gadget2", "", "v_trap3", "", "v_bomb4")
HEROES = ("night", "paragon", "colonel_niven", "lady_liberty", "gail_markie", "hardcase")


def _team(seat: int, villains: int) -> Team:
    hero = HEROES[seat % len(HEROES)]
    reserve = [Slot(heroes=[Hero(card)]) for card in ("kion", "chrome", "escudo")]
    return Team(
        hand=["h_weapon2", "sir_joan", "h_heal"][: 1 + seat % 3],
        hero_pile=["night"] * (20 - seat),
        hero_discard=["kion"] * seat,
        active=[
            Slot(
                heroes=[Hero(hero, seat % 4)],
                item="h_gadget3" if seat % 2 else "",
                guard=2 if seat == 1 else None,
            )
        ],
        reserve=reserve[: 3 - seat % 2],
        claimed=["rage", "cowboy", "zeus"][: seat % 4],
        knocked_out=seat == 4,
        villain_pile=["clubs"] * (18 - seat),
        villain_discard=["clubs"] * 2,
        villains=[
            Villain(card=VILLAINS[n], uid=n, damage=n % 3, item=OBJECTS[n], guard=1 if n == 2 else None)
            for n in range(villains)
        ],
        waiting=["v_armor1", "v_weapon2"] if seat == 2 else [],
    )


def crowded(players: int = 6, villains: int = 8) -> LetoState:
    """A table of `players` whose every player has `villains` active villains."""
    return LetoState(
        names=list(NAMES[:players]),
        mode="multiplayer",
        options={},
        teams=[_team(seat, villains) for seat in range(players)],
        round=7,
        phase="villain",
        turn=2,
        plot="gang_up",
        plot_owner=3,
        last_battle=[
            "Concrete Man (6 + Strength 1 = 7) attacks Lady Liberty (4, defending +2 = 6).",
            "Lady Liberty takes 1 damage; Concrete Man takes 1.",
        ],
        log=["Cyrus the Bold's villains draw Gang Up."],
    )


def tag_teams() -> LetoState:
    """Two players with the tag-team and two-active options: a tag team defends, one attacks."""
    state = crowded(2, 2)
    state.options = {"tag_teams": "on", "two_active": "on"}
    state.teams[0].active = [
        Slot(heroes=[Hero("chrome", 1), Hero("kion", 1)], guard=3),
        Slot(heroes=[Hero("scimage")], item="h_research"),
    ]
    state.teams[0].reserve = [Slot(heroes=[Hero("roller_girl")]), Slot(heroes=[Hero("sir_joan")])]
    state.teams[0].peek = ["zeus", "v_bomb4", "clubs"]
    state.teams[0].peek_of = "Bo's villain pile"
    state.phase, state.turn = "hero", 0
    return state


def views(state: LetoState, seat: int) -> tuple[View, View]:
    """(public view, the seat's view) of a state."""
    return build_view(state, None), build_view(state, seat)


@functools.cache
def samples() -> dict[str, tuple[View, View]]:
    """The hand-made samples (built once; callers copy the dict)."""
    return {"six_crowded": views(crowded(), 2), "tag_teams": views(tag_teams(), 0)}

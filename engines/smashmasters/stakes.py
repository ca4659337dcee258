"""What an attack or a Smash Battle really does to its loser: the one place that knows.

Prompts, option labels, the battle panel, the log and the AI all read `stake()`, and the battle
result applies it, so what a player is told is what happens (rulebook section 4, Safe in
section 7, rulings 22-24 and B.3's dangers).
"""

from __future__ import annotations

from typing import Literal

from engines.smashmasters.look import has, locate, safe
from engines.smashmasters.state import Battle, SmashState

Stake = Literal["defeated", "stunned", "unharmed"]

WORDS: dict[Stake, str] = {
    "defeated": "defeated",
    "stunned": "stunned",
    "unharmed": "unharmed (it is safe)",
}
"""How a prompt finishes "... and X is ...". """
WIN_WORDS: dict[Stake, str] = {
    "defeated": "a win defeats",
    "stunned": "a win stuns",
    "unharmed": "it is safe: no effect",
}


def stake(state: SmashState, winner: str, loser: str, strength: str) -> Stake:
    """What happens to `loser` when `winner`'s side wins with a `strength` last card (or when
    `winner` attacks a `loser` that is already stunned: no battle, ruling 24)."""
    found = locate(state, loser)
    if found is None:
        return "unharmed"
    player, space = found
    if space.stunned:
        return "unharmed" if safe(player, space, "defeat") else "defeated"
    beaten_by = locate(state, winner)
    heavy = beaten_by is not None and has(beaten_by[1], "heavy_hitter")
    if (strength == "teamup" or heavy) and not safe(player, space, "defeat"):
        return "defeated"
    return "unharmed" if safe(player, space, "stun") else "stunned"


def winner(battle: Battle) -> tuple[str, str]:
    """(winning character, losing character) if the battle ended now."""
    if battle.blows[-1].seat == battle.attacker_seat:
        return battle.attacker, battle.target
    return battle.target, battle.attacker


def fate(state: SmashState, battle: Battle) -> Stake:
    """What happens to the loser if the battle ended now."""
    won, lost = winner(battle)
    return stake(state, won, lost, battle.blows[-1].strength)


def if_played(state: SmashState, battle: Battle, seat: int, strength: str) -> Stake:
    """What happens to the other fighter if `seat` plays a `strength` card now and nobody answers."""
    mine, theirs = (
        (battle.attacker, battle.target) if seat == battle.attacker_seat else (battle.target, battle.attacker)
    )
    return stake(state, mine, theirs, strength)


def win_words(result: Stake) -> str:
    """A short label suffix: what a win does ("a win defeats", ...)."""
    return {"defeated": "a win defeats", "stunned": "a win stuns", "unharmed": "it is safe: no effect"}[
        result
    ]

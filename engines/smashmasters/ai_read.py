"""What the AI reads off the table without peeking: the odds of a Smash Battle, the rivals'
public reacts, the true stakes of an attack (`stakes.stake`, adjusted for a react that is sure
to come).

Hidden hands stay hidden: a rival's hand is only its size, and the share of Smash and Team-Up
cards among the cards the AI has not seen (its Deck and hand together; counted by the `counts`
skill, else the pre-sorted decks' 20 and 5 out of 40).
"""

from __future__ import annotations

from functools import cache

from engines.smashmasters.card_schema import Revive, Safe
from engines.smashmasters.look import (
    can_teamup,
    cards_of_kind,
    char_of,
    kind,
    locate,
    works,
)
from engines.smashmasters.odds import Side, win_chance
from engines.smashmasters.stakes import Stake, stake
from engines.smashmasters.state import Player, SmashState, Space

SMASH_SHARE = 0.5  # 20 Smash cards in a 40-card Deck
TEAMUP_SHARE = 0.125  # 5 Team-Up cards


def shares(player: Player, counts: bool) -> tuple[float, float]:
    """The chance that a card of `player` the AI cannot see is a Smash, or a Team-Up card."""
    if not counts:
        return SMASH_SHARE, TEAMUP_SHARE
    unseen = player.hand + player.deck
    if not unseen:
        return SMASH_SHARE, TEAMUP_SHARE
    smash = sum(1 for card in unseen if kind(card) == "smash")
    teamup = sum(1 for card in unseen if kind(card) == "teamup")
    return smash / len(unseen), teamup / len(unseen)


def known_side(player: Player, spent: str, counts: bool) -> Side:
    """The AI's own hand after spending one card of kind `spent` ("" for none)."""
    smash = len(cards_of_kind(player, "smash")) - (spent == "smash")
    teamup = len(cards_of_kind(player, "teamup")) - (spent == "teamup")
    return Side(smash, teamup, can_teamup(player), *shares(player, counts))


def unseen_side(player: Player, counts: bool) -> Side:
    """A rival's hand as the AI sees it: its size and what it may hold."""
    return Side(len(player.hand), 0, can_teamup(player), *shares(player, counts), unseen=True)


def battle_odds(me: Player, rival: Player, strength: str, free: bool, counts: bool) -> float:
    """The chance that `me` wins a battle it opens against `rival` with a `strength` card (or a
    free smash of that strength)."""
    mine = known_side(me, "" if free else strength, counts)
    return _odds(mine, unseen_side(rival, counts), strength, not free)


@cache
def _odds(mine: Side, theirs: Side, strength: str, draws: bool) -> float:
    return win_chance(mine, theirs, strength, draws)


def shield(state: SmashState, owner: Player, target: Space) -> str:
    """The danger a rival's public react will make the attacked character safe from (Swarm
    Shield), or "" when none is ready: a react power of a working character, not used this turn."""
    if owner.seat == state.turn:
        return ""
    for space in owner.team:
        if not works(space) or space.char in owner.used:
            continue
        power = char_of(space.char).power
        if power.trigger is None or power.trigger.on != "ally_attacked":
            continue
        if power.trigger.ally == "self" and space is not target:
            continue
        for step in power.effects:
            if isinstance(step, Safe) and step.target.who == "trigger":
                return step.danger
    return ""


def foreseen_stake(state: SmashState, winner: str, loser: str, strength: str, foresight: bool) -> Stake:
    """`stake()`, and with foresight the loser's ready react shield applied as well."""
    result = stake(state, winner, loser, strength)
    found = locate(state, loser)
    if not foresight or found is None or result == "unharmed":
        return result
    danger = shield(state, *found)
    if danger == "defeat" and result == "defeated":
        return "unharmed" if found[1].stunned else "stunned"
    if danger == "stun" and result == "stunned":
        return "unharmed"
    return result


def reviver_ready(state: SmashState, owner: Player) -> bool:
    """Whether the owner has a react power ready to revive a teammate who is stunned (Green
    Thumb): a stun on the turn player's turn is then undone at once."""
    if owner.seat == state.turn:
        return False
    for space in owner.team:
        if not works(space) or space.char in owner.used:
            continue
        power = char_of(space.char).power
        trigger = power.trigger
        if (
            trigger is not None
            and trigger.on == "ally_stunned"
            and any(isinstance(step, Revive) for step in power.effects)
        ):
            return True
    return False

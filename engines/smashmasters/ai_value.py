"""What things are worth to the AI: characters, stuns and defeats, effect steps, hand cards and
attacks, from one seat's point of view (positive is good for that seat).

A character is worth more to a player with few left (a defeat that knocks a player out is worth
most of all). A rival's loss is the AI's gain, shared out when there are several rivals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from math import sqrt

from engines.smashmasters.ai_read import battle_odds, foreseen_stake, reviver_ready
from engines.smashmasters.card_schema import (
    TEAM_LIMIT,
    BringBack,
    Cancel,
    Defeat,
    Discard,
    Draw,
    Effect,
    ExtraCharacter,
    FreeSmash,
    Modifier,
    Revive,
    Safe,
    Story,
    Stun,
    Summon,
    Super,
    TeamUp,
    TurnAround,
)
from engines.smashmasters.cards import CARDS
from engines.smashmasters.look import (
    HAND_MAX,
    active,
    attack_targets,
    can_teamup,
    card_of,
    cards_of_kind,
    char_of,
    in_game,
    kind,
    locate,
    on_team,
    safe,
    super_space,
)
from engines.smashmasters.stakes import Stake, stake
from engines.smashmasters.state import Player, SmashState, Source, Space
from engines.smashmasters.targets import TableStep, choosing_teams, steps_of, table_targets


@dataclass(frozen=True)
class Skill:
    """What an AI level does: mistakes, and which things it takes into account."""

    slip: float  # chance of a random action on its turn
    counts: bool  # counts the cards it has seen to judge what rivals may hold
    foresight: bool  # expects rivals' public reacts (a Swarm Shield, a Green Thumb)
    thrift: bool  # saves Team-Up cards for where a defeat is at stake
    drafts: bool  # drafts its team by its hand (and the rivals' decks)
    search: int = 0  # actions it tries out on sampled copies of the table (0: none)


KNOCKOUT = 25.0  # what losing one's last character costs
AGGRESSION = 1.0  # what a battle is worth for the pressure it puts on the rival
PER_CARD = 0.45  # a card drawn
SEARCHED = 1.0  # a card of one's choice from the Deck


def worth(char: str) -> float:
    """A character's worth at full strength: its rank, and what its power can do."""
    return _worth(char_of(char).id)


@cache
def _worth(char_id: str) -> float:
    found = CARDS.characters[char_id]
    power = found.power
    rating = sum(_STEP_RATING.get(type(step), 0.5) * _aimed(step) for step in power.effects)
    rating += sum(_MODIFIER_RATING.get(mod.kind, 0.5) for mod in power.modifiers)
    return 2.0 + found.rank * 0.25 + max(rating, 0.0)


_STEP_RATING: dict[type, float] = {
    Stun: 2.0,
    Defeat: 3.0,
    Revive: 1.2,
    BringBack: 1.5,
    Draw: 0.5,
    Discard: 0.3,
    FreeSmash: 1.2,
    Safe: 1.2,
    TurnAround: 1.0,
    Summon: 1.2,
    ExtraCharacter: 1.2,
    Cancel: 1.5,
}
_MODIFIER_RATING = {
    "heavy_hitter": 1.5,
    "safe": 1.0,
    "shy": 0.8,
    "taunt": 0.5,
    "solo_teamup": 0.6,
    "big_hand": 0.6,
    "deep_discard": 0.4,
}


def _aimed(step: Effect) -> float:
    """A step's weight in a power's rating: against rivals in full, narrowed by a type filter,
    and a cost (negative) when it stuns its own character."""
    if isinstance(step, Draw | Discard | Summon):
        return float(step.count)
    if not isinstance(step, Stun | Revive | Defeat | BringBack | FreeSmash | Safe | TurnAround):
        return 1.0
    target = step.target
    if isinstance(step, Stun) and target.who == "self":
        return -0.75
    narrowed = 0.6 if target.power else 1.0
    return narrowed * (target.count if target.select == "choose" else 1.5)


def lives(player: Player) -> int:
    """Characters still in play for a player: on the table and in the stack."""
    return len(on_team(player)) + len(player.stack)


def loss(player: Player, char: str) -> float:
    """What losing this character costs its player: more with few left, most for the last."""
    left = lives(player)
    return worth(char) * (1 + 3 / max(left, 1)) + (KNOCKOUT if left <= 1 else 0.0)


def stun_cost(state: SmashState, player: Player, space: Space, skill: Skill) -> float:
    """What a stun of this active character costs its player (it lies defenceless)."""
    if skill.foresight and reviver_ready(state, player) and not _is_reviver(space):
        return 0.5
    return 0.5 * loss(player, space.char) + 0.5


def _is_reviver(space: Space) -> bool:
    power = char_of(space.char).power
    return power.trigger is not None and power.trigger.on == "ally_stunned"


def side(state: SmashState, me: int, player: Player) -> float:
    """How a change to `player` counts for `me`: fully for itself; shared among rivals, the
    rival with the most characters left counting most (hold back the leader)."""
    if player.seat == me:
        return 1.0
    rivals = [p for p in in_game(state) if p.seat != me]
    if len(rivals) <= 1:
        return -1.0
    mean = sum(lives(p) for p in rivals) / len(rivals)
    lead = min(max(lives(player) / max(mean, 1.0), 0.5), 2.0)
    return -lead / sqrt(len(rivals))


# --- table steps ---------------------------------------------------------------------------


def _modifier_value(mod: Modifier, player: Player, char: str) -> float:
    if mod.kind == "heavy_hitter":
        return 1.2
    if mod.kind == "safe":
        share = {"attack": 0.2, "stun": 0.2, "defeat": 0.15, "powers": 0.1, "story": 0.05}
        return share.get(mod.danger or "", 0.1) * loss(player, char)
    return 0.3


def impact(state: SmashState, step: TableStep, player: Player, space: Space, skill: Skill) -> float:
    """What one table step does to its target's player (negative: it hurts)."""
    if isinstance(step, Stun):
        return -stun_cost(state, player, space, skill)
    if isinstance(step, Revive):
        return stun_cost(state, player, space, skill)
    if isinstance(step, Defeat):
        if not safe(player, space, "defeat"):
            return -loss(player, space.char)
        return -stun_cost(state, player, space, skill) if active(space) else 0.0
    if isinstance(step, Safe):
        exposed = 0.5 if space.stunned else 0.15
        if step.danger in ("attack", "defeat"):
            return exposed * loss(player, space.char) * (0.4 if step.duration == "turn" else 1.0)
        return 0.15 * loss(player, space.char)
    held = space.turned.modifiers if space.turned is not None else ()
    # turning around again only adds what it does not already have (a second Nuke It is a wasted turn)
    return sum(_modifier_value(mod, player, space.char) for mod in step.modifiers if mod not in held)


def _table_value(state: SmashState, src: Source, step: TableStep, me: int, skill: Skill) -> float:
    target = step.target
    if target.who in ("self", "trigger"):
        named = locate(state, src.char if target.who == "self" else src.trigger)
        if named is None:
            return 0.0
        return side(state, me, named[0]) * impact(state, step, *named, skill)
    found = table_targets(state, src, step, src.seat, own=False)
    if target.select == "all":
        return sum(side(state, me, p) * impact(state, step, p, s, skill) for p, s in found)
    if target.select == "each_team":
        total = 0.0
        owners = {p.seat for p in choosing_teams(state, src, step)}
        for seat in {p.seat for p, _ in found} & owners:
            own = [impact(state, step, p, s, skill) for p, s in found if p.seat == seat]
            picked = sorted(own, reverse=True)[: target.count]  # each owner picks its best
            total += side(state, me, state.players[seat]) * sum(picked)
        return total
    chooser = src.seat
    scored = sorted(
        (
            (
                side(state, chooser, p) * impact(state, step, p, s, skill),
                side(state, me, p) * impact(state, step, p, s, skill),
            )
            for p, s in found
        ),
        reverse=True,
    )
    return sum(mine for _, mine in scored[: target.count])


# --- other steps -----------------------------------------------------------------------------


def _named(state: SmashState, src: Source, players: str) -> list[Player]:
    mine = state.players[src.seat]
    if players == "you":
        return [mine]
    return [p for p in in_game(state) if players == "all" or p is not mine]


def _per_player(
    state: SmashState, src: Source, players: str, me: int, value: Callable[[Player], float]
) -> float:
    return sum(side(state, me, p) * value(p) for p in _named(state, src, players))


def comeback(player: Player, char: str, to: str) -> float:
    """What bringing a defeated character back is worth to its player."""
    gained = worth(char) * (1 + 3 / (lives(player) + 1))
    return gained * (0.9 if to == "table" else 0.7)


def _best_back(player: Player, step: BringBack) -> float:
    power = step.target.power
    found = [
        comeback(player, c, step.to) for c in player.defeated if not power or char_of(c).power_type in power
    ]
    return sum(sorted(found, reverse=True)[: step.target.count])


def _joins(player: Player) -> float:
    """A summon: a fresh character into an empty space."""
    if not player.stack or all(space.char for space in player.team):
        return 0.2 if player.stack else 0.0
    return 0.8 * max(worth(c) for c in player.stack)


def _extra(player: Player) -> float:
    if len(player.team) >= TEAM_LIMIT:
        return 0.0
    return 0.7 * max(worth(c) for c in player.stack) if player.stack else 0.1


def step_value(state: SmashState, src: Source, step: Effect, me: int, skill: Skill) -> float:
    """What one effect step would do for `me` (a guess; positive is good)."""
    if isinstance(step, Stun | Revive | Defeat | Safe | TurnAround):
        return _table_value(state, src, step, me, skill)
    if isinstance(step, BringBack):
        if step.target.who == "trigger":
            owner = state.players[src.seat]
            return comeback(owner, src.trigger, step.to) if src.trigger in owner.defeated else 0.0
        players = "all" if step.target.who == "all" else "you"
        return _per_player(state, src, players, me, lambda p: _best_back(p, step))
    if isinstance(step, Summon):
        return _per_player(state, src, step.players, me, lambda p: step.count * _joins(p))
    if isinstance(step, ExtraCharacter):
        return _per_player(state, src, step.players, me, _extra)
    if isinstance(step, Draw):
        per = SEARCHED if step.card else PER_CARD
        return _per_player(
            state, src, step.players, me, lambda p: per * min(step.count, HAND_MAX - len(p.hand))
        )
    if isinstance(step, Discard):
        per = 0.35 if step.random else 0.15
        return _per_player(state, src, step.players, me, lambda p: -per * min(step.count, len(p.hand)))
    if isinstance(step, FreeSmash):
        found = locate(state, src.char)
        if found is None or not active(found[1]):
            return 0.0
        return max(best_attack(state, src.seat, step.strength, skill, free=src.char)[0], 0.0)
    return 0.0


def source_value(state: SmashState, src: Source, skill: Skill, viewer: int | None = None) -> float:
    """What resolving a Story, Super or power would do for `viewer` (default: its player)."""
    me = src.seat if viewer is None else viewer
    player = state.players[src.seat]
    kept = list(player.stack), list(player.defeated)
    total = 0.0
    try:
        for step in steps_of(src):
            total += step_value(state, src, step, me, skill)
            if isinstance(step, BringBack) and step.target.who == "own" and player.defeated:
                # the later steps see the character back (Abra-Cadaver's stun is then no knockout)
                back = max(player.defeated, key=worth)
                player.defeated.remove(back)
                player.stack.append(back)
    finally:
        player.stack, player.defeated = kept
    if src.kind == "super":
        found = locate(state, src.char)
        if found is not None and found[1].stunned:  # a Super revives its character first
            total += stun_cost(state, found[0], found[1], skill)
    return total


# --- attacks ---------------------------------------------------------------------------------


def _hurt(state: SmashState, result: Stake, player: Player, space: Space, skill: Skill) -> float:
    """How much a battle result hurts the loser's player."""
    if result == "defeated":
        return loss(player, space.char)
    if result == "stunned":
        return stun_cost(state, player, space, skill)
    return 0.0


def attack_value(
    state: SmashState, me: int, attacker: str, target: str, strength: str, skill: Skill, free: bool = False
) -> float:
    """What attacking `target` with `attacker` is worth to `me`: the chance of winning times the
    harm done, less the chance of losing times the harm suffered, less the card's worth."""
    mine, theirs = locate(state, attacker), locate(state, target)
    if mine is None or theirs is None:
        return 0.0
    rival, space = theirs
    result = foreseen_stake(state, attacker, target, strength, skill.foresight)
    gain = -side(state, me, rival) * _hurt(state, result, rival, space, skill)
    card = 0.0 if free else (1.2 if strength == "teamup" and skill.thrift else 0.1)
    if space.stunned:
        return gain - card
    odds = battle_odds(mine[0], rival, strength, free, skill.counts)
    risk = _hurt(state, stake(state, target, attacker, strength), *mine, skill)
    return odds * gain - (1 - odds) * risk - card + AGGRESSION


def best_attack(
    state: SmashState, me: int, strength: str, skill: Skill, free: str = ""
) -> tuple[float, str, str]:
    """The best (value, attacker, target) for `me` attacking with `strength` (`free`: that
    character's free smash); (-inf, "", "") when nothing can be attacked."""
    player = state.players[me]
    fighters = [free] if free else [s.char for s in player.team if active(s)]
    best = (float("-inf"), "", "")
    for target in attack_targets(state, me, free=bool(free)):
        for attacker in fighters:
            value = attack_value(state, me, attacker, target, strength, skill, free=bool(free))
            best = max(best, (value, attacker, target))
    return best


# --- hand cards ------------------------------------------------------------------------------


def hand_value(state: SmashState, player: Player, card: str, skill: Skill) -> float:
    """How much a card in hand is worth keeping."""
    found = card_of(card)
    if found.kind == "smash":
        return 2.5 if len(cards_of_kind(player, "smash")) <= 3 else 1.2
    if isinstance(found, TeamUp):
        return 3.0 if can_teamup(player) or len(on_team(player)) >= 2 else 1.2
    if isinstance(found, Super):
        home = super_space(player, card)
        if home is not None:
            if found.timing == "react":
                return 2.5
            src = Source(kind="super", seat=player.seat, card=card, char=home.char)
            return 1.5 + min(max(source_value(state, src, skill), 0.0), 5.0)
        return 1.0 if any(char_of(c).id == found.character for c in player.stack) else 0.2
    assert isinstance(found, Story)
    value = source_value(state, Source(kind="story", seat=player.seat, card=card), skill)
    return max(0.8 + min(value, 5.0), 0.0)  # a harmful Story is a dead card, no worse


# --- judging a whole table -------------------------------------------------------------------

WON = 100.0
STUNNED = 0.6  # what a stunned character still counts for


def strength(player: Player) -> float:
    """How well a player stands: characters (active ones count most), a bit for cards in hand;
    every character counts more as fewer are left."""
    if player.out:
        return -WON
    left = lives(player)
    team = sum(worth(s.char) * (1.0 if not s.stunned else STUNNED) for s in player.team if s.char)
    stack = sum(worth(c) * 0.85 for c in player.stack)
    danger = 12.0 / (left + 0.5)
    hand = 0.3 * min(len(player.hand), 7) + 0.4 * sum(1 for c in player.hand if kind(c) == "teamup")
    return team + stack + hand - danger


def position(state: SmashState, me: int) -> float:
    """How good the table is for `me`: its strength against its rivals'."""
    if state.over:
        standing = [p.seat for p in in_game(state)]
        return WON if standing == [me] else (0.0 if me in standing else -WON)
    return sum(side(state, me, player) * strength(player) for player in state.players)

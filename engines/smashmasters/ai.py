"""The heuristic Smash Masters player.

It scores every action of its turn: attacks by what the target is worth and how likely the battle
is won (a stunned target is a sure defeat, Smash cards held back to counter make a fight safer),
Stories, Supers and powers by adding up what each effect step does to its own team against the
rival teams. It counters whenever it holds a card that can, saves Team-Ups for when a character
would be defeated or to finish a fight, reacts when the react helps it or the event hurts it, and
discards the cards it cannot use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Decision
from engines.smashmasters import effects
from engines.smashmasters.battle import fate
from engines.smashmasters.cards import (
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
    Story,
    Stun,
    Summon,
    Super,
    TurnAround,
)
from engines.smashmasters.look import (
    HAND_MAX,
    attack_targets,
    can_teamup,
    card_of,
    cards_of_kind,
    char_of,
    has,
    locate,
    on_team,
    super_space,
)
from engines.smashmasters.state import AimTarget, Choose, Player, Resolve, SmashState, Source, Window

HARMFUL = (Stun, Defeat)
KEEP_SMASH = 2  # Smash cards worth holding: one to attack, one to counter
LOOP_PENALTY = 1.5  # using the same power turn after turn is how stalemates start
UNARMED = 2.5  # the Discard action is worth more with nothing to attack with
BIG_FIGHTER = 3.5  # a character worth a Team-Up to keep from being stunned


def worth(char: str) -> float:
    """How much a character matters (its rank hints at its power)."""
    return 2.0 + char_of(char).rank * 0.5


def _sign(me: int, player: Player) -> float:
    return 1.0 if player.seat == me else -1.0


class SmashAI:
    """Plays every Smash Masters decision (deterministically: it needs no seed)."""

    def choose(self, engine: Any, state: SmashState, decision: Decision) -> list[str]:
        """Answer one decision."""
        chooser: Callable[[SmashState, Decision, list[str]], list[str]] = getattr(self, f"_{decision.key}")
        return chooser(state, decision, [option.id for option in decision.options])

    # --- the turn ----------------------------------------------------------------------------

    def _team(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        timing = {"action": 0.3, "passive": 0.2, "react": 0.0}
        return [max(ids, key=lambda c: char_of(c).rank + timing[char_of(c).power.timing])]

    def _action(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        me = decision.seat
        player = state.players[me]

        def score(option: str) -> float:
            again = option == player.last_action and option.startswith(("p.", "r."))
            return self._action_score(state, me, option) - (
                LOOP_PENALTY * (player.repeats + 1) if again else 0.0
            )

        return [max(ids, key=score)]

    def _action_score(self, state: SmashState, me: int, option: str) -> float:
        player = state.players[me]
        if option in ("smash", "teamup"):
            return max(attack_score(state, me, t, option) for t in attack_targets(state, me, free=False))
        if option == "discard":
            unarmed = not cards_of_kind(player, "smash") and not cards_of_kind(player, "teamup")
            junk = sum(1 for card in player.hand if hand_value(state, player, card) < 1)
            return 0.4 + 0.6 * junk + (UNARMED if unarmed else 0.0)
        if option == "pass":
            return 0.0
        if option.startswith("r."):
            return 0.8
        if option.startswith("p."):
            char = option.removeprefix("p.")
            return source_value(state, Source(kind="power", seat=me, card=char, char=char))
        found = card_of(option)
        if isinstance(found, Story):
            return source_value(state, Source(kind="story", seat=me, card=option))
        home = super_space(player, option)
        src = Source(kind="super", seat=me, card=option, char=home.char if home else "")
        return source_value(state, src) + (3.0 if home is not None and home.stunned else 0.0)

    def _attacker(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        fighters = [i for i in ids if i != "back"]
        heavy = [
            c for c in fighters if (found := locate(state, c)) is not None and has(found[1], "heavy_hitter")
        ]
        return [heavy[0] if heavy else min(fighters, key=worth)]

    def _target(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        targets = [i for i in ids if i != "back"]
        top = state.tasks[-1]
        strength = top.strength if isinstance(top, AimTarget) else "smash"
        return [max(targets, key=lambda t: attack_score(state, decision.seat, t, strength))]

    # --- battles and reacts --------------------------------------------------------------------

    def _counter(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        """Smash cards are cheap (replaced at once); a Team-Up is spent only where it matters."""
        battle = state.battle
        assert battle is not None
        if battle.blows[-1].strength == "smash" and "smash" in ids:
            return ["smash"]
        if "teamup" not in ids:
            return ["pass"]
        mine = battle.attacker if decision.seat == battle.attacker_seat else battle.target
        spare = len(cards_of_kind(state.players[decision.seat], "teamup")) > 1
        at_stake = fate(state, battle) == "defeated" or worth(mine) >= BIG_FIGHTER
        return ["teamup"] if at_stake or spare else ["pass"]

    def _react(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        window = state.tasks[-1] if state.tasks else None
        if not isinstance(window, Window):
            return ["pass"]
        for option in ids:
            if option != "pass" and self._worth_reacting(state, decision.seat, window, option):
                return [option]
        return ["pass"]

    def _worth_reacting(self, state: SmashState, me: int, window: Window, option: str) -> bool:
        """Non-cancelling reacts always help; a cancel must stop worse than it costs."""
        player = state.players[me]
        if option.startswith("p."):
            char = option.removeprefix("p.")
            react = Source(kind="power", seat=me, card=char, char=char, trigger=window.char)
        else:
            home = super_space(player, option)
            react = Source(
                kind="super", seat=me, card=option, char=home.char if home else "", trigger=window.char
            )
        if not isinstance(effects.steps_of(react)[0], Cancel):
            return True
        if window.trigger == "ally_attacked":
            found = locate(state, window.char)
            battle = state.battle
            big = battle is not None and battle.blows[-1].strength == "teamup"
            return found is not None and (found[1].stunned or big or char_of(window.char).rank >= 3)
        below = state.tasks[-2]
        assert isinstance(below, Resolve)
        return source_value(state, react) - source_value(state, below.src, viewer=me) > 0

    # --- effect questions ----------------------------------------------------------------------

    def _choose(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        task = state.tasks[-1]
        assert isinstance(task, Choose)
        step = effects.steps_of(task.src)[task.index]
        me = decision.seat
        if isinstance(step, BringBack):
            return [max(ids, key=worth)]

        def score(char: str) -> float:
            found = locate(state, char)
            owner = found[0] if found is not None else state.players[me]
            good_for_me = _sign(me, owner) * (-1.0 if isinstance(step, HARMFUL) else 1.0)
            return good_for_me * worth(char) + (0.5 * _alive(owner) if owner.seat != me else 0.0)

        return [max(ids, key=score)]

    def _discard(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        player = state.players[decision.seat]
        ranked = sorted(ids, key=lambda card: hand_value(state, player, card))
        junk = [card for card in ranked if hand_value(state, player, card) < 1]
        count = max(decision.min_choices, min(len(junk), decision.max_choices))
        return ranked[:count]

    def _search(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        player = state.players[decision.seat]
        return [max(ids, key=lambda card: hand_value(state, player, card))]

    def _place(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        spaces = [i for i in ids if i.startswith("s")]
        if spaces:
            return [spaces[0]]
        stunned = [i for i in ids if i.startswith("d.")]
        return [min(stunned, key=lambda i: worth(i.removeprefix("d.")))] if stunned else ["keep"]

    def _summon(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        return [max(ids, key=worth)]

    def _end(self, state: SmashState, decision: Decision, ids: list[str]) -> list[str]:
        return ["left"]


# --- scoring -----------------------------------------------------------------------------------


def _alive(player: Player) -> int:
    return len(on_team(player)) + len(player.stack)


def attack_score(state: SmashState, me: int, target: str, strength: str) -> float:
    """What attacking this rival character is worth to `me`."""
    found = locate(state, target)
    if found is None:
        return 0.0
    rival, space = found
    lead = 0.3 * _alive(rival)
    if space.stunned:
        return 8.0 + worth(target) + lead - (1.0 if strength == "teamup" else 0.0)
    player = state.players[me]
    if strength == "teamup":
        spare = len(cards_of_kind(player, "teamup")) - 1
        return 4.0 + worth(target) * 0.8 + spare + lead
    counters = (
        len(cards_of_kind(player, "smash"))
        - 1
        + (len(cards_of_kind(player, "teamup")) if can_teamup(player) else 0)
    )
    odds = min(counters, 4) - 1.5
    return 1.0 + odds + worth(target) * 0.3 + lead


def hand_value(state: SmashState, player: Player, card: str) -> float:
    """How much a hand card is worth keeping."""
    found = card_of(card)
    if found.kind == "smash":
        return 3.0 if len(cards_of_kind(player, "smash")) <= KEEP_SMASH + 2 else 1.5
    if found.kind == "teamup":
        return 3.5 if len(on_team(player)) >= 2 else 1.2
    if isinstance(found, Super):
        if super_space(player, card) is not None:
            return 4.0
        return 2.0 if any(char_of(c).id == found.character for c in player.stack) else 0.2
    src = Source(kind="story", seat=player.seat, card=card)
    return 1.0 + source_value(state, src)


def source_value(state: SmashState, src: Source, viewer: int | None = None) -> float:
    """What resolving a Story, Super or power would do for `viewer` (default: its player)."""
    me = src.seat if viewer is None else viewer
    return sum(step_value(state, src, step, me) for step in effects.steps_of(src))


def _team_value(state: SmashState, src: Source, step: Effect, me: int) -> float:
    """Table steps: the summed worth of what changes, plus for own, minus for rivals."""
    assert isinstance(step, Stun | Revive | Defeat | Safe | TurnAround)
    target = step.target
    weight = {Stun: -1.0, Defeat: -2.5, Revive: 1.0, Safe: 0.25, TurnAround: 0.4}[type(step)]
    if target.who in ("self", "trigger"):
        found = locate(state, src.char if target.who == "self" else src.trigger)
        if found is None:
            return 0.0
        return weight * _sign(me, found[0]) * worth(found[1].char)
    found_targets = effects.table_targets(state, src, step, src.seat, own=False)
    if target.select == "all":
        return sum(weight * _sign(me, owner) * worth(space.char) for owner, space in found_targets)
    if target.select == "each_team":
        teams = {owner.seat: owner for owner, _ in found_targets}
        return sum(weight * _sign(me, owner) * 2.5 for owner in teams.values())
    best = sorted(
        (weight * _sign(me, owner) * worth(space.char) for owner, space in found_targets), reverse=True
    )
    return sum(best[: target.count])


def _players_value(
    state: SmashState, src: Source, players: str, me: int, per_player: Callable[[Player], float]
) -> float:
    mine = state.players[src.seat]
    named = (
        [mine]
        if players == "you"
        else [p for p in state.players if not p.out and (players == "all" or p is not mine)]
    )
    return sum(_sign(me, player) * per_player(player) for player in named)


def _can_join(player: Player) -> bool:
    return bool(player.stack) and any(not space.char or space.stunned for space in player.team)


def step_value(state: SmashState, src: Source, step: Effect, me: int) -> float:
    """What one effect step would do for `me` (a rough guess; positive is good)."""
    if isinstance(step, Stun | Revive | Defeat | Safe | TurnAround):
        return _team_value(state, src, step, me)
    if isinstance(step, BringBack):
        mine = state.players[src.seat]
        worth_back = 3.0 if step.to == "table" else 1.5
        if step.target.who == "all":
            return _players_value(state, src, "all", me, lambda p: worth_back if p.defeated else 0.0)
        return worth_back if mine.defeated else 0.0
    if isinstance(step, Summon):
        return _players_value(state, src, step.players, me, lambda p: 2.0 * _can_join(p))
    if isinstance(step, ExtraCharacter):
        return _players_value(state, src, step.players, me, lambda p: 3.0 if p.stack else 0.5)
    if isinstance(step, Draw):
        per_card = 1.0 if step.card else 0.4
        return _players_value(
            state, src, step.players, me, lambda p: per_card * min(step.count, HAND_MAX - len(p.hand))
        )
    if isinstance(step, Discard):
        return _players_value(state, src, step.players, me, lambda p: -0.3 * min(step.count, len(p.hand)))
    if isinstance(step, FreeSmash):
        targets = attack_targets(state, src.seat, free=True)
        return max((attack_score(state, src.seat, t, step.strength) + 1.0 for t in targets), default=0.0)
    return 0.0

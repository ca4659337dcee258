"""The turn and level structure: setup, Wait/Move, phases 3-7, the System turn, levels, the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from engines.core import Rng
from engines.core.words import acts, counted, sentence
from engines.superhot import goals, system
from engines.superhot.cards import pool
from engines.superhot.piles import (
    Defeat,
    check_bullets,
    crossfire,
    draw,
    is_bullet,
    leave_line,
    name_of,
    obstacle,
    refill_hand,
    refill_line,
    requirement,
    shoot,
)
from engines.superhot.state import Campaign, Player, Slot, SuperhotState, SystemTurn, TurnLog

LOG_KEPT = 24
LINE_SIZE = 6
SEVEN_LINE = 7
SETUP_BOTTOM = 9
STORM_BULLETS = 3
TIMES_UP_REMOVED = 2
SYSTEM_DRAW = 4
LAST_VETO_LEVEL = 2
MODE_LEVELS = {"solo": 3, "coop": 3, "versus": 2, "twovone": 2}
TEAM_MODES = ("coop", "twovone")


def on(options: Mapping[str, str], key: str) -> bool:
    """Whether a yes/no table option is switched on."""
    return options.get(key, "off") == "on"


def say(state: SuperhotState, text: str) -> None:
    """Add a public line to the table log (the last few are kept)."""
    state.log = [*state.log[-(LOG_KEPT - 1) :], sentence(text)]
    state.said += 1


def goal_count(state: SuperhotState) -> int:
    """How many goals the current level has (one more for the two-player team modes)."""
    return state.level + (1 if state.mode in TEAM_MODES else 0)


def final_level(state: SuperhotState) -> bool:
    """Whether the current level is the campaign's last (never in Infinite Mode)."""
    return state.levels > 0 and state.level >= state.levels


# --- setup -------------------------------------------------------------------------------------


def obstacle_cards(options: Mapping[str, str]) -> list[str]:
    """The Obstacles Deck's cards, with the Baseball Bat variant's swaps."""
    cards = pool().pile("obstacles")
    bats = pool().pile("bat")[: int(options.get("bat", "0"))]
    guns = [card for card in cards if card.startswith("gun-")]
    for gun in guns[: len(bats)]:
        cards.remove(gun)
    return cards + bats


def setup_campaign(state: SuperhotState, rng: Rng, normal: list[int], system: int | None) -> None:
    """Lay out a fresh campaign: bullets, The Line, Obstacles Deck, starting decks, goals."""
    options = state.options
    bullets = list(pool().bullets)
    rng.shuffle(bullets)
    hidden = bullets[: STORM_BULLETS if on(options, "bullet_storm") else 1]
    bullets = bullets[len(hidden) :]
    if on(options, "times_up"):
        bullets = bullets[TIMES_UP_REMOVED:]
    deck = obstacle_cards(options)
    rng.shuffle(deck)
    line = deck[: state.line_size]
    deck = deck[state.line_size :]
    bottom = deck[-SETUP_BOTTOM:] + hidden
    rng.shuffle(bottom)
    state.deck = deck[:-SETUP_BOTTOM] + bottom
    state.line = [Slot(card=card) for card in line]
    state.discard = []
    state.bullets = bullets
    marks: list[Literal["IT", "PZ"]] = ["IT", "PZ"]
    state.players = []
    for index, seat in enumerate(normal):
        player = Player(seat=seat, mark=marks[index], deck=pool().pile(marks[index]))
        rng.shuffle(player.deck)
        state.players.append(player)
    state.system = system
    state.goal_deck = list(pool().goals)
    rng.shuffle(state.goal_deck)
    state.level = 1
    state.levels_cleared = 0
    state.goals_cleared = 0
    state.vetoed = []
    state.aid = None
    state.aid_from = None
    for player in state.players:
        refill_hand(state, player, rng)
    first = rng.below(len(state.players)) if state.mode == "coop" else 0
    begin_level(state, first)


def begin_level(state: SuperhotState, first: int) -> None:
    """Deal the level's goals and open the veto, or start the first turn."""
    goals.deal_goals(state, goal_count(state))
    state.turn = TurnLog()
    state.target = None
    state.veto_used = False
    state.veto_pick = None
    state.active = first
    label = f"Level {state.level}" + (f" of {state.levels}" if state.levels else " (Infinite Mode)")
    say(state, f"{label}: " + ", ".join(goals.card(g.card).name for g in state.goals) + ".")
    if veto_open(state):
        state.phase = "veto"
    else:
        start_turn(state)


def veto_open(state: SuperhotState) -> bool:
    """Whether a goal may still be vetoed on this level: never on level 3 or later (as printed), and
    with the `no_last_veto` house rule never on a campaign's last level either (Versus and 2 vs 1
    end after level 2, where a vetoed goal would never come back)."""
    return (
        state.level <= LAST_VETO_LEVEL
        and not (final_level(state) and on(state.options, "no_last_veto"))
        and not state.veto_used
        and bool(state.goal_deck)
        and any(goal.card not in state.vetoed for goal in state.goals)
    )


# --- a Normal player's turn ----------------------------------------------------------------------


def start_turn(state: SuperhotState) -> None:
    """Phase 1 opens for the active player."""
    state.turn = TurnLog()
    state.target = None
    state.phase = "start"


def wait(state: SuperhotState, rng: Rng, discards: list[str]) -> None:
    """Phase 1, Wait: discard, take the start of The Line into the Player Discard, then phase 6."""
    player = state.players[state.active]
    state.idle = 0
    for card in discards:
        player.hand.remove(card)
        state.discard.append(card)
    name = state.names[player.seat]
    start = state.line[0]
    moved = ""
    if start is not None:
        state.line[0] = None
        where = leave_line(state, player, start)
        moved = f"; {name_of(start.card) if not start.down else 'a knocked-out card'} went to the {where}"
    say(state, f"{acts(name, 'waits')}, discarding {counted(len(discards), 'card')}{moved}.")
    abilities(state, rng)


def finish_use(state: SuperhotState, rng: Rng) -> None:
    """After Use cards (and Aid): refill, maneuvers, goals, then the Line's abilities."""
    player = state.players[state.active]
    state.turn.echoes = []
    state.idle = 0 if state.turn.spent else state.idle + 1
    player.hand.extend(state.turn.new)
    state.turn.new = []
    refill_hand(state, player, rng)
    maneuvers(state)
    flipped = goals.check(state)
    for name in flipped:
        say(state, f"Goal complete: {name}.")
    if all(goal.done for goal in state.goals):
        complete_level(state, rng)
        return
    abilities(state, rng)


def maneuvers(state: SuperhotState) -> None:
    """Phase 4: empty one slot per card used, from the start of The Line; used cards go away."""
    player = state.players[state.active]
    used = state.turn.spent
    for index in range(min(used, state.line_size)):
        slot = state.line[index]
        if slot is not None:
            state.line[index] = None
            leave_line(state, player, slot)
    state.discard.extend(state.turn.used)
    state.turn.used = []
    if used:
        say(
            state,
            f"Time moves: {counted(used, 'slot')} of The Line {'scrolls' if used == 1 else 'scroll'} past.",
        )


def abilities(state: SuperhotState, rng: Rng) -> None:
    """Phase 6: shooters, then their backup, then helpful draws, then forced discards."""
    player = state.players[state.active]
    cards = [
        obstacle(slot.card) for slot in state.line if slot and not slot.down and not is_bullet(slot.card)
    ]
    shots = 0
    for card in cards:
        if card.ability == "shoot":
            shots += shoot(state, card.amount)
    if shots:
        for card in cards:
            if card.ability == "backup":
                shots += shoot(state, 1)
        extra = shoot(state, crossfire(state))
        shots += extra
        note = " (one more: crossfire)" if extra else ""
        left = len(state.bullets)
        say(state, f"Enemies fire {counted(shots, 'bullet')}{note} into the Obstacles Discard; {left} left.")
    drawn = sum(card.amount for card in cards if card.ability == "draw")
    for _ in range(drawn):
        draw(player, rng)
    if drawn:
        check_bullets(state)
    slashes = sum(card.amount for card in cards if card.ability == "slash")
    state.slash_left = min(slashes, sum(1 for card in player.hand if not is_bullet(card)))
    if state.slash_left:
        state.phase = "slash"
        return
    end_turn(state, rng)


def slash(state: SuperhotState, rng: Rng, card: str) -> None:
    """Discard one card forced by an enemy; the turn goes on when all are discarded."""
    player = state.players[state.active]
    player.hand.remove(card)
    state.discard.append(card)
    state.slash_left -= 1
    if not state.slash_left:
        end_turn(state, rng)


def end_turn(state: SuperhotState, rng: Rng) -> None:
    """Phase 7 and hand-over: refill The Line, return an unused Aid card, pass the turn."""
    refill_line(state, rng)
    if state.aid is not None and state.aid_from is not None and state.aid_from != state.active:
        state.players[state.aid_from].discard.append(state.aid)
        state.aid = None
        state.aid_from = None
    following = (state.active + 1) % len(state.players)
    if state.system is not None:
        state.next_after_system = following
        begin_system_turn(state)
    else:
        state.active = following
        start_turn(state)


# --- levels and the end --------------------------------------------------------------------------


def complete_level(state: SuperhotState, rng: Rng) -> None:
    """All goals done: win the campaign, or set up the next level."""
    state.levels_cleared += 1
    state.goals_cleared += len(state.goals)
    say(state, f"Level {state.level} cleared!")
    if final_level(state):
        finish_campaign(state, rng, won=True, cause="")
        return
    finisher = state.active
    state.level += 1
    state.goal_deck.extend(goal.card for goal in state.goals)
    state.goals = []
    obstacles = [slot.card for slot in state.line if slot is not None] + state.deck + state.discard
    rng.shuffle(obstacles)
    state.line = [None] * state.line_size
    state.deck = obstacles
    state.discard = []
    if state.aid is not None and state.aid_from is not None:
        state.players[state.aid_from].discard.append(state.aid)
    state.aid = None
    state.aid_from = None
    for player in state.players:
        player.deck = player.discard + player.deck + player.hand
        player.discard = []
        player.hand = []
        rng.shuffle(player.deck)
    for player in state.players:
        refill_hand(state, player, rng)
    refill_line(state, rng)
    first = (finisher + 1) % len(state.players) if state.mode == "coop" else 0
    begin_level(state, first)


def finish_campaign(state: SuperhotState, rng: Rng, *, won: bool, cause: str) -> None:
    """Record how the Normal side did; 1v1 Revenge then swaps roles once, otherwise the game ends."""
    if state.system_turn is not None:
        state.discard.extend(state.system_turn.cards)
        state.system_turn = None
    state.campaigns.append(
        Campaign(
            normal=[p.seat for p in state.players],
            won=won,
            levels=state.levels_cleared,
            goals=state.goals_cleared + sum(goal.done for goal in state.goals),
            cause=cause,
        )
    )
    revenge = state.mode == "versus" and on(state.options, "revenge") and len(state.campaigns) == 1
    if revenge and state.system is not None:
        say(state, "1v1 Revenge: the roles swap for the second campaign.")
        setup_campaign(state, rng, [state.system], state.players[0].seat)
        return
    state.over = True
    state.cause = cause
    state.phase = "over"


def lose(state: SuperhotState, rng: Rng, defeat: Defeat) -> None:
    """A losing condition ends the campaign at once."""
    say(state, f"Game over: {defeat}")
    finish_campaign(state, rng, won=False, cause=defeat.cause)


# --- the System player -----------------------------------------------------------------------------


def begin_system_turn(state: SuperhotState) -> None:
    """Draw four cards from the Obstacles Discard (then the deck) and pool their bottom values."""
    cards: list[str] = []
    while len(cards) < SYSTEM_DRAW and state.discard:
        cards.append(state.discard.pop())
    while len(cards) < SYSTEM_DRAW and state.deck:
        cards.append(state.deck.pop(0))
    totals = {"fight": 0, "dodge": 0, "mixed": 0}
    for card in cards:
        need, value = requirement(card)
        totals[need] += value
    state.system_turn = SystemTurn(cards=cards, **totals)
    state.phase = "system"
    fight, dodge, mixed = totals["fight"], totals["dodge"], totals["mixed"]
    say(state, f"System turn: {fight} Fighting, {dodge} Dodge, {mixed} Mixed to spend.")
    if not system.glitch_options(state):
        say(state, "The System can afford no glitch this turn.")
        end_system_turn(state)


def end_system_turn(state: SuperhotState) -> None:
    """The System player's cards go on top of the Obstacles Discard; the next Normal turn starts."""
    if state.system_turn is not None:
        state.discard.extend(state.system_turn.cards)
    state.system_turn = None
    state.active = state.next_after_system
    start_turn(state)

"""The order of play: hero turns for every player, then villain turns, round after round; the
end of a round (the healing variant), knock-outs and the two ways a game ends."""

from __future__ import annotations

from engines.core import Rng
from engines.core.words import acts, possessive
from engines.letopsulle import content
from engines.letopsulle.state import LetoState, Team

SOLO_GOAL = (15, 5)
GOAL = (30, 10)
LONG_GOAL = (45, 15)
LONG_SOLO_GOAL = (22, 8)


def goals(mode: str, long_game: bool) -> tuple[int, int]:
    """Villain points and villain cards that win."""
    if mode == "solitaire":
        return LONG_SOLO_GOAL if long_game else SOLO_GOAL
    return LONG_GOAL if long_game else GOAL


def points(team: Team) -> int:
    """The villain points a team has claimed."""
    return sum(content.character(card).base for card in team.claimed)


def check_win(state: LetoState) -> bool:
    """End the game when a player reached the goal; whether it is over."""
    if state.phase == "over":
        return True
    for seat, team in enumerate(state.teams):
        if points(team) >= state.goal_points or len(team.claimed) >= state.goal_cards:
            score = ""
            if state.mode == "solitaire":
                spare = len(team.hero_pile)
                score = f" (score {points(team) + spare}: the points and {spare} hero cards unplayed)"
            finish(
                state,
                seat,
                f"{acts(state.names[seat], 'wins')} with {points(team)} villain points "
                f"and {len(team.claimed)} villains{score}",
            )
            return True
    if all(team.knocked_out for team in state.teams):
        finish(state, -1, "Every hero team is knocked out: the villains win. Bwa ha ha!")
        return True
    return False


def finish(state: LetoState, winner: int, note: str) -> None:
    """The game is over."""
    state.phase = "over"
    state.winner = winner
    state.note = note
    state.ask = None
    state.say(note)


def knock_out(state: LetoState, seat: int, why: str) -> None:
    """A hero team leaves play for good; its villains keep playing."""
    team = state.teams[seat]
    team.knocked_out = True
    for slot in [*team.active, *team.reserve]:
        team.hero_discard += [hero.card for hero in slot.heroes] + ([slot.item] if slot.item else [])
    team.active.clear()
    team.reserve.clear()
    state.say(f"{possessive(state.names[seat])} hero team is knocked out: {why}")
    check_win(state)


def next_turn(state: LetoState, rng: Rng) -> None:
    """Pass play to the next player's turn, the next phase or the next round."""
    from engines.letopsulle import hero_turn, villain_turn  # the turns call back into the flow

    if check_win(state):
        return
    ended = state.teams[state.turn]
    ended.peek, ended.peek_of = [], ""  # what Intelligence showed lasts the turn
    order = state.order
    position = order.index(state.turn)
    if position < len(order) - 1:
        seat = order[position + 1]
        if state.phase == "hero":
            hero_turn.start(state, rng, seat)
        else:
            villain_turn.start(state, rng, seat)
        return
    if state.phase == "hero":
        state.villain_pass = 1
        villain_turn.start(state, rng, order[0])
        return
    if state.villain_pass < villain_turns(state):
        state.villain_pass += 1
        villain_turn.start(state, rng, order[0])
        return
    end_round(state)
    state.round += 1
    state.order = round_order(state)
    hero_turn.start(state, rng, state.order[0])


def round_order(state: LetoState) -> list[int]:
    """The seats in the order they play this round, both phases: as printed, seat order from the
    first player every round. House rule `catch_up`: fewest villain points first (then fewest
    villains), ties in seat order from a first place that passes on every round."""
    count = state.seats()
    if not state.option("catch_up"):
        return [(state.first + i) % count for i in range(count)]
    start = (state.first + state.round - 1) % count
    rotated = [(start + i) % count for i in range(count)]
    return sorted(rotated, key=lambda seat: (points(state.teams[seat]), len(state.teams[seat].claimed)))


def villain_turns(state: LetoState) -> int:
    """Villain turns a player takes each round: 1 as printed; in solitaire house rule
    `solo_villains` may make it 2."""
    return int(state.options.get("solo_villains", "1")) if state.mode == "solitaire" else 1


def end_round(state: LetoState) -> None:
    """The healing variant: villains that did not battle this round heal 1; every villain's
    battle mark is cleared."""
    for team in state.teams:
        for villain in team.villains:
            if state.option("long_game") and not villain.battled and villain.damage:
                villain.damage -= 1
            villain.battled = False
    if state.option("long_game"):
        state.say("Round over: villains that did not battle heal 1")

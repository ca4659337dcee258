"""The round's phases, driven by plays and by the clock (rulings 5-8, 12-26).

launch -> play (GO!/HOLD! turns, interrupted by quick draws, shockwaves and free-play moments)
-> scoring -> damage -> the next round's launch, until somebody crosses the finish line.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Rng
from engines.core.words import acts, called, counted
from engines.supernova import clock, plays, race, shockwave
from engines.supernova.cards import HAND_SIZE, deck, pile_owners
from engines.supernova.state import Laid, NovaState, Pile


def deal(state: NovaState, rng: Rng, now: float | None) -> None:
    """Gather every card, shuffle, start each Play Pile with a card off the deck, deal the rest
    evenly (left-overs aside) and start the launch countdown. Piles start from the deck, not from
    an owner's share, so the two owners of a shared pile hold as many cards as each other."""
    cards = [*state.aside, *(card.value for pile in state.piles for card in pile.cards)]
    for player in state.players:
        cards += player.hand + player.draw
    if not cards:
        cards = deck(int(state.options["decks"]))
    rng.shuffle(cards)
    seats = len(state.players)
    state.piles = [Pile(owners=owners, cards=[Laid(cards.pop())]) for owners in pile_owners(seats)]
    share = len(cards) // seats
    state.aside = cards[share * seats :]
    for seat, player in enumerate(state.players):
        mine = cards[seat * share : (seat + 1) * share]
        player.hand = sorted(mine[:HAND_SIZE])
        player.draw = mine[HAND_SIZE:]
        player.go = False
        player.puzzle = None
        player.last, player.verdict = "", ""
    state.gone, state.finished, state.seen = [], [], []
    state.showdown, state.turns, state.laid_turn, state.named = False, 0, 0, -1
    state.phase = "launch"
    state.until = None if now is None else now + clock.timing(state).launch
    state.say(f"Round {state.round}: {share} cards each. Launch countdown!")


def tick(state: NovaState, rng: Rng, now: float) -> None:
    """Run every change that is due at `now`."""
    if state.phase == "launch" and state.until is None:
        state.until = now + clock.timing(state).launch
        return
    while state.phase != "over" and state.until is not None and now >= state.until:
        _expire(state, rng, now)


def _expire(state: NovaState, rng: Rng, now: float) -> None:
    phase = state.phase
    if phase == "launch":
        state.say("Launch! Watch your screens.")
        showdown(state)
        clock.next_turn(state, rng, now)
    elif phase == "play" and state.showdown:
        start_free(state, rng, now, "Showdown")
    elif phase in ("play", "free", "quickdraw", "shockwave"):
        end_interlude(state, now)
        if phase != "shockwave" and clock.shock_due(state, rng):
            start_shock(state, rng, now)
        else:
            clock.next_turn(state, rng, now)
    elif phase == "scoring":
        close_scoring(state, rng, now)
    else:
        close_damage(state, rng, now)
    settle(state, rng, now)


def end_interlude(state: NovaState, now: float) -> None:
    """Close every screen (noting who could play, for the lag allowance), then clear what a
    shockwave or free-play moment left behind."""
    clock.set_screens(state, set(), now)
    if state.phase == "shockwave":
        state.say("The shockwave is over.")
    for player in state.players:
        player.puzzle = None
        player.done = False
    state.finished, state.named = [], -1


def settle(state: NovaState, rng: Rng, now: float) -> None:
    """During play, a table where nobody can play gets a quick draw, or a free-play moment when
    nobody has cards left to draw."""
    if state.phase != "play" or not plays.stuck(state):
        return
    drawn = plays.quick_draw(state)
    if plays.stuck(state):
        start_free(state, rng, now, "Nobody can play")
        return
    clock.set_screens(state, set(), now)
    state.phase = "quickdraw"
    state.until = now + clock.RESUME
    state.say(
        f"Quick draw! Everyone drew {counted(drawn, 'card')}. Play resumes in {clock.RESUME:.0f} seconds."
    )


def start_free(state: NovaState, rng: Rng, now: float, why: str) -> None:
    """A free-play moment: each player still in may drop any one card on the pile the app names."""
    clock.set_screens(state, set(), now)
    state.named = rng.choice(plays.open_piles(state))
    for player in state.players:
        player.done = False
    state.phase = "free"
    state.until = now + clock.FREE_PLAY
    state.say(f"{why}: drop any one card on {plays.pile_name(state, state.named)}!")


def start_shock(state: NovaState, rng: Rng, now: float) -> None:
    """A shockwave: everyone still in races their own puzzle of one kind."""
    clock.set_screens(state, set(), now)
    state.shock_kind = rng.choice(shockwave.KINDS)
    for seat in state.active():
        state.players[seat].puzzle = shockwave.make(state.shock_kind, rng)
    state.finished = []
    state.phase = "shockwave"
    state.until = now + clock.timing(state).shock_time
    state.say(f"Shockwave! {shockwave.KIND_LABELS[state.shock_kind]}: solve it to play on any pile.")


def after_card(state: NovaState, rng: Rng, seat: int, now: float) -> None:
    """After a seat lays a card: going out, showdown, end of round, end of a moment, stuck table."""
    player = state.players[seat]
    if not player.hand and not player.draw:
        state.gone.append(seat)
        player.go = False
        state.say(f"{acts(state.names[seat], 'is')} out! (#{len(state.gone)})")
        active = state.active()
        if len(active) <= 1:
            state.gone += active
            end_round(state, rng, now)
            return
        showdown(state)
    moment_over(state, rng, now)


def showdown(state: NovaState) -> None:
    """Two players left (a duel from its launch on): Showdown mode, with faster turns, more
    shockwaves and a free-play moment after every turn (ruling 19)."""
    active = state.active()
    if len(active) == 2 and not state.showdown:
        state.showdown = True
        state.say("Showdown! " + " vs ".join(state.names[s] for s in active) + ": faster turns.")


def moment_over(state: NovaState, rng: Rng, now: float) -> None:
    """End a shockwave or free-play moment early once everyone still in is through."""
    active = state.active()
    through = (state.phase == "shockwave" and all(s in state.finished for s in active)) or (
        state.phase == "free" and all(state.players[s].done for s in active)
    )
    if through:
        state.until = now
        tick(state, rng, now)
    settle(state, rng, now)


def end_round(state: NovaState, rng: Rng, now: float) -> None:
    """Everyone is out: move on the board, then the scoring power-up window."""
    end_interlude(state, now)
    state.phase = "scoring"
    race.advance(state)
    _window(state, rng, now, close_scoring)


def close_scoring(state: NovaState, rng: Rng, now: float) -> None:
    """After scoring: the race may be over; else damage assessment and its power-up window."""
    if race.finished(state):
        state.phase, state.until = "over", None
        best = race.placements(state)[0]
        state.say(" and ".join(called(state.names[s]) for s in best) + " escaped the supernova!")
        return
    state.phase = "damage"
    race.assess(state)
    _window(state, rng, now, close_damage)


def close_damage(state: NovaState, rng: Rng, now: float) -> None:
    """Repairs and power-up draws, then the next round."""
    race.repair(state, rng)
    state.round += 1
    deal(state, rng, now)


def _window(state: NovaState, rng: Rng, now: float, close: Callable[[NovaState, Rng, float], None]) -> None:
    """Open a power-up window with a time limit, or move straight on when nobody can use one."""
    if race.open_powers(state):
        state.until = now + clock.timing(state).power_time
    else:
        close(state, rng, now)


def powers_done(state: NovaState, rng: Rng, now: float) -> None:
    """Close a power-up window early once everybody said done."""
    if all(player.done for player in state.players):
        state.until = now
        tick(state, rng, now)

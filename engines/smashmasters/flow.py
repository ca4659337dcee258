"""The shape of a game: setup and reveal, turns, resolving cards step by step, settling, the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.core import Rng
from engines.core.words import acts, sentence, verb
from engines.smashmasters import changes, reacts
from engines.smashmasters.context import Ctx
from engines.smashmasters.decks import deal_decks
from engines.smashmasters.effects import start_step
from engines.smashmasters.look import alive, in_game, locate, name, order_from
from engines.smashmasters.piles import draw, refill
from engines.smashmasters.state import (
    Act,
    Draft,
    Finish,
    Place,
    Player,
    Resolve,
    Settle,
    SmashState,
    Space,
    Steps,
)
from engines.smashmasters.targets import source_name, steps_of

HAND_START = 5
MAX_TURNS = 500  # a safety valve: a game this long ends in a draw among the players still in


# --- setup -------------------------------------------------------------------------------------


def setup(mode: str, names: Sequence[str], options: Mapping[str, str], rng: Rng) -> SmashState:
    """Deal every seat's cards, shuffle, draw 5 and open the team draft; the first player is drawn."""
    dealt = deal_decks(rng, len(names), options)
    players = []
    for seat, cards in enumerate(dealt):
        rng.shuffle(cards.stack)
        rng.shuffle(cards.deck)
        players.append(Player(seat=seat, deck_name=cards.name, stack=cards.stack, deck=cards.deck))
    state = SmashState(
        mode=mode, options=dict(options), names=list(names), players=players, turn=rng.below(len(names))
    )
    quiet = Ctx(state, rng)
    for player in players:
        draw(quiet, player, HAND_START)
    state.tasks = [Draft()]
    return state


def reveal(ctx: Ctx) -> None:
    """Every team is turned face up at once; the first player's turn starts."""
    state = ctx.state
    speed = state.options.get("speed") == "on"
    for player in state.players:
        player.team = [Space(char=char) for char in player.picks]
        player.stack = [char for char in player.stack if char not in player.picks]
        player.picks = []
        if speed:
            player.aside, player.stack = player.stack, []
        team = ", ".join(name(space.char) for space in player.team)
        ctx.say(f"{acts(ctx.who(player.seat), 'reveals')} {team}.")
    for player in state.players:
        refill(ctx, player)
    ctx.say(f"{acts(ctx.who(state.turn), 'goes')} first.")
    start_turn(ctx, state.turn)


# --- turns -----------------------------------------------------------------------------------


def start_turn(ctx: Ctx, seat: int) -> None:
    """A turn starts: revived characters wake up, the player's round-long effects end."""
    state = ctx.state
    state.turn = seat
    state.turns += 1
    state.players[seat].used = []  # react powers recharge once a round, on their owner's turn
    for player in state.players:
        for space in player.team:
            space.waking = False
            space.tokens = [t for t in space.tokens if t.seat != seat and not state.players[t.seat].out]
            turned = space.turned
            if (
                turned
                and turned.until == "next_turn"
                and (turned.seat == seat or state.players[turned.seat].out)
            ):
                space.turned = None
    ctx.say(f"Turn {state.turns}: {ctx.who(seat)}.")
    for player in in_game(state):
        refill(ctx, player)  # a character waking up may raise a hand minimum (Sourdough Sam)
    ctx.push(Act())


def next_turn(ctx: Ctx) -> None:
    """The turn is over: this-turn effects end and the next player still in plays."""
    state = ctx.state
    for player in state.players:
        for space in player.team:
            space.tokens = [token for token in space.tokens if not token.turn_end]
    if state.turns >= MAX_TURNS:
        state.over = True
        ctx.say(result_text(state))
        return
    following = order_from(state, (state.turn + 1) % len(state.players))
    start_turn(ctx, following[0].seat)


# --- resolving -------------------------------------------------------------------------------------


def resolve(ctx: Ctx, task: Resolve) -> None:
    """After the react window: a cancelled card does nothing; a Super revives its character first."""
    src = task.src
    if task.cancelled:
        ctx.say(f"{source_name(src)} is cancelled.")
        return
    if src.kind == "super":
        found = locate(ctx.state, src.char)
        if found is not None:
            changes.revive(ctx, *found)
    ctx.push(Steps(src=src, index=0))


def run_steps(ctx: Ctx, task: Steps) -> None:
    """Resolve one step, settle, then the next step (a player who is out stops resolving)."""
    src = task.src
    if task.index >= len(steps_of(src)) or ctx.state.players[src.seat].out:
        return
    ctx.push(Settle(), Steps(src=src, index=task.index + 1))
    start_step(ctx, src, task.index)


def finish(ctx: Ctx, task: Finish) -> None:
    """A played Story or Super goes to the Discard Pile."""
    player = ctx.state.players[task.seat]
    player.playing.remove(task.card)
    player.discard.append(task.card)


def settle(ctx: Ctx, task: Settle) -> None:
    """After a step or battle (B.2): react windows, replacements, refills, eliminations."""
    state = ctx.state
    if state.reacting == 0:
        while state.fired:
            window = reacts.window_for(state, state.fired.pop(0))
            if window is not None:
                ctx.push(window, Settle())
                return
        for player in order_from(state, state.turn):
            if player.stack and any(not space.char for space in player.team):
                ctx.push(Place(seat=player.seat), Settle())
                return
    for player in in_game(state):
        refill(ctx, player)
    if state.reacting == 0:
        eliminate(ctx)


# --- the end ---------------------------------------------------------------------------------------


def eliminate(ctx: Ctx) -> None:
    """Players with no character left are out; the last one standing wins."""
    state = ctx.state
    gone = [player for player in in_game(state) if not alive(player)]
    if gone:
        for player in gone:
            player.out = True
            who = ctx.who(player.seat)
            ctx.say(f"{acts(who, 'has')} no characters left and {verb(who, 'is')} out!", seat=player.seat)
        state.out_order.append([player.seat for player in gone])
    left = in_game(state)
    if len(left) > 1:
        return
    state.over = True
    state.tasks = []
    ctx.say(result_text(state))


def placements(state: SmashState) -> list[list[int]]:
    """Best first: the player(s) still standing, then in reverse order of elimination."""
    standing = [player.seat for player in in_game(state)]
    return [standing, *(list(group) for group in reversed(state.out_order))]


def result_text(state: SmashState) -> str:
    """One sentence on how the game ended."""
    standing = in_game(state)
    assert standing, "a game always ends with someone standing (nobody can knock themselves out)"
    if len(standing) > 1:
        together = " and ".join(state.names[player.seat] for player in standing)
        return f"Time is up after {state.turns} turns: {together} share the win."
    winner = standing[0]
    heroes = [name(space.char) for space in winner.team if space.char]
    knocked = ", ".join(
        " and ".join(state.names[s] for s in group) + f" {_ordinal(i)}"
        for i, group in enumerate(state.out_order, start=1)
    )
    standing_by = ", ".join(heroes) or "a full Character Stack"
    return (
        f"{sentence(acts(state.names[winner.seat], 'wins'))} with {standing_by} still standing"
        f" after {state.turns} turns. "
        f"Knocked out: {knocked}."
    )


def _ordinal(place: int) -> str:
    """first, second, ..."""
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(place, f"#{place}")

"""Smash Battles (rulebook section 4; rulings 21-27): the attack, the counters, the result."""

from __future__ import annotations

from engines.core import Decision, Option
from engines.core.words import acts
from engines.smashmasters import changes
from engines.smashmasters.context import Ctx
from engines.smashmasters.look import active, can_teamup, cards_of_kind, has, locate, name, your
from engines.smashmasters.piles import play
from engines.smashmasters.stakes import WORDS, Stake, fate, if_played, stake, win_words, winner
from engines.smashmasters.state import Battle, Blow, Clash, Counter, Player, Settle, SmashState, Space, Window

STRENGTH_WORDS = {"smash": "Smash", "teamup": "Team-Up"}
FREE_WORDS = {"smash": "a free smash", "teamup": "a free smash as strong as a Team-Up"}


def declare(ctx: Ctx, attacker: str, target: str, strength: str, card: str) -> None:
    """Start an attack: with a card from the hand, or a free smash when `card` is empty."""
    state = ctx.state
    attacking = locate(state, attacker)
    defending = locate(state, target)
    assert attacking is not None and defending is not None
    seat, target_seat = attacking[0].seat, defending[0].seat
    if card:
        play(ctx, attacking[0], card)
    state.battle = Battle(
        attacker=attacker,
        attacker_seat=seat,
        target=target,
        target_seat=target_seat,
        blows=[Blow(seat=seat, card=card, strength=strength)],
    )
    how = f"{name(card)} ({STRENGTH_WORDS[strength]})" if card else FREE_WORDS[strength]
    ctx.say(
        f"{name(attacker)} ({ctx.who(seat)}) attacks {name(target)} ({ctx.who(target_seat)}) with {how}!",
        seat=seat,
        target_seat=target_seat,
    )
    about = f"{name(attacker)} ({ctx.who(seat)}) attacks {your(target)}"
    ctx.push(Window(trigger="ally_attacked", seats=[target_seat], char=target, about=about), Clash())


def fighter_seat(battle: Battle) -> int:
    """The seat whose turn it is to counter: the other side from the last card."""
    last = battle.blows[-1].seat
    return battle.target_seat if last == battle.attacker_seat else battle.attacker_seat


def _fighters_ready(state: SmashState, battle: Battle) -> bool:
    """Both fighters are still on their teams and active (ruling 25)."""
    for char, seat in ((battle.attacker, battle.attacker_seat), (battle.target, battle.target_seat)):
        found = locate(state, char)
        if found is None or found[0].seat != seat or not active(found[1]):
            return False
    return True


def end(ctx: Ctx) -> None:
    """The battle is over: its cards go to their players' Discard Piles."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    for blow in battle.blows:
        if blow.card:
            state.players[blow.seat].discard.append(blow.card)
    state.battle = None
    changes.end_attack_turning(ctx, battle.attacker)
    ctx.push(Settle())


def clash(ctx: Ctx, task: Clash) -> None:
    """After the attacked react window: a cancelled attack, a stunned target, or the counters."""
    state = ctx.state
    battle = state.battle
    assert battle is not None
    found = locate(state, battle.target)
    if battle.cancelled:
        ctx.say("The attack is cancelled.")
    elif found is None or found[0].seat != battle.target_seat:
        ctx.say("The target is gone: the attack fizzles.")
    elif found[1].stunned:
        ctx.say(f"{name(battle.target)} was stunned and defenceless.")
        suffer(ctx, *found, stake(state, battle.attacker, battle.target, battle.blows[0].strength), True)
    else:
        ctx.push(Counter(since=ctx.now))
        return
    end(ctx)


def suffer(ctx: Ctx, player: Player, space: Space, result: Stake, defeats: bool) -> None:
    """The loser of a battle (or a stunned target) meets the fate `stake()` computed; `defeats`:
    the win would defeat a character that is not safe from it."""
    if result == "defeated":
        changes.defeat(ctx, player, space)
    elif result == "stunned":
        changes.stun(ctx, player, space)
        if defeats:
            ctx.say(f"{name(space.char)} was safe from defeat, so only stunned.")
    else:
        danger = "defeat" if defeats or space.stunned else "stuns"
        ctx.say(f"{name(space.char)} is safe from {danger} and shrugs it off.")


def _result(ctx: Ctx, battle: Battle) -> None:
    """The last card wins: the loser meets its fate (stunned, defeated, or safe)."""
    state = ctx.state
    won, lost = winner(battle)
    found_won, found_lost = locate(state, won), locate(state, lost)
    assert found_won is not None and found_lost is not None
    ctx.say(f"{name(won)} ({ctx.who(found_won[0].seat)}) wins the Smash Battle!")
    defeats = battle.blows[-1].strength == "teamup" or has(found_won[1], "heavy_hitter")
    suffer(ctx, *found_lost, fate(state, battle), defeats)
    changes.fire(ctx, "battle_won", found_won[0].seat, won)


DEFAULT_COUNTER_SECONDS = "60"


def counter_question(state: SmashState, task: Counter) -> list[Decision]:
    """The next fighter's counter: a Smash (against a Smash), a Team-Up, or none."""
    battle = state.battle
    if battle is None or not _fighters_ready(state, battle):
        return []
    seat = fighter_seat(battle)
    player = state.players[seat]
    options: list[Option] = []
    smashes = cards_of_kind(player, "smash")
    if battle.blows[-1].strength == "smash" and smashes:
        words = win_words(if_played(state, battle, seat, "smash"))
        options.append(Option("smash", f"Counter with a Smash card ({len(smashes)} in hand; {words})"))
    if cards_of_kind(player, "teamup") and can_teamup(player):
        words = win_words(if_played(state, battle, seat, "teamup"))
        options.append(Option("teamup", f"Counter with a Team-Up card ({words})"))
    options.append(Option("pass", "No counter"))
    won, lost = winner(battle)
    last = battle.blows[-1]
    played = name(last.card) if last.card else "a free smash"
    prompt = (
        f"{name(battle.attacker)} vs {name(battle.target)}: {state.names[last.seat]} played {played}. "
        f"If nobody counters, {name(won)} wins and {name(lost)} is {WORDS[fate(state, battle)]}. Counter?"
    )
    deadline = task.since + counter_seconds(state)
    return [Decision(seat, "counter", prompt, tuple(options), deadline=deadline)]


def counter_seconds(state: SmashState) -> float:
    """How long a fighter has to decide a counter before it counts as none (option counter_timer)."""
    return float(state.options.get("counter_timer", DEFAULT_COUNTER_SECONDS))


def on_counter(ctx: Ctx, task: Counter, seat: int, picked: list[str]) -> None:
    """Play the counter card, or let the battle end."""
    battle = ctx.state.battle
    assert battle is not None
    choice = picked[0]
    if choice == "pass":
        ctx.say(f"{acts(ctx.who(seat), 'does not counter')}.")
        _result(ctx, battle)
        end(ctx)
        return
    player = ctx.state.players[seat]
    card = cards_of_kind(player, choice)[0]
    play(ctx, player, card)
    battle.blows.append(Blow(seat=seat, card=card, strength=choice))
    ctx.say(f"{acts(ctx.who(seat), 'counters')} with {name(card)} ({STRENGTH_WORDS[choice]})!", seat=seat)
    ctx.push(Counter(since=ctx.now))


def counter_stopped(ctx: Ctx, task: Counter) -> None:
    """A fighter dropped out before the battle ended: no result (ruling 25)."""
    if ctx.state.battle is not None:
        ctx.say("A fighter is out of action: the battle stops with no winner.")
        end(ctx)

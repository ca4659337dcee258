"""React windows (B.2, B.4; ruling 20): who may react to what, and using a react.

A window asks its seats one at a time, and only a seat that has a usable react: a react power of
a character whose power works and that was not used this turn, or a react Super in hand whose
character is on the team. After a react the same seat is asked again, until it passes.
"""

from __future__ import annotations

from engines.core import Decision, Option
from engines.core.words import acts
from engines.smashmasters.card_schema import CHARACTER_TRIGGERS, Super, Trigger
from engines.smashmasters.context import Ctx
from engines.smashmasters.look import card_of, char_of, name, rivals, super_ready, super_space, works, your
from engines.smashmasters.piles import play
from engines.smashmasters.state import EndReact, Finish, Fired, Resolve, SmashState, Source, Steps, Window

PASS = "pass"


def _ally_fits(trigger: Trigger, reactor: str, char: str) -> bool:
    """The `ally` qualifier of a character trigger: any, the reacting character, or its teammates."""
    if trigger.on not in CHARACTER_TRIGGERS or trigger.ally == "any":
        return True
    return (char == reactor) == (trigger.ally == "self")


def usable(state: SmashState, seat: int, trigger: str, char: str) -> list[Option]:
    """The reacts `seat` may use now for this event (never on its own turn)."""
    player = state.players[seat]
    if player.out or seat == state.turn:
        return []
    found: list[Option] = []
    for space in player.team:
        if not works(space) or space.char in player.used:
            continue
        power = char_of(space.char).power
        if power.trigger is None or power.trigger.on != trigger:
            continue
        if _ally_fits(power.trigger, space.char, char):
            found.append(Option(f"p.{space.char}", f"{name(space.char)}: {power.name}", power.text))
    for card in player.hand:
        super_card = card_of(card)
        if not isinstance(super_card, Super) or super_card.trigger is None:
            continue
        if super_card.trigger.on != trigger:
            continue
        if not super_ready(player, card):
            continue
        home = super_space(player, card)
        if _ally_fits(super_card.trigger, home.char if home else "", char):
            found.append(Option(card, f"Super: {super_card.name}", super_card.text))
    return found


ABOUT = {
    "ally_stunned": "{char} was stunned",
    "ally_defeated": "{char} was defeated",
    "battle_won": "{char} won a Smash Battle",
}


def window_for(state: SmashState, event: Fired) -> Window | None:
    """The react window of a queued event, if its owner has a usable react."""
    if not usable(state, event.seat, event.trigger, event.char):
        return None
    about = ABOUT[event.trigger].format(char=your(event.char))
    return Window(trigger=event.trigger, seats=[event.seat], char=event.char, about=about)


def rival_window(state: SmashState, trigger: str, about: str) -> Window:
    """The window every rival of the turn player gets when a Story, Super or power is played."""
    return Window(trigger=trigger, seats=[p.seat for p in rivals(state, state.turn)], about=about)


def window_question(state: SmashState, task: Window) -> list[Decision]:
    """The first seat of the window that has a usable react."""
    if task.closed or not task.seats:
        return []
    seat = task.seats[0]
    options = usable(state, seat, task.trigger, task.char)
    if not options:
        return []
    options.append(Option(PASS, "Don't react"))
    return [Decision(seat, "react", f"React? {task.about[0].upper()}{task.about[1:]}.", tuple(options))]


def skip_seat(ctx: Ctx, task: Window) -> None:
    """Move the window on to its next seat (it closes after the last one)."""
    if not task.closed and task.seats:
        task.seats.pop(0)
        if task.seats:
            ctx.push(task)


def on_react(ctx: Ctx, task: Window, seat: int, picked: list[str]) -> None:
    """Pass, or use a react power or react Super (the window stays open for this seat)."""
    choice = picked[0]
    if choice == PASS:
        skip_seat(ctx, task)
        return
    state = ctx.state
    player = state.players[seat]
    ctx.push(task)
    state.reacting += 1
    if choice.startswith("p."):
        char = choice.removeprefix("p.")
        player.used.append(char)
        power = char_of(char).power
        ctx.say(f"{acts(ctx.who(seat), 'reacts')}: {name(char)} uses {power.name}! ({power.text})", seat=seat)
        src = Source(kind="power", seat=seat, card=char, char=char, trigger=task.char)
        ctx.push(Steps(src=src, index=0), EndReact())
        return
    play(ctx, player, choice)
    player.playing.append(choice)
    home = super_space(player, choice)
    played = f"the Super {name(choice)}! ({card_of(choice).text})"
    ctx.say(f"{acts(ctx.who(seat), 'reacts')} with {played}", seat=seat)
    src = Source(kind="super", seat=seat, card=choice, char=home.char if home else "", trigger=task.char)
    ctx.push(Resolve(src=src), Finish(seat=seat, card=choice), EndReact())


def end_react(ctx: Ctx, task: EndReact) -> None:
    """A react is over."""
    ctx.state.reacting -= 1

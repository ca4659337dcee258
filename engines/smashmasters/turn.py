"""The turn player's questions: the team draft, the one action of a turn, aiming an attack.

Every option offered is legal, so the handlers never refuse halfway.
"""

from __future__ import annotations

from engines.core import MAX_OPTIONS, Decision, Option
from engines.core.words import acts, verb
from engines.smashmasters import battle, changes, flow
from engines.smashmasters.card_schema import Story, Super
from engines.smashmasters.context import Ctx
from engines.smashmasters.labels import char_label, char_option, clip
from engines.smashmasters.look import (
    TEAM_SIZE,
    active,
    attack_targets,
    can_teamup,
    card_of,
    cards_of_kind,
    char_of,
    locate,
    name,
    super_ready,
    super_space,
    team_has,
    works,
)
from engines.smashmasters.piles import play
from engines.smashmasters.reacts import rival_window
from engines.smashmasters.stakes import stake, win_words
from engines.smashmasters.state import (
    Act,
    AimAttacker,
    AimTarget,
    Discard,
    Draft,
    Finish,
    Player,
    Resolve,
    Settle,
    SmashState,
    Source,
    Summon,
)

BACK = "back"
WHOLE_TEAM_DISCARD = 5
DEEP_DISCARD = 2


# --- the draft -----------------------------------------------------------------------------------


def draft_question(state: SmashState, task: Draft) -> list[Decision]:
    """Every seat still picking chooses its next character, all at the same time."""
    found = []
    for player in state.players:
        if len(player.picks) >= TEAM_SIZE:
            continue
        options = tuple(char_option(char) for char in player.stack if char not in player.picks)
        prompt = (
            f"Choose your team face down: character {len(player.picks) + 1} of {TEAM_SIZE} (left to right)."
        )
        found.append(Decision(player.seat, "team", prompt, options))
    return found


def on_draft(ctx: Ctx, task: Draft, seat: int, picked: list[str]) -> None:
    """Record a face-down pick; when every team is complete, reveal them all."""
    state = ctx.state
    state.players[seat].picks.append(picked[0])
    ctx.tell(seat, f"You place {name(picked[0])} face down.")
    ctx.say(f"{acts(ctx.who(seat), 'places')} a character face down.", seat=seat)
    if all(len(player.picks) == TEAM_SIZE for player in state.players):
        flow.reveal(ctx)
    else:
        ctx.push(task)


# --- the action ----------------------------------------------------------------------------------


def discard_limit(player: Player) -> int:
    """How many cards the Discard action may swap (ruling 12)."""
    on_table = [space for space in player.team if space.char]
    stunned = sum(1 for space in on_table if space.stunned)
    limit = WHOLE_TEAM_DISCARD if on_table and stunned == len(on_table) else 1 + stunned
    if team_has(player, "deep_discard"):
        limit += DEEP_DISCARD
    return min(limit, len(player.hand))


def action_options(state: SmashState) -> list[Option]:
    """The legal actions of the turn player (rulebook section 3)."""
    player = state.players[state.turn]
    options: list[Option] = []
    if any(active(space) for space in player.team) and attack_targets(state, player.seat, free=False):
        smashes = cards_of_kind(player, "smash")
        if smashes:
            options.append(Option("smash", f"Attack with a Smash card ({len(smashes)} in hand)"))
        if cards_of_kind(player, "teamup") and can_teamup(player):
            options.append(Option("teamup", f"Attack with a Team-Up card ({_teamup_words(state)})"))
    for card in player.hand:
        found = card_of(card)
        if isinstance(found, Story):
            options.append(Option(card, f"Story: {found.name}", found.text))
        elif isinstance(found, Super) and found.timing == "action" and super_ready(player, card):
            options.append(Option(card, f"Super: {found.name}", found.text))
    for space in player.team:
        power = char_of(space.char).power if space.char else None
        if power is not None and power.timing == "action" and works(space):
            options.append(Option(f"p.{space.char}", f"Power: {name(space.char)} ({power.name})", power.text))
    if player.hand:
        limit = discard_limit(player)
        options.append(
            Option("discard", f"Discard {'a card' if limit == 1 else f'1 to {limit} cards'} and draw")
        )
    if player.stack:
        options += [
            Option(f"r.{space.char}", f"Retire {name(space.char)} and summon a new character")
            for space in player.team
            if space.char and space.stunned
        ]
    return options or [Option("pass", "Pass (nothing can be done)")]


def _teamup_words(state: SmashState) -> str:
    """What a Team-Up attack can do to the rivals the turn player may attack."""
    results = {stake(state, "", target, "teamup") for target in attack_targets(state, state.turn, free=False)}
    if "defeated" in results:
        return "a win defeats"
    return "every target is safe from defeat: a win stuns" if "stunned" in results else "every target is safe"


def act_question(state: SmashState, task: Act) -> list[Decision]:
    """The turn player's one action."""
    return [Decision(state.turn, "action", "Your turn: choose one action.", tuple(action_options(state)))]


def _announce(ctx: Ctx, player: Player, card: str, trigger: str, src: Source) -> None:
    """Play a Story or Super from the hand: rivals may react before it resolves."""
    play(ctx, player, card)
    player.playing.append(card)
    found = card_of(card)
    kind = "Story" if isinstance(found, Story) else "Super"
    about = f"{acts(ctx.who(player.seat), 'plays')} the {kind} {found.name}"
    ctx.say(f"{about}: {found.text}", seat=player.seat)
    ctx.push(rival_window(ctx.state, trigger, about), Resolve(src=src), Finish(seat=player.seat, card=card))


def on_act(ctx: Ctx, task: Act, seat: int, picked: list[str]) -> None:
    """Start the chosen action."""
    state = ctx.state
    player = state.players[seat]
    choice = picked[0]
    player.repeats = player.repeats + 1 if choice == player.last_action else 0
    player.last_action = choice
    if choice in ("smash", "teamup"):
        attackers = [space.char for space in player.team if active(space)]
        if len(attackers) == 1:
            ctx.push(AimTarget(attacker=attackers[0], strength=choice))
        else:
            ctx.push(AimAttacker(strength=choice))
    elif choice == "discard":
        ctx.push(Discard(seat=seat, low=1, high=discard_limit(player), action=True))
    elif choice == "pass":
        ctx.say(f"{acts(ctx.who(seat), 'can')} do nothing and {verb(ctx.who(seat), 'passes')}.")
    elif choice.startswith("r."):
        found = locate(state, choice.removeprefix("r."))
        assert found is not None
        changes.step_down(ctx, player, found[1])
        ctx.push(Summon(seat=seat, space=player.team.index(found[1])), Settle())
    elif choice.startswith("p."):
        char = choice.removeprefix("p.")
        power = char_of(char).power
        ctx.say(f"{name(char)} ({ctx.who(seat)}) uses {power.name}: {power.text}", seat=seat)
        about = f"{name(char)} ({ctx.who(seat)}) uses {power.name}"
        src = Source(kind="power", seat=seat, card=char, char=char)
        ctx.push(rival_window(state, "rival_power", about), Resolve(src=src))
    elif isinstance(card_of(choice), Story):
        state.last_story = choice
        _announce(ctx, player, choice, "rival_story", Source(kind="story", seat=seat, card=choice))
    else:
        home = super_space(player, choice)
        src = Source(kind="super", seat=seat, card=choice, char=home.char if home else "")
        _announce(ctx, player, choice, "rival_super", src)


# --- aiming an attack ----------------------------------------------------------------------------


def attacker_question(state: SmashState, task: AimAttacker) -> list[Decision]:
    """Which active character attacks."""
    player = state.players[state.turn]
    options = [
        Option(space.char, name(space.char), char_of(space.char).text)
        for space in player.team
        if active(space)
    ]
    options.append(Option(BACK, "Back: choose another action"))
    prompt = "Who attacks? (a fighter who loses the battle is stunned, or defeated by a Team-Up)"
    return [Decision(state.turn, "attacker", prompt, tuple(options))]


def on_attacker(ctx: Ctx, task: AimAttacker, seat: int, picked: list[str]) -> None:
    """Go on to the target, or back to the action."""
    if picked[0] == BACK:
        ctx.push(Act())
    else:
        ctx.push(AimTarget(attacker=picked[0], strength=task.strength))


def target_question(state: SmashState, task: AimTarget) -> list[Decision]:
    """Which rival character to attack (a stunned one is defeated outright)."""
    seat = state.turn if task.src is None else task.src.seat
    targets = attack_targets(state, seat, free=task.src is not None)
    if not targets:
        return []
    options = [
        Option(char, clip(f"{char_label(state, char)}: {_attack_words(state, task, char)}"))
        for char in targets
    ]
    if task.src is None and len(options) < MAX_OPTIONS:
        options.append(Option(BACK, "Back: choose another action"))
    how = (
        "free smash"
        if task.src is not None
        else {"smash": "Smash card", "teamup": "Team-Up card"}[task.strength]
    )
    prompt = f"{name(task.attacker)} attacks with a {how}: choose the target."
    return [Decision(seat, "target", prompt, tuple(options))]


def _attack_words(state: SmashState, task: AimTarget, target: str) -> str:
    """What attacking this target does: outright for a stunned one, else what a won battle does."""
    result = stake(state, task.attacker, target, task.strength)
    found = locate(state, target)
    if found is not None and found[1].stunned:
        return "defeated outright" if result == "defeated" else "no effect: safe from defeat"
    return win_words(result)


def on_target(ctx: Ctx, task: AimTarget, seat: int, picked: list[str]) -> None:
    """Declare the attack."""
    if picked[0] == BACK:
        ctx.push(Act())
        return
    card = "" if task.src is not None else cards_of_kind(ctx.state.players[seat], task.strength)[0]
    battle.declare(ctx, task.attacker, picked[0], task.strength, card)

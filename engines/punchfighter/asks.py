"""The question the game waits for, as Discord-sized decisions (answers: `answers`).

Option ids are short and stable: `C4` a space, `f2` / `mA` a piece, `c.<card>` a combo card,
`d.<card>` a defence card, `p3` / `b3` a pad position, `o1` an offer card, `fd` / `bd` the decks.
A question that may be taken back (the first one after a choice on the main menu, before anything
resolved) offers `back`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engines.core import MAX_LABEL, MAX_OPTIONS, Decision, Option
from engines.core.menus import split_menus, whole_question
from engines.core.words import counted
from engines.punchfighter import attack, board, content, drawing, flow, minions, pay, plays
from engines.punchfighter.achievements import reached
from engines.punchfighter.hexes import parse_label, regions
from engines.punchfighter.state import PunchState, Task
from engines.punchfighter.words import button_text, card_text, riders

BACK = Option("back", "⬅ Back")
DEFENCE_SECONDS = "20"
STOP = "stop"


def _clip(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def decisions(state: PunchState) -> list[Decision]:
    """The open question as decisions (several when its list is longer than a menu holds)."""
    return _menus(state)[0]


def answerable(state: PunchState) -> list[Decision]:
    """The decisions as answers are checked against: a question split into several menus accepts,
    under its first key, any choice of any of its menus (so a player, or the AI, answering the
    first menu is never limited to its part)."""
    found, low, high = _menus(state)
    return whole_question(found, low, high)


def _menus(state: PunchState) -> tuple[list[Decision], int, int]:
    ask = state.ask
    if ask is None or state.phase == "over":
        return [], 1, 1
    prompt, options, low, high = QUESTIONS[ask.key](state, ask.seat, ask.task)
    extras = [BACK] if state.undo and ask.seat == state.turn and high == 1 else []
    found = _split(ask.seat, ask.key, prompt, options, extras, low, high)
    due = defence_deadline(state)
    if due is not None:
        found = [msgspec.structs.replace(d, deadline=due) for d in found]
    return found, low, high


def defence_seconds(state: PunchState) -> float:
    """How long a defender has to answer an attack (option `defence`)."""
    return float(state.options.get("defence", DEFENCE_SECONDS))


def defence_deadline(state: PunchState) -> float | None:
    """When an open defence question times out (the hit lands undefended)."""
    ask = state.ask
    if ask is None or ask.key != "defend" or state.phase == "over":
        return None
    return ask.since + defence_seconds(state)


def _split(
    seat: int, key: str, prompt: str, options: list[Option], extras: list[Option], low: int, high: int
) -> list[Decision]:
    """One decision, or menus of 25: a long list of spaces by whole rows (the other choices and
    the extras lead the first menu), any other long list in runs (`engines.core.menus`)."""
    spaces = {option.id: option for option in options if _is_space(option.id)}
    others = [option for option in options if option.id not in spaces]
    lead = others + extras
    if len(options) + len(extras) <= MAX_OPTIONS or not spaces or len(lead) >= MAX_OPTIONS:
        return split_menus(seat, key, prompt, options, low, high, extras=extras, clip=MAX_LABEL)
    rows = regions([parse_label(label) for label in spaces], MAX_OPTIONS - len(lead))
    parts = [
        (name, [*(lead if n == 0 else []), *(spaces[h.label] for h in hexes)])
        for n, (name, hexes) in enumerate(rows)
    ]
    return split_menus(seat, key, prompt, [], low, high, parts=parts, clip=MAX_LABEL)


def _is_space(option_id: str) -> bool:
    return option_id[:1].isupper() and option_id[1:].isdigit()


Question = tuple[str, list[Option], int, int]


def _fighter(state: PunchState, seat: int, task: Task | None) -> Question:
    taken = {player.fighter for player in state.players}
    options = [
        Option(f.id, f.name, _clip(f"{f.style}: {sum(f.bands)} health"))
        for f in content.FIGHTERS
        if f.id not in taken
    ]
    return "Choose your fighter", options, 1, 1


def _spaces(labels: Sequence[str]) -> list[Option]:
    return [Option(label, label) for label in labels]


def _revive(state: PunchState, seat: int, task: Task | None) -> Question:
    return "Enter the board: choose a space next to a spawn point", _spaces(plays.entry_spaces(state)), 1, 1


def _draw(state: PunchState, seat: int, task: Task | None) -> Question:
    player = state.players[seat]
    options = []
    for source in drawing.sources(state, seat):
        if source == drawing.FIGHTER_DECK:
            options.append(Option(source, "Fighter deck", f"{len(player.deck)} cards left"))
        elif source == drawing.BUTTON_DECK:
            options.append(Option(source, "Button deck", f"{len(state.button_deck)} cards left"))
        else:
            card = content.BUTTONS_BY_ID[state.offer[int(source[1:])]]
            options.append(
                Option(source, _clip(f"Offer: {card.name} ({card.letter})"), _clip(button_text(card)))
            )
    left = f" ({task.count} to draw)" if task and task.count > 1 else ""
    return f"Draw a card{left}", options, 1, 1


def _main(state: PunchState, seat: int, task: Task | None) -> Question:
    player = state.players[seat]
    options = []
    if not state.action_used:
        if plays.can_move(state, f"f{seat}"):
            options.append(Option("move", "Move up to 4 spaces", "Your action"))
        options.append(Option("draw", "Draw 2 cards", "Your action"))
        for card in plays.launchable(state, seat):
            data = content.CARDS_BY_ID[card]
            options.append(
                Option(
                    f"c.{card}", _clip(f"Launch {data.name} ({'-'.join(data.cost)})"), _clip(card_text(data))
                )
            )
    for index in plays.pushable(state, seat):
        button = content.BUTTONS_BY_ID[player.pad[index].card]
        options.append(
            Option(f"p{index}", _clip(f"Push {button.name} ({button.letter})"), _clip(button_text(button)))
        )
    if any(not b.pushed for b in player.pad):
        options.append(Option("drop", "Discard a button…"))
    options.append(Option("end", "End the turn"))
    return "Your turn: an action and any free actions", options, 1, 1


def _drop(state: PunchState, seat: int, task: Task | None) -> Question:
    pad = state.players[seat].pad
    options = [
        Option(
            f"p{i}", _clip(f"{content.BUTTONS_BY_ID[b.card].name} ({content.BUTTONS_BY_ID[b.card].letter})")
        )
        for i, b in enumerate(pad)
        if not b.pushed
    ]
    return "Discard which button?", options, 1, 1


def _move(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    found = plays.destinations(state, f"f{seat}", task.count)
    options = [Option(label, label, counted(n, "space")) for label, n in found.items()]
    prompt = f"Move up to {counted(task.count, 'space')}"
    if task.source == "rush":  # Minion Rush: the free move after a range-1 attack (ruling R30)
        prompt = f"Free move after your range-1 attack: up to {counted(task.count, 'space')}"
    return prompt, [Option(STOP, "Stay here"), *options], 1, 1


def _target(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    effect = attack.effect_of(task)
    options = []
    for piece in attack.targets(state, task.attacker, effect.range):
        left = max(0, board.health_of(state, piece) - effect.strength)
        at = board.where(state, piece)
        options.append(
            Option(
                piece,
                _clip(f"{board.piece_name(state, piece)} at {at}: {effect.strength} damage ({left} left)"),
            )
        )
    who = board.piece_title(state, task.attacker)
    return f"{who} attacks: choose the target", options, 1, 1


def _defend(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    effect = attack.effect_of(task)
    player = state.players[seat]
    hit = ", ".join([f"{effect.strength} damage", *riders(effect)])
    options = [Option("take", _clip(f"Take the hit ({hit})"))]
    for answer in plays.defences(state, seat):
        if answer.startswith("d."):
            data = content.CARDS_BY_ID[answer[2:]]
            options.append(Option(answer, _clip(f"Defend: {data.name}"), _clip(card_text(data))))
        else:
            button = content.BUTTONS_BY_ID[player.pad[int(answer[1:])].card]
            options.append(Option(answer, _clip(f"Push {button.name}: block {button.block}")))
    who = board.piece_title(state, task.attacker)
    return _clip(f"{who} attacks you: {hit}. Defend?"), options, 1, 1


def _shove(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    grid = board.grid_of(state)
    options: list[Option] = []
    for end in plays.shove_ends(state, task):
        if end.off_board:
            if all(option.id != "off" for option in options):
                options.insert(0, Option("off", "Off the board (a K.O.)"))
        else:
            options.append(Option(grid.label(end.end), grid.label(end.end)))
    return f"Where does {board.piece_name(state, task.target)} end up?", options, 1, 1


def _buttons(state: PunchState, seat: int, pushed: bool) -> list[Option]:
    pad = state.players[seat].pad
    return [
        Option(
            f"p{i}", _clip(f"{content.BUTTONS_BY_ID[b.card].name} ({content.BUTTONS_BY_ID[b.card].letter})")
        )
        for i, b in enumerate(pad)
        if b.pushed == pushed
    ]


def _stagger(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    return (
        f"Staggered: choose {counted(task.count, 'button')} to push (no effect)",
        _buttons(state, seat, False),
        task.count,
        task.count,
    )


def _recharge(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    pad = state.players[seat].pad
    options = [
        Option(
            f"p{i}",
            _clip(f"{content.BUTTONS_BY_ID[pad[i].card].name} ({content.BUTTONS_BY_ID[pad[i].card].letter})"),
        )
        for i in flow.recharging(state, task)
    ]
    return f"Recharge: choose {counted(task.count, 'button')} to free", options, task.count, task.count


def _reset(state: PunchState, seat: int, task: Task | None) -> Question:
    keep = flow.RESET_BUTTONS
    return (
        f"Reset: choose the {keep} pushed buttons to free (the others are discarded)",
        _buttons(state, seat, True),
        keep,
        keep,
    )


def _claim(state: PunchState, seat: int, task: Task | None) -> Question:
    options = [Option(a, content.ACHIEVEMENTS_BY_ID[a].name) for a in reached(state, seat)]
    return "Claim one achievement", options, 1, 1


def _chain(state: PunchState, seat: int, task: Task | None) -> Question:
    options = [Option(STOP, "End the chain")]
    for card in plays.chainable(state, seat):
        data = content.CARDS_BY_ID[card]
        cost = plays.card_cost(state, card)
        options.append(
            Option(
                f"c.{card}", _clip(f"Chain {data.name} ({'-'.join(cost) or 'free'})"), _clip(card_text(data))
            )
        )
    return "Chain another combo card?", options, 1, 1


def payment_id(way: Sequence[int]) -> str:
    """A way to pay as an option id: "y0.3" pushes pad positions 0 and 3."""
    return "y" + ".".join(str(i) for i in way)


def _pay(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    pad = state.players[seat].pad
    card = content.CARDS_BY_ID[task.source]
    cost = plays.card_cost(state, task.source)
    options = []
    for number, way in enumerate(pay.payments(pad, cost)):
        buttons = [content.BUTTONS_BY_ID[pad[i].card] for i in way]
        label = " + ".join(f"{b.name} ({b.letter})" for b in buttons)
        spent = [f"{b.name}: {button_text(b)}" for b in buttons if not b.starter]
        about = "Suggested: the plainest buttons" if number == 0 else "Spends " + "; ".join(spent)
        options.append(Option(payment_id(way), _clip(label), _clip(about)))
    return f"Pay for {card.name} ({'-'.join(cost)}) with which buttons?", options, 1, 1


def _place(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    return f"Where does the {task.minion} minion enter?", _spaces(minions.entry_spaces(state)), 1, 1


def _chase(state: PunchState, seat: int, task: Task | None) -> Question:
    assert task is not None
    options = [Option(p, board.piece_name(state, p)) for p in minions.closest_fighters(state, task.minion)]
    return f"Whom does the {task.minion} minion step toward?", options, 1, 1


QUESTIONS: dict[str, Callable[[PunchState, int, Task | None], Question]] = {
    "fighter": _fighter,
    "revive": _revive,
    "draw": _draw,
    "main": _main,
    "drop": _drop,
    "move": _move,
    "target": _target,
    "defend": _defend,
    "shove": _shove,
    "stagger": _stagger,
    "recharge": _recharge,
    "reset": _reset,
    "claim": _claim,
    "chain": _chain,
    "pay": _pay,
    "place": _place,
    "chase": _chase,
}

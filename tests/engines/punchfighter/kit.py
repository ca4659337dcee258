"""Helpers for Super Punch Fighter tests: card accounting, secrets, and setting up moments."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import msgspec

from engines.core import Decision, Rng, Seat
from engines.punchfighter import content, flow
from engines.punchfighter.engine import PunchFighter
from engines.punchfighter.state import PadButton, PunchState, TurnStats
from engines.punchfighter.view import card_view

ENGINE = PunchFighter()


def all_cards(state: PunchState) -> Counter[str]:
    """Every fighter card and button card, wherever it lies: the fighters' cards not dealt yet (while
    fighters are chosen, and those nobody chose) count as in the box."""
    cards = [*state.chain, *state.button_deck, *state.button_discard, *state.offer]
    for player in state.players:
        cards += player.deck + player.hand + player.discard + [button.card for button in player.pad]
    dealt = {player.fighter for player in state.players} if state.phase != "choose" else set()
    cards += [card for fighter, deck in content.DECKS.items() if fighter not in dealt for card in deck]
    return Counter(cards)


def secrets(state: PunchState) -> dict[int, list[str]]:
    """A seat's hand is seen only in its own view."""
    return {
        seat: [msgspec.json.encode({"hand": [card_view(card) for card in player.hand]}).decode()[1:-1]]
        for seat, player in enumerate(state.players)
        if player.hand
    }


def new_game(
    mode: str = "standard",
    seats: int = 3,
    seed: int = 1,
    fighters: Sequence[str] = (),
    options: Mapping[str, str] | None = None,
) -> PunchState:
    """A game past the fighter choice (each seat takes `fighters[seat]`, else the first offered)."""
    state = ENGINE.new_game([Seat(i, f"P{i + 1}") for i in range(seats)], mode, dict(options or {}), seed)
    while state.phase == "choose" and state.ask is not None:
        seat = state.ask.seat
        (decision,) = ENGINE.decisions(state)
        wanted = fighters[seat] if seat < len(fighters) else decision.options[0].id
        ENGINE.apply(state, seat, "fighter", [wanted])
    return state


def answer(state: PunchState, option: str, seat: int | None = None) -> None:
    """Answer the open question (of `seat`, default whoever is asked) with one option (looked for
    in every decision of the question, when a list of spaces is split by rows)."""
    decisions = [d for d in ENGINE.decisions(state) if seat is None or d.seat == seat]
    decision = next((d for d in decisions if d.option(option) is not None), decisions[0])
    ENGINE.apply(state, decision.seat, decision.key, [option])


def paying(state: PunchState, option: str) -> None:
    """Answer with `option` (a card to launch or chain) and, if the player is asked which buttons
    pay, take the suggested way (the first)."""
    answer(state, option)
    if decision(state).key == "pay":
        answer(state, decision(state).options[0].id)


def pick(state: PunchState, *chosen: str) -> None:
    """Answer the open question with several options at once (stagger, recharge, reset)."""
    decision = ENGINE.decisions(state)[0]
    ENGINE.apply(state, decision.seat, decision.key, list(chosen))


def decision(state: PunchState) -> Decision:
    """The open question (its first decision)."""
    return ENGINE.decisions(state)[0]


def options(state: PunchState) -> list[str]:
    """The option ids of the open question(s)."""
    return [option.id for decision in ENGINE.decisions(state) for option in decision.options]


# --- set positions ------------------------------------------------------------------------------


def run(state: PunchState) -> None:
    """Resolve whatever the engine can without a question (after fields were set by hand)."""
    rng = Rng(state.rng)
    flow.advance(state, rng)
    state.rng = rng.state


def pad(*buttons: str) -> list[PadButton]:
    """A control pad of unpushed buttons, by button id."""
    return [PadButton(button) for button in buttons]


STARTERS = ("a_punch", "b_block", "c_charge", "d_draw")


def main_menu(state: PunchState, seat: int) -> None:
    """Make it `seat`'s action phase, nothing done yet (no revive, power up or minion phase), and
    stop at its main menu."""
    state.turn = seat
    state.phase = "action"
    state.queue = []
    state.ask = None
    state.undo = b""
    state.action_used = False
    state.chain = []
    for player in state.players:
        player.stats = TurnStats()
    run(state)


def arena(
    fighters: Sequence[str],
    at: Sequence[str | None],
    *,
    turn: int = 0,
    mode: str = "standard",
    seed: int = 1,
    hands: Sequence[Sequence[str]] | None = None,
    achievements: Sequence[str] = (),
) -> PunchState:
    """A game of these fighters (by seat) standing on these spaces, at `turn`'s main menu, with
    full health, starting pads, these hands (default: empty, so nobody defends with a card by
    accident) and these achievements face up (default: none, so no turn ends in a claim)."""
    state = new_game(mode, len(fighters), seed, fighters)
    state.button_deck += reversed(state.button_discard)  # undo a first minion phase under way
    state.button_discard = []
    for minion in state.minions:
        minion.at, minion.damage = None, 0
    for seat, player in enumerate(state.players):
        player.at = at[seat]
        player.hand = list(hands[seat]) if hands is not None else []
    state.achievements = list(achievements)
    main_menu(state, turn)
    return state


def said(state: PunchState, text: str) -> bool:
    """Whether a log line contains `text`."""
    return any(text in line for line in state.log)


def begin_turn(state: PunchState, seat: int) -> None:
    """Start `seat`'s turn from its first phase (minion phase in Minion Rush, then revive and
    power up), and stop at the first question."""
    state.ask = None
    state.queue = []
    state.undo = b""
    flow.start_turn(state, seat)
    run(state)

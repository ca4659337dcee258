"""Hand-built SUPERHOT positions for the rule scenario tests.

`game()` sets a table up the normal way; `arrange()` then puts exact cards in exact piles.
Every card keeps a single home: a card named in one pile is taken out of every other pile,
and a card pushed out of a pile that was set explicitly goes back to where it came from
(Obstacles Deck, its owner's Player Deck, the Bullets Deck or the Goals Deck), unless that
pile was set explicitly too, in which case it leaves the game for the test.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import Decision, Event, Seat
from engines.superhot.cards import pool
from engines.superhot.engine import Superhot
from engines.superhot.state import Goal, Slot, SuperhotState, TurnLog
from tests.engines.superhot.kit import all_cards

ENGINE = Superhot()
NAMES = ("Ann", "Bob", "Cy")
SEATS = {"solo": 1, "coop": 2, "versus": 2, "twovone": 3}

LineSpec = Sequence[str | Slot | None]


# --- card look-ups -------------------------------------------------------------------------------


def _matching(defs: Mapping[str, Any], what: str, fields: dict[str, Any]) -> list[str]:
    found = [key for key, item in defs.items() if all(getattr(item, k) == v for k, v in fields.items())]
    assert found, f"no {what} card with {fields}"
    return found


def cards(**fields: Any) -> list[str]:
    """Instance ids of the obstacle cards whose definition matches every field, in file order."""
    return _matching(pool().obstacles, "obstacle", fields)


def card(**fields: Any) -> str:
    """The first obstacle card matching every field."""
    return cards(**fields)[0]


def bullets(**fields: Any) -> list[str]:
    """Bullet card ids whose definition matches every field."""
    return _matching(pool().bullets, "bullet", fields)


def goal(name: str) -> str:
    """A goal card's id from its name."""
    return next(goal_id for goal_id, card in pool().goals.items() if card.name == name)


def quiet_goal() -> str:
    """A goal no scenario completes by accident: the largest Player Discard goal."""
    found = [(g.count, goal_id) for goal_id, g in pool().goals.items() if g.kind == "discard_size"]
    assert found, "no Player Discard goal left in cards.toml"
    return max(found)[1]


def quiet(*taken: str) -> list[str]:
    """Obstacles Deck cards without an ability, leaving out the cards a scenario already uses."""
    return [c for c in cards(pile="obstacles", ability="none") if c not in taken]


def down(card_id: str) -> Slot:
    """A knocked-out (face-down) card in The Line."""
    return Slot(card=card_id, down=True)


# --- building positions ----------------------------------------------------------------------------


def game(mode: str = "solo", seed: int = 1, **options: str) -> SuperhotState:
    """A freshly set-up table."""
    seats = [Seat(index, NAMES[index]) for index in range(SEATS[mode])]
    return ENGINE.new_game(seats, mode, options, seed)


def _home(state: SuperhotState, card_id: str) -> str:
    if card_id in pool().bullets:
        return "bullets"
    if card_id in pool().goals:
        return "goal_deck"
    mark = pool().obstacles[card_id].pile
    for index, player in enumerate(state.players):
        if player.mark == mark:
            return f"pdeck{index}"
    return "deck"


def _piles(state: SuperhotState) -> dict[str, list[str]]:
    piles = {
        "line": [slot.card for slot in state.line if slot is not None],
        "deck": state.deck,
        "discard": state.discard,
        "bullets": state.bullets,
        "goal_deck": state.goal_deck,
        "goals": [g.card for g in state.goals],
    }
    for index, player in enumerate(state.players):
        piles[f"hand{index}"] = player.hand
        piles[f"pdeck{index}"] = player.deck
        piles[f"pdiscard{index}"] = player.discard
    return piles


def arrange(
    state: SuperhotState,
    *,
    line: LineSpec | None = None,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
    bullets: Sequence[str] | None = None,
    deck_top: Sequence[str] = (),
    goals: Sequence[str] | None = None,
    goal_deck: Sequence[str] | None = None,
    goal_top: Sequence[str] = (),
    hand: Sequence[str] | None = None,
    pdeck: Sequence[str] | None = None,
    pdiscard: Sequence[str] | None = None,
    partner: Mapping[str, Sequence[str]] | None = None,
    active: int = 0,
    phase: str = "start",
) -> SuperhotState:
    """Put exact cards in exact piles, then open `phase` for player `active`.

    `line` may be shorter than The Line: quiet obstacles (no ability) fill the remaining slots.
    `deck_top`/`goal_top` go on top of the Obstacles/Goals Deck (the rest of it stays).
    `goals` defaults to one goal that no scenario meets by accident.
    `partner` sets player 1's piles with the keys hand, deck and discard.
    """
    explicit: dict[str, list[str]] = {}
    for name, value in (
        ("deck", deck),
        ("discard", discard),
        ("bullets", bullets),
        ("goal_deck", goal_deck),
        ("hand0", hand),
        ("pdeck0", pdeck),
        ("pdiscard0", pdiscard),
    ):
        if value is not None:
            explicit[name] = list(value)
    explicit["goals"] = list(goals) if goals is not None else [quiet_goal()]
    tops = {"deck": list(deck_top), "goal_deck": list(goal_top)}
    for key, value in (partner or {}).items():
        explicit[{"hand": "hand1", "deck": "pdeck1", "discard": "pdiscard1"}[key]] = list(value)
    slots: list[Slot | None] | None = None
    if line is not None:
        slots = [Slot(card=spec) if isinstance(spec, str) else spec for spec in line]
        named = {s.card for s in slots if s is not None} | {c for cs in explicit.values() for c in cs}
        named |= set(deck_top)
        quiet = [
            card_id
            for card_id, found in pool().obstacles.items()
            if found.pile == "obstacles" and found.ability == "none" and card_id not in named
        ]
        slots += [Slot(card=card_id) for card_id in quiet[: state.line_size - len(slots)]]
        assert len(slots) == state.line_size, "The Line has the wrong length"
        explicit["line"] = [s.card for s in slots if s is not None]
    placed = [c for cs in [*explicit.values(), *tops.values()] for c in cs]
    assert len(placed) == len(set(placed)), f"a card is placed twice: {placed}"
    before = _piles(state)
    result: dict[str, list[str]] = {}
    displaced: list[str] = []
    for name, old in before.items():
        if name in explicit:
            result[name] = explicit[name]
            displaced += [c for c in old if c not in placed]
        else:
            result[name] = [c for c in old if c not in placed]
    for card_id in displaced:
        home = _home(state, card_id)
        if home not in explicit:
            result[home].append(card_id)
    for name, top in tops.items():
        result[name] = top + result[name]
    state.deck, state.discard, state.bullets = result["deck"], result["discard"], result["bullets"]
    state.goal_deck = result["goal_deck"]
    state.goals = [Goal(card=c) for c in result["goals"]]
    if slots is None:  # a card taken out of an unspecified Line is replaced from the Obstacles Deck
        slots = [
            Slot(card=result["deck"].pop(0)) if slot is not None and slot.card in placed else slot
            for slot in state.line
        ]
    state.line = slots
    for index, player in enumerate(state.players):
        player.hand = result[f"hand{index}"]
        player.deck = result[f"pdeck{index}"]
        player.discard = result[f"pdiscard{index}"]
    state.turn = TurnLog()
    state.target = None
    state.active = active
    state.phase = phase
    counts = all_cards(state)
    assert all(count == 1 for count in counts.values()), "a card sits in two piles"
    return state


# --- driving the engine ----------------------------------------------------------------------------


def decision(state: SuperhotState) -> Decision:
    """The one open decision."""
    found = ENGINE.decisions(state)
    assert len(found) == 1, found
    return found[0]


def options(state: SuperhotState) -> list[str]:
    """The option ids of the open decision."""
    return [option.id for option in decision(state).options]


def play(state: SuperhotState, key: str, *choice: str) -> list[Event]:
    """Answer the open decision with this key (seat taken from the decision)."""
    open_now = ENGINE.decisions(state)
    seat = next((d.seat for d in open_now if d.key == key), open_now[0].seat if open_now else 0)
    return ENGINE.apply(state, seat, key, list(choice))


def move(state: SuperhotState) -> None:
    """Phase 1: Move."""
    play(state, "start", "move")


def deal(state: SuperhotState, target: str, *hand_cards: str) -> None:
    """Phase 2: pick a target (d<slot>/k<slot>) and commit cards to it."""
    play(state, "use", target)
    for hand_card in hand_cards:
        play(state, "card", hand_card)


def done(state: SuperhotState, aid: str = "none") -> None:
    """End Use cards (and answer Aid when it is asked)."""
    play(state, "use", "done")
    if not state.over and decision(state).key == "aid":
        play(state, "aid", aid)


def pass_turn(state: SuperhotState) -> None:
    """Move, use nothing: phases 3 to 7 run with zero cards used."""
    move(state)
    done(state)


def clear_level(state: SuperhotState) -> None:
    """Play one turn that completes the level: the only goal is "hold a Gun", and a Gun is in hand."""
    gun = card(name="Dude with Gun")
    armed = goal("Armed")
    active = state.active
    hand = [*[c for c in state.players[active].hand if c != gun][:3], gun]
    if active == 0:
        arrange(state, goals=[armed], hand=hand)
    else:
        arrange(state, goals=[armed], partner={"hand": hand}, active=active)
    pass_turn(state)


def lose_to_bullets(state: SuperhotState) -> None:
    """The active player (player 0) ends a turn holding a fourth bullet."""
    held, fourth = bullets()[:3], bullets()[3]
    target = card(pile="obstacles", ability="none", need="fight", value=1)
    arrange(state, line=[fourth, *quiet(target)[:4], target], hand=[*held, card(pile="IT", use="fight")])
    move(state)
    deal(state, "d5", *state.players[0].hand[3:])
    done(state)


# Cards the scenarios use most (instance ids of the core set).
PUNCH = cards(pile="IT", use="fight", power=1)
DUCK = cards(pile="IT", use="dodge", power=1)
STRIKE = cards(pile="PZ", use="fight", power=1)
PLIERS = card(pile="IT", use="pliers")
DOUBLE = card(pile="IT", use="double")
GUNS = cards(name="Dude with Gun")
KATANA = card(use="katana")

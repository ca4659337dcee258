"""Card sheets (the Cards button's text): every game lists the cards a view shows, grouped as its
table, and a seat's sheet adds only its own groups ("Your ...") to what the public sees."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.core import Rng, Seat
from engines.core.policy import RandomPolicy
from renderers import renderer_for
from renderers.kit.sheet import OWN, CardGroup, owned_by
from renderers.sheets import SHEETS, card_sheet

GAMES = sorted(SHEETS)


def own(group: CardGroup) -> bool:
    """A group only its seat sees."""
    return group.title.startswith(OWN)


@pytest.mark.parametrize("game", GAMES)
def test_every_sample_lists_its_cards_in_groups_and_the_public_never_sees_a_hand(game: str) -> None:
    listed = 0
    for name, (public, seat) in renderer_for(game).samples().items():
        shown = card_sheet(game, public)
        assert not any(own(group) for group in shown), f"{name}: a hand in the public sheet"
        mine = card_sheet(game, seat)
        for group in [*shown, *mine]:
            assert group.cards, f"{name}: the empty group {group.title!r}"
            assert all(card.name and card.name != "?" for card in group.cards), f"{name}: {group.title}"
        listed += sum(len(group.cards) for group in mine)
        you = seat.get("you")
        hand = seat.get("hand") or (you.get("hand") if isinstance(you, dict) else None)
        if hand:
            assert mine[0].title == "Your hand", f"{name}: the hand comes first"
    assert listed > 20, "the samples show cards"


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_own_groups_shown_to_a_spectator_carry_the_players_name(game: str) -> None:
    """What a spectator is shown of a seat's view: its own groups only, as "Ana's hand"."""
    for name, (_, seat) in renderer_for(game).samples().items():
        mine = card_sheet(game, seat)
        shown = owned_by(mine, "Ana", " (one round ago)")
        assert [group.cards for group in shown] == [group.cards for group in mine if own(group)], name
        assert all(group.title.startswith("Ana's ") for group in shown), name
        if mine and mine[0].title == "Your hand":
            assert shown[0].title == "Ana's hand (one round ago)", name


def step_through(game: str, seed: int, steps: int) -> list[tuple[Any, int]]:
    """A seeded game played at random for some steps: (state, seats) every few steps."""
    engine = engines.REGISTRY[game]
    mode = engine.meta.modes[0]
    count = max(2, mode.seats.start) if 2 in mode.seats else mode.seats.start
    state = engine.new_game([Seat(i, f"P{i + 1}", True) for i in range(count)], mode.id, {}, seed)
    chooser, policy, now, seen = Rng(seed), RandomPolicy(seed), 0.0, []
    for step in range(steps):
        if engine.outcome(state) is not None:
            break
        deadline, decisions = engine.next_deadline(state), engine.decisions(state)
        if deadline is not None and (not decisions or deadline <= now):
            now = max(now, deadline)
            engine.tick(state, now)
            continue
        decision = decisions[chooser.below(len(decisions))]
        engine.apply(state, decision.seat, decision.key, policy.choose(engine, state, decision), now)
        now += 0.25
        if step % 9 == 0:
            seen.append((state, count))
            state = engine.decode(engine.encode(state))  # keep the one seen as it was
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_sees_its_own_groups_and_otherwise_only_what_the_public_sees(game: str) -> None:
    engine = engines.REGISTRY[game]
    hands = 0
    for state, count in step_through(game, 11, 300):
        public = card_sheet(game, engine.view(state, None))
        for seat in range(count):
            mine = card_sheet(game, engine.view(state, seat))
            shared = [group for group in mine if not own(group)]
            assert all(group in public for group in shared), f"seat {seat} sees more than the public"
            hands += any(group.title == "Your hand" for group in mine)
    assert hands, "some seat held cards"

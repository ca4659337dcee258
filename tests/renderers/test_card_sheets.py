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
from renderers.smashmasters.look import TIMINGS

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


CARD_TEXTS = ("text", "top_text")
"""The keys under which a view gives a card's rules text (SUPERHOT's top half: top_text)."""


def card_texts(found: Any) -> list[tuple[str, str]]:
    """Every (name, rules text) pair of the cards anywhere in a view."""
    if isinstance(found, (list, tuple)):
        return [pair for item in found for pair in card_texts(item)]
    if not isinstance(found, dict):
        return []
    pairs = [(str(found.get("name", "")), text) for key in CARD_TEXTS if (text := found.get(key))]
    return pairs + [pair for value in found.values() for pair in card_texts(value)]


@pytest.mark.parametrize("game", GAMES)
def test_every_card_text_a_view_gives_is_in_the_sheet_under_the_cards_name(game: str) -> None:
    """The tables draw only names and numbers where a card's text does not fit at a readable size:
    the sheet is where the player reads the rest, so no card's text may be missing from it."""
    checked = 0
    for name, views in renderer_for(game).samples().items():
        for view in views:
            entries = [card for group in card_sheet(game, view) for card in group.cards]
            for card_name, text in card_texts(dict(view)):
                assert any(text in card.text and card_name in card.name for card in entries), (
                    f"{name}: {card_name!r}'s text {text!r} is not in the Cards sheet"
                )
                checked += 1
    if game != "supernova":  # its cards are numbers: the sheet words their rule itself
        assert checked > 20, "the samples show card texts"


def test_smash_masters_powers_say_when_they_work_in_the_words_of_the_tables_timing_key() -> None:
    """The table's key reads "On your turn", "Always on", "React": the Cards list must not switch
    to the engine's names for them ("action", "passive")."""
    words = {look.word.lower() for look in TIMINGS.values()}
    seen: set[str] = set()
    for public, seat in renderer_for("smashmasters").samples().values():
        for group in [*card_sheet("smashmasters", public), *card_sheet("smashmasters", seat)]:
            for card in group.cards:
                facts = card.facts.split(" · ")
                assert "passive" not in facts and "action" not in facts, f"{card.name}: {card.facts}"
                seen |= words & set(facts)
    assert seen == words, "the samples show every timing"


def test_a_smash_battles_cards_are_numbered_as_on_the_table_and_say_who_played_them() -> None:
    public, _seat = renderer_for("smashmasters").samples()["counter_chain"]
    fight = public["battle"]
    battle = next(
        group for group in card_sheet("smashmasters", public) if group.title.startswith("The battle")
    )
    assert battle.title == f"The battle: {fight['attacker']['name']} attacks {fight['target']['name']}"
    for number, (card, blow) in enumerate(zip(battle.cards, fight["chain"], strict=True), 1):
        assert card.name == blow["card"]["name"]
        assert card.facts.startswith(f"#{number} · played by {blow['player']}"), card.facts


def test_a_fighter_says_its_dials_band_in_words_and_where_it_is_as_its_panel_does() -> None:
    """The health bar tells the band by colour and pattern; the Cards list says it in words, and
    a fighter not yet on the board is "not yet entered" at full health, as on its panel."""
    samples = renderer_for("punchfighter").samples()
    fighters = [
        card
        for public, _seat in samples.values()
        for group in card_sheet("punchfighter", public)
        for card in group.cards
        if card.facts.startswith("fighter")
    ]
    assert any("health 2/12, red band" in card.facts for card in fighters)
    assert any("yellow band" in card.facts for card in fighters)
    unchosen = [card for card in fighters if card.name == "No fighter yet"]
    assert unchosen and not any("knocked out" in card.facts for card in unchosen)
    waiting = [card for card in fighters if card.facts.endswith("not yet entered")]
    assert waiting, "a chosen fighter waits to enter, as its panel says"
    assert all(", green band" in card.facts and "health 0/" not in card.facts for card in waiting)

"""engines.core: the PRNG, card data files, policies and the playout kit itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from engines.core import CardDataError, Decision, IllegalChoice, Option, RandomPolicy, Rng, load_cards
from engines.core.playout import check_decision, check_engine
from engines.core.reports import markdown_table, replace_section
from tests.support.highcard import HighCard, HighCardState


def test_rng_is_a_pure_function_of_one_integer() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    resumed = Rng(a.state)
    assert resumed.below(1000) == a.below(1000)
    deck = list(range(20))
    Rng(7).shuffle(deck)
    assert sorted(deck) == list(range(20)) and deck != list(range(20))
    counts = [0] * 6
    rng = Rng(1)
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert min(counts) > 850


class Card(msgspec.Struct):
    id: str
    name: str
    power: int


def test_card_files_load_and_errors_name_file_and_card(tmp_path: Path) -> None:
    good = tmp_path / "cards.toml"
    good.write_text('[[cards]]\nid = "zap"\nname = "Zap"\npower = 3\n')
    assert load_cards(good, Card) == (Card("zap", "Zap", 3),)

    bad = tmp_path / "broken.toml"
    bad.write_text('[[cards]]\nid = "zap"\nname = "Zap"\npower = "lots"\n')
    with pytest.raises(CardDataError, match=r"broken.toml: card 'zap': Expected `int`"):
        load_cards(bad, Card)
    twice = tmp_path / "twice.toml"
    twice.write_text(
        '[[cards]]\nid = "a"\nname = "A"\npower = 1\n[[cards]]\nid = "a"\nname = "B"\npower = 2\n'
    )
    with pytest.raises(CardDataError, match="'a': duplicate id"):
        load_cards(twice, Card)
    garbage = tmp_path / "garbage.toml"
    garbage.write_text("[[cards]\n")
    with pytest.raises(CardDataError, match=r"garbage\.toml: cannot read"):
        load_cards(garbage, Card)


def test_random_policy_respects_bounds() -> None:
    decision = Decision(0, "pick", "Pick", tuple(Option(f"o{i}", str(i)) for i in range(6)), 1, 3)
    policy = RandomPolicy(3)
    for _ in range(50):
        choice = policy.choose(HighCard(), None, decision)
        assert 1 <= len(choice) <= 3 and len(set(choice)) == len(choice)


def test_decisions_that_do_not_fit_discord_are_caught() -> None:
    too_many = Decision(0, "pick", "Pick", tuple(Option(f"o{i}", str(i)) for i in range(26)))
    with pytest.raises(AssertionError, match="26 options"):
        check_decision(too_many)
    with pytest.raises(AssertionError, match="option id"):
        check_decision(Decision(0, "pick", "Pick", (Option("has space", "x"),)))
    with pytest.raises(AssertionError, match="label"):
        check_decision(Decision(0, "pick", "Pick", (Option("a", "x" * 81),)))


class LeakyHighCard(HighCard):
    """Shows everybody's hand in the public view."""

    def view(self, state: HighCardState, seat: int | None) -> Any:
        return {
            **super().view(state, seat),
            "all": [list(map(str, h)) for h in state.hands],
            "h": state.hands,
        }


class ForgivingHighCard(HighCard):
    """Accepts an unknown key instead of refusing it."""

    def apply(self, state: HighCardState, seat: int, key: str, choice: Any, now: float = 0.0) -> Any:
        if key == "no-such-key":
            return []
        return super().apply(state, seat, key, choice, now)


class ClockReadingHighCard(HighCard):
    """Not deterministic: the deck depends on hidden global state."""

    calls = 0

    def new_game(self, seats: Any, mode: str, options: Any, seed: int) -> HighCardState:
        ClockReadingHighCard.calls += 1
        return super().new_game(seats, mode, options, seed + ClockReadingHighCard.calls)


def test_the_playout_kit_catches_broken_engines() -> None:
    from tests.support.highcard import card_count, secrets

    def leak_secrets(state: HighCardState) -> dict[int, list[str]]:
        return {
            seat: [f"[{', '.join(map(str, hand))}]".replace(" ", "")] for seat, hand in enumerate(state.hands)
        }

    with pytest.raises(AssertionError, match="secret"):
        check_engine(LeakyHighCard(), seeds=[1], secrets=leak_secrets)
    with pytest.raises(AssertionError, match="expected IllegalChoice for unknown key"):
        check_engine(ForgivingHighCard(), seeds=[1])
    with pytest.raises(AssertionError, match="replay is not byte-identical"):
        check_engine(ClockReadingHighCard(), seeds=[1], secrets=secrets, card_count=card_count)


def test_refused_choices_leave_the_state_untouched() -> None:
    engine = HighCard()
    from engines.core import Seat

    state = engine.new_game([Seat(0, "A"), Seat(1, "B")], "classic", {}, 5)
    before = engine.encode(state)
    with pytest.raises(IllegalChoice):
        engine.apply(state, 0, "swap", ["k01", "k02", "k03"])
    assert engine.encode(state) == before


class ChattyHighCard(HighCard):
    """Announces every face-down answer's card in a public event's data."""

    def apply(self, state: HighCardState, seat: int, key: str, choice: Any, now: float = 0.0) -> Any:
        events = super().apply(state, seat, key, choice, now)
        if key == "follow" and state.phase == "follow":
            from engines.core import Event

            events.append(Event("answer", "someone answered", data={"card": f"k{int(choice[0][1:]):02d}"}))
        return events


class LaxHighCard(HighCard):
    """Lets a lead be played with no card at all (a too-few choice)."""

    def apply(self, state: HighCardState, seat: int, key: str, choice: Any, now: float = 0.0) -> Any:
        if key == "lead" and not choice:
            state.version += 1
            return []
        return super().apply(state, seat, key, choice, now)


def test_the_kit_catches_public_leaks_and_too_few_choices() -> None:
    from tests.support.highcard import secrets

    with pytest.raises(AssertionError, match="in a public event"):
        check_engine(ChattyHighCard(), seeds=range(3), secrets=secrets)
    with pytest.raises(AssertionError, match="too few choices"):
        check_engine(LaxHighCard(), seeds=range(3))


def test_a_report_section_is_replaced_between_its_markers_only(tmp_path: Path) -> None:
    doc = tmp_path / "rulings.md"
    doc.write_text("intro\n<!-- r:start -->\nold figures\n<!-- r:end -->\noutro\n", encoding="utf-8")
    replace_section(doc, "new figures", "<!-- r:start -->", "<!-- r:end -->")
    assert doc.read_text(encoding="utf-8") == "intro\n<!-- r:start -->\nnew figures\n<!-- r:end -->\noutro\n"


def test_a_markdown_table_has_a_header_a_rule_and_a_line_per_row() -> None:
    lines = markdown_table(("deck", "wins"), [("Kitchen", "25.8%"), ("Lawn", 29)])
    assert lines == ["| deck | wins |", "|---|---|", "| Kitchen | 25.8% |", "| Lawn | 29 |"]

"""Setup (rulebook section 2), deck building (section 6) and the variants (section 8)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import msgspec
import pytest

from engines.core import IllegalChoice, Seat
from engines.smashmasters.cards import CARDS
from engines.smashmasters.decks import base_id, validate_deck
from engines.smashmasters.look import kind
from engines.smashmasters.state import SmashState
from tests.engines.smashmasters.kit import all_cards
from tests.engines.smashmasters.positions import ENGINE, NAMES, game, view


def _draft(state: SmashState, picks: dict[int, list[str]] | None = None) -> None:
    """Every seat picks its first three stack characters (or the given ones), seat by seat."""
    for seat, player in enumerate(state.players):
        for char in (picks or {}).get(seat) or player.stack[:3]:
            ENGINE.apply(state, seat, "team", [char])


def test_setup_deals_a_stack_of_6_a_shuffled_deck_and_5_cards() -> None:
    """§2: Character Stack of 6, Deck shuffled, 5-card hand; nobody has acted yet."""
    state = game(3)
    for seat, player in enumerate(state.players):
        deck_id = ("kc", "ld", "ga")[seat]
        assert sorted(player.stack) == sorted(CARDS.character_stack(deck_id))
        assert len(player.hand) == 5 and len(player.deck) == 35
        assert sorted(player.hand + player.deck) == sorted(CARDS.draw_deck(deck_id))
        assert player.deck_name == CARDS.decks[deck_id].name
    again = game(3, seed=2)
    assert state.players[0].deck != again.players[0].deck  # the seed shuffles


def test_every_seat_picks_three_characters_at_the_same_time() -> None:
    """§2: all players choose their 3 characters face down simultaneously, one pick at a time."""
    state = game(3)
    open_now = ENGINE.decisions(state)
    assert [(d.seat, d.key) for d in open_now] == [(0, "team"), (1, "team"), (2, "team")]
    assert all(len(d.options) == 6 for d in open_now)
    ENGINE.apply(state, 1, "team", [state.players[1].stack[0]])
    assert [d.seat for d in ENGINE.decisions(state)] == [0, 1, 2]
    assert len(ENGINE.decisions(state)[1].options) == 5  # a picked character is not offered again
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, 0, "team", [state.players[1].stack[1]])  # not in seat 0's stack


def test_picks_stay_hidden_until_everyone_has_chosen_then_flip_together() -> None:
    """§2: teams are face down until all are chosen; then they are revealed at once, in pick order."""
    state = game(2)
    first = state.players[0].stack[4]
    events = ENGINE.apply(state, 0, "team", [first])
    public = msgspec.json.encode(view(state)).decode()
    assert f'"{first}"' not in public
    assert f'"{first}"' not in msgspec.json.encode(view(state, 1)).decode()
    assert f'"{first}"' in msgspec.json.encode(view(state, 0)).decode()
    assert all(first not in msgspec.json.encode(e.data).decode() for e in events if e.visible_to is None)
    assert view(state)["seats"][0]["picked"] == 1 and view(state)["seats"][0]["team"] == []
    picks = {0: [first, *state.players[0].stack[:2]], 1: state.players[1].stack[3:6]}
    for seat in (0, 1):
        for char in picks[seat][1 if seat == 0 else 0 :]:
            events = ENGINE.apply(state, seat, "team", [char])
    assert [s.char for s in state.players[0].team] == picks[0]
    assert [s.char for s in state.players[1].team] == picks[1]
    assert sorted(state.players[0].stack) == sorted(set(CARDS.character_stack("kc")) - set(picks[0]))
    assert any("reveals" in e.text for e in events)
    assert ENGINE.decisions(state)[0].key == "action"


def test_the_first_player_is_drawn_by_the_seed() -> None:
    """§3 (ruling 4): the coin flip is the seeded PRNG; play then goes round in seat order."""
    firsts = set()
    for seed in range(12):
        state = game(3, seed=seed)
        _draft(state)
        firsts.add(state.turn)
        assert ENGINE.decisions(state)[0].seat == state.turn
    assert firsts == {0, 1, 2}


def test_big_hand_tops_up_at_the_reveal() -> None:
    """§3 hand size with Sourdough Sam's passive: a 6-card minimum as soon as he is on the table."""
    state = game(2)
    sam = next(c for c in state.players[0].stack if CARDS.characters[base_id(c)].name == "Sourdough Sam")
    others = [c for c in state.players[0].stack if c != sam][:2]
    _draft(state, {0: [sam, *others]})
    assert len(state.players[0].hand) == 6 and len(state.players[1].hand) == 5


# --- modes and options ---------------------------------------------------------------------------


def test_modes_and_options_are_declared() -> None:
    meta = ENGINE.meta
    assert (meta.min_seats, meta.max_seats) == (2, 6)
    assert [(m.id, m.seats) for m in meta.modes] == [("brawl", range(2, 5)), ("big", range(5, 7))]
    declared = {option.id: option for option in meta.options}
    assert declared["characters"].choices == ("6", "9") and declared["speed"].choices == ("off", "on")
    assert "kc,ld,ga" in declared["decks"].choices and declared["decks"].default == "random"
    assert meta.rules_pages and meta.tagline


@pytest.mark.parametrize(
    ("mode", "seats", "options", "words"),
    [
        ("brawl", 1, {}, "2 to 4 seats"),
        ("brawl", 5, {}, "2 to 4 seats"),
        ("big", 4, {}, "5 to 6 seats"),
        ("duel", 2, {}, "unknown mode"),
        ("brawl", 2, {"characters": "7"}, "Characters per player"),
        ("brawl", 2, {"speed": "fast"}, "Need for speed"),
        ("brawl", 2, {"decks": "kc"}, "one deck per seat"),
        ("brawl", 2, {"decks": "kc,zz"}, "one deck per seat"),
    ],
)
def test_bad_modes_seat_counts_and_options_are_refused(
    mode: str, seats: int, options: dict[str, str], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        ENGINE.new_game([Seat(i, NAMES[i]) for i in range(seats)], mode, options, 1)


def test_decks_are_dealt_at_random_or_as_listed() -> None:
    """Ruling 2: one pre-sorted deck per seat, no two alike, dealt by the seed unless listed."""
    listed = game(3, decks="mm,kc,ga")
    assert [p.deck_name for p in listed.players] == [CARDS.decks[d].name for d in ("mm", "kc", "ga")]
    dealt = {tuple(p.deck_name for p in game(2, seed=s, decks="random").players) for s in range(10)}
    assert len(dealt) > 3 and all(len(set(names)) == 2 for names in dealt)


def test_big_mode_gives_seats_five_and_six_second_copies() -> None:
    """§8 more players: 5-6 seats get second copies of two different decks; ids stay unique."""
    state = game(6, decks="random")
    names = Counter(p.deck_name for p in state.players)
    assert sorted(names.values()) == [1, 1, 2, 2]
    counts = all_cards(state)
    assert sum(counts.values()) == 6 * 46 and set(counts.values()) == {1}
    copies = [card for card in counts if "." in card]
    assert len(copies) == 2 * 46 and all(card.endswith(".2") for card in copies)
    assert all(base_id(card) in CARDS.by_id for card in counts)


def test_nine_characters_borrow_three_with_their_supers() -> None:
    """§8 (9 characters): each stack has 9; the 3 extra come from decks nobody plays when they can."""
    state = game(2, characters="9")
    own = {0: "kc", 1: "ld"}
    borrowed: list[str] = []
    for seat, player in enumerate(state.players):
        assert len(player.stack) == 9 and len(player.hand) + len(player.deck) == 43
        extra = [c for c in player.stack if CARDS.characters[base_id(c)].deck != own[seat]]
        assert len(extra) == 3 and all(CARDS.characters[c].deck in ("ga", "mm") for c in extra)
        supers = {base_id(c) for c in player.hand + player.deck if kind(c) == "super"}
        assert {CARDS.super_of(c).id for c in extra} <= supers
        borrowed += extra
    assert len(set(borrowed)) == 6
    assert len(ENGINE.decisions(state)[0].options) == 9
    crowded = game(4, characters="9")
    assert all(len(p.stack) == 9 for p in crowded.players)
    assert set(all_cards(crowded).values()) == {1}  # copies of rivals' characters get their own ids


def test_speed_sets_the_rest_of_the_stack_aside() -> None:
    """§8 (need for speed): no Character Stack; each player plays the 3 characters chosen."""
    state = game(2, speed="on")
    _draft(state)
    for player in state.players:
        assert len([s for s in player.team if s.char]) == 3 and player.stack == [] and len(player.aside) == 3
    assert view(state)["seats"][0]["stack"] == 0


# --- custom decks (section 6) -----------------------------------------------------------------


def _custom() -> list[str]:
    """A legal mixed deck: kc characters and Supers, ld Stories, Smash from two decks."""
    return [
        *CARDS.character_stack("kc"),
        *CARDS.of_kind("kc", "super"),
        *CARDS.of_kind("ld", "story"),
        *CARDS.of_kind("ga", "smash")[:12],
        *CARDS.of_kind("mm", "smash")[:8],
        *CARDS.of_kind("mm", "teamup"),
    ]


def test_a_legal_custom_deck_validates_and_plays() -> None:
    deck = _custom()
    assert validate_deck(deck) == []
    assert validate_deck(CARDS.deck("ld")) == []
    state = game(2, deck1=",".join(deck))
    assert state.players[1].deck_name == "Custom deck"
    custom = state.players[1]
    assert sorted(base_id(c) for c in custom.stack) == sorted(CARDS.character_stack("kc"))
    assert sorted(base_id(c) for c in custom.hand + custom.deck) == sorted(deck[6:])
    assert all(c.endswith(".2") for c in custom.stack)  # seat 0 plays kc: these are second copies


LD_SMASH = list(CARDS.of_kind("ld", "smash"))
KC_TEAMUP = CARDS.of_kind("kc", "teamup")[0]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: [*d, "zz-x9"], "unknown card ids: zz-x9"),
        (lambda d: d[1:], "needs 6 characters, not 5"),
        (lambda d: [*d[:5], d[0], *d[6:]], "Captain Casserole (kc-c1) is in the deck 2 times"),
        (lambda d: d[:-1], "the Deck needs 40 cards, not 39"),
        (lambda d: [*d[:20], *d[21:41], *LD_SMASH[:6]], "at most 25 Smash cards, not 26"),
        (lambda d: [*d[:21], *d[22:], KC_TEAMUP], "at most 5 Team-Up cards, not 6"),
        (lambda d: [*d[:-1], d[6]], "the Super Second Helping (kc-s1) is in the deck 2 times"),
        (lambda d: [*d[:-1], d[12]], "the Story Solar Eclipse (ld-t1) is in the deck 2 times"),
    ],
)
def test_custom_deck_rules_are_checked(change: Callable[[list[str]], list[str]], words: str) -> None:
    """§6: 6 unique characters, 40 cards, at most 25 Smash and 5 Team-Up, no repeated Super or Story."""
    deck = change(_custom())
    problems = validate_deck(deck)
    assert any(words in problem for problem in problems), problems
    with pytest.raises(ValueError, match="Seat 1's custom deck breaks the deck rules"):
        game(2, deck0=",".join(deck))

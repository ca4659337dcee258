"""The cards and the decks (rulebook: 72 Card Deck, Card List for Basic Deck, Deck Building Rules,
Card Types), rulings C1-C4: the basic deck as printed plus our two cards, what each object needs,
Colonel Niven as printed, custom decks through `deck<seat>`, and malformed card data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engines.core.cards import CardDataError
from engines.letopsulle import content
from engines.letopsulle.schema import Character, GameObject, PlotTwist
from tests.engines.letopsulle.kit import ENGINE, basic_counts, new_game

# The rulebook's Card List for Basic Deck: name -> (copies, base) for characters, copies otherwise.
PRINTED_HEROES = {
    "Gail and Markie": (1, 1), "Roller Girl": (1, 1), "Sir Joan": (1, 1), "Ghost Hunter": (1, 2),
    "Kion": (1, 2), "Colonel Niven": (1, 2), "Control": (1, 3), "Desert Fox": (1, 3), "Escudo": (1, 3),
    "Chrome": (1, 4), "Lady Liberty": (1, 4), "Hard Tail": (1, 5), "Shokkusan": (1, 5), "Night": (2, 6),
    "Scimage": (1, 7), "Cinaed": (1, 7), "Hardcase": (2, 8), "Paragon": (2, 9),
}  # fmt: skip
PRINTED_VILLAINS = {
    "Chameleon": (1, 1), "Clubs": (2, 1), "Mafiosa": (2, 2), "Cowboy": (2, 3), "Mob Boss": (1, 4),
    "Rage": (2, 4), "Clones": (1, 5), "Fixxer": (2, 5), "Concrete Man": (2, 6), "Doctor Psi": (1, 6),
    "David": (1, 8), "Zeus": (1, 9),
}  # fmt: skip
PRINTED_HERO_OBJECTS = {
    "+1 Heal": 3, "+1 Weapon": 2, "+1 Research": 1, "+2 Armor": 1, "+2 Gadget": 1, "+3 Armor": 1,
    "+3 Gadget": 1, "+4 Gadget": 1, "+3 Trap": 1, "+1 Tip": 1, "+2 Weapon": 2,
}  # fmt: skip
PRINTED_VILLAIN_OBJECTS = {
    "+1 Weapon": 3, "+1 Armor": 2, "+2 Weapon": 1, "+2 Gadget": 1, "+3 Armor": 1, "+3 Trap": 1, "+4 Bomb": 1,
}  # fmt: skip
PRINTED_TWISTS = ("Immune Fighting", "Immune Speed", "Immune Power", "Surprise", "Gang Up", "Ambush")


def _characters(side: str) -> dict[str, tuple[int, int]]:
    """Name -> (copies, base) of one side's heroes or villains."""
    return {
        card.name: (card.copies, card.base)
        for card in content.CARDS.values()
        if isinstance(card, Character) and card.side == side
    }


def _objects(side: str) -> dict[str, int]:
    """Name -> copies of one side's objects."""
    return {
        card.name: card.copies
        for card in content.CARDS.values()
        if isinstance(card, GameObject) and card.side == side
    }


def test_the_basic_deck_has_36_hero_and_36_villain_cards() -> None:
    """72 Card Deck ("36 Hero cards, 36 Villain cards"), C1: 21 heroes and 15 hero objects; 18
    villains, 11 villain objects and 7 plot twists; the basic deck passes the deck check."""
    kinds = Counter(content.kind_of(content.CARDS[card_id]) for card_id in content.BASIC_DECK)
    assert kinds == {"hero": 21, "hero_object": 15, "villain": 18, "villain_object": 11, "plot_twist": 7}
    assert len(content.BASIC_DECK) == 72
    assert content.deck_problems(content.BASIC_DECK) == []


def test_card_blurbs_are_flavour_with_no_designer_notes() -> None:
    """Issue 32: a plot twist's blurb goes into the log when it is drawn, so no blurb talks about
    how the card was made (C1's two added cards are marked in the rulings, not on the card)."""
    assert not [
        card.id for card in content.CARDS.values() if "designed" in card.blurb or "missing" in card.blurb
    ]


def test_no_card_has_more_than_four_copies() -> None:
    """Deck Building Rules ("no more than 4 of any one card")."""
    assert max(basic_counts().values()) <= 4
    assert all(card.copies <= 4 for card in content.CARDS.values())


def test_the_printed_card_list_is_in_the_deck_with_its_copies_and_bases() -> None:
    """Card List for Basic Deck, C1 (the hero half as printed; the villain half as printed plus
    Immune Strength and a villain +2 Armor)."""
    assert _characters("hero") == PRINTED_HEROES
    assert _characters("villain") == PRINTED_VILLAINS
    assert _objects("hero") == PRINTED_HERO_OBJECTS
    assert _objects("villain") == {**PRINTED_VILLAIN_OBJECTS, "+2 Armor": 1}
    twists = {card.name: card.copies for card in content.CARDS.values() if isinstance(card, PlotTwist)}
    assert twists == {**dict.fromkeys(PRINTED_TWISTS, 1), "Immune Strength": 1}


def test_colonel_niven_is_as_printed() -> None:
    """Card Types, Hero Card ("base of 2 ... 1 strength, 1 attack, 1 defense, and 3 wealth ... use
    any object"), C2 (attack is Fighting, wealth is Money)."""
    niven = content.character("colonel_niven")
    assert niven.base == 2 and niven.special == "any_object"
    assert dict(niven.abilities) == {"strength": 1, "fighting": 1, "defense": 1, "money": 3}
    special = [card.id for card in content.CARDS.values() if isinstance(card, Character) and card.special]
    assert special == ["colonel_niven"]


@pytest.mark.parametrize(
    ("prefix", "needs"),
    [
        ("Weapon", ("fighting",)),
        ("Gadget", ("intelligence",)),
        ("Research", ("intelligence",)),
        ("Tip", ("money",)),
        ("Armor", ()),
        ("Trap", ()),
        ("Bomb", ()),
        ("Heal", ()),
    ],
)
def test_what_each_object_needs(prefix: str, needs: tuple[str, ...]) -> None:
    """Card Types, Object ("it requires haveing the attack ability to use"), C3."""
    objects = [
        card for card in content.CARDS.values() if isinstance(card, GameObject) and prefix in card.name
    ]
    assert objects and all(card.needs == needs for card in objects)


def test_objects_are_attached_or_used_at_once_by_kind() -> None:
    """Card Types, Object ("either used immediately or attached"), C4: Weapons and Gadgets add to
    attack or defence, Armor to defence only."""
    for card in content.CARDS.values():
        if not isinstance(card, GameObject):
            continue
        if "Weapon" in card.name or "Gadget" in card.name:
            assert (card.kind, card.stances) == ("boost", ("attack", "defense"))
        if "Armor" in card.name:
            assert (card.kind, card.stances) == ("boost", ("defense",))
    kinds = {card_id: content.game_object(card_id).kind for card_id in ("h_heal", "h_tip", "h_research")}
    assert kinds == {"h_heal": "heal", "h_tip": "draw", "h_research": "focus"}
    assert (content.game_object("h_trap3").kind, content.game_object("v_bomb4").kind) == ("trap", "bomb")


# --- custom decks -------------------------------------------------------------------------------

CUSTOM_HEROES = tuple(
    content.parse_deck("night paragon hardcase kion h_weapon2 h_armor3 chrome escudo h_heal")
)
HERO_OBJECTS_ONLY = tuple(
    card.id for card in content.CARDS.values() if isinstance(card, GameObject) and card.side == "hero"
)[:9]
CUSTOM_VILLAINS = tuple(
    content.parse_deck("clubs zeus rage v_weapon1 v_armor3 surprise cowboy fixxer v_bomb4")
)


def _deck(heroes: tuple[str, ...] = CUSTOM_HEROES, villains: tuple[str, ...] = CUSTOM_VILLAINS) -> str:
    return (
        " ".join(card for card in heroes for _ in range(4))
        + ", "
        + ",".join(card for card in villains for _ in range(4))
    )


def test_a_legal_custom_deck_is_dealt_to_its_seat() -> None:
    """Deck Building Rules ("Any combination of cards is valid, but no more than 4 of any one card"):
    seat 2's `deck1` is its 72 cards; seat 1 keeps the basic deck; the deck code stays out of views."""
    state = new_game(2, seed=1, deck1=_deck())
    team = state.teams[1]
    assert Counter(team.hero_pile + team.hand) == Counter(card for card in CUSTOM_HEROES for _ in range(4))
    assert Counter(team.villain_pile) == Counter(card for card in CUSTOM_VILLAINS for _ in range(4))
    basic = state.teams[0]
    assert Counter(basic.hero_pile + basic.hand + basic.villain_pile) == basic_counts()
    assert "deck1" not in ENGINE.view(state, 1)["options"]


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (
            _deck(villains=(*CUSTOM_VILLAINS[:-1], "surprise")),
            "Seat 2's custom deck breaks the deck rules: Surprise (surprise) is in it 8 times; at most 4.",
        ),
        (
            _deck() + " night",
            "Seat 2's custom deck breaks the deck rules: it has 37 hero cards; a deck has exactly 36; "
            "Night (night) is in it 5 times; at most 4.",
        ),
        (
            _deck().replace("escudo", "batman"),
            "Seat 2's custom deck breaks the deck rules: unknown cards: batman; "
            "it has 32 hero cards; a deck has exactly 36.",
        ),
        (
            _deck(heroes=HERO_OBJECTS_ONLY),
            "it has no hero to play",
        ),
    ],
)
def test_an_illegal_custom_deck_is_refused_with_a_clear_message(deck: str, message: str) -> None:
    """Deck Building Rules ("36 Hero cards, 36 Villain cards", "no more than 4"), C1 (the same
    check as the basic deck): ValueError naming the seat and every rule broken."""
    with pytest.raises(ValueError, match="Seat 2's custom deck") as caught:
        new_game(2, seed=1, deck1=deck)
    assert message in str(caught.value)


# --- malformed card data ------------------------------------------------------------------------

GOOD_HERO = (
    'id = "{id}"\nname = "Hero"\nside = "hero"\nbase = {base}\nabilities = {{ speed = 2 }}\nblurb = "x"\n'
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[characters]]\n" + GOOD_HERO.format(id="broken", base=12), "cards.toml: characters 'broken': "),
        (
            '[[objects]]\nid = "odd"\nname = "Odd"\nside = "hero"\nkind = "boost"\nvalue = 1\nblurb = "x"\n',
            "cards.toml: card 'odd': a boost names the totals it adds to (stances)",
        ),
        (
            '[[twists]]\nid = "tw"\nname = "Tw"\nrule = "immune"\nblurb = "x"\n',
            "cards.toml: card 'tw': an immune plot twist, and only it, names an ability",
        ),
        (
            "[[characters]]\n"
            + GOOD_HERO.format(id="twin", base=1)
            + "[[characters]]\n"
            + GOOD_HERO.format(id="twin", base=2),
            "cards.toml: card 'twin': duplicate id",
        ),
        ("[[characters]\nid =", "cards.toml: cannot read card data"),
    ],
)
def test_malformed_card_data_names_the_file_and_the_card(tmp_path: Path, text: str, message: str) -> None:
    """The card data is checked at load (`content._load`): CardDataError names the file and card."""
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        content._load(path)
    assert str(caught.value).startswith(message)

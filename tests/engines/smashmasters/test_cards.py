"""The Smash Masters core set (cards.toml) and its validation (rulebook sections 1, 6; DESIGN.md 2)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engines.core import CardDataError
from engines.smashmasters.card_schema import (
    DECK_SHAPE,
    EFFECT_KINDS,
    MAX_NAME,
    MAX_TEXT,
    MODIFIER_KINDS,
    POWER_TYPES,
    TIMINGS,
    TRIGGER_KINDS,
    Character,
    Smash,
    Super,
    TeamUp,
    card_modifiers,
    card_steps,
    effect_kind,
)
from engines.smashmasters.cards import CARDS, CARDS_FILE, card, deck, load_catalogue

DECKS = sorted(CARDS.decks)


def test_the_core_set_loads_184_cards_in_4_decks() -> None:
    assert len(CARDS.decks) == 4
    assert len(CARDS.by_id) == 184
    assert sum(len(deck(d)) for d in DECKS) == 184


@pytest.mark.parametrize("deck_id", DECKS)
def test_each_deck_has_the_exact_composition(deck_id: str) -> None:
    kinds = Counter(card(cid).kind for cid in deck(deck_id))
    assert kinds == Counter({"character": 6, "super": 6, "story": 9, "smash": 20, "teamup": 5})
    assert dict(kinds) == dict(DECK_SHAPE)
    assert len(CARDS.character_stack(deck_id)) == 6
    assert len(CARDS.draw_deck(deck_id)) == 40
    assert all(card(cid).deck == deck_id for cid in deck(deck_id))


@pytest.mark.parametrize("deck_id", DECKS)
def test_every_super_matches_one_character_of_its_deck(deck_id: str) -> None:
    stack = CARDS.character_stack(deck_id)
    supers = [c for cid in deck(deck_id) if isinstance(c := card(cid), Super)]
    assert sorted(s.character for s in supers) == sorted(stack)
    for char_id in stack:
        assert CARDS.super_of(char_id).deck == deck_id


@pytest.mark.parametrize("deck_id", DECKS)
def test_every_deck_mixes_all_three_power_timings(deck_id: str) -> None:
    timings = {CARDS.characters[c].power.timing for c in CARDS.character_stack(deck_id)}
    assert timings == set(TIMINGS)


def test_every_power_type_is_used() -> None:
    used = Counter(c.power_type for c in CARDS.characters.values())
    assert set(used) == set(POWER_TYPES)
    assert min(used.values()) >= 4


def test_ids_are_unique_and_decks_do_not_share_cards() -> None:
    every = [cid for d in DECKS for cid in deck(d)]
    assert len(every) == len(set(every)) == len(CARDS.by_id)
    assert all(CARDS.card(cid).id == cid for cid in every)


def test_names_and_texts_fit_discord() -> None:
    for item in CARDS.by_id.values():
        assert 0 < len(item.name) <= MAX_NAME, item.id
        assert 0 < len(item.text) <= MAX_TEXT, item.id


def test_named_cards_are_unique_and_plain_cards_are_plain() -> None:
    names = [c.name for c in CARDS.by_id.values() if not isinstance(c, Smash | TeamUp)]
    assert len(names) == len(set(names))
    assert all(card_steps(c) == () for c in CARDS.by_id.values() if isinstance(c, Smash | TeamUp))


def test_every_effect_trigger_and_modifier_of_the_vocabulary_is_used() -> None:
    kinds = {effect_kind(step) for c in CARDS.by_id.values() for step in card_steps(c)}
    assert kinds == set(EFFECT_KINDS)
    triggers = {c.power.trigger.on for c in CARDS.characters.values() if c.power.trigger}
    triggers |= {s.trigger.on for s in CARDS.supers.values() if s.trigger}
    assert triggers == set(TRIGGER_KINDS)
    modifiers = {m.kind for c in CARDS.by_id.values() for m in card_modifiers(c)}
    assert modifiers == set(MODIFIER_KINDS)


def test_stories_never_name_a_character_of_their_own() -> None:
    for story in CARDS.stories.values():
        for step in story.effects:
            target = getattr(step, "target", None)
            assert target is None or target.who not in ("self", "trigger"), story.id


def test_plain_cards_expand_to_numbered_copies() -> None:
    assert isinstance(card("kc-x1-7"), Smash)
    assert isinstance(card("mm-u2-2"), TeamUp)
    assert card("kc-x1-1").name == card("kc-x1-7").name == "Pan Slam"
    with pytest.raises(KeyError, match="kc-x1-8"):
        card("kc-x1-8")
    with pytest.raises(KeyError, match="zz"):
        deck("zz")


def test_lookup_gives_typed_cards() -> None:
    casserole = card("kc-c1")
    assert isinstance(casserole, Character)
    assert casserole.power.timing == "passive"
    assert casserole.text.startswith(casserole.power.name + ": ")
    assert CARDS.super_of("kc-c1").id == "kc-s1"


# --- malformed data ---------------------------------------------------------------------------

BROKEN = [
    # (what to replace, replacement, the card the error must name, words of the error)
    (
        '{ kind = "free_smash", target = { who = "rivals" } }',
        '{ kind = "zap", target = { who = "rivals" } }',
        "kc-c3",
        "zap",
    ),
    ('players = "you", count = 2 }', 'players = "you", count = 9 }', "kc-c2", "count"),
    ('players = "you", count = 2 }', 'players = "you", amount = 2 }', "kc-c2", "amount"),
    (
        'target = { who = "rivals" } }, { kind = "stun", target = { who = "self" } }',
        'target = { who = "nobody" } }, { kind = "stun", target = { who = "self" } }',
        "ld-c4",
        "who",
    ),
    ('character = "kc-c1"', 'character = "kc-c9"', "kc-s1", "missing character"),
    ('character = "ld-c1"', 'character = "kc-c1"', "ld-s1", "deck"),
    ('id = "kc-t2"', 'id = "kc-t1"', "kc-t1", "duplicate id"),
    ('id = "ld-x1"', 'id = "kc-x1"', "kc-x1", "duplicate id"),
    ('id = "kc-t9"', 'id = "kc-x1-1"', "kc-x1-1", "duplicate id"),
    ('name = "Potluck"', 'name = "Potluck Extravaganza Deluxe"', "kc-t2", "length"),
    ('text = "Draw 2 cards."', 'text = "' + "Yum. " * 25 + '"', "kc-c2", "length"),
    ('name = "Potluck"', 'name = "Food Fight!"', "kc-t2", "already used"),
    (
        'count = 2, power = ["magic", "gadget"] } }]',
        'count = 2, power = ["magic", "gadget"], nearest = 1 } }]',
        "kc-t3",
        "nearest",
    ),
    ('timing = "passive"\ntext = "Rivals who', 'timing = "sometimes"\ntext = "Rivals who', "kc-c1", "timing"),
    ('timing = "passive"\ntext = "Rivals who', 'timing = "action"\ntext = "Rivals who', "kc-c1", "modifiers"),
    (
        'modifiers = [{ kind = "taunt" }]',
        'modifiers = [{ kind = "taunt", danger = "story" }]',
        "kc-c1",
        "danger",
    ),
    (
        'trigger = { on = "rival_story" }\neffects = [{ kind = "cancel" }, { kind = "stun"',
        'effects = [{ kind = "cancel" }, { kind = "stun"',
        "kc-c4",
        "trigger",
    ),
    (
        'effects = [{ kind = "draw", players = "all", count = 2 }]',
        'effects = [{ kind = "stun", target = { who = "self" } }]',
        "kc-t2",
        "Story",
    ),
    (
        'effects = [{ kind = "draw", players = "all", count = 2 }]',
        'effects = [{ kind = "cancel" }]',
        "kc-t2",
        "cancel",
    ),
    (
        'effects = [{ kind = "draw", players = "all", count = 2 }]',
        "effects = []",
        "kc-t2",
        "at least one effect",
    ),
    (
        'trigger = { on = "ally_stunned", ally = "other" }',
        'trigger = { on = "ally_stunned" }',
        "ld-c5",
        "ally",
    ),
    ('trigger = { on = "rival_power" }', 'trigger = { on = "battle_won" }', "ga-c2", "cancel"),
    (
        '{ kind = "revive", target = { who = "trigger" } }',
        '{ kind = "revive", target = { who = "trigger", count = 2 } }',
        "ld-c5",
        "trigger",
    ),
    (
        '{ kind = "stun", target = { who = "rivals", count = 2 } }',
        '{ kind = "stun", target = { who = "rivals", count = 2, state = "stunned" } }',
        "kc-s6",
        "active",
    ),
    (
        '{ kind = "free_smash", target = { who = "rivals" } }',
        '{ kind = "free_smash", target = { who = "all" } }',
        "kc-c3",
        "rival",
    ),
    (
        'modifiers = [{ kind = "heavy_hitter" }], until = "stunned"',
        'modifiers = [], until = "stunned"',
        "kc-c6",
        "modifier",
    ),
    ('until = "stunned" }]\n\n# --- Lawn', 'until = "later" }]\n\n# --- Lawn', "kc-c6", "until"),
    (
        'power_type = "mutant"\nrank = 3\nfluff = "Layered',
        'power_type = "cosmic"\nrank = 3\nfluff = "Layered',
        "kc-c1",
        "power_type",
    ),
]


@pytest.mark.parametrize(("old", "new", "card_id", "words"), BROKEN)
def test_malformed_cards_are_rejected_naming_the_file_and_card(
    tmp_path: Path, old: str, new: str, card_id: str, words: str
) -> None:
    text = CARDS_FILE.read_text(encoding="utf-8")
    assert old in text, f"test fixture out of date: {old!r}"
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError) as error:
        load_catalogue(path)
    message = str(error.value)
    assert message.startswith("broken.toml: card "), message
    assert repr(card_id) in message and words in message, message


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            'id = "kc-t2"\nname = "Potluck"\ndeck = "kc"',
            'id = "kc-t2"\nname = "Potluck"\ndeck = "ld"',
            "deck 'kc'",
        ),
        ('copies = 6\n\n[[smashes]]\nid = "ld-x1"', 'copies = 5\n\n[[smashes]]\nid = "ld-x1"', "19 smash"),
        (
            'name = "Double Dip"\ndeck = "kc"\ncopies = 2',
            'name = "Double Dip"\ndeck = "kc"\ncopies = 3',
            "6 teamup",
        ),
        ('id = "mm"\nname', 'id = "zz"\nname', "unknown deck 'mm'"),
    ],
)
def test_wrong_deck_composition_is_rejected(tmp_path: Path, old: str, new: str, words: str) -> None:
    text = CARDS_FILE.read_text(encoding="utf-8")
    assert old in text, f"test fixture out of date: {old!r}"
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError, match=words):
        load_catalogue(path)


def test_a_deck_without_every_timing_is_rejected(tmp_path: Path) -> None:
    text = CARDS_FILE.read_text(encoding="utf-8")
    old = 'timing = "react"\ntext = "When a rival plays a Story: cancel it, then she is stunned."\n'
    old += 'trigger = { on = "rival_story" }\n'
    old += 'effects = [{ kind = "cancel" }, { kind = "stun", target = { who = "self" } }]'
    new = 'timing = "passive"\ntext = "When a rival plays a Story: cancel it, then she is stunned."\n'
    new += 'modifiers = [{ kind = "shy" }]'
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError, match="deck 'kc': needs action, passive and react"):
        load_catalogue(path)


def test_a_small_bad_snippet_names_its_card(tmp_path: Path) -> None:
    path = tmp_path / "snippet.toml"
    path.write_text(
        """
[[decks]]
id = "zz"
name = "Test Deck"
theme = "Nothing to see here."

[[characters]]
id = "zz-c1"
name = "Captain Typo"
deck = "zz"
power_type = "gadget"
rank = 2

[characters.power]
name = "Oops"
timing = "action"
text = "Stun everyone, twice."
effects = [{ kind = "stun", target = { who = "everyone" } }]
""",
        encoding="utf-8",
    )
    with pytest.raises(CardDataError, match=r"snippet\.toml: card 'zz-c1': .*who"):
        load_catalogue(path)


def test_an_unreadable_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    path.write_text("[[decks]\nid = ", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"nope\.toml: cannot read"):
        load_catalogue(path)

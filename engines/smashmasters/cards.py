"""Smash Masters card definitions: the schema of `cards.toml`, the effect vocabulary, the catalogue.

Every power, Super and Story is a list of effect steps from one small vocabulary (`Effect`); passive
powers are lists of `Modifier`s and react timings name a `Trigger`. The exact semantics of each kind
are in `docs/rulings/smashmasters.md` (part B). The file is loaded and validated once, at import;
every error names the file and the card (or the deck) at fault.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Annotated, ClassVar, Literal, TypeAlias, get_args

import msgspec
from msgspec import Meta

from engines.core import CardDataError, load_cards

CARDS_FILE = Path(__file__).with_name("cards.toml")

# --- the vocabulary --------------------------------------------------------------------------

PowerType = Literal["mutant", "magic", "nature", "gadget"]
Timing = Literal["action", "passive", "react"]
SuperTiming = Literal["action", "react"]
CardKind = Literal["character", "super", "story", "smash", "teamup"]
DeckCardKind = Literal["super", "story", "smash", "teamup"]

Who = Literal["self", "own", "rivals", "all", "trigger"]
"""Whose characters a step looks at: the source character, your team, rival teams, every team,
or the character named by the react trigger."""
Select = Literal["choose", "all", "each_team"]
"""How targets are picked: the card's player chooses `count`, every match, or each affected
team's owner chooses `count` of their own."""
State = Literal["any", "active", "stunned"]
Players = Literal["you", "rivals", "all"]
Danger = Literal["attack", "stun", "defeat", "story", "powers"]
Duration = Literal["turn", "round"]
"""`turn`: until the end of the current turn; `round`: until the card's player's next turn starts."""
Until = Literal["next_turn", "attack", "stunned"]
Strength = Literal["smash", "teamup"]
Destination = Literal["table", "stack"]

TriggerKind = Literal[
    "ally_attacked",
    "ally_stunned",
    "ally_defeated",
    "rival_story",
    "rival_super",
    "rival_power",
    "battle_won",
]
Ally = Literal["any", "self", "other"]
ModifierKind = Literal["safe", "shy", "taunt", "solo_teamup", "heavy_hitter", "big_hand", "deep_discard"]
EffectKind = Literal[
    "stun",
    "revive",
    "defeat",
    "bring_back",
    "summon",
    "extra_character",
    "draw",
    "discard",
    "free_smash",
    "safe",
    "turn_around",
    "cancel",
]

EFFECT_KINDS: tuple[EffectKind, ...] = get_args(EffectKind)
TRIGGER_KINDS: tuple[TriggerKind, ...] = get_args(TriggerKind)
MODIFIER_KINDS: tuple[ModifierKind, ...] = get_args(ModifierKind)
POWER_TYPES: tuple[PowerType, ...] = get_args(PowerType)
TIMINGS: tuple[Timing, ...] = get_args(Timing)

CHARACTER_TRIGGERS: frozenset[TriggerKind] = frozenset(
    {"ally_attacked", "ally_stunned", "ally_defeated", "battle_won"}
)
"""Triggers that name one of your characters (usable as `who = "trigger"`, qualified by `ally`)."""
CANCELLABLE: frozenset[TriggerKind] = frozenset(
    {"ally_attacked", "rival_story", "rival_super", "rival_power"}
)
"""Triggers whose event a react can `cancel`."""

MAX_NAME = 24
MAX_TEXT = 100
TEAM_LIMIT = 5
"""At most this many spaces in a team, so a choice among every character of 4 teams fits Discord."""

Count = Annotated[int, Meta(ge=1, le=5)]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
Text = Annotated[str, Meta(min_length=1, max_length=MAX_TEXT)]
Id = Annotated[str, Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=12)]


class Target(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Which characters a step affects (table characters, or the Defeated Pile for bring_back)."""

    who: Who
    select: Select = "choose"
    count: Count = 1
    power: tuple[PowerType, ...] = ()
    state: State = "any"
    others: bool = False
    nearest: int = 0
    """With `each_team`: only the first `nearest` rivals in turn order from you who have a legal
    target take part (0: every rival); with who = "all" your own team takes part as well."""


class Modifier(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A rule change that holds while its character is active (passive powers, turned-around cards)."""

    kind: ModifierKind
    danger: Danger | None = None
    scope: Literal["self", "team"] = "self"
    power: tuple[PowerType, ...] = ()


class Trigger(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a react power or react Super waits for; `ally` narrows the character triggers."""

    on: TriggerKind
    ally: Ally = "any"


class _Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag_field="kind"):
    """One effect step; its `kind` in cards.toml is the struct's tag."""


class Stun(_Step, tag="stun", frozen=True):
    """Stun the targeted active characters."""

    target: Target


class Revive(_Step, tag="revive", frozen=True):
    """Make the targeted stunned characters active."""

    target: Target


class Defeat(_Step, tag="defeat", frozen=True):
    """Put the targeted characters on their owners' Defeated Piles (owners then summon)."""

    target: Target


class BringBack(_Step, tag="bring_back", frozen=True):
    """Take defeated characters from their owner's Defeated Pile to the table or the Character Stack."""

    target: Target
    to: Destination


class Summon(_Step, tag="summon", frozen=True):
    """Each named player summons `count` characters from their Character Stack onto their team."""

    players: Players
    count: Count = 1


class ExtraCharacter(_Step, tag="extra_character", frozen=True):
    """Each named player adds a space at one end of their team and summons into it."""

    players: Players


class Draw(_Step, tag="draw", frozen=True):
    """Each named player draws `count` cards, or summons `count` cards of `card` kind from their Deck."""

    players: Players
    count: Count = 1
    card: DeckCardKind | None = None


class Discard(_Step, tag="discard", frozen=True):
    """Each named player discards `count` cards, chosen by themselves or at random."""

    players: Players
    count: Count = 1
    random: bool = False


class FreeSmash(_Step, tag="free_smash", frozen=True):
    """The source character attacks a rival character without a card."""

    target: Target
    strength: Strength = "smash"


class Safe(_Step, tag="safe", frozen=True):
    """The targeted characters are safe from `danger` for `duration`."""

    target: Target
    danger: Danger
    duration: Duration = "round"


class TurnAround(_Step, tag="turn_around", frozen=True):
    """Turn the targeted active characters around: they get `modifiers` until `until` happens."""

    target: Target
    modifiers: tuple[Modifier, ...]
    until: Until


class Cancel(_Step, tag="cancel", frozen=True):
    """Cancel the event that triggered this react (the attack, Story, Super or power)."""


Effect: TypeAlias = (
    Stun
    | Revive
    | Defeat
    | BringBack
    | Summon
    | ExtraCharacter
    | Draw
    | Discard
    | FreeSmash
    | Safe
    | TurnAround
    | Cancel
)
Targeted: TypeAlias = Stun | Revive | Defeat | BringBack | FreeSmash | Safe | TurnAround


def effect_kind(step: Effect) -> EffectKind:
    """The vocabulary name of an effect step (its `kind` in cards.toml)."""
    tag = type(step).__struct_config__.tag
    assert tag in EFFECT_KINDS
    return tag


# --- the cards -------------------------------------------------------------------------------


class Power(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A character's innate power: effect steps (action, react) or modifiers (passive)."""

    name: Name
    timing: Timing
    text: Text
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    trigger: Trigger | None = None


class DeckInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One pre-sorted deck: its id, name and theme."""

    id: Id
    name: Name
    theme: Annotated[str, Meta(min_length=1, max_length=200)]


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A red card of the Character Stack."""

    kind: ClassVar[CardKind] = "character"
    id: Id
    name: Name
    deck: Id
    power_type: PowerType
    rank: Annotated[int, Meta(ge=1, le=5)]
    power: Power
    fluff: Annotated[str, Meta(max_length=MAX_TEXT)] = ""

    @property
    def text(self) -> str:
        """The player-facing line: the power's name and text."""
        return f"{self.power.name}: {self.power.text}"


class Super(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A Super: playable while `character` is on your team (unless `needs_character` is false)."""

    kind: ClassVar[CardKind] = "super"
    id: Id
    name: Name
    deck: Id
    character: Id
    text: Text
    effects: tuple[Effect, ...]
    timing: SuperTiming = "action"
    trigger: Trigger | None = None
    needs_character: bool = True


class Story(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A Story: affects every team (the player's own included) unless its targets say otherwise."""

    kind: ClassVar[CardKind] = "story"
    id: Id
    name: Name
    deck: Id
    text: Text
    effects: tuple[Effect, ...]


class Smash(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A plain Smash card; `copies` in the file expands to ids `<id>-1` ... `<id>-n`."""

    kind: ClassVar[CardKind] = "smash"
    id: Id
    name: Name
    deck: Id
    copies: Annotated[int, Meta(ge=1, le=25)] = 1
    text: Text = "Attack a rival character, or counter a Smash card."


class TeamUp(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A plain Team-Up card; `copies` expands like Smash cards."""

    kind: ClassVar[CardKind] = "teamup"
    id: Id
    name: Name
    deck: Id
    copies: Annotated[int, Meta(ge=1, le=25)] = 1
    text: Text = "Needs 2 active characters. Attack or counter; if it wins, the loser is defeated."


Card: TypeAlias = Character | Super | Story | Smash | TeamUp

DECK_SHAPE: Mapping[CardKind, int] = {"character": 6, "super": 6, "story": 9, "smash": 20, "teamup": 5}
DECK_SIZE = sum(DECK_SHAPE.values())
DECK_COUNT = 4


class Catalogue(msgspec.Struct, frozen=True):
    """Every physical card of the core set, keyed by id (plain cards by their expanded ids)."""

    decks: Mapping[str, DeckInfo]
    characters: Mapping[str, Character]
    supers: Mapping[str, Super]
    stories: Mapping[str, Story]
    smashes: Mapping[str, Smash]
    teamups: Mapping[str, TeamUp]
    by_id: Mapping[str, Card]

    def card(self, card_id: str) -> Card:
        """The card with this id; KeyError names the unknown id."""
        try:
            return self.by_id[card_id]
        except KeyError:
            raise KeyError(f"unknown Smash Masters card {card_id!r}") from None

    def of_kind(self, deck_id: str, kind: CardKind) -> tuple[str, ...]:
        """The ids of one kind of card in a deck, in file order."""
        if deck_id not in self.decks:
            raise KeyError(f"unknown Smash Masters deck {deck_id!r}")
        return tuple(cid for cid, c in self.by_id.items() if c.deck == deck_id and c.kind == kind)

    def character_stack(self, deck_id: str) -> tuple[str, ...]:
        """The 6 character ids of a deck (its red cards), in file order."""
        return self.of_kind(deck_id, "character")

    def draw_deck(self, deck_id: str) -> tuple[str, ...]:
        """The 40 blue card ids of a deck: Supers, Stories, Smash and Team-Up cards, in file order."""
        return tuple(
            cid for kind in ("super", "story", "smash", "teamup") for cid in self.of_kind(deck_id, kind)
        )

    def deck(self, deck_id: str) -> tuple[str, ...]:
        """All 46 card ids of a pre-sorted deck: the Character Stack, then the Deck."""
        return self.character_stack(deck_id) + self.draw_deck(deck_id)

    def super_of(self, character_id: str) -> Super:
        """The Super that matches a character."""
        return next(s for s in self.supers.values() if s.character == character_id)


def card_steps(card: Card) -> tuple[Effect, ...]:
    """The effect steps a card can resolve (its power's, for a character)."""
    if isinstance(card, Character):
        return card.power.effects
    if isinstance(card, Super | Story):
        return card.effects
    return ()


def card_modifiers(card: Card) -> Iterator[Modifier]:
    """Every modifier a card can grant: a passive power's, and those of its turn-around steps."""
    if isinstance(card, Character):
        yield from card.power.modifiers
    for step in card_steps(card):
        if isinstance(step, TurnAround):
            yield from step.modifiers


# --- validation ------------------------------------------------------------------------------


class _Source(msgspec.Struct, frozen=True):
    """What an effect list belongs to, for the rules that depend on it."""

    label: str
    has_self: bool
    timing: Literal["action", "react"]
    trigger: Trigger | None = None
    is_story: bool = False


def _check_modifier(mod: Modifier, turned: bool) -> str | None:
    if (mod.kind == "safe") != (mod.danger is not None):
        return "modifier 'safe' needs a danger, and only 'safe' takes one"
    if mod.scope == "team" and (mod.kind != "safe" or turned):
        return f"modifier {mod.kind!r} cannot have scope 'team' here"
    if mod.power and mod.scope != "team":
        return f"modifier {mod.kind!r}: a power filter needs scope 'team'"
    return None


def _check_target(step: Targeted, source: _Source) -> str | None:
    kind = type(step).__struct_config__.tag
    target = step.target
    if target.who in ("self", "trigger"):
        if target.who == "self" and not source.has_self:
            return f"{kind}: {source.label} has no character of its own for who = 'self'"
        if target.who == "trigger" and (
            source.trigger is None or source.trigger.on not in CHARACTER_TRIGGERS
        ):
            return f"{kind}: who = 'trigger' needs a react trigger that names a character"
        if (target.select, target.count, target.power, target.state, target.others, target.nearest) != (
            "choose",
            1,
            (),
            "any",
            False,
            0,
        ):
            return f"{kind}: who = {target.who!r} takes no select, count, power, state or others"
    if target.select == "all" and target.count != 1:
        return f"{kind}: count means nothing with select = 'all'"
    if target.select == "each_team" and target.who not in ("rivals", "all"):
        return f"{kind}: select = 'each_team' needs who = 'rivals' or 'all'"
    if target.nearest and (target.select != "each_team" or isinstance(step, BringBack) or target.nearest < 0):
        return f"{kind}: nearest = n needs select = 'each_team' on the table (n at least 1)"
    if target.others and not source.has_self:
        return f"{kind}: others = true needs a source character"
    if isinstance(step, Stun | TurnAround) and target.state == "stunned":
        return f"{kind} only affects active characters"
    if isinstance(step, Revive) and target.state == "active":
        return "revive only affects stunned characters"
    if isinstance(step, BringBack):
        if target.who not in ("own", "all", "trigger") or target.state != "any" or target.others:
            return "bring_back takes who = 'own', 'all' (each_team) or 'trigger', and no state/others"
        if target.who == "all" and target.select != "each_team":
            return "bring_back with who = 'all' needs select = 'each_team' (each player their own pile)"
        if target.who == "trigger" and source.trigger is not None and source.trigger.on != "ally_defeated":
            return "bring_back of the trigger character needs the ally_defeated trigger"
    if isinstance(step, FreeSmash):
        if source.is_story or not source.has_self or source.timing != "action":
            return "free_smash needs an acting source character (an action power or action Super)"
        if (target.who, target.select, target.count) != ("rivals", "choose", 1):
            return "free_smash targets one rival character chosen by the player"
    return None


def _check_steps(steps: tuple[Effect, ...], source: _Source) -> str | None:
    if not steps:
        return f"{source.label} needs at least one effect"
    for index, step in enumerate(steps):
        if isinstance(step, Cancel):
            if source.trigger is None or source.trigger.on not in CANCELLABLE:
                return "cancel needs a react trigger on an attack, a Story, a Super or a power"
            if index != 0:
                return "cancel must be the first step"
            continue
        if isinstance(step, TurnAround):
            if not step.modifiers:
                return "turn_around needs at least one modifier"
            for mod in step.modifiers:
                if problem := _check_modifier(mod, turned=True):
                    return f"turn_around: {problem}"
        if isinstance(step, Stun | Revive | Defeat | BringBack | FreeSmash | Safe | TurnAround):
            if source.is_story and step.target.who in ("self", "trigger"):
                return f"{effect_kind(step)}: a Story has no character of its own"
            if problem := _check_target(step, source):
                return problem
    return None


def _check_trigger(trigger: Trigger, is_power: bool, needs_character: bool) -> str | None:
    if trigger.on not in CHARACTER_TRIGGERS and trigger.ally != "any":
        return f"trigger {trigger.on!r} takes no ally qualifier"
    if is_power and trigger.on in ("ally_stunned", "ally_defeated") and trigger.ally != "other":
        return f"a react power on {trigger.on!r} needs ally = 'other' (its own character has no power then)"
    if not is_power and needs_character and trigger.on == "ally_defeated" and trigger.ally != "other":
        return "a react Super on 'ally_defeated' needs ally = 'other' (its character must be on the team)"
    return None


def _check_power(power: Power) -> str | None:
    if power.timing == "passive":
        if power.effects or power.trigger is not None or not power.modifiers:
            return "a passive power has modifiers only (no effects, no trigger)"
        for mod in power.modifiers:
            if problem := _check_modifier(mod, turned=False):
                return problem
        return None
    if power.modifiers:
        return f"an {power.timing} power has effects, not modifiers"
    if (power.timing == "react") != (power.trigger is not None):
        return "a react power needs a trigger, and only a react power has one"
    if power.trigger is not None and (problem := _check_trigger(power.trigger, True, True)):
        return problem
    source = _Source(f"power {power.name!r}", True, "react" if power.trigger else "action", power.trigger)
    return _check_steps(power.effects, source)


def _check_super(card: Super, characters: Mapping[str, Character]) -> str | None:
    owner = characters.get(card.character)
    if owner is None:
        return f"names a missing character {card.character!r}"
    if owner.deck != card.deck:
        return f"its character {card.character!r} is in deck {owner.deck!r}, not {card.deck!r}"
    if (card.timing == "react") != (card.trigger is not None):
        return "a react Super needs a trigger, and only a react Super has one"
    if card.trigger is not None and card.trigger.on == "ally_attacked":
        return "a Super cannot react to an attack: only Smash and Team-Up cards are played in a Smash Battle"
    if card.trigger is not None and (problem := _check_trigger(card.trigger, False, card.needs_character)):
        return problem
    source = _Source("this Super", card.needs_character, card.timing, card.trigger)
    return _check_steps(card.effects, source)


def _expand(cards: tuple[Smash, ...] | tuple[TeamUp, ...], found: dict[str, Card], name: str) -> None:
    for card in cards:
        ids = [card.id] if card.copies == 1 else [f"{card.id}-{n}" for n in range(1, card.copies + 1)]
        for card_id in ids:
            if card_id in found:
                raise CardDataError(f"{name}: card {card_id!r}: duplicate id")
            found[card_id] = msgspec.structs.replace(card, id=card_id, copies=1)


def _check_decks(cat: Catalogue, name: str) -> None:
    if len(cat.decks) != DECK_COUNT:
        raise CardDataError(f"{name}: expected {DECK_COUNT} decks, found {len(cat.decks)}")
    for card_id, card in cat.by_id.items():
        if card.deck not in cat.decks:
            raise CardDataError(f"{name}: card {card_id!r}: unknown deck {card.deck!r}")
    for deck_id in cat.decks:
        for kind, wanted in DECK_SHAPE.items():
            found = len(cat.of_kind(deck_id, kind))
            if found != wanted:
                raise CardDataError(f"{name}: deck {deck_id!r}: has {found} {kind} cards, needs {wanted}")
        supered = {cat.supers[s].character for s in cat.of_kind(deck_id, "super")}
        for char_id in cat.character_stack(deck_id):
            if char_id not in supered:
                raise CardDataError(f"{name}: card {char_id!r}: no Super in deck {deck_id!r} matches it")
        timings = {cat.characters[c].power.timing for c in cat.character_stack(deck_id)}
        if timings != set(TIMINGS):
            raise CardDataError(f"{name}: deck {deck_id!r}: needs action, passive and react powers")
    names: dict[str, str] = {}
    for card_id, card in cat.by_id.items():
        if isinstance(card, Smash | TeamUp):
            continue
        if card.name in names:
            raise CardDataError(
                f"{name}: card {card_id!r}: name {card.name!r} already used by {names[card.name]!r}"
            )
        names[card.name] = card_id


def _check_card(item: Card, characters: Mapping[str, Character]) -> str | None:
    if isinstance(item, Character):
        problem = _check_power(item.power)
        if problem is None and len(item.text) > MAX_TEXT:
            problem = f"power name and text together exceed {MAX_TEXT} characters"
        return problem
    if isinstance(item, Super):
        return _check_super(item, characters)
    if isinstance(item, Story):
        return _check_steps(item.effects, _Source("a Story", False, "action", is_story=True))
    return None


def load_catalogue(path: Path = CARDS_FILE) -> Catalogue:
    """Load and validate the core set; every error names the file and the card or deck."""
    name = path.name
    decks = {d.id: d for d in load_cards(path, DeckInfo, table="decks")}
    found: dict[str, Card] = {}
    named: list[Character | Super | Story] = [
        *load_cards(path, Character, table="characters"),
        *load_cards(path, Super, table="supers"),
        *load_cards(path, Story, table="stories"),
    ]
    for entry in named:
        if entry.id in found:
            raise CardDataError(f"{name}: card {entry.id!r}: duplicate id")
        found[entry.id] = entry
    _expand(load_cards(path, Smash, table="smashes"), found, name)
    _expand(load_cards(path, TeamUp, table="teamups"), found, name)
    characters = {k: c for k, c in found.items() if isinstance(c, Character)}
    for card_id, item in found.items():
        if problem := _check_card(item, characters):
            raise CardDataError(f"{name}: card {card_id!r}: {problem}")
    cat = Catalogue(
        decks=decks,
        characters=characters,
        supers={k: c for k, c in found.items() if isinstance(c, Super)},
        stories={k: c for k, c in found.items() if isinstance(c, Story)},
        smashes={k: c for k, c in found.items() if isinstance(c, Smash)},
        teamups={k: c for k, c in found.items() if isinstance(c, TeamUp)},
        by_id=found,
    )
    _check_decks(cat, name)
    return cat


CARDS: Catalogue = load_catalogue()
"""The core set, loaded once at import."""


def card(card_id: str) -> Card:
    """The core-set card with this id."""
    return CARDS.card(card_id)


def deck(deck_id: str) -> tuple[str, ...]:
    """The 46 card ids of a pre-sorted deck (Character Stack first, then the Deck)."""
    return CARDS.deck(deck_id)

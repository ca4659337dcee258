"""Smash Masters card schema: the shape of `cards.toml` and the effect vocabulary its cards are written in.

Every power, Super and Story is a list of effect steps from one small vocabulary (`Effect`); passive
powers are lists of `Modifier`s and react timings name a `Trigger`. The exact semantics of each kind
are in `docs/rulings/smashmasters.md` (part B). Validation is in `card_checks`, loading in `cards`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated, ClassVar, Literal, TypeAlias, get_args

import msgspec
from msgspec import Meta

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

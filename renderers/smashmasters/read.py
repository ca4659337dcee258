"""Reading Smash Masters views into small frozen facts, each tolerating a missing or odd key (views
come from the engine, but a renderer must never fail on one). The facts are hashable, so card
faces can be cached by what they show."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from renderers.kit.views import View, as_index, as_int, as_mapping, as_mappings, as_str, seats

DANGERS = ("attack", "stun", "defeat", "story", "powers")


@dataclass(frozen=True)
class Character:
    """A character card as it is printed."""

    name: str
    power_type: str
    power: str
    timing: str
    text: str
    """The power's text, without the "Power name: " the engine puts before it."""


@dataclass(frozen=True)
class Space:
    """One space of a team: empty, or a character with its state and marks."""

    state: str
    """ "active", "stunned" or "empty"."""
    char: Character | None
    id: str
    waking: bool = False
    turned: bool = False
    extra: bool = False
    safe_from: tuple[str, ...] = ()

    @property
    def stunned(self) -> bool:
        return self.state == "stunned"

    @property
    def empty(self) -> bool:
        return self.char is None


@dataclass(frozen=True)
class Card:
    """A blue card (Smash, Team-Up, Super, Story); `character` and `timing` only for Supers, when
    the view says (the name of the matching character, action or react)."""

    name: str
    kind: str
    text: str
    character: str = ""
    timing: str = ""


@dataclass(frozen=True)
class Fighter:
    seat: int | None
    id: str
    name: str


@dataclass(frozen=True)
class Blow:
    """A card played in the battle, by whom; `card` is None for a free smash."""

    seat: int | None
    player: str
    card: Card | None
    strength: str

    @property
    def teamup(self) -> bool:
        return self.strength == "teamup" or (self.card is not None and self.card.kind == "teamup")


@dataclass(frozen=True)
class Battle:
    attacker: Fighter
    target: Fighter
    chain: tuple[Blow, ...]
    winner: str
    """The name of the character who wins if the battle ended now ("" if the view does not say)."""
    loser: str
    fate: str
    """What happens to the loser then: "stunned" or "defeated" ("" if unknown)."""


@dataclass(frozen=True)
class Deciding:
    seat: int | None
    name: str
    doing: str


def strip_power(text: str, power: str) -> str:
    """The power's text without its name in front ("Hot Dish: Rivals..." -> "Rivals...")."""
    prefix = f"{power}:"
    return text[len(prefix) :].strip() if power and text.startswith(prefix) else text


def character(card: Mapping[str, Any] | None) -> Character | None:
    if card is None:
        return None
    power = as_str(card.get("power"))
    return Character(
        name=as_str(card.get("name")) or "?",
        power_type=as_str(card.get("power_type")).lower(),
        power=power,
        timing=as_str(card.get("timing")).lower(),
        text=strip_power(as_str(card.get("text")), power),
    )


def characters(value: Any) -> list[Character]:
    return [found for card in as_mappings(value) if (found := character(card)) is not None]


def _name_of(value: Any) -> str:
    """A name given as a string, or as a mapping with a name."""
    found = as_mapping(value)
    return as_str(found.get("name")) if found is not None else as_str(value)


def card(value: Any) -> Card | None:
    found = as_mapping(value)
    if found is None:
        return None
    return Card(
        name=as_str(found.get("name")) or "?",
        kind=as_str(found.get("kind")).lower(),
        text=as_str(found.get("text")),
        character=_name_of(found.get("character")),
        timing=as_str(found.get("timing")).lower(),
    )


def cards(value: Any) -> list[Card]:
    return [found for item in as_mappings(value) if (found := card(item)) is not None]


def space(value: Any) -> Space:
    found = as_mapping(value) or {}
    state = as_str(found.get("state"))
    char = character(found) if found.get("name") and state != "empty" else None
    safe = found.get("safe_from")
    return Space(
        state="empty" if char is None else ("stunned" if state == "stunned" else "active"),
        char=char,
        id=as_str(found.get("id")),
        waking=found.get("waking") is True,
        turned=found.get("turned") is True,
        extra=found.get("extra") is True,
        safe_from=tuple(d for d in DANGERS if isinstance(safe, list) and d in safe),
    )


def team(seat: Mapping[str, Any]) -> list[Space]:
    listed = seat.get("team")
    return [space(item) for item in listed] if isinstance(listed, list) else []


def picked(seat: Mapping[str, Any]) -> int | None:
    """How many characters the seat has picked face down while teams are chosen (None after)."""
    return as_index(seat.get("picked"))


def defeated(seat: Mapping[str, Any]) -> list[Character]:
    return characters(seat.get("defeated"))


@dataclass(frozen=True)
class Counts:
    """A team's piles: Character Stack, Deck, Discard Pile, hand, Defeated Pile."""

    stack: int
    deck: int
    discard: int
    hand: int
    defeated: int


def counts(seat: Mapping[str, Any]) -> Counts:
    pile = seat.get("defeated")
    return Counts(
        stack=as_int(seat.get("stack")),
        deck=as_int(seat.get("deck")),
        discard=as_int(seat.get("discard")),
        hand=as_int(seat.get("hand_size")),
        defeated=len(pile) if isinstance(pile, list) else as_int(pile),
    )


def is_out(seat: Mapping[str, Any]) -> bool:
    return seat.get("out") is True


def turn(view: View) -> int | None:
    """The seat whose turn it is (None while teams are chosen and when the game is over)."""
    return None if view.get("over") or drafting(view) else as_index(view.get("turn"))


def drafting(view: View) -> bool:
    """Whether teams are still being chosen face down."""
    listed = seats(view)
    return bool(listed) and any(picked(seat) is not None for seat in listed)


def deciding(view: View) -> list[Deciding]:
    found = []
    for item in as_mappings(view.get("deciding")):
        seat = as_index(item.get("seat"))
        found.append(Deciding(seat, as_str(item.get("name")), as_str(item.get("doing"))))
    return found


def _fighter(value: Any) -> Fighter:
    found = as_mapping(value) or {}
    return Fighter(as_index(found.get("seat")), as_str(found.get("id")), as_str(found.get("name")) or "?")


def battle(view: View) -> Battle | None:
    found = as_mapping(view.get("battle"))
    if found is None:
        return None
    attacker, target = _fighter(found.get("attacker")), _fighter(found.get("target"))
    chain = tuple(
        Blow(
            seat=as_index(blow.get("seat")),
            player=as_str(blow.get("player")),
            card=card(blow.get("card")),
            strength=as_str(blow.get("strength")).lower(),
        )
        for blow in as_mappings(found.get("chain"))
    )
    leader = as_mapping(found.get("leader")) or {}
    names = {attacker.id: attacker.name, target.id: target.name}
    winner, loser = as_str(leader.get("winner")), as_str(leader.get("loser"))
    return Battle(
        attacker=attacker,
        target=target,
        chain=chain,
        winner=names.get(winner, winner) if winner else "",
        loser=names.get(loser, loser) if loser else "",
        fate=as_str(leader.get("fate")),
    )


def last_story(view: View) -> Card | None:
    return card(view.get("last_story"))


def log_line(view: View) -> str:
    """The newest log entry, when the view carries a log (a list of strings, or one string)."""
    log = view.get("log")
    if isinstance(log, str):
        return log.strip()
    if isinstance(log, list):
        for entry in reversed(log):
            text = entry if isinstance(entry, str) else as_str((as_mapping(entry) or {}).get("text"))
            if text.strip():
                return text.strip()
    return ""


def own_seat(view: View) -> int | None:
    return as_index(view.get("seat"))


def seat_of(view: View, index: int | None) -> Mapping[str, Any]:
    listed = seats(view)
    return listed[index] if index is not None and 0 <= index < len(listed) else {}


def hand(view: View) -> list[Card]:
    return cards(view.get("hand"))


def picks(view: View) -> list[Character]:
    return characters(view.get("picks"))


def stack_cards(view: View) -> list[Character]:
    """The seat's own Character Stack; while teams are chosen, without the characters already
    picked (the engine still lists them in the stack until the reveal)."""
    listed = as_mappings(view.get("stack_cards"))
    chosen = [as_str(item.get("id")) for item in as_mappings(view.get("picks"))]
    kept = []
    for item in listed:
        item_id = as_str(item.get("id"))
        if item_id and item_id in chosen:
            chosen.remove(item_id)
            continue
        found = character(item)
        if found is not None:
            kept.append(found)
    return kept


def variant(view: View) -> Mapping[str, Any]:
    return as_mapping(view.get("variant")) or {}

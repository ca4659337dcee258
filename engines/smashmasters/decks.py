"""Which cards each seat plays with: pre-sorted decks, custom decks, the 9-character borrow.

`validate_deck` checks a custom deck against the rulebook's section 6; the bot's `/deck` commands
reuse it. `deal_decks` turns the table options into every seat's Character Stack and Deck, as
instance ids that are unique in the game (see `engines.smashmasters.state`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import msgspec

from engines.core import Rng
from engines.smashmasters.card_schema import DECK_SHAPE
from engines.smashmasters.cards import CARDS

STACK_SIZE = DECK_SHAPE["character"]
DECK_SIZE = sum(count for kind, count in DECK_SHAPE.items() if kind != "character")
MAX_SMASH = 25
MAX_TEAMUP = 5
BORROWED = 3  # the 9-character variant adds this many characters to each stack
CUSTOM_NAME = "Custom deck"


class SeatCards(msgspec.Struct, kw_only=True):
    """One seat's cards before the game starts."""

    name: str
    stack: list[str]
    deck: list[str]


def base_id(instance: str) -> str:
    """The catalogue id of a card instance (`kc-x1-3.2` -> `kc-x1-3`)."""
    return instance.partition(".")[0]


def parse_deck(text: str) -> list[str]:
    """Card ids from a comma-separated list."""
    return [part.strip() for part in text.split(",") if part.strip()]


def validate_deck(card_ids: Sequence[str]) -> list[str]:
    """What breaks the deck-building rules (rulebook section 6); empty when the deck is valid.

    A custom deck lists 46 card ids: 6 different characters and 40 Deck cards with at most 25
    Smash and 5 Team-Up cards and no Super or Story twice. Smash and Team-Up ids may repeat.
    """
    problems: list[str] = []
    unknown = sorted({cid for cid in card_ids if cid not in CARDS.by_id})
    if unknown:
        problems.append(f"unknown card ids: {', '.join(unknown)}")
    kinds: Counter[str] = Counter()
    named: Counter[str] = Counter()
    for cid in card_ids:
        found = CARDS.by_id.get(cid)
        if found is None:
            continue
        kinds[found.kind] += 1
        if found.kind in ("character", "super", "story"):
            named[cid] += 1
    if kinds["character"] != STACK_SIZE:
        problems.append(f"the Character Stack needs {STACK_SIZE} characters, not {kinds['character']}")
    deck_size = sum(kinds.values()) - kinds["character"]
    if deck_size != DECK_SIZE:
        problems.append(f"the Deck needs {DECK_SIZE} cards, not {deck_size}")
    if kinds["smash"] > MAX_SMASH:
        problems.append(f"at most {MAX_SMASH} Smash cards, not {kinds['smash']}")
    if kinds["teamup"] > MAX_TEAMUP:
        problems.append(f"at most {MAX_TEAMUP} Team-Up cards, not {kinds['teamup']}")
    for cid, count in sorted(named.items()):
        if count > 1:
            what = {"character": "character", "super": "Super", "story": "Story"}[CARDS.by_id[cid].kind]
            problems.append(f"the {what} {CARDS.by_id[cid].name} ({cid}) is in the deck {count} times")
    return problems


def _pre_sorted(deck_id: str) -> SeatCards:
    return SeatCards(
        name=CARDS.decks[deck_id].name,
        stack=list(CARDS.character_stack(deck_id)),
        deck=list(CARDS.draw_deck(deck_id)),
    )


def _custom(seat: int, text: str) -> SeatCards:
    card_ids = parse_deck(text)
    problems = validate_deck(card_ids)
    if problems:
        raise ValueError(f"Seat {seat + 1}'s custom deck breaks the deck rules: {'; '.join(problems)}.")
    stack = [cid for cid in card_ids if CARDS.by_id[cid].kind == "character"]
    return SeatCards(name=CUSTOM_NAME, stack=stack, deck=[cid for cid in card_ids if cid not in stack])


def _deck_ids(rng: Rng, seats: int, choice: str) -> list[str]:
    """Pre-sorted deck ids by seat: as listed, or dealt at random (second copies past 4 seats)."""
    if choice != "random":
        listed = parse_deck(choice)
        unknown = [deck_id for deck_id in listed if deck_id not in CARDS.decks]
        if unknown or len(listed) != seats:
            known = ", ".join(CARDS.decks)
            raise ValueError(f"decks must list one deck per seat ({seats}) from: {known}; got {choice!r}")
        return listed
    first, second = list(CARDS.decks), list(CARDS.decks)
    rng.shuffle(first)
    rng.shuffle(second)
    return (first + second)[:seats]


def _borrow(rng: Rng, seats: list[SeatCards]) -> None:
    """The 9-character variant: each seat adds 3 characters and their Supers.

    They come from the characters no seat holds; when those run out, from every character the
    seat lacks (a second copy of a rival's).
    """
    held = {cid for cards in seats for cid in cards.stack}
    free = [cid for cid in CARDS.characters if cid not in held]
    rng.shuffle(free)
    for cards in seats:
        fallback = [cid for cid in CARDS.characters if cid not in cards.stack and cid not in free]
        rng.shuffle(fallback)
        taken = (free + fallback)[:BORROWED]
        free = [cid for cid in free if cid not in taken]
        cards.stack += taken
        cards.deck += [s for s in (CARDS.super_of(cid).id for cid in taken) if s not in cards.deck]


def number_copies(seats: list[SeatCards]) -> None:
    """Give the second and later copies of a card in the game a `.n` suffix."""
    seen: Counter[str] = Counter()

    def instance(cid: str) -> str:
        seen[cid] += 1
        return cid if seen[cid] == 1 else f"{cid}.{seen[cid]}"

    for cards in seats:
        cards.stack = [instance(cid) for cid in cards.stack]
        cards.deck = [instance(cid) for cid in cards.deck]


def deal_decks(rng: Rng, seats: int, options: Mapping[str, str]) -> list[SeatCards]:
    """Every seat's cards: `deck<n>` custom decks, else the `decks` assignment, plus borrowing."""
    deck_ids = _deck_ids(rng, seats, options.get("decks", "random"))
    dealt = [
        _custom(seat, options[f"deck{seat}"]) if f"deck{seat}" in options else _pre_sorted(deck_ids[seat])
        for seat in range(seats)
    ]
    if options.get("characters") == "9":
        _borrow(rng, dealt)
    number_copies(dealt)
    return dealt

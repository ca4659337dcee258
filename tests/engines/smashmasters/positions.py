"""Hand-built Smash Masters positions for the rule scenario tests.

`game()` deals a table the normal way (pre-sorted decks in seat order); `arrange()` then puts
exact cards in one seat's piles, taking them from wherever they were in that seat's cards, and
`begin()` skips the draft and opens a turn. Cards are conserved throughout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engines.core import Decision, Event, Rng, Seat
from engines.smashmasters import decide, flow
from engines.smashmasters.cards import CARDS
from engines.smashmasters.context import Ctx
from engines.smashmasters.engine import SmashMasters
from engines.smashmasters.look import kind
from engines.smashmasters.state import SmashState, Space
from tests.engines.smashmasters.kit import all_cards

ENGINE = SmashMasters()
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
DECKS = ("kc", "ld", "ga", "mm")


def cid(card_name: str) -> str:
    """The id of the character, Super or Story with this name."""
    return next(
        c.id for c in CARDS.by_id.values() if c.name == card_name and c.kind not in ("smash", "teamup")
    )


def smashes(deck: str, count: int = 1) -> list[str]:
    """The first Smash card ids of a deck."""
    return list(CARDS.of_kind(deck, "smash")[:count])


def teamups(deck: str, count: int = 1) -> list[str]:
    """The first Team-Up card ids of a deck."""
    return list(CARDS.of_kind(deck, "teamup")[:count])


def game(seats: int = 2, seed: int = 1, **options: str) -> SmashState:
    """A freshly dealt table (seat n plays deck kc, ld, ga, mm in order), in the draft."""
    mode = "brawl" if seats <= 4 else "big"
    options.setdefault("decks", ",".join((DECKS * 2)[:seats]))
    return ENGINE.new_game([Seat(i, NAMES[i]) for i in range(seats)], mode, options, seed)


def arrange(
    state: SmashState,
    seat: int,
    *,
    team: Sequence[str] | None = None,
    stunned: Iterable[str] = (),
    defeated: Sequence[str] = (),
    hand: Sequence[str] | None = None,
    deck_top: Sequence[str] = (),
    discard: Sequence[str] = (),
) -> SmashState:
    """Put one seat's cards exactly: `team` left to right ("" = an empty space), the rest of its
    characters in the stack unless `defeated`; `hand`, the top of the Deck (first = drawn first)
    and the Discard Pile. Displaced blue cards go to the Deck."""
    player = state.players[seat]
    chars = [s.char for s in player.team if s.char] + player.stack + player.defeated + player.aside
    if team is not None:
        down = set(stunned)
        player.team = [Space(char=c, stunned=c in down) if c else Space() for c in team]
        player.defeated = list(defeated)
        player.stack = [c for c in chars if c not in team and c not in defeated]
        player.aside = []
        player.picks = []
    blue = player.hand + player.deck + player.discard
    kept = list(hand) if hand is not None else [c for c in player.hand if c not in (*deck_top, *discard)]
    placed = [*kept, *deck_top, *discard]
    assert all(card in blue for card in placed), f"not seat {seat}'s cards: {placed}"
    player.hand = kept
    player.discard = list(discard)
    player.deck = [card for card in blue if card not in placed] + list(reversed(deck_top))
    return state


def begin(state: SmashState, turn: int = 0) -> SmashState:
    """Skip the draft (every seat must be arranged) and open `turn`'s turn."""
    assert all(player.team for player in state.players), "arrange every seat's team first"
    state.tasks = []
    resume(state, lambda ctx: flow.start_turn(ctx, turn))
    return state


def resume(state: SmashState, first: Callable[[Ctx], None] | None = None) -> list[Event]:
    """Run the engine's pending work after a test changed the table by hand (cards conserved)."""
    before = all_cards(state)
    ctx = Ctx(state, Rng(state.rng))
    if first is not None:
        first(ctx)
    decide.run(ctx)
    state.rng = ctx.rng.state
    assert all_cards(state) == before
    return ctx.events


def duel(
    left: Sequence[str],
    right: Sequence[str],
    *,
    hands: tuple[Sequence[str] | None, Sequence[str] | None] = (None, None),
) -> SmashState:
    """A two-player table: Ann (kc) and Bob (ld) with these teams (and hands, else as dealt), Ann to play."""
    state = game(2)
    arrange(state, 0, team=left, hand=hands[0])
    arrange(state, 1, team=right, hand=hands[1])
    return begin(state)


# --- driving the engine ----------------------------------------------------------------------------


def decision(state: SmashState) -> Decision:
    """The one open decision."""
    found = ENGINE.decisions(state)
    assert len(found) == 1, found
    return found[0]


def options(state: SmashState) -> list[str]:
    """The option ids of the open decision."""
    return [option.id for option in decision(state).options]


def play(state: SmashState, key: str, *choice: str) -> list[Event]:
    """Answer the open decision with this key (the seat comes from the decision)."""
    found = [d for d in ENGINE.decisions(state) if d.key == key]
    assert found, f"no open {key!r} decision: {ENGINE.decisions(state)}"
    return ENGINE.apply(state, found[0].seat, key, list(choice))


def said(events: Iterable[Event]) -> str:
    """The public narration of some events, one line each."""
    return "\n".join(event.text for event in events if event.visible_to is None)


def space(state: SmashState, char: str) -> Space:
    """The table space holding a character."""
    return next(s for p in state.players for s in p.team if s.char == char)


def team_ids(state: SmashState, seat: int) -> list[str]:
    """A team left to right ("" for an empty space)."""
    return [s.char for s in state.players[seat].team]


def hand_kinds(state: SmashState, seat: int) -> list[str]:
    """The kinds of the cards in a hand."""
    return [kind(card) for card in state.players[seat].hand]


def view(state: SmashState, seat: int | None = None) -> Any:
    """A view of the table."""
    return ENGINE.view(state, seat)

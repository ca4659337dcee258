"""Read-only questions about the table: cards, characters, modifiers, safety, attack targets."""

from __future__ import annotations

from functools import cache

from engines.smashmasters.card_schema import Card, Character, Modifier, Super
from engines.smashmasters.cards import CARDS
from engines.smashmasters.decks import base_id
from engines.smashmasters.state import Player, SmashState, Space

HAND_MIN = 5
BIG_HAND_MIN = 6
HAND_MAX = 10
TEAM_SIZE = 3


@cache
def card_of(instance: str) -> Card:
    """The catalogue card of an instance id."""
    return CARDS.card(base_id(instance))


def char_of(instance: str) -> Character:
    """The catalogue character of a character instance."""
    found = card_of(instance)
    assert isinstance(found, Character), instance
    return found


def super_of(instance: str) -> Super:
    """The catalogue Super of a Super instance."""
    found = card_of(instance)
    assert isinstance(found, Super), instance
    return found


def name(instance: str) -> str:
    """A card's name."""
    return card_of(instance).name


def your(instance: str) -> str:
    """ "your Gnome Ranger": a character's name after "your" (a leading "The" dropped)."""
    return "your " + name(instance).removeprefix("The ")


def kind(instance: str) -> str:
    """A card's kind: character, super, story, smash or teamup."""
    return card_of(instance).kind


# --- where characters are --------------------------------------------------------------------


def locate(state: SmashState, char: str) -> tuple[Player, Space] | None:
    """The player and space holding a character on the table (None for no character)."""
    if not char:
        return None
    for player in state.players:
        for space in player.team:
            if space.char == char:
                return player, space
    return None


def on_team(player: Player) -> list[Space]:
    """The occupied spaces of a team."""
    return [space for space in player.team if space.char]


def active(space: Space) -> bool:
    """On the table and not stunned."""
    return bool(space.char) and not space.stunned


def works(space: Space) -> bool:
    """Its power works: active and not revived this turn."""
    return active(space) and not space.waking


def active_count(player: Player) -> int:
    """How many active characters a team has."""
    return sum(1 for space in player.team if active(space))


def alive(player: Player) -> bool:
    """Still in the game: a character on the table or in the stack."""
    return bool(player.stack) or any(space.char for space in player.team)


def char_space(player: Player, char_base: str) -> Space | None:
    """The space of the player's copy of a catalogue character, if it is on the table."""
    return next((s for s in player.team if s.char and base_id(s.char) == char_base), None)


def super_space(player: Player, card: str) -> Space | None:
    """The space of the character a Super needs (None when it is not on the team)."""
    return char_space(player, super_of(card).character)


def super_ready(player: Player, card: str) -> bool:
    """A Super may be played: its character is on the team (or the card needs none; ruling 16)."""
    return not super_of(card).needs_character or super_space(player, card) is not None


# --- modifiers and safety ------------------------------------------------------------------------


@cache
def _passive(char: str) -> tuple[Modifier, ...]:
    """A character's passive modifiers (empty for action and react powers)."""
    return char_of(char).power.modifiers


def modifiers(space: Space) -> tuple[Modifier, ...]:
    """The modifiers a character has now: its working passive power and its turned-around ones."""
    if not space.char or space.stunned:
        return ()
    found = () if space.waking else _passive(space.char)
    return found + space.turned.modifiers if space.turned is not None else found


def has(space: Space, modifier: str) -> bool:
    """Whether the character has a modifier of this kind (self scope)."""
    return any(mod.kind == modifier for mod in modifiers(space))


def team_has(player: Player, modifier: str) -> bool:
    """Whether any character of the team has a modifier of this kind."""
    return any(has(space, modifier) for space in player.team)


def safe(player: Player, space: Space, danger: str) -> bool:
    """Whether a character is safe from a danger (tokens, its modifiers, teammates' team modifiers)."""
    if any(token.danger == danger for token in space.tokens):
        return True
    for mate in player.team:
        for mod in modifiers(mate):
            if mod.kind != "safe" or mod.danger != danger:
                continue
            if mod.scope == "self":
                if mate is space:
                    return True
            elif not mod.power or char_of(space.char).power_type in mod.power:
                return True
    return False


def hand_min(player: Player) -> int:
    """The smallest hand the player keeps (6 with a big_hand modifier)."""
    return BIG_HAND_MIN if team_has(player, "big_hand") else HAND_MIN


def can_teamup(player: Player) -> bool:
    """Whether the player may play a Team-Up card now."""
    count = active_count(player)
    return count >= 2 or (count == 1 and team_has(player, "solo_teamup"))


# --- players -----------------------------------------------------------------------------------


def in_game(state: SmashState) -> list[Player]:
    """The players not yet out, in seat order."""
    return [player for player in state.players if not player.out]


def order_from(state: SmashState, seat: int) -> list[Player]:
    """The players still in, in turn order starting with `seat`."""
    count = len(state.players)
    found = (state.players[(seat + step) % count] for step in range(count))
    return [player for player in found if not player.out]


def rivals(state: SmashState, seat: int) -> list[Player]:
    """The other players still in, in turn order after `seat`."""
    return [player for player in order_from(state, seat) if player.seat != seat]


def attack_targets(state: SmashState, seat: int, free: bool) -> list[str]:
    """The rival characters `seat` may attack (taunt, shy and safety applied)."""
    found: list[str] = []
    for rival in rivals(state, seat):
        legal = []
        for space in rival.team:
            if not space.char or safe(rival, space, "attack") or (free and safe(rival, space, "powers")):
                continue
            if has(space, "shy") and any(active(s) for s in rival.team if s is not space):
                continue
            legal.append(space)
        taunting = [space for space in legal if has(space, "taunt")]
        found += [space.char for space in taunting or legal]
    return found


def cards_of_kind(player: Player, card_kind: str) -> list[str]:
    """The hand cards of one kind."""
    return [card for card in player.hand if kind(card) == card_kind]

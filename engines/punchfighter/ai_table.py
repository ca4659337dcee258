"""The AI's picture of the table for one choice (`Table`), its what-if copy for the rest of a turn
(`Sim`), and what holding things is worth: cards, buttons, the clock, where to stand.

Every value is in the unit `STAR` (a star is worth 4); the weights are named below."""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

from engines.punchfighter import attack, board, content
from engines.punchfighter.hexes import (
    Hex,
    parse_label,
    reachable,
)
from engines.punchfighter.schema import Attack, Effect, Recharge
from engines.punchfighter.state import PAD_LIMIT, PadButton, PunchState

STAR = 4.0  # a star, the unit everything is measured in
DAMAGE = 0.6  # a point of damage that turns no colour yet (it brings the next star closer)
RING_OUT = 0.85  # the chance a ring-out on offer happens (a steady defence cancels it)
STAGGER = 0.8  # a rival's button pushed until the end of their next turn
SPEND = 0.25  # a button paying a cost (it comes back at the reset, up to four)
RESET = 4  # buttons the reset frees (flow.RESET_BUTTONS): more pushed ones are discarded
WIN = 60.0  # reaching nine stars
EDGE = 0.5  # a space next to a pit or the rim, where a push ends a fighter's turn
MINION_NEAR = 1.6  # Minion Rush: a space next to a minion, which hits for 4 at the next reveal
MINION_DAMAGE = 0.9  # Minion Rush: a point of damage on a minion (the fourth K.O.s it for a star)
RUSH_CLOCK = 0.3  # Minion Rush solo and co-op: a button drawn is a quarter of a turn less to play
PLACE_AT = 3  # Minion Rush: how far from a fighter a minion is let in (it steps one closer)
POWER = {"yellow": 0.5, "red": 1.0}  # a power-up space: cards at the start of the next turn
RUSH_POWER = {"yellow": 1.6, "red": 3.2}
LEADER = 0.1  # per star the attacker leads by: how much more a star given away costs
SAFETY = 0.5  # how much where a move to attack ends counts beside the attack itself


# --- the table as one choice sees it ----------------------------------------------------------------


class Table:
    """What one choice looks at, worked out once: the pieces, their spaces and health, the rivals."""

    def __init__(self, state: PunchState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.me = f"f{seat}"
        self.player = state.players[seat]
        self.grid = board.grid_of(state)
        self.spots: dict[str, Hex] = {
            piece: parse_label(label) for label, piece in board.pieces(state).items()
        }
        self.rivals = [piece for piece in self.spots if attack.may_target(state, self.me, piece)]
        self.health = {piece: board.health_of(state, piece) for piece in self.spots}
        stars = [player.stars for player in state.players]
        self.stars = stars[seat]
        self.best_rival = max((s for i, s in enumerate(stars) if i != seat), default=0)
        self.racing = not state.counts_past_nine
        self.want = want_range(tuple(sorted(self.player.hand)))
        self.paths: dict[tuple[Hex, int, frozenset[Hex]], list[Hex]] = {}
        self.maps: dict[tuple[Hex, ...], dict[Hex, float]] = {}

    def sim(self) -> Sim:
        return Sim(
            self,
            dict(self.spots),
            dict(self.health),
            [PadButton(b.card, b.pushed) for b in self.player.pad],
            list(self.player.hand),
        )

    def guard(self, target: str, strength: int) -> int:
        """The damage the target's player can be expected to block: their best free Block button
        against a hit of 2 or more, or a defence card when they hold a few cards."""
        seat = board.owner(target)
        if seat is None or strength <= 0:
            return 0
        rival = self.state.players[seat]
        button = max((BLOCKS[b.card] for b in rival.pad if not b.pushed), default=0)
        if strength < 2:
            return 0
        card = 2 if len(rival.hand) >= 3 else 0
        return min(strength, max(button, card))

    def stars_for(self, target: str, health: int, damage: int) -> int:
        """Stars a hit of `damage` earns against a piece on `health`."""
        seat = board.owner(target)
        if seat is None:
            return int(damage >= health)
        if self.state.rush:
            return 0
        fighter = self.state.players[seat].fighter
        return board.band(fighter, health - damage) - board.band(fighter, health)

    def lead(self, target: str) -> float:
        """How much more hurting this rival is worth: the leader most."""
        seat = board.owner(target)
        if seat is None:
            return 1.0
        return min(1.6, max(0.8, 1.0 + 0.12 * (self.state.players[seat].stars - self.stars)))


class Sim:
    """A what-if for the rest of a turn: where the pieces stand, their health, the seat's pad and
    hand, and the stars earned so far."""

    __slots__ = ("hand", "health", "near", "pad", "spots", "stars", "t")

    def __init__(
        self, t: Table, spots: dict[str, Hex], health: dict[str, int], pad: list[PadButton], hand: list[str]
    ) -> None:
        self.t = t
        self.spots = spots
        self.health = health
        self.pad = pad
        self.hand = hand
        self.stars = 0
        self.near: tuple[Hex, ...] | None = None  # the rivals' spaces, worked out when asked

    def copy(self) -> Sim:
        found = Sim(
            self.t,
            dict(self.spots),
            dict(self.health),
            [PadButton(b.card, b.pushed) for b in self.pad],
            list(self.hand),
        )
        found.stars = self.stars
        found.near = self.near
        return found

    def rival_spots(self) -> tuple[Hex, ...]:
        if self.near is None:
            self.near = tuple(self.spots[p] for p in self.t.rivals if p in self.spots)
        return self.near

    @property
    def origin(self) -> Hex | None:
        return self.spots.get(self.t.me)

    def others(self, *besides: str) -> list[Hex]:
        return [spot for piece, spot in self.spots.items() if piece not in besides]

    def pushed(self) -> int:
        return sum(1 for b in self.pad if b.pushed)


@cache
def _blocks() -> dict[str, int]:
    return {button.id: button.block for button in content.BUTTONS}


BLOCKS = _blocks()
RECHARGE_ONLY = {
    button.id: all(isinstance(effect, Recharge) for effect in button.effects) and bool(button.effects)
    for button in content.BUTTONS
}


@cache
def demand(fighter: str) -> dict[str, float]:
    """Letter -> its share of the letters in the fighter's combo costs (copies counted)."""
    letters: Counter[str] = Counter()
    for card in content.DECKS[fighter]:
        letters.update(content.CARDS_BY_ID[card].cost)
    total = sum(letters.values()) or 1
    return {letter: letters[letter] / total for letter in "ABCD"}


@cache
def want_range(cards: tuple[str, ...]) -> int:
    """The distance a hand of cards likes to keep from its rivals: its longest attack, 1 to 4."""
    ranges = [
        effect.range
        for card in cards
        for effect in content.CARDS_BY_ID[card].effects
        if isinstance(effect, Attack)
    ]
    return max(1, min(max(ranges, default=1), 4))


def effects_of(source: str) -> tuple[Effect, ...]:
    if source in content.CARDS_BY_ID:
        return tuple(content.CARDS_BY_ID[source].effects)
    if source in content.BUTTONS_BY_ID:
        return tuple(content.BUTTONS_BY_ID[source].effects)
    return ()


# --- what things are worth ------------------------------------------------------------------------


def card_draw(hand: int) -> float:
    """A fighter card drawn into a hand of `hand` cards."""
    return max(0.2, 1.4 - 0.25 * hand)


def button_worth(t: Table, card: str) -> float:
    """How much a button on the pad is worth keeping: a Wild most, a letter the deck asks for."""
    data = content.BUTTONS_BY_ID[card]
    if data.letter == "W":
        return 3.0
    need = demand(t.player.fighter).get(data.letter, 0.0)
    return (1.0 if data.starter else 1.8) + 2.0 * need + 0.3 * data.block


def clock(t: Table) -> float:
    """What taking a button from the deck costs: it brings the end of the game closer."""
    state = t.state
    if state.counts_past_nine:
        return RUSH_CLOCK
    if t.stars > t.best_rival:
        return -0.3
    return 0.1 + 0.15 * (t.best_rival - t.stars)


def button_gain(t: Table, card: str | None) -> float:
    """A button drawn onto the pad (None: the top of the button deck, unseen)."""
    pad = t.player.pad
    if len(pad) >= PAD_LIMIT:
        return -1.0
    crowd = 0.25 * max(0, len(pad) - 5)
    if card is None:
        return 1.0 - crowd - clock(t)
    data = content.BUTTONS_BY_ID[card]
    letters = Counter(content.BUTTONS_BY_ID[b.card].letter for b in pad)
    need = demand(t.player.fighter).get(data.letter, 0.0) * 4 - letters[data.letter]
    base = 1.7 if data.letter == "W" else 0.9 + 0.5 * min(1.0, max(-1.0, need))
    base += 0.15 * (len(data.effects) + data.block)
    return base - crowd - clock(t)


def spend(sim: Sim, letters: int) -> float:
    """What pushing `letters` more buttons costs (beyond the reset's four, the buttons are lost)."""
    pushed = sim.pushed()
    over = max(0, pushed + letters - RESET) - max(0, pushed - RESET)
    return SPEND * letters + 1.5 * over


def edge_count(t: Table, spot: Hex) -> int:
    return edges(t.state.board).get(spot, 0)


@cache
def edges(board_id: str) -> dict[Hex, int]:
    """Hex -> how many of its neighbours are off the board (pits, the rim)."""
    grid = board.grid(board_id)
    return {spot: sum(1 for near in spot.neighbours() if not grid.on_board(near)) for spot in grid.hexes}


@cache
def ground(board_id: str) -> dict[Hex, float]:
    """Hex -> what standing there is worth before the rivals: power-ups (more in Minion Rush,
    where cards run short), less the edges."""
    grid = board.grid(board_id)
    count = edges(board_id)
    power = RUSH_POWER if content.BOARDS_BY_ID[board_id].side == "minion_rush" else POWER
    return {spot: power.get(grid.kind(spot) or "", 0.0) - EDGE * count[spot] for spot in grid.hexes}


def spot_score(t: Table, sim: Sim, spot: Hex) -> float:
    """Where to stand at the end of a move with no attack to follow (see `standing_map`)."""
    rivals = sim.rival_spots()
    found = t.maps.get(rivals)
    if found is None:
        found = t.maps[rivals] = standing_map(t.state.board, rivals, t.want, t.state.rush)
    return found.get(spot, -9.0)


@lru_cache(maxsize=1024)
def standing_map(board_id: str, rivals: tuple[Hex, ...], want_range: int, rush: bool) -> dict[Hex, float]:
    """Space -> how good it is to stand there with the rivals on these spaces: out of easy reach
    of the nearest rival but close enough to strike next turn (three spaces, or the hand's range
    when longer), on a power-up space, away from edges (more so with rivals who can reach it next
    turn) and, in Minion Rush, not next to a minion."""
    found = {}
    want = min(3, max(2, want_range)) if rush else max(3, want_range)
    count = edges(board_id)
    for spot, score in ground(board_id).items():
        if rivals:
            distances = [spot.distance(h) for h in rivals]
            near = min(distances)
            score -= 0.4 * (near - want) if near > want else 0.6 * (want - near)
            if rush:
                score -= MINION_NEAR * distances.count(1) + 0.15 * MINION_NEAR * distances.count(2)
            else:
                threats = min(3, sum(1 for d in distances if d <= 5))
                score -= EDGE * 0.4 * threats * count[spot]
        found[spot] = score
    return found


def moves(t: Table, sim: Sim, origin: Hex, steps: int) -> list[Hex]:
    """Spaces the seat's fighter can move to from `origin` in up to `steps`, staying put included."""
    others = sim.others(t.me)
    key = (origin, steps, frozenset(others))
    found = t.paths.get(key)
    if found is None:
        found = t.paths[key] = [origin, *sorted(reachable(t.grid, origin, steps, others))]
    return found

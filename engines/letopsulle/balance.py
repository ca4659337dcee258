"""Balance report: seeded Letopsulle games between AI players, by table size, option and AI level.

    nice -n 10 python -m bench.balance_letopsulle [--scale 1] [--jobs 2] [--write RULINGS]

Five tables (`Row.table`):

- `seats`: the printed game at 2 to 6 players, every seat (and its villains) at the normal level,
  basic decks: who wins by position relative to the first player, how often the villains win, how
  long and how games end;
- `catch_up`: the same with house rule `catch_up` (fewest points play first);
- `options`: at 2 and 4 players with one option on (`tag_teams`, `long_game`, `long_game` with
  house rule `long_refill`, `two_active`, `villains=ai`);
- `solitaire`: one AI player at each level against its villains as printed (coin flips, one
  villain turn a round), with house rules `solo_villains=2`, `smart_villains` and both, and
  against AI villains (`villains=ai`, played at the table's `ai` level);
- `levels`: one seat (the *tested* one, with its villains) at a level, every other seat at
  another; the tested seat takes every position from the first player in turn (seed % players).
  A 2-player batch is also the reverse match: normal alone against hard is the same games as hard
  alone against normal, seen from the other seat.

Pure functions over the engine: `rows(scale)` lists the batches, `measure(row)` plays one (seeds 0
to games - 1, cached), `bounds(results)` judges them (the first player's share with `catch_up`: the
printed order is lopsided, see the rulings). The bench module renders and writes them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from engines.core import Seat
from engines.core.reports import Bound
from engines.letopsulle import flow
from engines.letopsulle.ai import LetoAI
from engines.letopsulle.engine import Letopsulle

TABLE_SIZES = (2, 3, 4, 5, 6)
OPTION_SIZES = (2, 4)
OPTIONS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("tag_teams", "on"),),
    (("long_game", "on"),),
    (("long_game", "on"), ("long_refill", "on")),
    (("two_active", "on"),),
    (("villains", "ai"),),
)
SOLO_VARIANTS: tuple[tuple[tuple[str, str], ...], ...] = (
    (),  # as printed: coin flips for every villain choice, one villain turn a round
    (("solo_villains", "2"),),
    (("smart_villains", "on"),),
    (("solo_villains", "2"), ("smart_villains", "on")),
    (("villains", "ai"),),
)
LEVELS = ("easy", "normal", "hard")
FIRST_PLAYER_MARGIN = 0.12
"""The first player's share of the games stays within the fair 1/players plus or minus this."""
BEATS = 0.60
"""Hard beats normal, and normal beats easy, in at least this share of their 2-player games."""
MATCHES = (
    # (the lone seat's level, the other seats' level, players, games at scale 1); a 2-player batch
    # is also the reverse match (normal alone against hard is the same games as hard against normal)
    ("hard", "normal", 2, 40),
    ("normal", "easy", 2, 120),
)
SEAT_GAMES = {2: 300, 3: 300, 4: 300, 5: 300, 6: 300}
CATCH_UP_GAMES = {2: 150, 3: 150, 4: 100, 5: 100, 6: 100}
OPTION_GAMES = {2: 40, 4: 20}
SOLO_GAMES = {"easy": 300, "normal": 300, "hard": 100}
SOLO_HOUSE_GAMES = {"easy": 200, "normal": 200, "hard": 40}


def margin(share: float, games: int) -> float:
    """The 95 % error bar of a share measured over `games` games: 1.96 binomial standard errors,
    or 3 / games when the share is 0 or 1 (the rule of three)."""
    if not games:
        return 0.0
    if share in (0.0, 1.0):
        return 3 / games
    return 1.96 * math.sqrt(share * (1 - share) / games)


@dataclass(frozen=True)
class Row:
    """One batch of seeded games.

    `level` plays every seat, or every seat but the tested one when `tested` names a level; in
    solitaire `level` plays the heroes and the table's `ai` option (in `options`) the villains."""

    table: str  # seats, catch_up, options, solitaire or levels
    players: int
    games: int
    level: str = "normal"
    tested: str = ""
    options: tuple[tuple[str, str], ...] = ()

    @property
    def option(self) -> str:
        """The options as a label ("none" for the defaults)."""
        shown = [f"{key}={value}" for key, value in self.options if key != "ai"]
        return ", ".join(shown) or "none"


@dataclass
class Result:
    """What a batch of games gave. Positions count from the first player (0) in seat order."""

    row: Row
    positions: Counter[int] = field(default_factory=Counter)  # wins by the winner's position
    tested: Counter[int] = field(default_factory=Counter)  # games by the tested seat's position
    tested_wins: Counter[int] = field(default_factory=Counter)  # its wins by its position
    ends: Counter[str] = field(default_factory=Counter)  # points, cards or villains
    rounds: int = 0
    score: float = 0.0  # solitaire: the sum of the player's scores

    @property
    def games(self) -> int:
        return self.row.games

    def share(self, position: int) -> float:
        """The share of the games won by the player at this position."""
        return self.positions[position] / self.games if self.games else 0.0

    @property
    def villains(self) -> float:
        """The share of the games the villains won (every team knocked out)."""
        return self.ends["villains"] / self.games if self.games else 0.0

    @property
    def tested_share(self) -> float:
        """The share of the games the tested seat won."""
        return sum(self.tested_wins.values()) / self.games if self.games else 0.0

    @property
    def average_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0

    @property
    def average_score(self) -> float:
        return self.score / self.games if self.games else 0.0

    def end_share(self, end: str) -> float:
        return self.ends[end] / self.games if self.games else 0.0


def rows(scale: float = 1.0) -> list[Row]:
    """The batches of the report; `scale` multiplies every game count (at least 2 games each)."""

    def games(count: int) -> int:
        return max(2, round(count * scale))

    found = [Row("seats", players, games(SEAT_GAMES[players])) for players in TABLE_SIZES]
    found += [
        Row("catch_up", players, games(CATCH_UP_GAMES[players]), options=(("catch_up", "on"),))
        for players in TABLE_SIZES
    ]
    found += [
        Row("options", players, games(OPTION_GAMES[players]), options=option)
        for players in OPTION_SIZES
        for option in OPTIONS
    ]
    found += [
        Row(
            "solitaire",
            1,
            games((SOLO_HOUSE_GAMES if villains else SOLO_GAMES)[level]),
            level,
            options=(("ai", level), *villains),
        )
        for villains in SOLO_VARIANTS
        for level in LEVELS
    ]
    found += [
        Row("levels", players, games(count), others, tested) for tested, others, players, count in MATCHES
    ]
    return found


def end_of(state_winner: int, points: int, goal: int) -> str:
    """How a game ended: the villains won, or the winner reached the points goal or the cards goal."""
    if state_winner < 0:
        return "villains"
    return "points" if points >= goal else "cards"


@dataclass(frozen=True)
class Game:
    """One finished game, as the batch counts it."""

    winner: int  # position from the first player; -1: the villains won
    tested: int  # the tested seat's position (0 when nobody is tested)
    end: str
    rounds: int
    score: float


def play(row: Row, seed: int) -> Game:
    """One seeded game between AI players, to its end."""
    engine = Letopsulle()
    players = row.players
    seats = [Seat(i, f"AI {i + 1}", True) for i in range(players)]
    mode = "solitaire" if players == 1 else "multiplayer"
    options = dict(row.options)
    state = engine.new_game(seats, mode, options, seed)
    tested = (state.first + seed) % players if row.tested else -1
    policies: dict[int, LetoAI] = {}
    while decisions := engine.decisions(state):
        decision = decisions[0]
        policy = policies.get(decision.seat)
        if policy is None:
            owner = decision.seat % players
            if mode == "solitaire" and decision.seat >= players:
                level = None  # the villains play at the table's `ai` level
            else:
                level = row.tested if owner == tested else row.level
            policy = policies.setdefault(decision.seat, LetoAI(level, seed * 31 + decision.seat))
        engine.apply(state, decision.seat, decision.key, policy.choose(engine, state, decision))
    outcome = engine.outcome(state)
    assert outcome is not None
    winner = state.winner
    points = flow.points(state.teams[winner]) if winner >= 0 else 0
    return Game(
        winner=(winner - state.first) % players if winner >= 0 else -1,
        tested=(tested - state.first) % players if tested >= 0 else 0,
        end=end_of(winner, points, state.goal_points),
        rounds=state.round,
        score=outcome.scores[0],
    )


def tally(row: Row, games: Sequence[Game]) -> Result:
    """A batch's result from its games."""
    result = Result(row)
    for game in games:
        result.ends[game.end] += 1
        result.rounds += game.rounds
        result.score += game.score
        result.tested[game.tested] += 1
        if game.winner >= 0:
            result.positions[game.winner] += 1
            if row.tested and game.winner == game.tested:
                result.tested_wins[game.tested] += 1
    return result


@cache
def measure(row: Row) -> Result:
    """Play a batch (seeds 0 to games - 1); cached, so a repeated bench run costs nothing."""
    return tally(row, [play(row, seed) for seed in range(row.games)])


def find(
    results: Sequence[Result], table: str, players: int, tested: str = "", level: str = "normal"
) -> Result | None:
    """The result of a batch with the default options, if it was measured."""
    for result in results:
        row = result.row
        if (row.table, row.players, row.tested, row.level) == (table, players, tested, level):
            return result
    return None


def bounds(results: Sequence[Result]) -> list[Bound]:
    """Every bound the report is judged by, for the batches measured."""
    found: list[Bound] = []
    for players in TABLE_SIZES:  # the printed order favours the first player; catch_up evens it
        result = find(results, "catch_up", players)
        if result is None:
            continue
        fair = 1 / players
        share = result.share(0)
        name = f"{players}p first player's share with catch_up"
        found += [
            Bound(f"{name} (at least)", share, fair - FIRST_PLAYER_MARGIN, False),
            Bound(f"{name} (at most)", share, fair + FIRST_PLAYER_MARGIN, True),
        ]
    for better, worse in (("hard", "normal"), ("normal", "easy")):
        result = find(results, "levels", 2, better, worse)
        if result is not None:
            found.append(Bound(f"2p {better} AI beats {worse}", result.tested_share, BEATS, False))
    return found

"""Super Nova Smash! fairness: can a person on Discord win against the AI? (issue 17)

Every game runs through the real engine and the real TableService on virtual time
(`bench.nova_table`): the AI thinks at the bot's reaction times, the clock ticks at the deadlines
the service arms, and the person's clicks meet the bot's staleness rules. The person is
modelled with Discord's delays (`bench.nova_person`). Reported, per AI level: the person's win
rate in duels and 3-player games, and paybacks per round for the person and for the AI seats;
then AI-only duels between levels (each level must beat the one below) and AI-only 6- and
8-player games (the owners of a shared pile, first or second, must win alike). Games are seeded,
so a run's figures are the same every time; repeated runs in one process reuse them.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from bench.figures import Figure
from bench.nova_person import Person
from bench.nova_table import SEED, Result, close_table, open_table
from engines.supernova.ai import REACTION, SupernovaAI
from engines.supernova.engine import Supernova
from engines.supernova.state import NovaState

SECTION = "fairness"
LEVELS = ("easy", "normal", "hard")
DUEL_WINS = {"easy": 75.0, "normal": 40.0, "hard": 10.0}  # % of duels a person must win
PAYBACK_RATIO = 1.5  # the person's paybacks per round at most this many times the AI's
PAYBACK_FLOOR = 0.1  # an AI with fewer paybacks per round counts as this many (one in ten rounds)
SEAT_MARGIN = 15.0  # points a pile position may win above or below its fair share
FULL = {"duels": 40, "threes": 20, "ai_duels": 20, "seats": 30}
QUICK = {"duels": 1, "threes": 0, "ai_duels": 1, "seats": 0}


class Levels(Supernova):
    """Super Nova Smash! whose AI seats each play at their own level (for AI-only games between
    levels). The service asks the engine for a seat's policy by seed: the table's seed plus the seat."""

    def __init__(self, levels: Sequence[str], seed: int) -> None:
        self.levels = list(levels)
        self.seed = seed

    def ai_policy(self, seed: int) -> SupernovaAI:
        """The AI of the seat this seed belongs to, at that seat's level."""
        return SupernovaAI(self.levels[seed - self.seed], seed)

    def ai_reaction(self, state: NovaState, seat: int) -> tuple[float, float]:
        """The seat's own reaction time."""
        return REACTION[self.levels[seat]]


@dataclass
class Tally:
    """Games of one kind: wins of the seats watched, paybacks by the watched and by the others."""

    games: int = 0
    wins: float = 0.0
    rounds: int = 0
    mine: float = 0.0  # paybacks of the watched seats, per seat
    others: float = 0.0  # paybacks of the other seats, per seat

    def add(self, result: Result, watched: Sequence[int]) -> None:
        seats = len(result.paybacks)
        others = [s for s in range(seats) if s not in watched]
        self.games += 1
        self.wins += sum(1 for s in watched if s in result.winners) / len(result.winners)
        self.rounds += result.rounds
        self.mine += sum(result.paybacks[s] for s in watched) / len(watched)
        self.others += sum(result.paybacks[s] for s in others) / max(1, len(others))

    @property
    def win_rate(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0

    @property
    def mine_per_round(self) -> float:
        return self.mine / self.rounds if self.rounds else 0.0

    @property
    def others_per_round(self) -> float:
        return self.others / self.rounds if self.rounds else 0.0


async def _person_game(level: str, seats: int, seed: int, options: dict[str, str]) -> Result:
    table = await open_table(Supernova(), seats, {**options, "ai": level}, seed, person=True)
    Person(table, seed).open_console()
    try:
        return await table.play()
    finally:
        await close_table(table)


async def _ai_game(levels: Sequence[str], seed: int, options: dict[str, str]) -> Result:
    table = await open_table(Levels(levels, seed), len(levels), options, seed, person=False)
    try:
        return await table.play()
    finally:
        await close_table(table)


async def _person_tallies(counts: dict[str, int], options: dict[str, str]) -> dict[tuple[str, int], Tally]:
    tallies: dict[tuple[str, int], Tally] = {}
    for level in LEVELS:
        for seats, games in ((2, counts["duels"]), (3, counts["threes"])):
            tally = tallies.setdefault((level, seats), Tally())
            for game in range(games):
                tally.add(await _person_game(level, seats, SEED + game, options), [0])
    return tallies


async def _level_tallies(games: int, options: dict[str, str]) -> dict[tuple[str, str], Tally]:
    """AI duels of each level against the one below; the stronger sits first in every other game."""
    tallies: dict[tuple[str, str], Tally] = {}
    for weak, strong in itertools.pairwise(LEVELS):
        tally = tallies.setdefault((strong, weak), Tally())
        for game in range(games):
            levels = (strong, weak) if game % 2 == 0 else (weak, strong)
            tally.add(await _ai_game(levels, SEED + game, options), [levels.index(strong)])
    return tallies


async def _seat_tally(games: int, options: dict[str, str]) -> Tally:
    """AI-only games of 6 and 8 players at normal level, the first owners of the shared piles
    watched: they should win half the games, as the second owners do."""
    tally = Tally()
    for seats in (6, 8):
        for game in range(games):
            tally.add(await _ai_game(["normal"] * seats, SEED + game, options), list(range(0, seats, 2)))
    return tally


def _figures(
    people: dict[tuple[str, int], Tally], levels: dict[tuple[str, str], Tally], seats: Tally
) -> list[Figure]:
    figures = []
    for (level, count), tally in people.items():
        if not tally.games:
            continue
        kind = "duels" if count == 2 else f"{count}-player games"
        where = f"{kind} vs {level} AI ({tally.games} games)"
        limit = DUEL_WINS[level] if count == 2 else None
        figures.append(Figure(SECTION, f"person wins, {where}", tally.win_rate, "%", limit, at_most=False))
        figures.append(Figure(SECTION, f"person paybacks/round, {where}", tally.mine_per_round, "cards"))
        figures.append(Figure(SECTION, f"AI paybacks/round, {where}", tally.others_per_round, "cards"))
        ratio = tally.mine_per_round / max(tally.others_per_round, PAYBACK_FLOOR)
        figures.append(Figure(SECTION, f"person/AI paybacks, {where}", ratio, "x", PAYBACK_RATIO))
    for (strong, weak), tally in levels.items():
        name = f"{strong} AI beats {weak} AI ({tally.games} duels)"
        figures.append(Figure(SECTION, name, tally.win_rate, "%", 50.0, at_most=False))
    if seats.games:
        name = f"first owners' wins off their fair half, shared piles ({seats.games} games of 6 and 8)"
        figures.append(Figure(SECTION, name, abs(seats.win_rate - 50.0), "points", SEAT_MARGIN))
    return figures


async def _measure(quick: bool) -> list[Figure]:
    counts = QUICK if quick else FULL
    options = {"board": "short"} if quick else {}
    people = await _person_tallies(counts, options)
    levels = await _level_tallies(counts["ai_duels"], options)
    seats = await _seat_tally(counts["seats"], options)
    return _figures(people, levels, seats)


@functools.cache
def fairness(quick: bool) -> list[Figure]:
    """The section: seeded games, so a repeated run in the same process returns the same figures."""
    return asyncio.run(_measure(quick))

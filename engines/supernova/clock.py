"""The app's clock: table timings and the GO!/HOLD! schedule (rulings 5-8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engines.core import GameOption, Rng
from engines.supernova.state import NovaState, Sight

OPTIONS = (
    GameOption("launch", "Launch countdown (seconds)", ("3", "5", "8"), "5"),
    GameOption("go", "Average GO! window (seconds)", ("5", "7", "10"), "7"),
    GameOption("grace", "Lag allowance: how old a console may be (seconds)", ("1", "1.5", "2", "3"), "2"),
    GameOption("shockwaves", "Shockwaves", ("off", "rare", "normal", "often"), "normal"),
    GameOption("shock_time", "Shockwave time limit (seconds)", ("10", "15", "20"), "15"),
    GameOption("power_time", "Power-up phase time limit (seconds)", ("15", "20", "30"), "20"),
    GameOption("board", "Race board", ("short", "standard", "long"), "standard"),
    GameOption("decks", "Card decks (2 = longer rounds)", ("1", "2"), "1"),
    GameOption("ai", "AI players: reaction time and mistakes", ("easy", "normal", "hard"), "normal"),
)
SHOCK_CHANCE = {"off": 0.0, "rare": 0.08, "normal": 0.15, "often": 0.3}
SHOWDOWN_SPEED = 0.6  # showdown turns are this much shorter
SHOWDOWN_SHOCKS = 2.0  # and shockwaves this much likelier
RESUME = 3.0  # countdown after a quick draw
FREE_PLAY = 5.0  # a free-play moment (showdown between turns, or nobody can play)


@dataclass(frozen=True)
class Timing:
    """The table's timings, in seconds."""

    launch: float
    go: float
    grace: float
    shock_chance: float
    shock_time: float
    power_time: float


def chosen_options(options: Mapping[str, object]) -> dict[str, str]:
    """Every option with its default filled in; ValueError for an unknown value."""
    chosen = {option.id: option.default for option in OPTIONS}
    for option in OPTIONS:
        if option.id in options:
            value = str(options[option.id])
            if value not in option.choices:
                raise ValueError(f"{option.id} must be one of {', '.join(option.choices)}")
            chosen[option.id] = value
    return chosen


def timing(state: NovaState) -> Timing:
    """The state's timings."""
    options = state.options
    return Timing(
        launch=float(options["launch"]),
        go=float(options["go"]),
        grace=float(options["grace"]),
        shock_chance=SHOCK_CHANCE[options["shockwaves"]],
        shock_time=float(options["shock_time"]),
        power_time=float(options["power_time"]),
    )


def sight(state: NovaState, until: float) -> Sight:
    """How the table looks now, noted as lasting until `until`."""
    players = state.players
    return Sight(
        until=until,
        phase=state.phase,
        go=[seat for seat, player in enumerate(players) if player.go],
        finished=list(state.finished),
        tops=[pile.top for pile in state.piles],
    )


def remember(state: NovaState, now: float) -> None:
    """Before the table changes at `now` (screens, a pile's top): note how it looked, for the lag
    allowance, and forget looks older than the allowance. A look that appeared at this same
    instant was never seen, so it is not noted: the one before it is what people saw."""
    recent = [seen for seen in state.seen if seen.until > now - timing(state).grace]
    if not recent or recent[-1].until != now:
        recent.append(sight(state, now))
    state.seen = recent


def recent(state: NovaState, now: float) -> list[Sight]:
    """Every look a console may still show at `now`: the table as it is, then the looks that
    lasted into the lag allowance, newest first."""
    since = now - timing(state).grace
    return [sight(state, now), *(seen for seen in reversed(state.seen) if seen.until > since)]


def set_screens(state: NovaState, go: set[int], now: float) -> None:
    """Switch every screen to GO! (seats in `go`) or HOLD!, first noting how the table looked."""
    remember(state, now)
    for seat, player in enumerate(state.players):
        player.go = seat in go


def next_turn(state: NovaState, rng: Rng, now: float) -> None:
    """A new GO!/HOLD! turn: 1 to about half the players (the least served first) get GO!."""
    active = state.active()
    count = rng.randint(1, min(len(active), len(active) // 2 + 1))
    order = list(active)
    rng.shuffle(order)
    order.sort(key=lambda seat: state.players[seat].go_time)
    base = timing(state).go * (SHOWDOWN_SPEED if state.showdown else 1.0)
    length = round(base * (0.7 + 0.6 * rng.random()), 1)
    chosen = set(order[:count])
    for seat in chosen:
        state.players[seat].go_time += length
    set_screens(state, chosen, now)
    state.phase = "play"
    state.turns += 1
    state.until = now + length


def open_in(seen: Sight, seat: int, owners: list[int]) -> bool:
    """Whether that look let the seat lay a card on a pile of these owners (values aside): its GO!
    and the pile's (an owner's GO!), or a solved shockwave, which opens every pile."""
    if seen.phase == "shockwave":
        return seat in seen.finished
    return seen.phase == "play" and seat in seen.go and any(owner in seen.go for owner in owners)


def shock_due(state: NovaState, rng: Rng) -> bool:
    """Whether a shockwave hits at this change of turn (never in the first turn of a round)."""
    chance = timing(state).shock_chance * (SHOWDOWN_SHOCKS if state.showdown else 1.0)
    return state.turns > 0 and chance > 0 and rng.random() < chance

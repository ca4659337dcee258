"""Decision builders and answer handlers: what each seat's console offers, and what a press does.

Option ids are stable across small changes, so a press made on a slightly stale console still
means the same thing: `p3.1` is "a 3 on pile 1", `a3` "any card: a 3", `s.Moon` a shockwave
button, `booster2` a power-up, `t1` a target seat.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import MAX_LABEL, Decision, Option, Rng
from engines.supernova import clock, flow, plays, race, shockwave
from engines.supernova.cards import fits, token_label
from engines.supernova.state import PLAYING, NovaState

PHASE_PROMPTS = {
    "scoring": "Scoring: use a Booster or Tractor Beam, or Done",
    "damage": "Damage assessment: use a Blaster or RepairBot, or Done",
}


def _label(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def play_options(state: NovaState, seat: int) -> list[tuple[int, int]]:
    """(value, pile) plays for each distinct card value in the seat's hand on each pile: every one
    of them, never more than 25 (ruling 11: at most 5 piles, and a hand never holds all six
    values, since a quick draw stops once a player has five)."""
    return [(v, p) for v in sorted(set(state.players[seat].hand)) for p in range(len(state.piles))]


def _play(state: NovaState, seat: int, piles: list[str]) -> Decision:
    screen = "GO!" if state.players[seat].go else "HOLD!"
    if state.phase == "shockwave":
        screen = "any pile (shockwave solved)" if seat in state.finished else "solve the shockwave first"
    elif state.phase == "quickdraw":
        screen = "HOLD! (quick draw)"
    look = clock.sight(state, 0.0)
    owners = [pile.owners for pile in state.piles]
    opened = [clock.open_in(look, seat, mine) for mine in owners]
    options = tuple(
        Option(
            f"p{value}.{pile}",
            _label(f"{value} on {piles[pile]}"),
            tone=_tone(opened[pile] and fits(value, look.tops[pile]), value == 0 and seat in owners[pile]),
        )
        for value, pile in play_options(state, seat)
    )
    return Decision(seat, "play", f"Play a card. Your screen: {screen}", options, 0, 1, state.until)


def _tone(lands: bool, own_zero: bool) -> str:
    """How a live console marks a play: "good" when it lands now, "risky" when it lands but is a 0
    on the player's own pile (damage), "idle" when it would not land now."""
    if not lands:
        return "idle"
    return "risky" if own_zero else "good"


def _shock(state: NovaState, seat: int) -> Decision:
    puzzle = state.players[seat].puzzle
    assert puzzle is not None
    options = tuple(Option(f"s.{button}", button) for button in puzzle.buttons)
    return Decision(seat, "shock", _label(shockwave.prompt(puzzle)), options, deadline=state.until)


def _any(state: NovaState, seat: int) -> Decision:
    pile = plays.pile_name(state, state.named)
    options = tuple(Option(f"a{value}", str(value)) for value in sorted(set(state.players[seat].hand)))
    return Decision(seat, "any", _label(f"Free play: any one card on {pile}"), options, deadline=state.until)


def _power(state: NovaState, seat: int) -> Decision:
    player = state.players[seat]
    if player.pending:
        options = tuple(
            Option(f"t{target}", _label(f"{state.names[target]} ({_standing(state, target)})"))
            for target in race.targets(state, seat, player.pending)
        )
        prompt = f"{token_label(player.pending)}: on whom?"
        return Decision(seat, "target", prompt, (*options, Option("back", "Back")), deadline=state.until)
    options = tuple(Option(token, token_label(token)) for token in race.usable(state, seat))
    done = Option("done", "Done")
    return Decision(seat, "power", PHASE_PROMPTS[state.phase], (*options, done), deadline=state.until)


def _standing(state: NovaState, seat: int) -> str:
    player = state.players[seat]
    return f"damage {player.damage}" if state.phase == "damage" else f"space {player.position}"


def decisions(state: NovaState, only: int | None = None) -> list[Decision]:
    """Every open decision, for every seat (or only for seat `only`)."""
    seats = range(len(state.players)) if only is None else [only]
    found: list[Decision] = []
    if state.phase in PLAYING:
        piles = [plays.pile_name(state, index) for index in range(len(state.piles))]
        for seat in (seat for seat in seats if seat not in state.gone):
            if state.phase == "shockwave" and seat not in state.finished:
                found.append(_shock(state, seat))
            found.append(_play(state, seat, piles))
            if state.phase == "free" and not state.players[seat].done:
                found.append(_any(state, seat))
    elif state.phase in PHASE_PROMPTS:
        found += [_power(state, seat) for seat in seats if not state.players[seat].done]
    return found


def answer(state: NovaState, rng: Rng, seat: int, key: str, picked: list[str], now: float) -> None:
    """Carry out a checked answer."""
    HANDLERS[key](state, rng, seat, picked, now)


def _on_play(state: NovaState, rng: Rng, seat: int, picked: list[str], now: float) -> None:
    if not picked:
        return
    value, pile = (int(part) for part in picked[0][1:].split("."))
    if plays.lay(state, seat, value, pile, now):
        flow.after_card(state, rng, seat, now)


def _on_any(state: NovaState, rng: Rng, seat: int, picked: list[str], now: float) -> None:
    plays.lay_any(state, seat, int(picked[0][1:]), now)
    flow.after_card(state, rng, seat, now)


def _on_shock(state: NovaState, rng: Rng, seat: int, picked: list[str], now: float) -> None:
    player = state.players[seat]
    assert player.puzzle is not None
    player.puzzle = shockwave.press(player.puzzle, picked[0][2:], rng)
    if player.puzzle is None:
        state.finished.append(seat)
        state.say(f"{state.names[seat]} beat the shockwave (#{len(state.finished)}): any pile is open!")
        flow.moment_over(state, rng, now)


def _on_power(state: NovaState, rng: Rng, seat: int, picked: list[str], now: float) -> None:
    player = state.players[seat]
    if picked[0] == "done":
        player.done = True
        flow.powers_done(state, rng, now)
    else:
        player.pending = picked[0]


def _on_target(state: NovaState, rng: Rng, seat: int, picked: list[str], now: float) -> None:
    player = state.players[seat]
    token, player.pending = player.pending, ""
    if picked[0] != "back":
        race.use(state, seat, token, int(picked[0][1:]))
        player.done = not race.usable(state, seat)
        flow.powers_done(state, rng, now)


Handler = Callable[[NovaState, Rng, int, list[str], float], None]
HANDLERS: dict[str, Handler] = {
    "play": _on_play,
    "any": _on_any,
    "shock": _on_shock,
    "power": _on_power,
    "target": _on_target,
}

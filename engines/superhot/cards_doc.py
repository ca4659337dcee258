"""Card tables of the SUPERHOT card note, rendered from the loaded card pool.

    python -m engines.superhot.cards_doc [--write docs/rulings/superhot_cards.md]

Each table sits between its own `<!-- cards:<name>:start -->` / `<!-- cards:<name>:end -->` markers,
so the hand-written prose around it stays put. Without `--write` the tables are printed.
"""

from __future__ import annotations

import argparse
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from engines.core.reports import markdown_table, replace_section
from engines.superhot.cards import CardPool, Goal, Kind, Need, Obstacle, Pile, pool

SKILLS: dict[Need, str] = {"fight": "Fighting", "dodge": "Dodge", "mixed": "Mixed"}
WIDTH = 104
"""Line width of the generated prose (the totals lines), as the hand-written prose around it."""
OBSTACLE_COLUMNS = ("id", "×", "bottom name", "kind", "need", "ability", "top", "top use")


def markers(name: str) -> tuple[str, str]:
    """The start and end markers of one generated section."""
    return f"<!-- cards:{name}:start -->", f"<!-- cards:{name}:end -->"


def _table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    return "\n".join(markdown_table(header, rows))


def _fill(text: str) -> str:
    """Wrap prose at the document's width."""
    return textwrap.fill(text, width=WIDTH, break_on_hyphens=False)


def _cards(cards: CardPool, pile: Pile) -> list[Obstacle]:
    """The distinct obstacle definitions of a pile, in file order (copies folded into one)."""
    unique = {card.id: card for card in cards.obstacles.values() if card.pile == pile}
    return list(unique.values())


def _ability(card: Obstacle) -> str:
    return card.ability if card.ability in ("none", "backup") else f"{card.ability} {card.amount}"


def _top_use(card: Obstacle) -> str:
    if card.use in ("fight", "dodge"):
        return f"{card.use} {card.power}"
    return f"katana ({card.power})" if card.use == "katana" else card.use


def _obstacle_row(card: Obstacle) -> list[object]:
    need = f"{card.need} {card.value}"
    return [f"`{card.id}`", card.copies, card.name, card.kind, need, _ability(card), card.top, _top_use(card)]


def _spread(values: Sequence[int]) -> str:
    low, high = min(values), max(values)
    return f"values {low}–{high} (sum {sum(values)}, average {sum(values) / len(values):.1f})"


def counts(cards: CardPool) -> str:
    """The Counts table: entries (definitions) and physical cards per group."""

    def pile(label: str, name: Pile) -> list[object]:
        return [label, len(_cards(cards, name)), len(cards.pile(name))]

    rows = [
        ["Bullets", len(cards.bullets), len(cards.bullets)],
        pile('Obstacles Deck (`pile = "obstacles"`)', "obstacles"),
        pile("IT starting deck", "IT"),
        pile("PZ starting deck", "PZ"),
        pile('Baseball Bat variant (`pile = "bat"`)', "bat"),
        ["Goals", len(cards.goals), len(cards.goals)],
        ["Glitches (System card)", len(cards.glitches), "1 card"],
    ]
    return _table(("Group", "Entries", "Physical cards"), rows)


def bullets(cards: CardPool) -> str:
    """The Bullets table and a line of totals."""
    rows = [[b.id, b.name, b.need, b.value] for b in cards.bullets.values()]
    needs = Counter(b.need for b in cards.bullets.values())
    mix = ", ".join(f"{needs[need]} {SKILLS[need]}" for need in ("dodge", "mixed", "fight"))
    values = [b.value for b in cards.bullets.values()]
    return f"{_table(('id', 'name', 'need', 'value'), rows)}\n\n{_fill(f'Totals: {mix}; {_spread(values)}.')}"


def obstacles(cards: CardPool) -> str:
    """The Obstacles Deck table and a line of totals over its physical cards."""
    table = _table(OBSTACLE_COLUMNS, [_obstacle_row(card) for card in _cards(cards, "obstacles")])
    physical = [cards.obstacles[card_id] for card_id in cards.pile("obstacles")]
    kinds = Counter(card.kind for card in physical)
    needs = Counter(card.need for card in physical)
    by_value = Counter(card.value for card in physical)
    shooters = [card for card in physical if card.ability == "shoot"]
    plurals: dict[Kind, str] = {"enemy": "enemies", "location": "locations", "object": "objects"}
    kind_text = ", ".join(f"{kinds[kind]} {plural}" for kind, plural in plurals.items())
    value_text = ", ".join(f"{by_value[value]} of value {value}" for value in sorted(by_value))
    need_text = ", ".join(f"{needs[need]} {SKILLS[need]}" for need in ("fight", "dodge", "mixed"))
    totals = (
        f"Totals: {len(physical)} cards, {kind_text}. "
        f"{_spread([card.value for card in physical]).capitalize()}: {value_text}. "
        f"Needs: {need_text} cards. {len(shooters)} cards shoot, "
        f"{sum(card.amount for card in shooters)} bullets if all of them fire."
    )
    return f"{table}\n\n{_fill(totals)}"


def bat(cards: CardPool) -> str:
    """The Baseball Bat variant table."""
    return _table(OBSTACLE_COLUMNS, [_obstacle_row(card) for card in _cards(cards, "bat")])


def starting(cards: CardPool) -> str:
    """The IT and PZ starting decks in one table (their bottom halves have no ability)."""
    header = ("pile", "id", "×", "bottom name", "kind", "need", "top", "top use")
    piles: tuple[Pile, ...] = ("IT", "PZ")
    rows = [
        [name, *(cell for n, cell in enumerate(_obstacle_row(card)) if n != 5)]
        for name in piles
        for card in _cards(cards, name)
    ]
    return _table(header, rows)


def _goal_filter(goal: Goal) -> str:
    if goal.kind == "hold":
        return ", ".join(goal.tops)
    if goal.kind == "hand_power":
        return goal.skill
    if goal.kind in ("destroy", "knockout", "destroy_turn"):
        return f"{goal.of}, named {goal.named}" if goal.named else goal.of
    return "–"


def goals(cards: CardPool) -> str:
    """The Goals table."""
    rows = [
        [f"`{g.id}`", g.name, g.kind, "–" if g.kind == "hold" else g.count, _goal_filter(g)]
        for g in cards.goals.values()
    ]
    return _table(("id", "name", "kind", "count", "filter"), rows)


def glitches(cards: CardPool) -> str:
    """The System card glitches table."""
    rows = [[f"`{g.id}`", g.name, f"{g.cost_type} {g.cost}", g.effect] for g in cards.glitches]
    return _table(("id", "name", "cost", "effect"), rows)


SECTIONS: dict[str, Callable[[CardPool], str]] = {
    "counts": counts,
    "bullets": bullets,
    "obstacles": obstacles,
    "bat": bat,
    "starting": starting,
    "goals": goals,
    "glitches": glitches,
}


def render(cards: CardPool | None = None) -> dict[str, str]:
    """Every generated section's body, by section name."""
    cards = cards or pool()
    return {name: section(cards) for name, section in SECTIONS.items()}


def write(path: Path, cards: CardPool | None = None) -> None:
    """Replace every generated section of the document at `path` (its markers must be there)."""
    text = path.read_text(encoding="utf-8")
    missing = [name for name in SECTIONS if not all(marker in text for marker in markers(name))]
    if missing:
        raise ValueError(f"{path}: no markers for section(s) {', '.join(missing)}")
    for name, body in render(cards).items():
        replace_section(path, body, *markers(name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--write", type=Path, help="document whose card tables to replace")
    args = parser.parse_args(argv)
    if args.write:
        write(args.write)
    else:
        print("\n\n".join(render().values()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How SUPERHOT choices read on buttons: cards by their top half, targets by what they take and give."""

from __future__ import annotations

from collections import Counter

from engines.core import Option
from engines.superhot.piles import is_bullet, name_of, obstacle, requirement
from engines.superhot.state import SuperhotState
from engines.superhot.use import Candidate, skill_of

LABEL_MAX = 80
NEED_WORD = {"fight": "Fighting", "dodge": "Dodge", "mixed": "Mixed"}
USE_WORD = {
    "pliers": "pull a bullet or draw",
    "katana": "Fighting 2 or slash a bullet",
    "glass": "Dodge per discarded card",
    "double": "use another card twice",
}


def card_label(card: str, amount: int | None = None) -> str:
    """How a hand card reads on a button: its top half and what it gives."""
    if is_bullet(card):
        return "Bullet (cannot be used)"
    definition = obstacle(card)
    if definition.use in ("fight", "dodge"):
        return f"{definition.top}: {NEED_WORD[definition.use]} {definition.power}"
    skill = skill_of(card)
    if amount is not None and skill is not None:
        return f"{definition.top}: {NEED_WORD[skill]} {amount}"
    return f"{definition.top}: {USE_WORD[definition.use]}"


def candidate_label(candidate: Candidate) -> str:
    """A card offered for the target, saying when it is the Aid card or a Double trouble copy."""
    label = card_label(candidate.card, candidate.amount)
    if candidate.source == "aid":
        return f"{label} (Aid)"
    if candidate.source == "echo":
        return f"{label} (Double trouble copy)"
    return label


def merge_same(options: list[Option]) -> list[Option]:
    """One option per label, counting the copies (identical cards are interchangeable)."""
    counts = Counter(option.label for option in options)
    merged: dict[str, Option] = {}
    for option in options:
        if option.label not in merged:
            many = counts[option.label]
            label = f"{option.label} (x{many})" if many > 1 else option.label
            merged[option.label] = Option(option.id, label, option.detail)
    return list(merged.values())


def number_same(options: list[Option]) -> list[Option]:
    """Number identical labels (#1, #2) so a multi-select shows every card."""
    counts = Counter(option.label for option in options)
    seen: Counter[str] = Counter()
    numbered: list[Option] = []
    for option in options:
        seen[option.label] += 1
        label = f"{option.label} #{seen[option.label]}" if counts[option.label] > 1 else option.label
        numbered.append(Option(option.id, label, option.detail))
    return numbered


def need_text(card: str) -> str:
    """What dealing with a Line card takes, e.g. "Fighting 3"."""
    need, value = requirement(card)
    return f"{NEED_WORD[need]} {value}"


def target_label(state: SuperhotState, index: int, fate: str, doubled: bool = False) -> str:
    """A target's button: what it takes and, for Destroy, what the player gains; marked when only
    Double trouble lets the player reach it. The longest wording that fits is kept."""
    slot = state.line[index]
    assert slot is not None
    name, takes = name_of(slot.card), need_text(slot.card)
    verb = "Knock out" if fate == "k" else "Destroy"
    prefix = "With Double trouble: " if doubled else ""
    if fate == "k":
        gains = [""]
    elif is_bullet(slot.card):
        gains = [": back on the Bullets Deck", ""]
    else:
        definition = obstacle(slot.card)
        short = definition.top
        if definition.use in NEED_WORD:
            short += f" ({NEED_WORD[definition.use]} {definition.power})"
        gains = [f": gain {card_label(slot.card)}", f": gain {short}", f": gain {definition.top}"]
    wordings = [f"{prefix}{verb} {name} (slot {index + 1}, {takes}){gain}" for gain in gains]
    wordings += [f"{prefix}{verb} {name} ({takes}){gains[-1]}", f"{prefix}{verb} {name}{gains[-1]}"]
    return next((label for label in wordings if len(label) <= LABEL_MAX), wordings[-1][:LABEL_MAX])

"""The printed texts of Super Punch Fighter content, generated from the data so a card always says
what it does: effects ("Attack 2, range 1, push 1"), fighter cards, buttons, achievements and
fighters. Labels fit a Discord option label (`MAX_LABEL`, 80); texts fit an option's description
(`MAX_DETAIL`, 100).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import MAX_LABEL
from engines.punchfighter.schema import (
    LETTER_NAMES,
    Achievement,
    Attack,
    Button,
    Check,
    Draw,
    Effect,
    Fighter,
    FighterCard,
    Heal,
    Move,
    Recharge,
)

MAX_DETAIL = 100
"""Discord's limit on a select option's description."""

GLOSSARY: dict[str, str] = {
    "push": "Push n: the target moves n spaces straight away from the attacker.",
    "pull": "Pull n: the target moves n spaces towards the attacker.",
    "throw": "Throw n: the target lands exactly n spaces from where it stood, any direction.",
    "stagger": "Stagger n: the target's player pushes n of their unpushed buttons, for no effect.",
    "recharge": "Recharge n: take the thumb tokens off up to n other pushed buttons of your pad.",
    "steady": "Steady: the attack's push, pull, throw and stagger do nothing to you.",
    "wild": "Wild: pays for any one letter of a cost.",
    "chain": "Chain: a card whose cost starts with the last letter of the card before skips that letter.",
}
"""One line per keyword the texts use, for help screens."""

_ACHIEVEMENT_TEXT: dict[Check, tuple[str, str]] = {
    # check: (text when at_least is 1, text with {n})
    "damage": ("Deal damage", "Deal {n} or more damage in one turn"),
    "chain": ("Launch a combo", "Chain {n} or more combo cards in one turn"),
    "pushed": ("Push a button for its effect", "Push {n} or more buttons for their effects in one turn"),
    "knockouts": ("K.O. a fighter", "K.O. {n} or more fighters in one turn"),
    "ring_outs": ("Knock a fighter off the board", "Knock {n} or more fighters off the board in one turn"),
    "targets": ("Hit a fighter", "Hit {n} or more different fighters in one turn"),
    "long_hit": ("Hit a fighter", "Hit a fighter {n} or more spaces away"),
    "pad": ("End a turn with a button on your pad", "End a turn with {n} or more buttons on your pad"),
    "hand": ("End a turn with a card in hand", "End a turn with {n} or more fighter cards in hand"),
    "blocked": ("Block damage", "Block {n} or more damage in one turn"),
    "moved": ("Move your fighter", "Move your fighter {n} or more spaces in one turn"),
    "red_space": ("End a turn on a red power-up space", "End a turn on a red power-up space"),
}


def effect_text(effect: Effect) -> str:
    """One effect: "Attack 2, range 1, push 1", "Move 3", "Draw 1", "Recharge 2", "Heal 2"."""
    if isinstance(effect, Attack):
        return ", ".join([f"Attack {effect.strength}", f"range {effect.range}", *riders(effect)])
    if isinstance(effect, Move):
        return f"Move {effect.spaces}"
    if isinstance(effect, Draw):
        return f"Draw {effect.cards}"
    if isinstance(effect, Recharge):
        return f"Recharge {effect.buttons}"
    if isinstance(effect, Heal):
        return f"Heal {effect.health}"
    raise TypeError(f"not a Super Punch Fighter effect: {effect!r}")


def riders(effect: Attack) -> list[str]:
    """What an attack does besides its damage: "push 1", "stagger 2"."""
    found = (
        ("push", effect.push),
        ("pull", effect.pull),
        ("throw", effect.throw),
        ("stagger", effect.stagger),
    )
    return [f"{word} {n}" for word, n in found if n]


def effects_text(effects: Sequence[Effect]) -> str:
    """A list of effects, in the order they resolve: "Move 3; Attack 2, range 1"."""
    return "; ".join(effect_text(effect) for effect in effects)


def defence_text(card: FighterCard) -> str:
    """What a defence card does: "Block 2; steady; draw 1", "Block everything"."""
    parts = ["Block everything" if card.everything else f"Block {card.block}"]
    if card.steady:
        parts.append("steady")
    if card.draw:
        parts.append(f"draw {card.draw}")
    return "; ".join(parts)


def card_text(card: FighterCard) -> str:
    """A fighter card's text: "AB: Attack 2, range 1, throw 2" or "Defence: Block 2; steady"."""
    if card.cost:
        return f"{card.cost}: {effects_text(card.effects)}"
    return f"Defence: {defence_text(card)}"


def card_label(card: FighterCard) -> str:
    """A fighter card's name and cost: "Cheddar Suplex (AB)", "Rind of Iron (defence)"."""
    return f"{card.name} ({card.cost or 'defence'})"


def button_text(button: Button) -> str:
    """What pushing a button does: "Attack 2, range 1", "Block 2", "Wild; Recharge 2"."""
    text = f"Block {button.block}" if button.letter == "B" else effects_text(button.effects)
    return f"Wild (any letter); {text}" if button.letter == "W" else text


def button_label(button: Button) -> str:
    """A button's name and letter: "Heavy Punch (A)", "Turbo (W)"."""
    return f"{button.name} ({button.letter})"


def letter_name(letter: str) -> str:
    """The kind of button a letter names: "Attack", "Block", "Charge", "Draw", "Wild"."""
    return LETTER_NAMES[letter]


def achievement_text(achievement: Achievement) -> str:
    """An achievement's condition: "Deal 6 or more damage in one turn"."""
    one, many = _ACHIEVEMENT_TEXT[achievement.check]
    return one if achievement.at_least == 1 else many.format(n=achievement.at_least)


def achievement_label(achievement: Achievement) -> str:
    """An achievement's name and condition: "Beatdown: Deal 6 or more damage in one turn"."""
    return f"{achievement.name}: {achievement_text(achievement)}"


def dial_text(fighter: Fighter) -> str:
    """A fighter's health dial: "14 health (5/5/4)"."""
    return f"{sum(fighter.bands)} health ({'/'.join(str(n) for n in fighter.bands)})"


def fighter_label(fighter: Fighter) -> str:
    """A fighter's name and style: "Khan Queso, grappler"."""
    return f"{fighter.name}, {fighter.style.lower()}"


def fighter_text(fighter: Fighter) -> str:
    """A fighter's style and dial: "Grappler, 14 health (5/5/4)"."""
    return f"{fighter.style}, {dial_text(fighter)}"


def fits(text: str, limit: int = MAX_LABEL) -> bool:
    """Whether a text fits a limit (80 for labels, `MAX_DETAIL` for descriptions)."""
    return len(text) <= limit

"""The engine contract shared by every game (DESIGN.md section 2)."""

from engines.core.cards import CardDataError, load_cards
from engines.core.choice import check_choice
from engines.core.engine import DeepThinker, Engine, Policy
from engines.core.policy import RandomPolicy, policy_for
from engines.core.rng import Rng, seed_state
from engines.core.types import (
    MAX_ID,
    MAX_LABEL,
    MAX_OPTIONS,
    Decision,
    Event,
    GameMeta,
    GameOption,
    GameState,
    IllegalChoice,
    Mode,
    Option,
    Outcome,
    Seat,
)

__all__ = [
    "MAX_ID",
    "MAX_LABEL",
    "MAX_OPTIONS",
    "CardDataError",
    "Decision",
    "DeepThinker",
    "Engine",
    "Event",
    "GameMeta",
    "GameOption",
    "GameState",
    "IllegalChoice",
    "Mode",
    "Option",
    "Outcome",
    "Policy",
    "RandomPolicy",
    "Rng",
    "Seat",
    "check_choice",
    "load_cards",
    "policy_for",
    "seed_state",
]

"""Games and modes as people type them: ids in any case, titles, and common spellings.

"SUPERHOT", "Super Nova", "smash masters", "supernova" and "SUPERHOT The Card Game" all name a
game; a mode is named by its id or its label. Spaces, case and punctuation never matter, and a
unique part of an id or title is enough ("nova", "hot").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.errors import UserError
from bot.user_text import quoted
from engines.core import Engine, GameMeta

MIN_PART = 3  # letters a partial name needs before it may stand for a game or mode


def squash(text: str) -> str:
    """Only the letters and digits, lower case: how names are compared."""
    return "".join(char for char in text.casefold() if char.isalnum())


def _match(typed: str, names: Mapping[str, Iterable[str]]) -> str | None:
    """The key whose names equal `typed` (squashed), else the only key one of whose names contains it."""
    wanted = squash(typed)
    if not wanted:
        return None
    spelled = {key: {squash(name) for name in spellings} for key, spellings in names.items()}
    exact = [key for key, forms in spelled.items() if wanted in forms]
    if exact:
        return exact[0]
    partial = [key for key, forms in spelled.items() if any(wanted in form for form in forms)]
    return partial[0] if len(partial) == 1 and len(wanted) >= MIN_PART else None


def find_game(registry: Mapping[str, Engine[Any]], typed: str) -> str:
    """The id of the game `typed` names, or UserError listing the games."""
    found = _match(typed, {game_id: (game_id, e.meta.title) for game_id, e in registry.items()})
    if found is None:
        games = ", ".join(f"{e.meta.title} (`{game_id}`)" for game_id, e in registry.items())
        raise UserError(f"There is no game called {quoted(typed)}. The games are: {games}.")
    return found


def find_mode(meta: GameMeta, typed: str) -> str:
    """The id of the mode of this game `typed` names, or UserError listing its modes."""
    found = _match(typed, {mode.id: (mode.id, mode.label) for mode in meta.modes})
    if found is None:
        modes = ", ".join(f"`{mode.id}` ({mode.label})" for mode in meta.modes)
        raise UserError(f"{meta.title} has no mode {quoted(typed)}. Choose one of: {modes}.")
    return found

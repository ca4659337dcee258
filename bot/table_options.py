"""Checking what a host asks for when opening a table: game, mode, options and turn timer."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.errors import UserError
from bot.settings import MAX_TURN_TIMER, MIN_TURN_TIMER
from bot.user_text import quoted
from engines.core import Engine
from engines.core.types import FREE_FORM


def check_new_table(
    registry: Mapping[str, Engine[Any]], game: str, mode: str, options: Mapping[str, str], timer: float
) -> Engine[Any]:
    """The engine of a table about to open, or UserError saying what is wrong."""
    engine = registry.get(game)
    if engine is None:
        raise UserError(f"There is no game called {quoted(game)}. Try /help for the list.")
    try:
        engine.meta.mode(mode)
    except KeyError:
        modes = ", ".join(m.id for m in engine.meta.modes)
        raise UserError(f"{engine.meta.title} has no mode {quoted(mode)}. Choose one of: {modes}.") from None
    if not MIN_TURN_TIMER <= timer <= MAX_TURN_TIMER:
        raise UserError("The turn timer must be between 30 seconds and 24 hours.")
    checked_options(engine, mode, options)
    return engine


def checked_options(engine: Engine[Any], mode: str, options: Mapping[str, str]) -> dict[str, str]:
    """Every option of the game with the host's choices over the defaults, or UserError for an
    unknown option, a value it does not offer, or a choice that changes nothing in this mode."""
    meta = engine.meta
    known = {option.id: option for option in meta.options}
    clean = {option.id: option.default for option in meta.options}
    for key, value in options.items():
        spec = known.get(key)
        if spec is None:
            names = ", ".join(known) or "none"
            raise UserError(f"{meta.title} has no option {quoted(key)} (options: {names}).")
        if value not in spec.choices and not spec.free_form:
            raise UserError(
                f"{quoted(key + '=' + value)}: {key} ({spec.label}) takes one of: {', '.join(spec.choices)}."
            )
        if value not in spec.choices and not re.fullmatch(spec.form or FREE_FORM, value):
            raise UserError(f"`{key}` does not take {quoted(value)}: {spec.label}.")
        if value != spec.default and not spec.applies_to(mode):
            modes = " or ".join(f"`{m}`" for m in spec.modes)
            raise UserError(
                f"`{key}={value}` does nothing in {meta.mode(mode).label}: it only changes mode {modes}."
                " Leave it out, or pick that mode."
            )
        clean[key] = value
    return clean

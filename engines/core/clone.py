"""A deep copy of a game state, for an AI to try a choice on."""

from __future__ import annotations

from typing import TypeVar

import msgspec

S = TypeVar("S", bound=msgspec.Struct)


def clone(state: S) -> S:
    """The state copied through its own msgspec JSON encoding (as fast as a deep copy gets here)."""
    return msgspec.json.decode(msgspec.json.encode(state), type=type(state))

"""Made-up views for the generic renderer's gallery: the shapes product games may send."""

from __future__ import annotations

from typing import Any

from renderers.kit.views import View

_DUEL: dict[str, Any] = {
    "game": "duel",
    "title": "Sample Duel",
    "mode": "standard",
    "phase": "main_phase",
    "turn": 0,
    "round": 3,
    "deck": 31,
    "seats": [
        {"name": "Ana", "health": 14, "energy": 3, "hand_size": 5},
        {"name": "Bartholomew the Unyielding", "health": 9, "energy": 5, "hand_size": 4},
    ],
    "last": "Bartholomew the Unyielding played Iron Wall and gained 2 shields.",
    "deadline": None,
}

_NAMES = ("Ana", "Bo", "Cyrille", "Dmitri", "Eun-ji", "Fatoumata", "Guðrún", "Hiroshi")
_CROWD: dict[str, Any] = {
    "game": "crowd",
    "mode": "free_for_all",
    "phase": "bidding",
    "turn": [1, 4, 6],
    "leader": 2,
    "round": 7,
    "pot": 42.5,
    "trumps": "hearts",
    "seats": [
        {
            "name": name,
            "score": 10 * i,
            "bid": i % 3,
            "hand_size": 13 - i,
            "ready": i % 2 == 0,
            "played": None,
        }
        for i, name in enumerate(_NAMES)
    ],
    "last": "Cyrille won round 6 with a perfect bid of 3, and the pot doubles for the next round as agreed.",
}

SAMPLES: dict[str, tuple[View, View]] = {
    "duel": (
        _DUEL,
        {
            **_DUEL,
            "seat": 0,
            "hand": [
                "Fireball",
                "Iron Wall",
                "Quick Step",
                "Second Wind",
                "Overwhelming Counterattack of the Ancients",
            ],
        },
    ),
    "crowd": (_CROWD, {**_CROWD, "seat": 2, "hand": [f"k{value:02d}" for value in range(1, 27, 2)]}),
    "bare": ({"game": "mystery_game"}, {"game": "mystery_game", "seat": 0, "hand": []}),
}

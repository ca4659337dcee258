"""The bot's own lines about players read right whatever their names, "You" included."""

from __future__ import annotations

from bot import notes


def test_notes_about_a_player_called_you_quote_the_name() -> None:
    you = "\u201cYou\u201d"
    assert notes.taken_over("You", "missed 3 turns in a row") == (
        f"{you} missed 3 turns in a row: the AI plays {you}'s seat until {you} presses “I'm back”."
    )
    assert notes.back("You") == f"{you} is back."
    assert notes.forfeits("You") == f"{you} forfeits."
    assert notes.removed("You") == f"{you} was removed; the AI plays {you}'s seat to the end."
    assert notes.timed_out("You") == f"Time ran out for {you}; the AI chose for them."
    assert notes.setup_timed_out("You") == f"Time ran out for {you}; the AI finished their setup."


def test_notes_about_others_use_their_names() -> None:
    assert notes.taken_over("Chris", "has not played for 5 min") == (
        "Chris has not played for 5 min: the AI plays Chris's seat until Chris presses “I'm back”."
    )
    assert notes.back("Chris") == "Chris is back."
    assert notes.timed_out("Chris") == "Time ran out for Chris; the AI chose for them."
    assert notes.back("James") == "James is back." and notes.forfeits("Alexis") == "Alexis forfeits."
    assert notes.removed("Max") == "Max was removed; the AI plays Max's seat to the end."

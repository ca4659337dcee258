"""The bot's own lines about players read right whatever their names, "You" included."""

from __future__ import annotations

from bot import notes


def test_notes_about_a_player_called_you_use_the_pronoun() -> None:
    assert notes.taken_over("You", "missed 3 turns in a row") == (
        "You missed 3 turns in a row: the AI plays your seat until you press “I'm back”."
    )
    assert notes.back("You") == "You are back."
    assert notes.forfeits("You") == "You forfeit."
    assert notes.removed("You") == "You were removed; the AI plays your seat to the end."
    assert notes.timed_out("You") == "Time ran out for you; the AI chose for you."
    assert notes.setup_timed_out("You") == "Time ran out for you; the AI finished your setup."


def test_notes_about_others_use_their_names() -> None:
    assert notes.taken_over("Chris", "has not played for 5 min") == (
        "Chris has not played for 5 min: the AI plays Chris's seat until Chris presses “I'm back”."
    )
    assert notes.back("Chris") == "Chris is back."
    assert notes.timed_out("Chris") == "Time ran out for Chris; the AI chose for them."

"""The heuristic AI: sensible choices in set positions, a clear edge over random play, and the
AI vs Random report script."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import Decision
from engines.smashmasters.ai import SmashAI
from engines.smashmasters.report import END, START, main, measure
from engines.smashmasters.state import SmashState
from tests.engines.smashmasters.positions import (
    ENGINE,
    arrange,
    begin,
    cid,
    decision,
    duel,
    game,
    play,
    smashes,
    space,
    teamups,
)

SALLY, CHEESE, BAGUETTE, SAM, MAX = "kc-c2", "kc-c3", "kc-c4", "kc-c5", "kc-c6"
PHOTO, GNOME, COMPOST, WENDY = "ld-c1", "ld-c2", "ld-c3", "ld-c4"
AI = SmashAI()


def choice(state: SmashState) -> list[str]:
    """What the AI answers to the open decision."""
    asked: Decision = decision(state)
    return AI.choose(ENGINE, state, asked)


def test_the_ai_finishes_off_a_stunned_rival() -> None:
    state = duel([SALLY, MAX], [PHOTO, COMPOST, WENDY], hands=(smashes("kc", 5), None))
    space(state, WENDY).stunned = True
    assert choice(state) == ["smash"]
    play(state, "action", "smash")
    play(state, "attacker", choice(state)[0])
    assert choice(state) == [WENDY]


def test_the_ai_counters_and_answers_a_team_up_with_a_team_up() -> None:
    hands = ([*smashes("kc", 3), teamups("kc")[0]], [*smashes("ld", 4), teamups("ld")[0]])
    state = duel([SALLY, MAX, CHEESE], [PHOTO, COMPOST, WENDY], hands=hands)
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    assert choice(state) == ["smash"]  # Bob keeps his Team-Up
    play(state, "counter", "teamup")
    assert choice(state) == ["teamup"]  # Ann saves Sally from defeat


def test_the_ai_cancels_a_story_that_hurts_it() -> None:
    eclipse = cid("Solar Eclipse")
    state = game(2, decks="ld,kc")
    arrange(state, 0, team=[WENDY, GNOME], hand=[eclipse, *smashes("ld", 4)])
    arrange(state, 1, team=[BAGUETTE, SAM, CHEESE])
    begin(state)
    play(state, "action", eclipse)
    assert decision(state).key == "react"
    assert choice(state) == ["pass"]  # only Sam is a Nature character: not worth a stunned Baguette
    state = game(2, decks="mm,kc")
    arrange(state, 0, team=["mm-c5", "mm-c6"], hand=[cid("Magic Hangover"), *smashes("mm", 4)])
    arrange(state, 1, team=[BAGUETTE, SAM, CHEESE])
    begin(state)
    play(state, "action", cid("Magic Hangover"))
    assert choice(state) == [f"p.{BAGUETTE}"]  # only Bob's Baguette and Cheese would be stunned


def test_the_ai_prefers_supers_that_help_it() -> None:
    ding = cid("Ding! Ding! Ding!")
    idle = [cid("Second Helping"), cid("Fondue Fury"), cid("Rise Again")]
    state = duel([MAX, SALLY], [PHOTO, COMPOST, WENDY], hands=([ding, *smashes("kc", 1), *idle], None))
    assert choice(state) == [ding]


@pytest.mark.parametrize(("players", "games", "at_least"), [(2, 36, 0.8), (3, 24, 0.6)])
def test_the_ai_beats_random_play_clearly(players: int, games: int, at_least: float) -> None:
    report = measure(players, games)
    assert report.win_rate >= at_least, f"{players} players: AI won {report.win_rate:.0%}"


def test_the_report_script_replaces_its_section_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = tmp_path / "smashmasters.md"
    doc.write_text(f"# Rulings\nkept above\n{START}\nold numbers\n{END}\nkept below\n", encoding="utf-8")
    main(["--games", "2", "--write", str(doc)])
    text = doc.read_text(encoding="utf-8")
    assert "old numbers" not in text and "kept above" in text and "kept below" in text
    assert "| 1 AI + 1 Random | 2 |" in text and "| 1 AI + 3 Random | 2 |" in text
    assert "| 1 AI + 2 Random | 2 |" in capsys.readouterr().out

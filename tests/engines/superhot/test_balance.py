"""The balance report: its batches, its bounds, and the script that writes it into the rulings."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.superhot.balance import BAND, END, SEARCH_MAX, START, Result, Row, bounds, main, measure, rows


def test_the_report_covers_every_mode_challenge_and_player() -> None:
    batches = rows()
    assert {row.mode for row in batches} == {"solo", "coop", "versus", "twovone"}
    assert {row.player for row in batches if row.mode == "solo"} == {"easy", "normal", "hard", "search"}
    assert len({row.challenge for row in batches}) == 7  # none, five challenges and the crossfire
    coop = {(row.player, row.challenge) for row in batches if row.mode == "coop"}
    assert coop == {(p, c) for p in ("easy", "normal", "hard", "search") for c in ("none", "Crossfire")}
    assert all(row.games >= 80 for row in batches)


def test_bounds_judge_the_issue_limits() -> None:
    def result(mode: str, player: str, rate: float, challenge: str = "none") -> Result:
        return Result(Row(mode, player, 100, challenge), wins=round(rate * 100))

    made = [result("solo", "hard", 0.5), result("solo", "search", 0.65), result("solo", "normal", 0.3)]
    made += [result("solo", "easy", 0.1), result("coop", "hard", 0.85)]
    made += [result("coop", "hard", 0.4, "Crossfire"), result("coop", "search", 0.75, "Crossfire")]
    made += [result("solo", "hard", 0.45, name) for name in ("Bullet Storm", "Time's Up", "7 Line")]
    made += [result("solo", "hard", 0.55, name) for name in ("Baseball Bat x1", "Baseball Bat x2")]
    verdicts = {bound.name: bound.passed for bound in bounds(made)}
    assert verdicts["solo hard AI win rate (at most)"] and verdicts["solo search player win rate"]
    assert not verdicts["coop (crossfire) search player win rate"]  # 75% is over the 70% limit
    assert verdicts["coop (crossfire) hard AI win rate (at most)"]  # printed co-op is reported, not judged
    assert not verdicts["Baseball Bat x1: win rate drop from plain solo"]
    assert BAND == (0.35, 0.60) and SEARCH_MAX == 0.70


def test_a_batch_is_seeded() -> None:
    row = Row("solo", "easy", 2)
    first = measure.__wrapped__(row)
    again = measure.__wrapped__(row)
    assert (first.wins, first.turns, first.causes) == (again.wins, again.turns, again.causes)


@pytest.mark.parametrize("scale", [0.01])
def test_the_script_replaces_the_report_section_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scale: float
) -> None:
    doc = tmp_path / "superhot.md"
    doc.write_text(f"# Rulings\nkept above\n{START}\nold numbers\n{END}\nkept below\n", encoding="utf-8")
    main(["--scale", str(scale), "--write", str(doc)])
    text = doc.read_text(encoding="utf-8")
    assert "old numbers" not in text and "kept above" in text and "kept below" in text
    assert "| solo | none | hard | 2 |" in text and "| twovone | none | hard | 2 |" in text
    assert "| Bound | Measured | Limit | Met |" in capsys.readouterr().out

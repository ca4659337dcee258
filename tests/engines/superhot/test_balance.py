"""The balance the issue asks for, on seeded AI games, and the report script."""

from __future__ import annotations

from pathlib import Path

from engines.superhot.balance import END, START, main, measure

SOLO_GAMES = 300


def test_the_heuristic_ai_wins_solo_sometimes_and_loses_in_several_ways() -> None:
    report = measure("solo", 1, SOLO_GAMES)
    assert 0.25 <= report.win_rate <= 0.60, f"solo win rate {report.win_rate:.1%}"
    assert report.top_cause_share() <= 0.70, f"one losing condition dominates: {report.causes}"
    assert len(report.causes) >= 3


def test_the_script_replaces_the_report_section_only(tmp_path: Path, capsys) -> None:
    doc = tmp_path / "superhot.md"
    doc.write_text(f"# Rulings\nkept above\n{START}\nold numbers\n{END}\nkept below\n", encoding="utf-8")
    main(["--games", "2", "--write", str(doc)])
    text = doc.read_text(encoding="utf-8")
    assert "old numbers" not in text and "kept above" in text and "kept below" in text
    assert "| solo | 2 |" in text and "| twovone | 2 |" in text
    assert "| solo | 2 |" in capsys.readouterr().out

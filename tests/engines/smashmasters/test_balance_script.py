"""`python -m bench.balance`: the deck balance and AI level tables (a tiny seeded sample here;
the bench plays hundreds of games per pairing)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bench.balance import END, START, Balance, Job, Tally, duel_jobs, level_jobs, main, play, table_jobs


def test_the_jobs_swap_seats_and_mirror_decks() -> None:
    duels = list(duel_jobs(("kc", "mm"), 4, "normal"))
    assert [job.decks for job in duels] == [("kc", "mm"), ("mm", "kc")] * 2
    tables = list(table_jobs(8, "normal"))
    assert all(sorted(job.decks) == ["ga", "kc", "ld", "mm"] for job in tables)
    assert {job.decks[0] for job in tables} == {"kc", "ld", "ga", "mm"}
    levels = list(level_jobs("hard", "normal", 8))
    assert all(job.decks[0] == job.decks[1] for job in levels)
    assert [job.seats for job in levels[:2]] == [("hard", "normal"), ("normal", "hard")]


def test_a_game_names_the_winning_deck_or_level() -> None:
    winner, turns = play(Job(("kc", "ld"), 3, "random"))
    assert winner in ("kc", "ld", "") and turns > 0
    winner, _ = play(Job(("ga", "ga"), 3, "normal", ("normal", "easy")))
    assert winner in ("normal", "easy", "")


def test_bounds_are_judged_per_deck() -> None:
    fair = Tally(games=100, wins=Counter({"kc": 50, "ld": 50}))
    lopsided = Tally(games=100, wins=Counter({"ga": 61, "mm": 39}))
    four = Tally(games=100, wins=Counter({"kc": 25, "ld": 25, "ga": 17, "mm": 33}))
    levels = {("hard", "normal"): Tally(games=100, wins=Counter({"hard": 59, "normal": 41}))}
    found = Balance(100, 100, "normal", {("kc", "ld"): fair, ("ga", "mm"): lopsided}, four, {}, levels)
    misses = found.misses()
    assert "AI duel: ga wins 61.0% against mm" in misses and "AI duel: mm wins 39.0% against ga" in misses
    assert "4-player tables: ga wins 17.0%" in misses and "4-player tables: mm wins 33.0%" in misses
    assert "AI levels: hard wins only 59.0% against normal" in misses
    assert not any("kc" in miss and "duel" in miss for miss in misses)


def test_the_script_writes_its_section_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "rulings.md"
    doc.write_text(f"# Rulings\nabove\n{START}\nold table\n{END}\nbelow\n", encoding="utf-8")
    main(["--games", "2", "--tables", "2", "--levels", "2", "--write", str(doc)])
    text = doc.read_text(encoding="utf-8")
    assert "old table" not in text and "above" in text and "below" in text
    assert "**AI duels** (level `normal`, 2 games per pairing" in text
    assert "| hard vs normal | 2 |" in text and "**Random duels**" in text
    assert "Kitchen Crusaders" in capsys.readouterr().out

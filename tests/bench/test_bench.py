"""`python -m bench`: the quick run keeps every section working; figures and budgets are judged right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bench.__main__ as bench_main
from bench.figures import Figure, failed, merge_runs, percentile
from tests.bot.backends import POSTGRES_URL, postgres_problem

SECTIONS = {
    "engine", "render", "act", "capacity", "memory", "startup", "records", "fairness", "balance", "pairing",
}  # fmt: skip


def test_the_quick_run_measures_every_section_and_writes_the_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PostgreSQL act and cluster figures come when the test server answers; without one the
    sections say why and report nothing."""
    monkeypatch.setenv("BENCH_POSTGRES_URL", POSTGRES_URL)
    problem = postgres_problem()
    expected = SECTIONS | ({"act-postgres", "cluster"} if problem is None else set())
    out = tmp_path / "results.json"
    assert bench_main.main(["--quick", "--out", str(out)]) == 0
    document = json.loads(out.read_text())
    figures = {(f["section"], f["name"]): f for f in document["figures"]}
    assert {section for section, _ in figures} == expected
    assert document["quick"] is True and document["cpus"] >= 1
    for figure in document["figures"]:
        assert figure["value"] >= 0, figure
    budgeted = [f for f in document["figures"] if f["limit"] is not None]
    assert {f["section"] for f in budgeted} == expected, "every section shows a budget"
    assert figures["startup", "tables decoded at start-up"]["value"] == 0, "start-up is lazy"
    assert figures["startup", "deadlines armed"]["value"] >= 500
    assert any(name.endswith("AI playouts") for _, name in figures)
    captured = capsys.readouterr()
    assert "act -> edit requested p99" in captured.out and "RSS per idle table" in captured.out
    assert "PSS of the whole bot, idle" in captured.out
    if problem is not None:
        assert "act-postgres: skipped, no PostgreSQL" in captured.err
        assert "cluster: skipped, no PostgreSQL" in captured.err


def test_percentiles_take_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile([7.0], 95) == 7.0
    with pytest.raises(ValueError, match="no values"):
        percentile([], 50)


def test_repeated_runs_report_the_median_and_the_spread() -> None:
    runs = [[Figure("act", "p99", value, "ms", 120.0)] for value in (90.0, 150.0, 100.0)]
    (merged,) = merge_runs(runs)
    assert merged.value == 100.0 and merged.spread == (90.0, 150.0) and merged.runs == 3
    assert merged.passed is True, "the median is what the budget judges"


def test_budgets_point_the_right_way() -> None:
    slow = Figure("engine", "x", 4_000.0, "steps/s", 5_000.0, at_most=False)
    fast = Figure("render", "y", 41.0, "ms", 40.0)
    free = Figure("render", "floor", 9.0, "ms")
    assert failed([slow, fast, free]) == [slow, fast]
    assert free.passed is None


def test_a_full_run_that_misses_a_budget_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        bench_main, "SECTIONS", {"act": lambda quick: [Figure("act", "p99", 500.0, "ms", 120.0)]}
    )
    assert bench_main.main(["--repeat", "1", "--out", str(tmp_path / "r.json")]) == 1
    assert bench_main.main(["--quick", "--out", str(tmp_path / "q.json")]) == 0, (
        "quick runs only check it runs"
    )
    assert "MISSED" not in (tmp_path / "q.json").read_text()

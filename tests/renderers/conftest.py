"""Fixtures shared by the renderer tests."""

from __future__ import annotations

import pytest

from renderers.kit import memo


@pytest.fixture
def roomy_layers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty memos with room for every layer a test draws: tests that a second drawing rebuilds
    nothing must not depend on what earlier tests of the session left in the budget."""
    memo.clear_all()
    monkeypatch.setattr(memo.BUDGET, "limit", 1 << 40)

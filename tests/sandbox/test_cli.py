"""`python -m bot sandbox` as a command: dispatch, the install hint, and a normal run without SimCord."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import sandbox.cli
from bot.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def test_without_the_preview_runtime_it_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sandbox.cli, "missing_runtime", lambda: ["simcord"])
    assert main(["sandbox"]) == 2
    err = capsys.readouterr().err.strip()
    assert 'pip install -e ".[sandbox]"' in err and "\n" not in err, "one line saying how to install it"


def test_the_real_run_never_imports_simcord() -> None:
    code = "import sys, bot.__main__, bot.app; print('simcord' in sys.modules)"
    ran = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "False"


def test_the_database_label_is_the_file_people_can_find() -> None:
    assert sandbox.cli.database_label("sqlite:///data/sandbox.db") == str(
        (Path("data") / "sandbox.db").resolve()
    )
    assert sandbox.cli.database_label("sqlite://:memory:") == "sqlite://:memory:"

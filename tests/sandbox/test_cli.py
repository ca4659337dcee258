"""`python -m bot sandbox` as a command: dispatch, the install hint, and a normal run without SimCord."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sandbox.cli
from bot.__main__ import main
from sandbox.home import Home
from tests.sandbox.conftest import needs_preview

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


@needs_preview
def test_a_second_sandbox_on_a_database_in_use_says_which_one_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    running = Home(url)
    running.lock()
    running.announce("http://127.0.0.1:8765/")
    monkeypatch.setenv("SANDBOX_DATABASE_URL", url)
    try:
        assert main(["sandbox"]) == 1
    finally:
        running.unlock()
    err = capsys.readouterr().err
    assert f"process {os.getpid()}, http://127.0.0.1:8765/" in err and "games.db" in err


def test_the_banner_says_when_a_link_changed_and_why() -> None:
    urls = {"You": "http://127.0.0.1:1/#s", "Ana": "http://127.0.0.1:2/#s"}
    assert "usual port of You" in sandbox.cli.banner(urls, "games.db", ["You"])
    assert "usual port" not in sandbox.cli.banner(urls, "games.db")

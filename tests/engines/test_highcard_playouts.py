"""The playout kit on the test game: every mode, random and AI, with all invariants."""

from engines.core.playout import check_engine
from tests.support.highcard import HighCard, card_count, secrets


def test_playout_kit_passes_on_every_mode() -> None:
    report = check_engine(HighCard(), seeds=range(8), secrets=secrets, card_count=card_count)
    assert report.games == 2 * 3 * 8 * 2
    assert report.finished == report.games

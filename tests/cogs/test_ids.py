"""custom_ids: every id the bot makes parses back; anything else is refused as forged."""

from __future__ import annotations

import pytest

from cogs import ids


def test_round_trips() -> None:
    assert ids.parse(ids.option_button(7, 3, "lead", "k07")) == ids.Choose(7, 3, "lead", option="k07")
    assert ids.parse(ids.option_select(7, 3, "swap")) == ids.Choose(7, 3, "swap", select=True)
    assert ids.parse(ids.confirm(7, 3, "swap", (0, 2))) == ids.Choose(7, 3, "swap", indices=(0, 2))
    assert ids.parse(ids.confirm(7, 3, "swap", ())) == ids.Choose(7, 3, "swap", indices=())
    assert ids.parse(ids.lobby(7, "start")) == ids.LobbyAction(7, "start")
    assert ids.parse(ids.table(7, "hand")) == ids.TableAction(7, "hand")
    assert ids.parse(ids.rules("highcard", 1)) == ids.RulesPage("highcard", 1)
    assert ids.parse(ids.dm(True)) == ids.DmPreference(True)


def test_longest_ids_fit_discord() -> None:
    longest = ids.confirm(10**17, 10**8, "k" * 20, tuple(range(25)))
    assert len(longest) <= 100
    assert ids.parse(longest).indices == tuple(range(25))
    split = ids.confirm(10**17, 10**8, "k" * 20, (0, 60, 127))  # picks over several menus
    assert len(split) <= 100
    assert ids.parse(split).indices == (0, 60, 127)


@pytest.mark.parametrize(
    "forged",
    [
        "st:1:2:lead",
        "st:x:2:lead:k01",
        "sl:1:explode",
        "sm:1:delete_all",
        "sc:1:2:swap:0;1",
        "sc:1:2:swap:" + "f" * 33,  # more picks than any question holds
        "zz:1",
        "",
        "st:1:2:lead:k01:extra",
        "sd:maybe",
        "st:1:2:le ad:k01",
    ],
)
def test_forged_ids_are_refused(forged: str) -> None:
    with pytest.raises(ids.ForgedId):
        ids.parse(forged)


def test_a_leaderboard_page_keeps_its_season() -> None:
    for season in ("current", "previous", "all"):
        made = ids.board("highcard", "solo.infinite", True, 3, season)
        assert ids.parse(made) == ids.BoardPage("highcard", "solo.infinite", True, 3, season)
    assert ids.parse("sb:highcard:-:s:2") == ids.BoardPage("highcard", None, True, 2, "all"), "older pagers"
    with pytest.raises(ids.ForgedId):
        ids.parse("sb:highcard:-:s:2:x")

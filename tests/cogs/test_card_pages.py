"""The Cards list's pages: every card of every sample table, in order, on pages Discord accepts."""

from __future__ import annotations

import re

import pytest

from cogs import cards_ids
from cogs.cards import MAX_SECTIONS, PAGE_TEXT, card_entry, cards_view, paginate
from cogs.ids import ForgedId
from renderers import renderer_for
from renderers.kit.sheet import CardGroup, SheetCard
from renderers.sheets import SHEETS, card_sheet
from tests.support.wire import IS_COMPONENTS_V2, check_message


def entries_of(pages: list[list[str]]) -> list[str]:
    """The card entries of the pages, in order (headings dropped)."""
    return [entry for page in pages for section in page for entry in re.split(r"\n(?=\*\*)", section)[1:]]


def check_pages(groups: list[CardGroup], pages: list[list[str]], budget: int) -> None:
    expected = [card_entry(card, budget) for group in groups for card in group.cards]
    assert entries_of(pages) == expected, "every card once, in order"
    for page in pages:
        assert sum(len(section) for section in page) <= budget and len(page) <= MAX_SECTIONS


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_every_sample_sheet_pages_within_discords_limits(game: str) -> None:
    pages_seen = 0
    for public, seat in renderer_for(game).samples().values():
        for view in (public, seat):
            groups = card_sheet(game, view)
            pages = paginate(groups)
            check_pages(groups, pages, PAGE_TEXT)
            for number in range(len(pages)):
                whose = "seated" if "you" in view or "seat" in view else "public"
                shown = cards_view(12345, "A Game", whose, pages, number)
                body = {"flags": IS_COMPONENTS_V2, "components": shown.to_components()}
                assert check_message(body, []) == []
            pages_seen += len(pages)
    assert pages_seen


def test_a_long_group_goes_on_to_the_next_page_marked_continued() -> None:
    cards = tuple(SheetCard(f"Card {n}", "value 2", "Does a thing. " * 20) for n in range(40))
    groups = [CardGroup("Your hand", cards[:5]), CardGroup("Ana's side", cards[5:])]
    pages = paginate(groups, budget=2000, most=3)
    assert len(pages) > 3
    check_pages(groups, pages, 2000)
    assert pages[0][0].startswith("### Your hand\n**Card 0**")
    assert any(section.startswith("### Ana's side (continued)\n") for page in pages[1:] for section in page)
    view = cards_view(7, "Game", "seated", pages, 1)
    ids = [
        c["custom_id"]
        for row in view.to_components()[0]["components"]
        if row["type"] == 1
        for c in row["components"]
    ]
    assert ids == ["sh:7:0", "sh:7:2"], "Previous and Next lead to the neighbouring pages"


def test_a_card_too_long_for_a_page_is_shortened_and_names_are_escaped() -> None:
    groups = [CardGroup("*Bold*'s side", (SheetCard("__Evil__", "", "x" * 5000),))]
    pages = paginate(groups, budget=1000)
    assert len(pages) == 1 and len(pages[0][0]) <= 1000 and pages[0][0].endswith("…")
    assert "\\*Bold\\*" in pages[0][0] and "\\_\\_Evil\\_\\_" in pages[0][0]


def test_cards_ids_parse_their_own_and_refuse_the_rest() -> None:
    assert cards_ids.parse(cards_ids.cards_id(42)) == (42, None)
    assert cards_ids.parse(cards_ids.cards_id(42, 3)) == (42, 3)
    for forged in ("sh:42:-1", "sh:42:next", "sh:x:open", "sh:42:1234", "sh:42"):
        with pytest.raises(ForgedId):
            cards_ids.parse(forged)

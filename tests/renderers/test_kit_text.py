"""renderers.kit.text: words too long for a line break with a hyphen rather than being cut, and
text flows through lines of different widths."""

from __future__ import annotations

from renderers.kit.fonts import font
from renderers.kit.text import (
    ELLIPSIS,
    SEE_CARDS,
    fit_block,
    fit_shaped,
    hyphenated,
    text_width,
    whole_or_pointer,
    wrap,
)

FACE = font(18, bold=True, condensed=True)


def test_a_long_word_breaks_at_its_own_hyphen_first() -> None:
    width = text_width(FACE, "Robo-Gran")
    assert hyphenated("Robo-Grandma", FACE, width) == ["Robo-", "Grandma"]


def test_a_long_word_without_a_hyphen_gets_one_and_every_piece_fits() -> None:
    width = text_width(FACE, "Extingu")
    pieces = hyphenated("Extinguisher", FACE, width)
    assert len(pieces) > 1 and "".join(piece.rstrip("-") for piece in pieces) == "Extinguisher"
    assert all(piece.endswith("-") for piece in pieces[:-1])
    assert all(text_width(FACE, piece) <= width for piece in pieces)


def test_a_word_that_fits_or_cannot_break_stays_whole() -> None:
    assert hyphenated("Gun", FACE, 200) == ["Gun"]
    assert hyphenated("Scope", FACE, 10) == ["Scope"]


def test_wrapping_cuts_a_long_word_only_when_not_allowed_to_break_it() -> None:
    width = text_width(FACE, "Fire Extin")
    cut, whole = wrap("Fire Extinguisher", FACE, width, 3)
    assert not whole and cut[-1].endswith(ELLIPSIS)
    broken, whole = wrap("Fire Extinguisher", FACE, width, 3, hyphenate=True)
    assert whole and broken[0] == "Fire" and "".join(broken[1:]).replace("-", "") == "Extinguisher"


def test_fit_block_breaks_words_at_its_smallest_size() -> None:
    lines, face = fit_block("Photosynthia", 80, 60, 22, 18, 2, bold=True, condense=True, hyphenate=True)
    assert face.size == 18 and len(lines) == 2 and not any(line.endswith(ELLIPSIS) for line in lines)


def test_text_flows_beside_a_mark_then_full_width() -> None:
    text = "Hot Dish: Rivals who attack your team must attack him."

    def widths(size: int) -> list[float]:
        return [60, *[160] * 4]

    lines, face = fit_shaped(text, widths, 16, 10)
    assert " ".join(lines) == text
    assert text_width(face, lines[0]) <= 60 and all(text_width(face, line) <= 160 for line in lines)


def test_a_card_text_too_long_for_its_box_gives_way_to_a_pointer_to_the_cards_panel() -> None:
    text = "Waits for a lead: fires 1 bullet only if another enemy fired this phase."
    width = text_width(FACE, SEE_CARDS) + 2
    lines, face = fit_block(text, width, 60, 18, 18, 6)
    assert lines[-1].endswith(ELLIPSIS)
    assert whole_or_pointer(lines, text, face, (width, 60)) == [SEE_CARDS]
    assert whole_or_pointer(lines, text, face, (width - 4, 60)) == [], "too narrow: nothing"
    assert whole_or_pointer(lines, text, face, (width, 12)) == [], "too low: nothing"
    short = "1 Dodge."
    lines, face = fit_block(short, width, 60, 18, 18, 6)
    assert whole_or_pointer(lines, short, face, (width, 60)) == lines == [short]

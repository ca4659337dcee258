"""The leaderboard image, its alt text and its plain-text fallback."""

from __future__ import annotations

import io

import msgspec
import pytest
from PIL import Image

from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.shapes import Box
from renderers.leaderboard import (
    MEDALS,
    ROW,
    ROW_GAP,
    SEPARATOR,
    VIEWER,
    WIDTH,
    board_layout,
    draw_leaderboard,
    drawn_name,
    render_leaderboard,
)
from renderers.leaderboard_board import MAX_ROWS, Board, Row, sample_boards, win_rate_text
from renderers.leaderboard_words import MAX_TEXT, leaderboard_alt, leaderboard_text

SAMPLES = sample_boards()


def rows(count: int, start: int = 1, viewer: int | None = None, name: str = "Player") -> list[Row]:
    return [
        Row(rank, f"{name} {rank}", f"{2000 - rank:,}", 10 + rank, 0.5, is_viewer=rank == viewer)
        for rank in range(start, start + count)
    ]


def board(page_rows: list[Row], viewer_row: Row | None = None, **fields: str) -> Board:
    base = Board("SUPERHOT The Card Game · Versus", "This server", "Rating", page_rows, 2, 5, viewer_row)
    return msgspec.structs.replace(base, **fields)


def accent(image: Image.Image, box: Box) -> tuple[int, int, int]:
    """The pixel where a viewer row's accent bar is drawn (its left edge, half-way down)."""
    left, top, _, bottom = box
    pixel = image.getpixel((left + 4, (top + bottom) // 2))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_sample_renders_a_sound_png(name: str) -> None:
    rendered = render_leaderboard(SAMPLES[name])
    image = Image.open(io.BytesIO(rendered.png))
    image.load()
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (rendered.width, rendered.height) == board_layout(SAMPLES[name]).size
    assert image.width == WIDTH and 300 < image.height < 1000
    assert rendered.filename == "leaderboard.png"
    assert 0 < len(rendered.alt) <= MAX_ALT_TEXT


def test_height_follows_the_rows_and_a_page_holds_ten() -> None:
    heights = [draw_leaderboard(board(rows(count))).height for count in (1, 5, 10)]
    assert heights[1] - heights[0] == 4 * (ROW + ROW_GAP)
    assert heights[2] - heights[1] == 5 * (ROW + ROW_GAP)
    crowded = board(rows(14))
    assert len(board_layout(crowded).rows) == MAX_ROWS
    assert draw_leaderboard(crowded).height == heights[2]


def test_the_viewers_row_is_highlighted_and_no_other() -> None:
    page = board(rows(10, start=11, viewer=14))
    image = draw_leaderboard(page)
    for row, box in board_layout(page).rows:
        assert (accent(image, box) == VIEWER) is row.is_viewer


def test_the_off_page_viewer_row_is_drawn_below_a_separator() -> None:
    me = Row(563, "Zed", "874", 3, 1 / 3, is_viewer=True)
    without, with_me = board(rows(10, start=11)), board(rows(10, start=11), viewer_row=me)
    layout = board_layout(with_me)
    assert layout.separator is not None
    (last, box) = layout.rows[-1]
    assert last is me and box[1] >= layout.separator[3]
    image = draw_leaderboard(with_me)
    assert accent(image, box) == VIEWER
    assert image.height - draw_leaderboard(without).height == SEPARATOR + ROW + ROW_GAP
    assert board_layout(without).separator is None


def test_the_top_three_wear_medals() -> None:
    page = board(rows(4, start=1))
    image = draw_leaderboard(page)
    for row, (left, top, _, bottom) in board_layout(page).rows:
        # The medal disc's centre, left of the name column.
        area = image.crop((left + 20, (top + bottom) // 2 + 6, left + 36, (top + bottom) // 2 + 12))
        colours = {colour for _, colour in area.getcolors(1024) or []}
        assert (MEDALS.get(row.rank) in colours) is (row.rank in MEDALS)


def test_an_empty_board_shows_its_text() -> None:
    empty = board([], empty_text="No ranked games on this server yet.")
    layout = board_layout(empty)
    assert layout.rows == [] and layout.empty is not None and layout.separator is None
    image = draw_leaderboard(empty)
    assert image.height < draw_leaderboard(board(rows(1))).height + 150
    left, top, right, bottom = layout.empty
    assert len(image.crop((left + 50, top, right - 50, bottom)).getcolors(100_000) or []) > 20  # drawn on
    assert "No ranked games on this server yet." in leaderboard_alt(empty)
    assert "No ranked games on this server yet." in leaderboard_text(empty)
    assert "```" not in leaderboard_text(empty)


def test_names_keep_only_what_the_font_draws() -> None:
    assert drawn_name("Dagny 🔥") == "Dagny"
    assert drawn_name("Émile\n\tÅsa") == "Émile Åsa"
    assert drawn_name("🔥🔥") == "Player"


def test_win_rates() -> None:
    assert [win_rate_text(rate) for rate in (0.625, 0.0, 1.0, 1.7, None, float("nan"))] == [
        "62%",
        "0%",
        "100%",
        "100%",
        "–",
        "–",
    ]


def test_alt_text_lists_the_rows_in_order() -> None:
    alt = leaderboard_alt(SAMPLES["first_page"])
    assert alt.startswith(
        "SUPERHOT The Card Game · Versus leaderboard, this server, ranked by rating, page 1 of 5."
    )
    assert "1. Ana 1,612 rating, 40 games, 71% wins; 2. Bartholomew" in alt
    assert "5. Émile (you) 1,448 rating" in alt
    assert alt.index("9. Ines") < alt.index("10. Jonas")
    later = leaderboard_alt(SAMPLES["later_page"])
    assert later.endswith("You: 563. Zed 874 rating, 3 games, 33% wins.")
    solo = leaderboard_alt(SAMPLES["high_scores"])
    assert "1. Ana best level: Level 9, 12 games;" in solo and "wins" not in solo


def test_alt_text_fits_and_keeps_the_viewer() -> None:
    me = Row(99_999, "Me " * 30, "1,000", 1, 1.0, is_viewer=True)
    crowded = board(rows(10, name="An exceedingly long display name " * 3), viewer_row=me)
    alt = leaderboard_alt(crowded)
    assert len(alt) <= MAX_ALT_TEXT
    assert "1. An exceedingly" in alt and "more." in alt
    assert "You: 99999." in alt
    assert len(render_leaderboard(crowded).alt) <= MAX_ALT_TEXT


def test_text_fallback_is_a_code_block_table() -> None:
    text = leaderboard_text(SAMPLES["later_page"])
    heading, block = text.split("\n", 1)
    assert heading == "**SUPERHOT The Card Game · Versus** · Global · Page 2/57"
    lines = block.splitlines()
    assert lines[0] == lines[-1] == "```"
    assert lines[1].split() == ["#", "Player", "Rating", "Games", "Win"]
    assert lines[2].split() == ["11", "Player", "11", "1,190", "25", "50%"]
    assert lines[-3].strip() == "…"
    assert lines[-2].startswith(">") and "Zed (you)" in lines[-2] and lines[-2].endswith("33%")
    assert len({len(line) for line in lines[1:-3]}) == 1  # the columns line up
    first = leaderboard_text(SAMPLES["first_page"])
    assert ">  5  Émile (you)" in first and "–" not in first


def test_text_fallback_stays_under_the_limit_and_in_its_block() -> None:
    nasty = [
        Row(rank, "```@everyone " * 20, "9" * 200, 10**9, 0.5, is_viewer=rank == 3) for rank in range(1, 11)
    ]
    text = leaderboard_text(
        board(nasty, Row(10**8, "x" * 500, "1", 1, None, True), title="T" * 5000, scope="*" * 500)
    )
    assert len(text) <= MAX_TEXT
    assert text.count("```") == 2
    assert "\\*" in text.split("\n")[0]

"""Layouts stay within Discord's limits whatever the text they are given."""

from __future__ import annotations

from discord import ui

from cogs.ui import layout
from tests.support.wire import IS_COMPONENTS_V2, check_message


def test_a_layout_with_too_much_text_is_shortened_to_fit_and_keeps_its_headers() -> None:
    view = layout(ui.TextDisplay("## Your hand"), ui.TextDisplay("note " * 900), ui.TextDisplay("log " * 600))
    body = {"flags": IS_COMPONENTS_V2, "components": view.to_components()}
    assert check_message(body, []) == []
    container = view.children[0]
    assert isinstance(container, ui.Container)
    shown = [item.content for item in container.children if isinstance(item, ui.TextDisplay)]
    assert shown[0] == "## Your hand" and shown[1].endswith("…")

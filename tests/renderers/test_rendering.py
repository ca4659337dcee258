"""Renderers: every sample renders to a sound PNG with useful alt text; gallery; fonts; fallbacks."""

from __future__ import annotations

import ast
import io
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import renderers
from engines.core import Seat
from renderers import GENERIC, REGISTRY, Renderer, register, render_hand, render_table
from renderers.gallery import main, write_gallery
from renderers.kit import cache
from renderers.kit.encode import MAX_ALT_TEXT, RenderedImage, encode_png, rendered_image
from renderers.kit.fonts import font, has_glyph
from renderers.kit.palette import SEATS, SYMBOLS
from renderers.kit.text import ellipsize, fit_block
from renderers.kit.views import humanize
from tests.support.highcard import HighCard, HighCardAI
from tests.support.highcard_renderer import HighCardRenderer

HIGHCARD = HighCardRenderer()
RENDERERS: dict[str, Renderer] = {"highcard": HIGHCARD, "generic": GENERIC}
TABLE_SIZE, HAND_SIZE = (1200, 675), (1200, 500)
CASES = [
    pytest.param(game, public, seat, id=f"{game}-{name}")
    for game, renderer in RENDERERS.items()
    for name, (public, seat) in renderer.samples().items()
]


@pytest.fixture(autouse=True)
def highcard_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "highcard", HIGHCARD)


def decoded(rendered: RenderedImage) -> Image.Image:
    """The PNG, checked and decoded."""
    assert rendered.png.startswith(b"\x89PNG\r\n\x1a\n")
    Image.open(io.BytesIO(rendered.png)).verify()
    image = Image.open(io.BytesIO(rendered.png))
    image.load()
    return image


@pytest.mark.parametrize(("game", "public", "seat"), CASES)
def test_every_sample_renders_a_sound_png(
    game: str, public: Mapping[str, Any], seat: Mapping[str, Any]
) -> None:
    for rendered, size in ((render_table(game, public), TABLE_SIZE), (render_hand(game, seat), HAND_SIZE)):
        image = decoded(rendered)
        assert image.format == "PNG" and image.mode == "P"
        assert image.size == (rendered.width, rendered.height) == size
        assert 0 < len(rendered.alt) <= MAX_ALT_TEXT
        assert rendered.filename.startswith(game) and rendered.filename.endswith(".png")


@pytest.mark.parametrize(("game", "public", "seat"), CASES)
def test_alt_text_names_the_seats_and_the_phase(
    game: str, public: Mapping[str, Any], seat: Mapping[str, Any]
) -> None:
    alt = render_table(game, public).alt
    for listed in public.get("seats", []):
        assert listed["name"] in alt
    if public.get("phase"):
        assert humanize(public["phase"]).lower() in alt.lower()
    if seat.get("hand"):
        assert str(seat["seats"][seat["seat"]]["name"]) in render_hand(game, seat).alt


def test_highcard_alt_text_shows_the_hand_but_never_a_face_down_card() -> None:
    engine, ai = HighCard(), HighCardAI()
    checked = 0
    for seed in range(12):
        state = engine.new_game(
            [Seat(i, name) for i, name in enumerate(("Ana", "Bo", "Cy"))], "classic", {}, seed
        )
        while state.phase != "over":
            decision = engine.decisions(state)[0]
            engine.apply(state, decision.seat, decision.key, ai.choose(engine, state, decision))
            public = engine.view(state, None)
            alt = HIGHCARD.table_alt(public)
            for index, seat in enumerate(public["seats"]):
                if seat["played"] != "hidden":
                    continue
                value = int(engine.view(state, index)["seats"][index]["played"][1:])
                assert f"{seat['name']} answered face down" in alt
                assert (
                    f"the {value}." not in alt and f"{seat['name']} {value}" not in alt.split("Last trick")[0]
                )
                checked += 1
            own = engine.view(state, 0)
            assert all(f"{int(card[1:])}" in HIGHCARD.hand_alt(own) for card in own["hand"])
    assert checked > 0


def test_highcard_marks_whose_turn_it_is() -> None:
    views = {name: public for name, (public, _) in HIGHCARD.samples().items()}
    follow = views["four_follow"]
    waiting = [seat["name"] for seat in follow["seats"] if seat["played"] is None]
    assert len(waiting) == 2
    assert f"waiting for {waiting[0]} and {waiting[1]}" in HIGHCARD.table_alt(follow)
    lead = views["duo_lead"]
    assert f"{lead['seats'][lead['leader']]['name']} leads" in HIGHCARD.table_alt(lead)


def test_gallery_writes_every_sample_of_every_renderer(tmp_path: Path) -> None:
    written = write_gallery(tmp_path, {"highcard": HIGHCARD})
    expected = {
        tmp_path / f"{game}_{name}_{kind}.png"
        for game, renderer in RENDERERS.items()
        for name in renderer.samples()
        for kind in ("table", "hand")
    }
    assert set(written) == expected
    for path in written:
        assert path.read_bytes().startswith(b"\x89PNG")


def test_gallery_command_writes_the_registry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main([str(tmp_path / "out")])
    printed = capsys.readouterr().out.split()
    renderers = {**REGISTRY, "generic": GENERIC}.values()
    assert len(printed) == 2 * sum(len(renderer.samples()) for renderer in renderers)
    assert all(Path(path).is_file() for path in printed)


def test_every_seat_symbol_has_a_glyph_in_every_face() -> None:
    assert not has_glyph("\ue000")
    for symbol in SYMBOLS:
        for bold in (False, True):
            for condensed in (False, True):
                assert has_glyph(symbol, bold, condensed), symbol


def test_seats_differ_in_colour_and_symbol() -> None:
    assert len(SEATS) == 8
    assert len({seat.colour for seat in SEATS}) == len({seat.symbol for seat in SEATS}) == 8


def test_fonts_are_cached_and_text_fits() -> None:
    assert font(20, bold=True) is font(20, bold=True)
    face = font(24)
    assert face.getlength(ellipsize("An extremely long player name indeed", face, 150)) <= 150
    lines, fitted = fit_block("Overwhelming Counterattack of the Ancients", 120, 200, 40, 11, 4)
    assert 1 < len(lines) <= 4 and all(fitted.getlength(line) <= 120 for line in lines)


def test_cached_images_are_copies() -> None:
    first = cache.card_face("7", (100, 140))
    first.paste((255, 0, 0), (0, 0, 100, 140))
    assert cache.card_face("7", (100, 140)).getpixel((50, 70)) != (255, 0, 0, 255)


def test_unknown_games_and_failing_renderers_fall_back_to_generic(caplog: pytest.LogCaptureFixture) -> None:
    public, _ = GENERIC.samples()["duel"]
    assert render_table("no_such_game", public).alt == GENERIC.table_alt(public)

    class Broken(HighCardRenderer):
        def table(self, view: Mapping[str, Any]) -> Image.Image:
            raise KeyError("trick")

    register("broken", Broken())
    try:
        with caplog.at_level(logging.ERROR, logger="renderers"):
            rendered = render_table("broken", public)
    finally:
        del REGISTRY["broken"]
    assert rendered.alt == GENERIC.table_alt(public)
    assert "broken renderer failed" in caplog.text


def test_renderers_never_import_the_discord_layer() -> None:
    for path in Path(renderers.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not [name for name in names if name.split(".")[0] in {"discord", "bot", "cogs"}], path


def test_alt_text_is_clipped_to_discords_limit() -> None:
    rendered = rendered_image(Image.new("RGB", (4, 4)), "word " * 400, "x.png")
    assert len(rendered.alt) == MAX_ALT_TEXT and rendered.alt.endswith("…")


@pytest.mark.parametrize(("game", "public", "seat"), CASES)
def test_palette_pngs_keep_the_colours_players_see(
    game: str, public: Mapping[str, Any], seat: Mapping[str, Any]
) -> None:
    """The 256-colour encoding must not visibly shift colours: in 999 pixels out of 1000 no channel
    moves more than a few levels from the drawing (a 64-colour palette moves 35 to 78 on these)."""
    renderer = renderers.renderer_for(game)
    for drawn in (renderer.table(public), renderer.hand(seat)):
        shown = decoded(rendered_image(drawn, "alt", "x.png")).convert("RGB")
        red, green, blue = ImageChops.difference(drawn.convert("RGB"), shown).split()
        histogram = ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()
        total = sum(histogram)
        within = next(level for level in range(256) if sum(histogram[: level + 1]) >= 0.999 * total)
        assert within <= 16, f"one pixel in a thousand drifted by more than {within} levels"
        assert len(encode_png(drawn)) < len(_rgb_png(drawn)) / 2, "the palette PNG should be far smaller"


def _rgb_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()

"""The bot's PNGs are shown as they are; any other media still goes through SimCord's worker."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.sandbox.conftest import needs_preview

pytestmark = needs_preview


def encoded(image: Image.Image, fmt: str, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def test_a_still_png_is_shown_as_it_is() -> None:
    from sandbox.media import still_png

    png = encoded(Image.new("RGB", (1200, 700), "navy"), "PNG")
    info = still_png(png)
    assert info is not None
    assert (info.width, info.height, info.frames, info.content_type) == (1200, 700, 1, "image/png")
    assert info.normalized is png, "the page gets the bot's own bytes"


@pytest.mark.parametrize(
    "blob",
    [
        encoded(Image.new("RGB", (8, 8)), "GIF"),
        encoded(
            Image.new("RGB", (8, 8)), "PNG", save_all=True, append_images=[Image.new("RGB", (8, 8), "red")]
        ),
        encoded(Image.new("L", (9000, 1)), "PNG"),
        b"\x89PNG\r\n\x1a\n not a png at all",
    ],
    ids=["gif", "animated-png", "too-wide", "broken"],
)
def test_anything_else_is_left_to_simcords_worker(blob: bytes) -> None:
    from sandbox.media import still_png

    assert still_png(blob) is None


async def test_the_worker_still_checks_other_media() -> None:
    from simcord.preview._media import MediaError

    from sandbox.media import SandboxMedia

    media = SandboxMedia()
    try:
        gif = await media.validate("gif", encoded(Image.new("RGB", (8, 8)), "GIF"))
        assert (gif.format, gif.width) == ("GIF", 8)
        with pytest.raises(MediaError):
            await media.validate("junk", b"not media at all")
    finally:
        await media.close()

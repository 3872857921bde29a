"""Issue 27, point 2: palette pictures encoded band by band (`bot/render/png.py`), the
unchanged bands' compressed bytes reused. The file must be a valid PNG holding exactly
the picture, whatever the kept bands, and its checksums right (zlib checks Adler-32
when it inflates; each chunk's CRC is checked here)."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.render import png
from bot.render.png import BANDS, adler32_combine, palette_png


def chunks(data: bytes) -> dict[bytes, bytes]:
    assert data.startswith(png.SIGNATURE)
    found, at = {}, len(png.SIGNATURE)
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        found[kind] = body
        at += 12 + length
    return found


@st.composite
def pictures(draw: st.DrawFn) -> Image.Image:
    width, height = draw(st.integers(1, 70)), draw(st.integers(1, 70))
    colours = draw(st.integers(1, 256))
    image = Image.new("P", (width, height))
    image.putpalette(draw(st.lists(st.integers(0, 255), min_size=3 * colours,
                                   max_size=3 * colours)))
    runs = draw(st.lists(st.tuples(st.integers(0, colours - 1), st.integers(1, 300)),
                         min_size=1))
    pixels = bytearray()
    while len(pixels) < width * height:
        for index, length in runs:
            pixels += bytes([index]) * length
    image.frombytes(bytes(pixels[:width * height]))
    return image


def same(decoded: Image.Image, image: Image.Image) -> None:
    assert decoded.mode == "P" and decoded.size == image.size
    assert decoded.tobytes() == image.tobytes()
    assert decoded.getpalette() == image.getpalette()


@settings(max_examples=60, deadline=None)
@given(image=pictures(), level=st.sampled_from((1, 3, 9)))
def test_a_banded_png_holds_exactly_the_picture(image: Image.Image, level: int) -> None:
    data = palette_png(image, level)
    found = chunks(data)
    rows = zlib.decompress(found[b"IDAT"])  # raises on a wrong Adler-32
    width = image.width
    assert rows[::width + 1] == bytes(image.height), "every row unfiltered"
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    same(decoded, image)


@settings(max_examples=30, deadline=None)
@given(first=pictures(), second=pictures())
def test_kept_bands_change_nothing_in_the_file(first: Image.Image, second: Image.Image) -> None:
    """The same picture encodes to the same bytes with no band kept or with another
    picture's bands kept, so a kept band can never show in the wrong picture."""
    BANDS.clear()
    cold = palette_png(second, 3)
    palette_png(first, 3)
    assert palette_png(second, 3) == cold


def test_a_picture_changed_in_one_band_is_still_exactly_that_picture() -> None:
    """What the bot does: the next picture differs from the last in a few rows."""
    image = Image.new("P", (90, 100), 3)
    image.putpalette(list(range(48)))
    palette_png(image, 3)
    image.paste(7, (10, 40, 30, 45))
    same(Image.open(io.BytesIO(palette_png(image, 3))), image)


@settings(max_examples=30, deadline=None)
@given(image=pictures())
def test_named_bands_make_the_same_file_as_fingerprinted_ones(image: Image.Image) -> None:
    """A band named by its maker is the same bytes as the band found by its pixels."""
    BANDS.clear()
    names = [("test", image.tobytes()[at:at + image.width * png.BAND_ROWS])
             for at in range(0, image.width * image.height, image.width * png.BAND_ROWS)]
    assert palette_png(image, 3, names) == palette_png(image, 3)


def test_a_band_kept_by_its_name_is_not_read_again() -> None:
    """Named bands: the pixels of a band whose name is kept are never read, which is
    the point (and why equal names must mean equal pixels)."""
    BANDS.clear()
    image = Image.new("P", (40, 2 * png.BAND_ROWS), 1)
    image.putpalette(list(range(48)))
    first = palette_png(image, 3, ["top", "bottom"])
    image.paste(5, (0, 0, 40, 3))
    assert palette_png(image, 3, ["top", "bottom"]) == first
    assert palette_png(image, 3, ["top again", "bottom"]) != first


def test_a_wrong_count_of_band_names_is_refused() -> None:
    image = Image.new("P", (10, png.BAND_ROWS + 1))
    with pytest.raises(ValueError, match="band names"):
        palette_png(image, 3, ["one"])


@given(a=st.binary(max_size=3000), b=st.binary(max_size=70_000))
def test_adler32_combine_is_the_checksum_of_both(a: bytes, b: bytes) -> None:
    assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)

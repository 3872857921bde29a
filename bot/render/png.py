"""PNG for palette pictures that change a little at a time.

A board's picture changes where a piece moved: a few squares and a roster line. Yet
a PNG is one zlib stream over every row, so an encoder such as Pillow's compresses
the whole picture again (about 4 ms of a 900 × 1,050 picture's 7). Deflate allows
the stream to be cut into bands, each compressed on its own and ended byte-aligned
(a sync flush), and the bands laid end to end are still one valid stream. So each
band's compressed bytes are kept by a fingerprint of its pixels (the band itself is
made only when not kept), and a picture compresses only the bands it changed; the
stream's checksum is combined from the bands' own.

Rows are stored unfiltered (filter 0): a palette picture gains little from PNG's
filters, and that is what Pillow writes for one too.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import partial

from PIL import Image

BAND_ROWS = 32
"""Rows per band: a moved piece changes two to four bands around its square, and each
band starts with an empty dictionary. Over 1,300 pictures of two games: 8 rows 48.4
KiB a picture, 16 rows 44.5, 32 rows 42.6, 48 rows 42.1 (Pillow, one stream: 40.7),
for the same time within the noise (1.6-2.1 ms)."""

KEPT_BANDS = 8192
"""Compressed bands kept (about 1 KB each), by a 96-bit fingerprint or by a name (a
named band is kept under both, its bytes shared): the bands of a hundred-odd
pictures, so every busy table's next picture finds most of its own."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x01"
"""Deflate with a 32 KiB window; the second byte makes the pair a multiple of 31."""
_LAST_BLOCK = b"\x03\x00"
"""An empty final block (fixed codes): ends the stream after the last band."""
_ADLER_BASE = 65521
_NAMED = "named"
"""Leads a named band's key, which a fingerprint's (all numbers) can never equal."""


class _Bands:
    """Compressed bands by (width, fingerprint of their pixels, level), or by a name
    their maker gives them, the most recent kept."""

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, tuple[bytes, int, int]] = OrderedDict()
        self._lock = threading.Lock()

    def compressed(self, pixels: bytes, width: int, level: int) -> tuple[bytes, int, int]:
        """The band of these rows of pixels, each row led by its filter byte, deflated
        on its own; its Adler-32 and length. The band itself is made only when it is
        not kept: an unchanged band costs its fingerprint alone."""
        key = (width, *fingerprint(pixels), level)
        return self._found(key) or self._keep(key, _deflated(pixels, width, level))

    def named(self, key: Hashable, pixels: Callable[[], bytes], width: int, level: int
              ) -> tuple[bytes, int, int]:
        """`compressed` for the band `key` names: its pixels are read only when no band
        of that name is kept, and then found by their fingerprint if another name (a
        neighbour's piece that moved without reaching this band) showed them."""
        return self._found(key) or self._keep(key, self.compressed(pixels(), width, level))

    def _found(self, key: Hashable) -> tuple[bytes, int, int] | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def _keep(self, key: Hashable, made: tuple[bytes, int, int]) -> tuple[bytes, int, int]:
        with self._lock:
            self._kept[key] = made
            while len(self._kept) > KEPT_BANDS:
                self._kept.popitem(last=False)
        return made

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


BANDS = _Bands()


def _deflated(rows: bytes, width: int, level: int) -> tuple[bytes, int, int]:
    band = b"\x00" + b"\x00".join([rows[at:at + width] for at in range(0, len(rows), width)])
    deflate = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return (deflate.compress(band) + deflate.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(band),
            len(band))


def fingerprint(pixels: bytes) -> tuple[int, int, int]:
    """What a kept band's pixels are known by: their length, Python's own hash of them
    and their CRC-32, 96 bits from two unrelated functions, the hash keyed afresh in
    every process. A wrong band found means all three agree by chance, about one
    lookup in 2^96 / 8,192 kept. SHA-256 did the same job at 55 µs a band of a
    900-pixel-wide picture, against 13 + 14 µs here: 33 bands a picture, so about 1 ms
    of every picture drawn (issue 27)."""
    return len(pixels), hash(pixels), zlib.crc32(pixels)


def _rows(image: Image.Image, top: int) -> bytes:
    return image.crop((0, top, image.width, min(top + BAND_ROWS, image.height))).tobytes()


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings laid end to end, from each one's (zlib's
    `adler32_combine`, which Python's zlib does not offer)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += (first >> 16) + (second >> 16) + _ADLER_BASE - rem
    return (sum1 % _ADLER_BASE) | ((sum2 % _ADLER_BASE) << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_png(image: Image.Image, level: int,
                bands: Sequence[Hashable] | None = None) -> bytes:
    """`image` (mode P, 8 bits a pixel) as a PNG whose unchanged bands are not
    compressed again. `bands`, if given, names each band of BAND_ROWS rows by what it
    shows (equal names must mean equal pixels, in any picture of the same width): a
    band kept by its name is then found without reading or fingerprinting its pixels,
    which cost about 1 ms of a 900 × 1,050 picture's 3 (issue 27)."""
    if image.mode != "P":
        raise ValueError(f"a palette picture is needed, not mode {image.mode}")
    width, height = image.size
    parts = [_ZLIB_HEADER]
    adler = 1
    if bands is None:
        pixels = image.tobytes()
        step = width * BAND_ROWS
        made = [BANDS.compressed(pixels[at:at + step], width, level)
                for at in range(0, len(pixels), step)]
    else:
        if len(bands) != -(-height // BAND_ROWS):
            raise ValueError(f"{len(bands)} band names for {height} rows")
        made = [BANDS.named((_NAMED, width, level, name), partial(_rows, image, at), width,
                            level)
                for name, at in zip(bands, range(0, height, BAND_ROWS), strict=True)]
    for data, band_adler, length in made:
        parts.append(data)
        adler = adler32_combine(adler, band_adler, length)
    parts += [_LAST_BLOCK, struct.pack(">I", adler)]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join((
        SIGNATURE,
        _chunk(b"IHDR", header),
        _chunk(b"PLTE", bytes(image.getpalette() or [])),
        _chunk(b"IDAT", b"".join(parts)),
        _chunk(b"IEND", b""),
    ))

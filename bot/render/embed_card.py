"""A board embed drawn as a picture card, for games that draw no board of their own.

`/game gif` animates a game from one picture per step; Hellraiser draws its map, and
every other game is shown by this card: the very embed the channel's live board posts
(title, description, fields, footer), laid out the way Discord shows it on a phone.
Drawing the embed, and nothing else, keeps the card as public as the board: it can say
no more than the channel already read, and no game needs code of its own to be animated.

The font is Pillow's bundled one, as for Hellraiser's picture, so a card looks the same
on every machine. It has no emoji and few symbols: a mark it lacks is swapped for a
plain one (`PLAIN`), an accent dropped, a line's leading emoji (a decoration) left out
and any other emoji drawn as `MARK`, so no card shows an empty box. Markdown is read as
Discord reads it: the markers go, the words stay.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import discord
from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

CARD_WIDTH = 400
"""Drawn at about Discord's shown width (400 px on a phone), so text is not shrunk."""
PAD = 12
STRIPE = 5
COLUMN_GAP = 12
TITLE_SIZE = 18
TEXT_SIZE = 15
NAME_SIZE = 14
FOOTER_SIZE = 12
LINE_GAP = 3
BACKGROUND = (43, 45, 49)
TEXT = (219, 222, 225)
NAME = (242, 243, 245)
MUTED = (148, 155, 164)
MARK = "*"
"""What an emoji the font cannot draw becomes (not at a line's start, where it goes)."""
PLAIN = {
    "—": "-", "–": "-", "•": "·", "→": ">", "←": "<", "▶": ">", "▸": ">", "▫": "-",
    "◻": "-", "⬜": "-", "×": "x", "✓": "v", "✅": "v", "❌": "x", "🤖": "(AI)",
}
"""Marks the board uses that the font lacks, as the nearest plain ones."""
_INVISIBLE = {"\ufe0f", "\ufe0e", "\u200d", "\u20e3"}
_CUSTOM_EMOJI = re.compile(r"<a?:(\w+):\d+>")
_MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
_MARKERS = re.compile(r"\*\*|__|~~|\|\||`{1,3}|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)")
_HEADING = re.compile(r"^(?:#{1,3}|-#|>)\s+", re.MULTILINE)


@lru_cache(maxsize=8)
def font(size: int) -> Font:
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=1)
def _missing_mask() -> tuple[tuple[int, int], bytes]:
    mask = font(TEXT_SIZE).getmask("\ue000")
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the font draws `char` as itself rather than its empty box."""
    mask = font(TEXT_SIZE).getmask(char)
    return (mask.size, bytes(mask)) != _missing_mask()


def _plain_char(char: str) -> str:
    if char in _INVISIBLE or (unicodedata.category(char) == "Sk" and ord(char) > 0x1F000):
        return ""
    if char.isspace() or has_glyph(char):
        return char
    if char in PLAIN:
        return PLAIN[char]
    base = "".join(c for c in unicodedata.normalize("NFKD", char)
                   if not unicodedata.combining(c))
    if base and base != char and all(has_glyph(c) for c in base):
        return base
    return "\0"


def unmarked(text: str) -> str:
    """`text` as Discord shows it, in words: markdown markers, mentions' ids, custom
    emoji and links' targets gone (emoji stay: a screen reader reads their names)."""
    text = _CUSTOM_EMOJI.sub("", text)
    text = _MENTION.sub("@someone", text)
    text = _LINK.sub(r"\1", text)
    text = _HEADING.sub("", text)
    return _MARKERS.sub("", text)


def plain(text: str) -> str:
    """`text` as the card draws it: `unmarked`, and every character the font lacks
    made plain (see the module's note)."""
    lines = []
    for line in unmarked(text).split("\n"):
        drawn = "".join(_plain_char(c) for c in line)
        drawn = re.sub(r"^[\s\0]+", "", drawn).replace("\0", MARK)
        lines.append(re.sub(r" {2,}", " ", drawn).rstrip())
    return "\n".join(lines).strip("\n")


@lru_cache(maxsize=4096)
def wrapped(text: str, size: int, width: int) -> tuple[str, ...]:
    """`text` broken into lines no wider than `width` pixels, at spaces when it can.
    Kept, as are the words' widths: a game's cards repeat most of their words from one
    step to the next, and measuring text is most of wrapping's cost."""
    space = text_width(" ", size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, used = "", 0.0
        for word in paragraph.split(" "):
            needed = text_width(word, size)
            if line and used + space + needed <= width:
                line, used = f"{line} {word}", used + space + needed
                continue
            if line:
                lines.append(line)
            rest = word
            while text_width(rest, size) > width and len(rest) > 1:
                cut = next((n for n in range(len(rest) - 1, 0, -1)
                            if text_width(rest[:n], size) <= width), 1)
                lines.append(rest[:cut])
                rest = rest[cut:]
            line, used = rest, text_width(rest, size)
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


@dataclass(frozen=True)
class Block:
    """Lines of one size and colour, drawn from a top-left corner."""

    lines: tuple[str, ...]
    size: int
    colour: tuple[int, int, int]
    bold: bool = False

    @property
    def height(self) -> int:
        return len(self.lines) * (self.size + LINE_GAP) if self.lines else 0


def _block(text: str, size: int, colour: tuple[int, int, int], width: int,
           bold: bool = False) -> Block:
    shown = plain(text)
    return Block(wrapped(shown, size, width) if shown else (), size, colour, bold)


def _field_rows(embed: discord.Embed, width: int) -> list[list[tuple[Block, Block]]]:
    """The fields as Discord stacks them at a phone's width: a run of inline fields two
    to a row, any other field a row of its own."""
    rows: list[list[tuple[Block, Block]]] = []
    open_row = False
    half = (width - COLUMN_GAP) // 2
    for embed_field in embed.fields:
        inline = bool(embed_field.inline)
        column = half if inline else width
        pair = (_block(embed_field.name or "", NAME_SIZE, NAME, column, bold=True),
                _block(embed_field.value or "", TEXT_SIZE, TEXT, column))
        if inline and open_row:
            rows[-1].append(pair)
            open_row = False
        else:
            rows.append([pair])
            open_row = inline
    return rows


def embed_card(embed: discord.Embed, width: int = CARD_WIDTH) -> Image.Image:
    """`embed` drawn as Discord shows it: its colour as a stripe down the left, then
    the title, the description, the fields and the footer. Its image, thumbnail and
    author are not drawn (the boards drawn this way have none)."""
    inner = width - 2 * PAD - STRIPE
    title = _block(embed.title or "", TITLE_SIZE, NAME, inner, bold=True)
    description = _block(embed.description or "", TEXT_SIZE, TEXT, inner)
    rows = _field_rows(embed, inner)
    footer = _block(embed.footer.text or "", FOOTER_SIZE, MUTED, inner)
    row_heights = [max(n.height + v.height for n, v in row) for row in rows]
    parts = [title.height, description.height, *row_heights, footer.height]
    height = 2 * PAD + sum(parts) + PAD * sum(1 for p in parts if p) - PAD
    image = Image.new("RGB", (width, max(height, 2 * PAD)), BACKGROUND)
    colour = embed.colour.to_rgb() if embed.colour is not None else MUTED
    ImageDraw.Draw(image).rectangle((0, 0, STRIPE - 1, image.height), fill=colour)
    left, y = STRIPE + PAD, PAD
    for block in (title, description):
        if block.lines:
            _draw(image, block, left, y)
            y += block.height + PAD
    for row, row_height in zip(rows, row_heights, strict=True):
        x = left
        for name, value in row:
            _draw(image, name, x, y)
            _draw(image, value, x, y + name.height)
            x += (inner + COLUMN_GAP) // 2
        y += row_height + PAD
    _draw(image, footer, left, y)
    return image


def _draw(image: Image.Image, block: Block, x: int, y: int) -> None:
    for n, line in enumerate(block.lines):
        if line:
            image.paste(line_tile(line, block.size, block.colour, block.bold),
                        (x, y + n * (block.size + LINE_GAP)))


@lru_cache(maxsize=2048)
def line_tile(text: str, size: int, colour: tuple[int, int, int], bold: bool) -> Image.Image:
    """One line drawn on the card's background. Kept: drawing text is most of a card's
    cost, and a game's cards repeat most of their lines from one step to the next."""
    face = font(size)
    tile = Image.new("RGB", (int(text_width(text, size)) + 3, size + LINE_GAP + 2), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    # the bundled font has no bold face: bold is the text drawn twice, a pixel apart
    for x in (0, 1) if bold else (0,):
        draw.text((x, 0), text, font=face, fill=colour)
    return tile

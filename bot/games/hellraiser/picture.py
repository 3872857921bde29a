"""The Hellraiser map as a picture (PNG) for the live board embed, and as text.

`render_board(board, pieces)` draws the Channard Institute: room and corridor
floors, walls, doorways (and Key doorways, destroyed walls, blocked doorways),
room furniture as small icons by what it can be used for (greyed once used),
the Stairs and the Elevators, the gateway, and every piece, with a roster under
the map saying who each token is, by name and square. It is drawn to be read
where Discord shows it, about 400 px wide on a phone: tokens, letters and the
roster are large, and nothing on the map needs small print (a room item's kind
and numbers are named where it can be used: the board's menu).

`render_text(board, pieces)` is the fallback for when a picture cannot be shown
(`/hellraiser map`): one character per square with the walls between
them, short enough for a Discord code block.

Squares are named like the board module names them (column A-R, row 1-18) and
both drawings are labelled so, so players can say "move to C7". Only Pillow's
bundled default font is used. Both functions are pure: same input, same output.
"""

from __future__ import annotations

import io
import random
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Generic, Literal, TypeVar

from PIL import Image, ImageChops, ImageDraw, ImageFont
from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.render.pictures import LAYERS
from bot.render.png import BAND_ROWS, BANDS, palette_png
from engines.hellraiser import board as bd
from engines.hellraiser.board import Board, Edge, Square
from engines.hellraiser.mapgen import generate
from engines.hellraiser.tiles import TILE_COUNT

FigureKind = Literal["human", "skinned", "cenobite", "creature"]
RGB = tuple[int, int, int]
K = TypeVar("K")

SEAT_COLOURS: tuple[int, ...] = (0xD93A3A, 0x3A7BD9, 0x3AAE5C, 0xD9A13A, 0x9B4DD9, 0x3AC2C2)
"""One colour per seat, in seat order (the board's roster uses the same)."""


def _on_map(sq: Square) -> Square:
    if not bd.in_bounds(sq):
        raise ValueError(f"square {sq} is off the 18×18 map")
    return sq


class Figure(BaseModel):
    """A character, Skinned Human, Cenobite or Creature standing on the map."""

    model_config = ConfigDict(frozen=True)

    kind: FigureKind
    square: Square
    label: str = Field(min_length=1, max_length=3, description="initials, e.g. 'Al' or 'PH'")
    name: str = Field(default="", max_length=40, description="for the legend of the text map")
    colour: int | None = Field(default=None, description="seat colour 0xRRGGBB (humans)")
    status: tuple[str, ...] = Field(
        default=(), description="e.g. paralysed, insane, braindead, degenerate, robot, stunned"
    )

    _square_ok = field_validator("square")(_on_map)


class Corpse(BaseModel):
    model_config = ConfigDict(frozen=True)

    square: Square
    label: str = Field(default="", max_length=3)
    name: str = Field(default="", max_length=40, description="for the roster")

    _square_ok = field_validator("square")(_on_map)


class Pieces(BaseModel):
    """Everything on the map that is not the map itself; the engine's view fills it."""

    model_config = ConfigDict(frozen=True)

    figures: tuple[Figure, ...] = ()
    corpses: tuple[Corpse, ...] = ()
    items: tuple[Square, ...] = Field(default=(), description="dropped item counters")
    used_furniture: tuple[tuple[int, str], ...] = Field(
        default=(), description="(tile index, furniture id) of used room items"
    )
    dragged_to_hell: tuple[Square, ...] = Field(default=(), description="'dragged to Hell'")

    @field_validator("items", "dragged_to_hell")
    @classmethod
    def _squares_on_map(cls, squares: tuple[Square, ...]) -> tuple[Square, ...]:
        return tuple(_on_map(sq) for sq in squares)


# Geometry and colours

CELL = 46
MARGIN = 36
BOARD_PX = CELL * bd.SIZE
WIDTH = MARGIN * 2 + BOARD_PX
MAP_HEIGHT = MARGIN * 2 + BOARD_PX
"""The map with its letters and numbers; the key and the roster follow below it."""
KEY_TOP = MAP_HEIGHT - 6
KEY_ROW = 34
KEY_ROWS = 3
"""Rows the symbols' key wraps to at KEY_FONT (a test checks it fits)."""
ROSTER_TOP = KEY_TOP + KEY_ROWS * KEY_ROW + 6
ROSTER_ROW = 40
ROSTER_COLUMNS = 3
ROSTER_WIDTH = (WIDTH - 2 * MARGIN) // ROSTER_COLUMNS
HEIGHT = ROSTER_TOP + 12
"""The height with an empty roster: each row of three figures adds ROSTER_ROW."""
TOKEN = 20
"""Radius of a lone figure's token (a square is 46 px): about 18 px across at 400 px."""

BACKGROUND: RGB = (22, 17, 19)
ROOM_FLOOR: RGB = (216, 203, 176)
CORRIDOR_FLOOR: RGB = (148, 145, 140)
ROOM_GRID: RGB = (196, 182, 154)
CORRIDOR_GRID: RGB = (132, 129, 124)
WALL: RGB = (28, 20, 22)
SEAM: RGB = (96, 86, 80)
LABEL: RGB = (230, 220, 205)
TILE_NAME: RGB = (70, 58, 52)
KEY_GOLD: RGB = (222, 170, 40)
RUBBLE: RGB = (118, 108, 100)
BLOCKED: RGB = (200, 40, 40)
GATEWAY: RGB = (200, 24, 24)
CENOBITE: RGB = (24, 22, 26)
CENOBITE_EDGE: RGB = (210, 40, 48)
CREATURE: RGB = (86, 98, 40)
CORPSE: RGB = (120, 120, 124)
ITEM: RGB = (240, 196, 60)
HELL_MARK: RGB = (140, 20, 20)
BADGE: RGB = (255, 232, 90)
WALL_WIDTH = 5

USE_COLOURS: dict[tuple[str, ...], RGB] = {
    ("tip", "obstacle"): (112, 70, 36),
    ("obstacle",): (166, 118, 70),
    ("restraint",): (118, 58, 112),
}
USED_FURNITURE: RGB = (150, 146, 140)
USE_WORDS: dict[tuple[str, ...], str] = {
    ("tip", "obstacle"): "tip over / block",
    ("obstacle",): "block a door",
    ("restraint",): "tie up",
}
"""What a room item's icon means, for the key (its shape says it too, not only colour)."""

STATUS_MARKS = {
    "paralysed": "P",
    "insane": "I",
    "braindead": "B",
    "degenerate": "D",
    "robot": "R",
    "stunned": "S",
    "trapped": "T",
    "restrained": "T",
    "skin": "W",
}


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _origin(sq: Square) -> tuple[int, int]:
    return MARGIN + sq[0] * CELL, MARGIN + sq[1] * CELL


def _centre(sq: Square) -> tuple[int, int]:
    x, y = _origin(sq)
    return x + CELL // 2, y + CELL // 2


def _text_colour(fill: RGB) -> RGB:
    r, g, b = fill
    return (0, 0, 0) if r * 299 + g * 587 + b * 114 > 140_000 else (255, 255, 255)


def _rgb(colour: int) -> RGB:
    return (colour >> 16) & 0xFF, (colour >> 8) & 0xFF, colour & 0xFF


# The map (cached: it only changes when walls, doorways or used items change)


def _edge_line(e: Edge) -> tuple[int, int, int, int]:
    """Screen segment of the boundary between the two squares of an edge."""
    (ax, ay), (bx, by) = e
    if ay == by:  # side by side: a vertical segment
        x = MARGIN + max(ax, bx) * CELL
        y = MARGIN + ay * CELL
        return x, y, x, y + CELL
    y = MARGIN + max(ay, by) * CELL
    x = MARGIN + ax * CELL
    return x, y, x + CELL, y


def _draw_floors(draw: ImageDraw.ImageDraw, board: Board) -> None:
    for index in range(TILE_COUNT):
        kind = bd.placed(board, index).tile.kind
        floor, grid = (ROOM_FLOOR, ROOM_GRID) if kind == "room" else (CORRIDOR_FLOOR, CORRIDOR_GRID)
        x0, y0 = _origin(bd.tile_origin(index))
        draw.rectangle((x0, y0, x0 + 3 * CELL, y0 + 3 * CELL), fill=floor)
        for i in (1, 2):
            draw.line((x0 + i * CELL, y0, x0 + i * CELL, y0 + 3 * CELL), fill=grid, width=1)
            draw.line((x0, y0 + i * CELL, x0 + 3 * CELL, y0 + i * CELL), fill=grid, width=1)


def _draw_walls(draw: ImageDraw.ImageDraw, board: Board) -> None:
    graph = bd.graph(board)
    keys = set(board.key_doorways)
    destroyed = set(board.destroyed_walls)
    blocked = {b.edge for b in board.blocked_doorways}
    for y in range(bd.SIZE):
        for x in range(bd.SIZE):
            a = (x, y)
            for b in ((x + 1, y), (x, y + 1)):
                if not bd.in_bounds(b):
                    continue
                e = bd.edge(a, b)
                line = _edge_line(e)
                if e in blocked:
                    continue  # drawn last, over the walls around it
                if b not in graph[a]:
                    draw.line(line, fill=WALL, width=WALL_WIDTH)
                elif e in destroyed:
                    _draw_rubble(draw, line)
                elif e in keys:
                    draw.line(line, fill=KEY_GOLD, width=3)
                elif not bd.same_room(a, b):
                    draw.line(line, fill=SEAM, width=1)
    for e in blocked:
        _draw_blocked(draw, _edge_line(e))
    draw.rectangle(
        (MARGIN, MARGIN, MARGIN + BOARD_PX, MARGIN + BOARD_PX), outline=WALL, width=WALL_WIDTH
    )
    _draw_corners(draw, graph)


def _draw_corners(draw: ImageDraw.ImageDraw, graph: bd.Graph) -> None:
    """Square caps where walls meet, so wall ends look joined, not notched."""
    half = WALL_WIDTH // 2
    for y in range(1, bd.SIZE):
        for x in range(1, bd.SIZE):
            nw, ne, sw, se = (x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)
            walls = (
                ne not in graph[nw],
                se not in graph[ne],
                se not in graph[sw],
                sw not in graph[nw],
            )
            if any(walls):
                px, py = MARGIN + x * CELL, MARGIN + y * CELL
                draw.rectangle((px - half, py - half, px + half, py + half), fill=WALL)


def _draw_rubble(draw: ImageDraw.ImageDraw, line: tuple[int, int, int, int]) -> None:
    """A destroyed wall: a row of broken bits where the wall stood."""
    x0, y0, x1, y1 = line
    length = max(abs(x1 - x0), abs(y1 - y0))
    for i in range(4, length, 8):
        t = i / length
        px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        draw.ellipse((px - 2.5, py - 2.5, px + 2.5, py + 2.5), fill=RUBBLE)


def _draw_blocked(draw: ImageDraw.ImageDraw, line: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = line
    draw.line(line, fill=(112, 70, 36), width=9)
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    r = 9
    draw.line((cx - r, cy - r, cx + r, cy + r), fill=BLOCKED, width=3)
    draw.line((cx - r, cy + r, cx + r, cy - r), fill=BLOCKED, width=3)


def _draw_furniture(
    draw: ImageDraw.ImageDraw, board: Board, used: frozenset[tuple[int, str]]
) -> None:
    """A small icon per room item in its square's lower left corner, leaving the middle
    to the pieces: its shape and colour say what it can be used for, greyed and
    crossed once used (its kind and numbers are in the text map)."""
    for index in range(36):
        for item in bd.room_furniture(board, index):
            x, y = _origin(item.square)
            spent = (index, item.furniture.id) in used
            _furniture_icon(draw, x + 4, y + CELL - 20, item.furniture.uses, spent)


def _furniture_icon(
    draw: ImageDraw.ImageDraw, x: int, y: int, uses: tuple[str, ...], spent: bool = False
) -> None:
    """A 16 px icon: a block (blocks a doorway), a block with a tilt line (can be tipped
    over too), a ring (a restraint)."""
    fill = USED_FURNITURE if spent else USE_COLOURS[uses]
    box = (x, y, x + 16, y + 16)
    if uses == ("restraint",):
        draw.ellipse(box, outline=fill, width=4)
    else:
        draw.rectangle(box, fill=fill, outline=(40, 30, 26))
        if "tip" in uses:
            draw.line((x + 2, y + 14, x + 14, y + 2), fill=(240, 220, 190), width=2)
    if spent:
        draw.line((x, y, x + 16, y + 16), fill=(60, 60, 60), width=2)
        draw.line((x, y + 16, x + 16, y), fill=(60, 60, 60), width=2)


def _draw_stairs(draw: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    step = size // 5
    for i in range(5):
        top = y + i * step
        draw.rectangle((x + i * step // 2, top, x + size, top + step - 2), fill=(60, 52, 48))


def _draw_elevator(draw: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    draw.rectangle((x, y, x + size, y + size), fill=(70, 78, 92), outline=WALL)
    cx, h = x + size // 2, size // 2
    draw.polygon([(cx, y + 3), (cx - 7, y + h - 2), (cx + 7, y + h - 2)], fill=(235, 235, 235))
    draw.polygon(
        [(cx, y + size - 3), (cx - 7, y + h + 2), (cx + 7, y + h + 2)], fill=(235, 235, 235)
    )


def _draw_portals(draw: ImageDraw.ImageDraw, board: Board) -> None:
    for sq in bd.portal_squares(board, "stairs"):
        x, y = _origin(sq)
        _draw_stairs(draw, x + 8, y + 14, CELL - 18)
    for sq in bd.portal_squares(board, "elevator"):
        x, y = _origin(sq)
        _draw_elevator(draw, x + 9, y + 13, CELL - 18)


NAME_ROWS = 20
"""Rows of a tile's top strip that hold its name (14 px letters from its second row)."""


def _draw_tile_names(image: Image.Image, board: Board) -> None:
    """Each tile's name in its top strip, pasted from `_name_strip`: drawing the 36
    names' letters was half of drawing a new map, and a tile's name and floor are the
    same on every map."""
    for index in range(TILE_COUNT):
        tile = bd.placed(board, index).tile
        x0, y0 = _origin(bd.tile_origin(index))
        image.paste(_name_strip(tile.name, tile.kind == "room"), (x0 + 1, y0 + 1))


@lru_cache(maxsize=2 * TILE_COUNT)
def _name_strip(name: str, room: bool) -> Image.Image:
    """A tile's top strip inside its edges (its floor and grid, as `_draw_floors` draws
    them) with its name on it, shortened to fit; drawn before the room items and
    portals, which may cover it."""
    floor, grid = (ROOM_FLOOR, ROOM_GRID) if room else (CORRIDOR_FLOOR, CORRIDOR_GRID)
    strip = Image.new("RGB", (3 * CELL - 1, NAME_ROWS), floor)
    draw = ImageDraw.Draw(strip)
    for i in (1, 2):
        draw.line((i * CELL - 1, 0, i * CELL - 1, NAME_ROWS), fill=grid, width=1)
    draw.text((3, 0), tile_label(name), font=_font(14), fill=TILE_NAME)
    return strip


def tile_label(name: str) -> str:
    """A tile's name as its strip shows it: shortened to fit the tile."""
    font = _font(14)
    while font.getlength(name) > 3 * CELL - 8 and len(name) > 4:
        name = name[:-2] + "…"
    return name


def _draw_labels(draw: ImageDraw.ImageDraw) -> None:
    font = _font(24)
    for i in range(bd.SIZE):
        letter = bd.COLUMNS[i]
        cx = MARGIN + i * CELL + CELL // 2
        draw.text((cx, MARGIN // 2), letter, font=font, fill=LABEL, anchor="mm")
        cy = MARGIN + i * CELL + CELL // 2
        draw.text((MARGIN // 2, cy), str(i + 1), font=font, fill=LABEL, anchor="mm")
        draw.text((WIDTH - MARGIN // 2, cy), str(i + 1), font=font, fill=LABEL, anchor="mm")


KEY_FONT = 22
ROSTER_FONT = 22


def _key_entries() -> list[tuple[str, Callable[[ImageDraw.ImageDraw, int, int], None]]]:
    """The symbols a player must learn, each with the little drawing that shows it."""

    def token(kind: FigureKind) -> Callable[[ImageDraw.ImageDraw, int, int], None]:
        def draw(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
            _draw_token(d, kind, None, x + 10, y + 11, 9)

        return draw

    def furniture(uses: tuple[str, ...]) -> Callable[[ImageDraw.ImageDraw, int, int], None]:
        return lambda d, x, y: _furniture_icon(d, x + 2, y + 3, uses)

    return [
        ("Human", token("human")),
        ("Skinned", token("skinned")),
        ("Cenobite", token("cenobite")),
        ("Creature", token("creature")),
        ("corpse", lambda d, x, y: d.rounded_rectangle((x, y + 5, x + 20, y + 17), radius=3,
                                                       fill=CORPSE)),
        ("item", lambda d, x, y: _diamond(d, (x + 10, y + 11), 8, ITEM, (60, 40, 0))),
        ("gateway", lambda d, x, y: d.ellipse((x, y + 1, x + 20, y + 21), fill=GATEWAY)),
        ("stairs", lambda d, x, y: _draw_stairs(d, x, y + 2, 18)),
        ("lift", lambda d, x, y: _draw_elevator(d, x, y + 1, 20)),
        (USE_WORDS[("obstacle",)], furniture(("obstacle",))),
        (USE_WORDS[("tip", "obstacle")], furniture(("tip", "obstacle"))),
        (USE_WORDS[("restraint",)], furniture(("restraint",))),
        ("Key door", lambda d, x, y: d.line((x, y + 11, x + 20, y + 11), fill=KEY_GOLD, width=5)),
        ("blocked", lambda d, x, y: _draw_blocked(d, (x, y + 11, x + 20, y + 11))),
        ("broken wall", lambda d, x, y: _draw_rubble(d, (x, y + 11, x + 22, y + 11))),
    ]


def key_layout() -> list[tuple[int, int]]:
    """Where each entry of the symbols' key goes: rows that wrap at the map's width."""
    font = _font(KEY_FONT)
    x, y = MARGIN, KEY_TOP
    spots = []
    for text, _ in _key_entries():
        width = 26 + int(font.getlength(text))
        if x + width > MARGIN + BOARD_PX:
            x, y = MARGIN, y + KEY_ROW
        spots.append((x, y))
        x += width + 16
    return spots


def _draw_key(draw: ImageDraw.ImageDraw) -> None:
    font = _font(KEY_FONT)
    for (text, sample), (x, y) in zip(_key_entries(), key_layout(), strict=True):
        sample(draw, x, y + 4)
        draw.text((x + 26, y + 3), text, font=font, fill=LABEL)


@lru_cache(maxsize=1)
def _frame() -> Image.Image:
    """The letters, numbers and symbols' key: the same around every map, so drawn once
    (a third of a first picture's drawing was these words)."""
    image = Image.new("RGB", (WIDTH, ROSTER_TOP), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_labels(draw)
    _draw_key(draw)
    return image


def _draw_base(board: Board, used: frozenset[tuple[int, str]]) -> Image.Image:
    image = _frame().copy()
    draw = ImageDraw.Draw(image)
    _draw_floors(draw, board)
    _draw_tile_names(image, board)
    _draw_furniture(draw, board, used)
    _draw_portals(draw, board)
    _draw_walls(draw, board)
    return image


LayerKey = tuple[object, ...]


Sprite = tuple[Image.Image, Image.Image]
"""A drawing mapped onto the palette, and the mask of the pixels it draws."""


class _Kept(Generic[K]):
    """Drawn layers by key, the `limit()` most recently used. Guarded by a lock, since
    the bot renders in worker threads to keep its event loop free."""

    def __init__(self, limit: Callable[[], int]) -> None:
        self._images: OrderedDict[LayerKey, K] = OrderedDict()
        self._lock = threading.Lock()
        self._limit = limit

    def get(self, key: LayerKey, draw: Callable[[], K]) -> K:
        with self._lock:
            image = self._images.get(key)
            if image is not None:
                self._images.move_to_end(key)
                return image
        image = draw()
        with self._lock:
            self._images[key] = image
            while len(self._images) > self._limit():
                self._images.popitem(last=False)
        return image

    def clear(self) -> None:
        with self._lock:
            self._images.clear()


BOX_SPRITES = 2048
"""Squares with their pieces kept mapped (76 × 76 pixels, about 6 KB each): some fifteen
a table, and a move changes the few around the squares it left and entered."""
ROSTER_SPRITES = 512
"""Roster entries kept drawn (about 11 KB each): a table's entries change only with
the figure's square or condition, so most pictures reuse all of theirs."""

_BASES: _Kept[Image.Image] = _Kept(lambda: LAYERS.kept)
_BASES_ON_PALETTE: _Kept[Image.Image] = _Kept(lambda: LAYERS.kept)
_PALETTES: _Kept[Image.Image] = _Kept(lambda: LAYERS.kept)
_ROSTER: _Kept[Sprite] = _Kept(lambda: ROSTER_SPRITES)
_BOXES: _Kept[Image.Image] = _Kept(lambda: BOX_SPRITES)


def _base_key(board: Board, used: frozenset[tuple[int, str]]) -> LayerKey:
    return (
        tuple((p.tile, p.rotation) for p in board.tiles),
        frozenset(board.destroyed_walls),
        frozenset(board.key_doorways),
        frozenset(b.edge for b in board.blocked_doorways),
        used,
    )


def _base(board: Board, used: frozenset[tuple[int, str]]) -> Image.Image:
    """The map without its pieces, kept for the few boards in play: it only changes
    when a wall, doorway or room item does, while pieces move every turn."""
    return _BASES.get(_base_key(board, used), lambda: _draw_base(board, used))


Colours = frozenset[int]


def _palette_colours(pieces: Pieces) -> Colours:
    """The seat colours every palette holds, and any other a figure wears: the bot's
    figures wear only seat colours, so every picture it uploads shares one palette."""
    return frozenset(SEAT_COLOURS).union(f.colour for f in pieces.figures if f.colour is not None)


def _palette(colours: Colours) -> Image.Image:
    """The colours the uploaded picture is reduced to. Finding a palette (octree) costs
    more than the rest of a picture, and the colours a picture can hold are the map's
    (the same on every map) and those its figures wear, so the palette is found once,
    from a sample of every kind of piece, and each layer only mapped onto it. Pure:
    the sample depends on nothing else."""
    return _PALETTES.get((colours,), lambda: _sampled_palette(colours))


SAMPLE_MAP = 0
"""The seed of the map the palette's sample is drawn on (any map shows every kind of
floor, wall and room item)."""


def _sampled_palette(colours: Colours) -> Image.Image:
    board = generate(random.Random(SAMPLE_MAP))
    used = frozenset(
        (index, item.furniture.id) for index in range(0, TILE_COUNT, 2)
        for item in bd.room_furniture(board, index)
    )
    kinds: list[tuple[FigureKind, int | None]] = [
        *(("human", c) for c in (*sorted(colours), None)),
        *(("skinned", c) for c in (*sorted(colours), None)),
        ("cenobite", None),
        ("creature", None),
    ]
    sample = Pieces(
        figures=tuple(
            Figure(kind=kind, square=(n % bd.SIZE, n // bd.SIZE), label="Ab", name="Sample",
                   colour=colour, status=("paralysed",))
            for n, (kind, colour) in enumerate(kinds)
        ),
        corpses=(Corpse(square=(0, bd.SIZE - 1), name="Sample"),),
        items=((1, bd.SIZE - 1), (1, bd.SIZE - 1)),
        dragged_to_hell=((2, bd.SIZE - 1),),
    )
    image = Image.new("RGB", (WIDTH, picture_height(sample)), BACKGROUND)
    image.paste(_base(board, used), (0, 0))
    draw = ImageDraw.Draw(image)
    _draw_gateway(draw, *_origin((3, bd.SIZE - 1)))
    _draw_pieces(draw, board, sample)
    _draw_roster(draw, sample)
    return image.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE)


def _on_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """Each pixel to its nearest palette colour (no dithering): a pixel's index depends
    on its colour alone, so layers mapped apart and pasted together equal the whole
    picture mapped at once."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _base_on_palette(board: Board, used: frozenset[tuple[int, str]], colours: Colours
                     ) -> Image.Image:
    key = (*_base_key(board, used), colours)
    return _BASES_ON_PALETTE.get(key, lambda: _on_palette(_base(board, used), _palette(colours)))


def warm_up() -> None:
    """Find the palette every uploaded picture shares and draw the key around the map,
    at start-up: in a fresh process they made the first picture cost 58–79 ms of CPU,
    and it was drawn in the opening, while fifty tables started at once (issue 27)."""
    colours = frozenset(SEAT_COLOURS)
    _palette(colours)
    _background_index(colours)
    _frame()


def clear_map_cache() -> None:
    """Forget the kept map layers, palettes, roster entries, compressed bands, the
    frame and the tile names' strips (benchmarks measure a first render)."""
    for kept in (_BASES, _BASES_ON_PALETTE, _PALETTES, _ROSTER, _BOXES):
        kept.clear()
    BANDS.clear()
    _frame.cache_clear()
    _background_index.cache_clear()
    _name_strip.cache_clear()



# Pieces


def _diamond(
    draw: ImageDraw.ImageDraw, centre: tuple[int, int], r: int, fill: RGB, edge: RGB
) -> None:
    cx, cy = centre
    draw.polygon(
        [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, outline=edge, width=2
    )


def _draw_gateway(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    cx, cy = x + CELL // 2, y + CELL // 2
    for r, colour in ((21, (90, 10, 10)), (17, GATEWAY), (11, (255, 90, 40)), (5, (255, 220, 120))):
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)


def _draw_token(draw: ImageDraw.ImageDraw, kind: FigureKind, colour: int | None,
                x: int, y: int, r: int) -> RGB:
    """A figure's shape (disc, ringed disc, diamond, triangle); returns its fill."""
    if kind in ("human", "skinned"):
        fill = _rgb(colour) if colour is not None else (70, 130, 200)
        edge, width = ((255, 255, 255), 3) if kind == "human" else (CENOBITE_EDGE, 5)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=edge, width=width)
        return fill
    if kind == "cenobite":
        _diamond(draw, (x, y), r + 3, CENOBITE, CENOBITE_EDGE)
        return CENOBITE
    draw.polygon([(x, y - r - 2), (x - r - 2, y + r), (x + r + 2, y + r)], fill=CREATURE,
                 outline=(20, 24, 10))
    return CREATURE


def _draw_figure(draw: ImageDraw.ImageDraw, figure: Figure, x: int, y: int, r: int) -> None:
    fill = _draw_token(draw, figure.kind, figure.colour, x, y, r)
    font = _font(22 if r >= TOKEN else 15)
    draw.text((x, y + 1), figure.label, font=font, fill=_text_colour(fill), anchor="mm")
    marks = [STATUS_MARKS.get(s, s[:1].upper()) for s in figure.status][:2]
    for i, mark in enumerate(marks):
        bx, by = x + r - 2 - i * 14, y - r + 1
        draw.ellipse((bx - 8, by - 8, bx + 8, by + 8), fill=BADGE, outline=(0, 0, 0))
        draw.text((bx, by + 1), mark, font=_font(13), fill=(0, 0, 0), anchor="mm")


def roster_rows(pieces: Pieces) -> int:
    """Rows of the roster under the map (three figures or corpses a row)."""
    return -(-(len(pieces.figures) + len(pieces.corpses)) // ROSTER_COLUMNS)


def picture_height(pieces: Pieces) -> int:
    return HEIGHT + roster_rows(pieces) * ROSTER_ROW


RosterEntry = tuple[FigureKind | None, int | None, str, str, str]
"""What a roster entry shows: the token's kind (None: a corpse), its colour and label,
the name and where."""


def _roster(pieces: Pieces) -> list[RosterEntry]:
    entries: list[RosterEntry] = []
    for f in pieces.figures:
        states = ", ".join(f.status)
        entries.append((f.kind, f.colour, f.label, f.name or f.label,
                        bd.square_name(f.square) + (f" ({states})" if states else "")))
    for c in pieces.corpses:
        entries.append((None, None, c.label, c.name or c.label,
                        f"{bd.square_name(c.square)} (dead)"))
    return entries


def _roster_spot(n: int) -> tuple[int, int]:
    return (MARGIN + (n % ROSTER_COLUMNS) * ROSTER_WIDTH,
            ROSTER_TOP + (n // ROSTER_COLUMNS) * ROSTER_ROW)


def _draw_roster(draw: ImageDraw.ImageDraw, pieces: Pieces) -> None:
    """Who each token is: the token again, the name, the square and any condition,
    large enough to read at phone size."""
    for n, entry in enumerate(_roster(pieces)):
        _draw_roster_entry(draw, entry, *_roster_spot(n))


def _draw_roster_entry(draw: ImageDraw.ImageDraw, entry: RosterEntry, x: int, y: int) -> None:
    """One entry, inside its ROSTER_WIDTH × ROSTER_ROW cell (so it can be drawn apart)."""
    kind, colour, label, name, where = entry
    if kind is not None:
        fill = _draw_token(draw, kind, colour, x + 16, y + 16, 15)
        draw.text((x + 16, y + 17), label, font=_font(16), fill=_text_colour(fill),
                  anchor="mm")
    else:
        draw.rounded_rectangle((x + 1, y + 6, x + 31, y + 27), radius=4, fill=CORPSE)
        draw.text((x + 16, y + 17), label or "†", font=_font(16), fill=(20, 20, 20),
                  anchor="mm")
    font = _font(ROSTER_FONT)
    draw.text((x + 38, y + 4), _fitted(font, name, where, ROSTER_WIDTH - 44), font=font,
              fill=LABEL)


def _fitted(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, name: str, where: str,
            room: int) -> str:
    """`name where` in `room` pixels: a long name is shortened before the square is,
    so the roster always says where a figure stands."""
    text = f"{name} {where}"
    while font.getlength(text) > room and len(name) > 5:
        name = name[:-2] + "…"
        text = f"{name} {where}"
    while font.getlength(text) > room and len(text) > 4:
        text = text[:-2] + "…"
    return text


Painter = Callable[[ImageDraw.ImageDraw, int, int], None]
Mark = tuple[Square, tuple[object, ...], Painter]
"""One square's share of one step of drawing the pieces: the square, what it shows
(equal for equal drawings) and how to draw it with the square's top-left corner at
(x, y), so that it can be drawn on a crop of the map as well as on the whole."""


def _marks(board: Board, pieces: Pieces) -> list[Mark]:
    """The pieces as marks, in the order they are drawn: gateway, dragged-to-Hell
    squares, corpses, dropped items, then one token per occupied square."""
    marks: list[Mark] = []
    if board.gateway is not None:
        marks.append((board.gateway, ("gateway",), _draw_gateway))
    marks.extend((sq, ("hell",), _draw_hell) for sq in pieces.dragged_to_hell)
    marks.extend((c.square, ("corpse", c.label), partial(_draw_corpse, c.label))
                 for c in pieces.corpses)
    counts: dict[Square, int] = defaultdict(int)
    for sq in pieces.items:
        counts[sq] += 1
    marks.extend((sq, ("items", n), partial(_draw_items, n)) for sq, n in counts.items())
    by_square: dict[Square, list[Figure]] = defaultdict(list)
    for figure in pieces.figures:
        by_square[figure.square].append(figure)
    for sq, figures in by_square.items():
        shown = min(figures, key=lambda f: CROWD_ORDER.index(f.kind))
        ring = sq == board.gateway
        marks.append((sq, ("figure", shown.kind, shown.colour, shown.label, shown.status, ring,
                           len(figures)),
                      partial(_draw_crowd, shown, ring, len(figures))))
    return marks


def _draw_pieces(draw: ImageDraw.ImageDraw, board: Board, pieces: Pieces) -> None:
    for sq, _, paint in _marks(board, pieces):
        paint(draw, *_origin(sq))


def _draw_hell(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.ellipse((x + 3, y + 3, x + 17, y + 17), fill=HELL_MARK, outline=(0, 0, 0))
    draw.text((x + 10, y + 11), "H", font=_font(10), fill=(255, 255, 255), anchor="mm")


def _draw_corpse(label: str, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle(
        (x + 4, y + 10, x + CELL - 4, y + CELL - 10),
        radius=4,
        fill=CORPSE,
        outline=(40, 40, 40),
    )
    draw.text(
        (x + CELL // 2, y + CELL // 2),
        label or "†",
        font=_font(18),
        fill=(20, 20, 20),
        anchor="mm",
    )


def _draw_items(n: int, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    _diamond(draw, (x + CELL - 11, y + CELL - 11), 9, ITEM, (60, 40, 0))
    if n > 1:
        draw.text(
            (x + CELL - 11, y + CELL - 10), str(n), font=_font(13), fill=(0, 0, 0), anchor="mm"
        )


def _draw_crowd(shown: Figure, ring: bool, count: int, draw: ImageDraw.ImageDraw, x: int,
                y: int) -> None:
    """The token a square shows, the gateway's ring around it, and how many stand there."""
    x, y = x + CELL // 2, y + CELL // 2
    _draw_figure(draw, shown, x, y, TOKEN)
    if ring:  # a ring the token can't cover: the gateway stays in sight
        draw.ellipse((x - 23, y - 23, x + 23, y + 23), outline=(90, 10, 10), width=6)
        draw.ellipse((x - 22, y - 22, x + 22, y + 22), outline=GATEWAY, width=4)
    if count > 1:
        _draw_count(draw, count, x, y)


CROWD_ORDER: tuple[FigureKind, ...] = ("human", "skinned", "creature", "cenobite")
"""Which piece of a crowded square shows its token: the people at stake first."""


def _draw_count(draw: ImageDraw.ImageDraw, count: int, x: int, y: int) -> None:
    """A crowded square (2 or more pieces) shows one full-size token and this badge:
    four quarter-size tokens were an unreadable smudge at the ~400 px a phone gives
    the picture. The roster under the map names everyone and their square."""
    bx, by = x + TOKEN - 3, y + TOKEN - 3
    draw.ellipse((bx - 14, by - 14, bx + 14, by + 14), fill=(255, 255, 255),
                 outline=(0, 0, 0), width=2)
    draw.text((bx, by + 1), str(count), font=_font(25), fill=(0, 0, 0), anchor="mm")


PALETTE_COLOURS = 64
"""Colours of the uploaded picture: at 64 it reads as the full-colour one at embed
size (checked at 400 px wide) and is under half the bytes (about 41 vs 89 KiB)."""
PALETTE_COMPRESSION = 3
"""zlib level of the uploaded PNG: level 3 encodes in a third of the default's time
for a fifth more bytes; encoding is most of what a picture costs."""
PIECE_REACH = 10
"""How far past its square a piece's drawing may reach (a crowded square's count
badge, a condition's badge): the part of the map redrawn around each square."""


def draw_board(board: Board, pieces: Pieces, *, fresh: bool = False) -> Image.Image:
    """The picture before it is encoded (RGB), drawn whole: one frame of the game's
    GIF, and what the uploaded picture's layers must add up to (`fresh`: the map drawn
    too, not its kept layer, so a stale layer cannot hide in both)."""
    used = frozenset(pieces.used_furniture)
    image = Image.new("RGB", (WIDTH, picture_height(pieces)), BACKGROUND)
    image.paste(_draw_base(board, used) if fresh else _base(board, used), (0, 0))
    draw = ImageDraw.Draw(image)
    _draw_pieces(draw, board, pieces)
    _draw_roster(draw, pieces)
    return image


def draw_on_palette(board: Board, pieces: Pieces) -> Image.Image:
    """The uploaded picture, as `draw_board` mapped onto the palette, but built from
    kept layers: the map already mapped (once per map), the squares around the pieces
    (`_box_sprite`) and the roster's entries kept mapped too. A changed picture so
    draws and maps the few squares around what moved, not a megapixel."""
    return _layered(board, pieces)[0]


Box = tuple[int, int, int, int]


def _layered(board: Board, pieces: Pieces) -> tuple[Image.Image, list[LayerKey]]:
    """The uploaded picture and a name for each band of `BAND_ROWS` rows: what was
    pasted over those rows, so equal names are equal pixels and a band kept
    compressed is found without reading its pixels (`palette_png`)."""
    colours = _palette_colours(pieces)
    used = frozenset(pieces.used_furniture)
    layer = (*_base_key(board, used), colours)
    height = picture_height(pieces)
    canvas = Image.new("P", (WIDTH, height), _background_index(colours))
    canvas.putpalette(_palette(colours).getpalette() or [])
    canvas.paste(_base_on_palette(board, used, colours), (0, 0))
    pasted: list[tuple[int, int, object]] = []
    """The rows each layer over the map covers (top, bottom), and what it shows."""
    marks = _marks(board, pieces)
    for sq in sorted({at for at, _, _ in marks}):
        x, y = _origin(sq)
        box = (x - PIECE_REACH, y - PIECE_REACH, x + CELL + PIECE_REACH, y + CELL + PIECE_REACH)
        near = [m for m in marks if abs(m[0][0] - sq[0]) <= 1 and abs(m[0][1] - sq[1]) <= 1]
        shows = (box, tuple((at, what) for at, what, _ in near))
        canvas.paste(_box_sprite(board, used, colours, box, (layer, shows), near), box[:2])
        pasted.append((box[1], box[3], shows))
    for n, entry in enumerate(_roster(pieces)):
        sprite, mask = _roster_sprite(entry, colours)
        x, y = _roster_spot(n)
        canvas.paste(sprite, (x - ROSTER_REACH, y - ROSTER_REACH), mask)
        pasted.append((y - ROSTER_REACH, y - ROSTER_REACH + sprite.height, (n, entry)))
    bands: list[LayerKey] = [
        (layer, at, min(at + BAND_ROWS, height),
         tuple(shows for top, bottom, shows in pasted if top < at + BAND_ROWS and bottom > at))
        for at in range(0, height, BAND_ROWS)
    ]
    return canvas, bands


def _box_sprite(board: Board, used: frozenset[tuple[int, str]], colours: Colours, box: Box,
                key: LayerKey, near: list[Mark]) -> Image.Image:
    """A square and PIECE_REACH around it (a piece draws no further), mapped onto the
    palette: the map's crop with the marks of the square and its eight neighbours
    drawn in their order, which are all that can reach it. Two overlapping boxes so
    agree where they overlap, and a box is drawn again only when a mark in reach
    changed."""
    def draw() -> Image.Image:
        crop = _base(board, used).crop(box)
        pen = ImageDraw.Draw(crop)
        for sq, _, paint in near:
            x, y = _origin(sq)
            paint(pen, x - box[0], y - box[1])
        return _on_palette(crop, _palette(colours))

    return _BOXES.get(key, draw)


@lru_cache(maxsize=16)
def _background_index(colours: Colours) -> int:
    dot = _on_palette(Image.new("RGB", (1, 1), BACKGROUND), _palette(colours))
    return dot.tobytes()[0]


ROSTER_REACH = 8
"""How far a roster token may reach out of its cell: a Cenobite's diamond by 2 px, a
three-letter label by about 4."""


def _roster_sprite(entry: RosterEntry, colours: Colours) -> Sprite:
    """One roster entry mapped onto the palette, with the mask of what it draws: its
    token may reach into the next cell, and the mask keeps the rest of that cell."""
    def draw() -> Sprite:
        size = (ROSTER_WIDTH + 2 * ROSTER_REACH, ROSTER_ROW + 2 * ROSTER_REACH)
        cell = Image.new("RGB", size, BACKGROUND)
        _draw_roster_entry(ImageDraw.Draw(cell), entry, ROSTER_REACH, ROSTER_REACH)
        blank = Image.new("RGB", size, BACKGROUND)
        mask = ImageChops.difference(cell, blank).convert("L").point(lambda v: 255 if v else 0)
        return _on_palette(cell, _palette(colours)), mask

    return _ROSTER.get((entry, colours), draw)


def render_board(board: Board, pieces: Pieces, *, palette: bool = False) -> bytes:
    """The map with its pieces and roster, as PNG bytes (WIDTH × `picture_height`
    pixels): full colour, or (`palette`, what the bot uploads) mapped onto
    `PALETTE_COLOURS` colours (`draw_on_palette`), which halves the bytes, and encoded
    so that the bands of rows it shares with a recent picture are not compressed again
    (`palette_png`)."""
    if palette:
        picture, bands = _layered(board, pieces)
        return palette_png(picture, PALETTE_COMPRESSION, bands)
    out = io.BytesIO()
    draw_board(board, pieces).save(out, format="PNG", compress_level=1)
    return out.getvalue()


# The text fallback

TEXT_LIMIT = 1900
_FIGURE_CHAR = {"cenobite": "&", "creature": "*"}
TEXT_LEGEND = (
    "A-Z human  a-z skinned  & Cenobite  * Creature  _ corpse  ? item  O gateway\n"
    "> stairs  ^ elevator  = room item (x used)  . room  | - + wall  X blocked  % broken"
)


def _figure_char(f: Figure) -> str:
    if f.kind in _FIGURE_CHAR:
        return _FIGURE_CHAR[f.kind]
    return f.label[0].upper() if f.kind == "human" else f.label[0].lower()


def _square_chars(board: Board, pieces: Pieces) -> dict[Square, str]:
    """One character per square, later layers covering earlier ones: floor, room item,
    portal, dropped item, gateway, corpse, then the first figure standing there."""
    chars = {
        sq: "." if bd.placed(board, bd.tile_index(sq)).tile.kind == "room" else " "
        for sq in bd.graph(board)
    }
    used = set(pieces.used_furniture)
    for index in range(36):
        for item in bd.room_furniture(board, index):
            chars[item.square] = "x" if (index, item.furniture.id) in used else "="
    chars.update(dict.fromkeys(bd.portal_squares(board, "stairs"), ">"))
    chars.update(dict.fromkeys(bd.portal_squares(board, "elevator"), "^"))
    chars.update(dict.fromkeys(pieces.items, "?"))
    if board.gateway is not None:
        chars[board.gateway] = "O"
    chars.update(dict.fromkeys((c.square for c in pieces.corpses), "_"))
    for f in reversed(pieces.figures):
        chars[f.square] = _figure_char(f)
    return chars


def render_text(board: Board, pieces: Pieces) -> str:
    """One character per square with the walls between squares, labelled A-R and 1-18,
    then a legend and where each figure stands; at most TEXT_LIMIT characters, for a
    Discord code block (the caller adds the fences)."""
    g = bd.graph(board)
    chars = _square_chars(board, pieces)
    marks = dict.fromkeys(board.destroyed_walls, "%")
    marks.update(dict.fromkeys(board.key_doorways, "%"))
    marks.update(dict.fromkeys((b.edge for b in board.blocked_doorways), "X"))

    def boundary(a: Square, b: Square, wall: str) -> str:
        if not (bd.in_bounds(a) and bd.in_bounds(b)):
            return wall
        return marks.get(bd.edge(a, b)) or (" " if b in g[a] else wall)

    size = bd.SIZE
    lines = ["   " + " ".join(bd.COLUMNS)]
    for gy in range(2 * size + 1):
        y = gy // 2
        row = [f"{y + 1:>2}" if gy % 2 else "  "]
        for gx in range(2 * size + 1):
            x = gx // 2
            if gx % 2 and gy % 2:
                row.append(chars[(x, y)])
            elif gy % 2:  # the boundary west of (x, y)
                row.append(boundary((x - 1, y), (x, y), "|"))
            elif gx % 2:  # the boundary north of (x, y)
                row.append(boundary((x, y - 1), (x, y), "-"))
            else:
                row.append(_corner(g, x, y))
        lines.append("".join(row).rstrip())
    text = "\n".join(lines) + "\n" + TEXT_LEGEND
    return _with_roster(text, pieces, board.gateway)


def _corner(g: bd.Graph, x: int, y: int) -> str:
    if x in (0, bd.SIZE) or y in (0, bd.SIZE):
        return "+"
    nw, ne, sw, se = (x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)
    walled = ne not in g[nw] or se not in g[ne] or se not in g[sw] or sw not in g[nw]
    return "+" if walled else " "


def _with_roster(text: str, pieces: Pieces, gateway: Square | None) -> str:
    """Who is where, as far as the limit allows (the map itself always fits)."""
    entries = []
    for f in pieces.figures:
        entries.append(f"{_figure_char(f)} {f.name or f.label} {bd.square_name(f.square)}")
    roster = "\n" + "  ".join(entries) if entries else ""
    if gateway is not None:
        roster = f"\nO gateway {bd.square_name(gateway)}" + roster.replace("\n", "  ", 1)
    if len(text) + len(roster) > TEXT_LIMIT:
        roster = roster[: TEXT_LIMIT - len(text) - 1] + "…"
    return text + roster

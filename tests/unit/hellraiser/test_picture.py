"""The drawn board: a PNG for every generated map, and a text map within Discord's limits."""

from __future__ import annotations

import io
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.games.hellraiser import picture as pic
from bot.games.hellraiser.picture import Corpse, Figure, Pieces, render_board, render_text
from bot.render.pictures import LAYERS
from engines.hellraiser import board as bd
from engines.hellraiser.board import Board, Square
from engines.hellraiser.mapgen import generate
from engines.hellraiser.tiles import TILE_COUNT
from tests.unit.hellraiser.support import obstacle_doorway

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def random_pieces(board: Board, rng: random.Random, figures: int = 8) -> Pieces:
    def sq() -> Square:
        return rng.randrange(18), rng.randrange(18)

    kinds = ("human", "skinned", "cenobite", "creature")
    furniture = [(f.tile, f.furniture.id) for i in range(36) for f in bd.room_furniture(board, i)]
    return Pieces(
        figures=tuple(
            Figure(
                kind=rng.choice(kinds),
                square=sq(),
                label=rng.choice(["Al", "PH", "Ch", "7", "Zed"]),
                name=rng.choice(["Alice", "Pinhead", "the Female Cenobite", "Butterball"]),
                colour=rng.randrange(0x1000000),
                status=tuple(rng.sample(["paralysed", "insane", "robot", "stunned"], 2)),
            )
            for _ in range(figures)
        ),
        corpses=(Corpse(square=sq(), label="Bo"),),
        items=tuple(sq() for _ in range(rng.randrange(6))),
        used_furniture=tuple(rng.sample(furniture, 4)),
        dragged_to_hell=(sq(),),
    )


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_the_picture_renders_for_many_generated_maps() -> None:
    """Issue 6: 'the picture renders for every generated map'."""
    for seed in range(60):
        rng = random.Random(seed)
        board = generate(rng)
        if seed % 2:
            board = bd.open_gateway(board, (rng.randrange(18), rng.randrange(18)))
        pieces = random_pieces(board, rng, figures=seed % 12)
        image = open_png(render_board(board, pieces))
        assert image.size == (pic.WIDTH, pic.picture_height(pieces))
        assert image.format == "PNG"


def test_the_picture_fits_an_embed_and_is_the_same_for_the_same_board() -> None:
    board = generate(random.Random(1))
    pieces = random_pieces(board, random.Random(2))
    assert 800 <= pic.WIDTH <= 1000 and 800 <= pic.picture_height(pieces) <= 1300
    assert render_board(board, pieces) == render_board(board, pieces)


def pixel(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    value = image.getpixel((x, y))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def edge_midpoint(a: Square, b: Square) -> tuple[int, int]:
    x0, y0, x1, y1 = pic._edge_line(bd.edge(a, b))
    return (x0 + x1) // 2, (y0 + y1) // 2


def test_walls_are_drawn_exactly_where_a_step_is_refused() -> None:
    """The picture's walls are the rules' walls, doorways between tiles included."""
    board = generate(random.Random(3))
    image = open_png(render_board(board, Pieces()))
    for y in range(18):
        for x in range(17):
            a, b = (x, y), (x + 1, y)
            walled = pixel(image, *edge_midpoint(a, b)) == pic.WALL
            assert walled == (not bd.can_step(board, a, b)), (a, b)


def test_a_blocked_doorway_and_a_key_doorway_change_the_picture() -> None:
    board = generate(random.Random(4))
    tile, item, (a, b) = obstacle_doorway(board)
    before = open_png(render_board(board, Pieces()))
    blocked = open_png(render_board(bd.block_doorway(board, a, b, tile, item), Pieces()))
    x, y = edge_midpoint(a, b)
    assert pixel(before, x, y) != pixel(blocked, x, y)
    wall = next(e for i in range(36) for e in bd.walls_between_tiles(board, i))
    keyed = open_png(render_board(bd.open_key_doorway(board, *wall), Pieces()))
    assert pixel(keyed, *edge_midpoint(*wall)) == pic.KEY_GOLD


def test_figures_the_gateway_and_used_items_are_drawn_where_they_are() -> None:
    board = bd.open_gateway(generate(random.Random(5)), (9, 9))
    item = bd.room_furniture(board, next(i for i in range(36) if bd.room_furniture(board, i)))[0]
    pieces = Pieces(
        figures=(Figure(kind="human", square=(0, 0), label="A", colour=0x12AB34),),
        used_furniture=((item.tile, item.furniture.id),),
    )
    image = open_png(render_board(board, pieces))
    cx, cy = pic._centre((0, 0))
    assert pixel(image, cx - 8, cy + 6) == (0x12, 0xAB, 0x34)
    gx, gy = pic._centre((9, 9))
    assert pixel(image, gx - 14, gy) == pic.GATEWAY
    fx, fy = pic._origin(item.square)
    icon = fx + 4 + 2, fy + pic.CELL - 20 + 8
    assert pixel(image, *icon) == pic.USED_FURNITURE
    fresh = open_png(render_board(board, Pieces()))
    assert pixel(fresh, *icon) == pic.USE_COLOURS[item.furniture.uses]


def test_rendering_one_board_does_not_leak_pieces_into_the_next() -> None:
    """The map layer is reused between renders; pieces are drawn on a copy."""
    board = generate(random.Random(6))
    empty = render_board(board, Pieces())
    render_board(board, random_pieces(board, random.Random(7), figures=12))
    assert render_board(board, Pieces()) == empty


def text_grid(text: str) -> list[str]:
    lines = text.split("\n")
    return [line.ljust(39) for line in lines[1:38]]


@pytest.mark.parametrize("seed", range(25))
def test_the_text_map_fits_a_code_block_and_shows_the_rules_walls(seed: int) -> None:
    """Fallback: at most 1,900 characters even with many long-named figures; a wall
    character sits exactly where a step is refused."""
    rng = random.Random(seed)
    board = bd.open_gateway(generate(rng), (rng.randrange(18), rng.randrange(18)))
    pieces = random_pieces(board, rng, figures=30)
    text = render_text(board, pieces)
    assert len(text) <= pic.TEXT_LIMIT
    grid = text_grid(text)
    for y in range(18):
        for x in range(18):
            if x < 17:
                c = grid[2 * y + 1][2 + 2 * x + 2]
                assert (c in "|X") == (not bd.can_step(board, (x, y), (x + 1, y))), (x, y)
            if y < 17:
                c = grid[2 * y + 2][2 + 2 * x + 1]
                assert (c in "-X") == (not bd.can_step(board, (x, y), (x, y + 1))), (x, y)


def test_the_text_map_marks_pieces_portals_and_lists_where_figures_stand() -> None:
    board = bd.open_gateway(generate(random.Random(9)), (4, 4))
    pieces = Pieces(
        figures=(
            Figure(kind="human", square=(0, 0), label="Al", name="Alice"),
            Figure(kind="cenobite", square=(17, 17), label="PH", name="Pinhead"),
            Figure(kind="skinned", square=(5, 0), label="Fr", name="Frank"),
        ),
        corpses=(Corpse(square=(0, 17)),),
    )
    text = render_text(board, pieces)
    grid = text_grid(text)

    def at(sq: Square) -> str:
        return grid[2 * sq[1] + 1][2 + 2 * sq[0] + 1]

    assert at((0, 0)) == "A" and at((17, 17)) == "&" and at((5, 0)) == "f"
    assert at((0, 17)) == "_" and at((4, 4)) == "O"
    for sq in bd.portal_squares(board, "stairs"):
        assert at(sq) == ">"
    assert "Alice A1" in text and "Pinhead R18" in text and "gateway E5" in text


@pytest.mark.parametrize("palette", [False, True])
def test_renders_from_worker_threads_match_renders_in_turn(
    monkeypatch: pytest.MonkeyPatch, palette: bool
) -> None:
    """The bot may render off its event loop; the kept map layers (and for the
    uploaded picture its palette, roster entries and compressed bands) are shared
    safely, including while old ones are dropped."""
    monkeypatch.setattr(LAYERS, "kept", 3)
    boards = [generate(random.Random(20 + i)) for i in range(6)]
    jobs = [(b, random_pieces(b, random.Random(i))) for i, b in enumerate(boards * 2)]
    pic.clear_map_cache()
    expected = [render_board(b, p, palette=palette) for b, p in jobs]
    pic.clear_map_cache()
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda job: render_board(*job, palette=palette), jobs))
    assert got == expected


def test_the_uploaded_palette_picture_keeps_the_map_readable() -> None:
    """Issue 14, smaller pictures: the palette PNG the bot uploads is smaller, the
    same size in pixels, and every pixel stays close to the full-colour picture's
    (walls, figures and the legend keep their colours)."""
    board = bd.open_gateway(generate(random.Random(6)), (9, 9))
    pieces = random_pieces(board, random.Random(7), figures=6)
    full = render_board(board, pieces)
    small = render_board(board, pieces, palette=True)
    assert len(small) < len(full) / 2
    rgb, quantized = open_png(full).convert("RGB"), open_png(small).convert("RGB")
    assert quantized.size == rgb.size
    red, green, blue = ImageChops.difference(rgb, quantized).split()
    drift = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    far = drift.point(lambda v: 255 if v > 48 else 0).histogram()[255]
    assert far < rgb.width * rgb.height / 200, "fewer than 0.5 % of pixels drift visibly"


def test_the_picture_is_legible_at_phone_width() -> None:
    """Issue 15, point 6: Discord shows the board about 400 px wide on a phone. A lone
    figure's token is still at least 16 px across there, the letters of the map and
    roster at least 9 px tall, and the symbols' key fits the rows kept for it."""
    board = generate(random.Random(8))
    pieces = Pieces(figures=(Figure(kind="human", square=(4, 4), label="Al", name="Alice",
                                    colour=0x12AB34),))
    image = open_png(render_board(board, pieces)).convert("RGB")
    scale = 400 / image.width
    small = image.resize((400, round(image.height * scale)), Image.Resampling.LANCZOS)
    cx, cy = (round(c * scale) for c in pic._centre((4, 4)))
    row = [pixel(small, x, cy) for x in range(cx - 12, cx + 13)]
    green = [x for x, p in enumerate(row) if p[1] > 120 and p[0] < 90 and p[2] < 110]
    assert max(green) - min(green) + 1 >= 14, "the token's disc, between its white rims"
    for size in (pic.KEY_FONT, pic.ROSTER_FONT, 24):
        assert pic._font(size).getbbox("A")[3] * scale >= 9
    assert max(y for _, y in pic.key_layout()) < pic.KEY_TOP + pic.KEY_ROWS * pic.KEY_ROW


def test_the_roster_under_the_map_grows_a_row_per_three_pieces() -> None:
    """Who is who, by name, beside the picture: one roster entry per figure and corpse."""
    board = generate(random.Random(9))
    figures = tuple(Figure(kind="human", square=(i, 0), label=f"H{i}", name=f"Human {i}")
                    for i in range(4))
    assert pic.picture_height(Pieces()) == pic.HEIGHT
    assert pic.picture_height(Pieces(figures=figures[:3])) == pic.HEIGHT + pic.ROSTER_ROW
    four = Pieces(figures=figures, corpses=(Corpse(square=(0, 1), label="Bo", name="Bob"),))
    assert pic.picture_height(four) == pic.HEIGHT + 2 * pic.ROSTER_ROW
    assert open_png(render_board(board, four)).size == (pic.WIDTH, pic.picture_height(four))


def test_a_long_name_is_shortened_before_its_square() -> None:
    font = pic._font(pic.ROSTER_FONT)
    text = pic._fitted(font, "Esmeralda Featherstonehaugh", "Q13 (insane)", 230)
    assert "Q13" in text and text.startswith("Esme") and font.getlength(text) <= 230


@pytest.mark.parametrize("room", [True, False])
def test_a_kept_tile_name_is_the_name_drawn_on_its_floor(room: bool) -> None:
    """Issue 27: tile names are pasted from kept strips; each must be exactly the name
    drawn where it stands, over its floor and grid, for every tile there is."""
    board = generate(random.Random(4))
    names = {bd.placed(board, i).tile.name for i in range(TILE_COUNT)}
    for name in names:
        drawn = Image.new("RGB", (3 * pic.CELL + 1, 3 * pic.CELL + 1))
        floor, grid = (pic.ROOM_FLOOR, pic.ROOM_GRID) if room else (pic.CORRIDOR_FLOOR,
                                                                     pic.CORRIDOR_GRID)
        draw = ImageDraw.Draw(drawn)
        draw.rectangle((0, 0, 3 * pic.CELL, 3 * pic.CELL), fill=floor)
        for i in (1, 2):
            draw.line((i * pic.CELL, 0, i * pic.CELL, 3 * pic.CELL), fill=grid, width=1)
        pasted = drawn.copy()
        draw.text((4, 1), pic.tile_label(name), font=pic._font(14), fill=pic.TILE_NAME)
        pasted.paste(pic._name_strip(name, room), (1, 1))
        assert ImageChops.difference(drawn, pasted).getbbox() is None, name


def test_the_warm_up_keeps_the_shared_palette_and_changes_no_picture() -> None:
    """Issue 27: start-up finds the palette every uploaded picture shares and draws the
    key, which made a fresh process's first picture cost 58–79 ms in the opening; a
    picture drawn after the warm-up is the one drawn without it."""
    board = generate(random.Random(7))
    pieces = random_pieces(board, random.Random(7))
    pic.clear_map_cache()
    cold = render_board(board, pieces, palette=True)
    pic.clear_map_cache()
    pic.warm_up()
    shared = (frozenset(pic.SEAT_COLOURS),)
    assert shared in pic._PALETTES._images, "the shared palette is kept from start-up"
    assert render_board(board, pieces, palette=True) == cold

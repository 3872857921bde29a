"""Issue 27, point 2: the uploaded Hellraiser picture is built from kept layers (the
map mapped onto the palette once, the squares around the pieces, the roster's
entries), and must be exactly the picture drawn whole and mapped at once, so a
stale or clipped layer can never show.

Two sources of pictures: the states of seeded random games (moves random or the
AI's, chance nodes sampled; walls broken, doors blocked and room items used as
play does it), and pieces crowded on purpose (every kind, badges, several on the
gateway, squares at the map's edges). The kept layers are shared between
examples and held to two maps, so reuse and eviction are both exercised.
"""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.games.hellraiser import picture as pic
from bot.games.hellraiser.picture import Corpse, Figure, FigureKind, Pieces
from bot.games.hellraiser.pieces import pieces as pieces_of
from bot.render.pictures import LAYERS
from engines.hellraiser import HellraiserOptions, HellraiserState
from engines.hellraiser import board as bd
from engines.hellraiser.board import Board
from engines.hellraiser.mapgen import generate
from tests.property.test_hellraiser_props import play

NO_SHRINKING = (Phase.explicit, Phase.reuse, Phase.generate)
"""Each example draws whole pictures: shrinking one took minutes, and the failing
example names its pieces anyway."""
CHECKS = 25
"""Pictures compared per game, spread over its steps (each costs a whole drawing)."""


def same_picture(board: Board, shown: Pieces) -> None:
    layered = pic.draw_on_palette(board, shown)
    whole = pic.draw_board(board, shown, fresh=True)
    palette = pic._palette(pic._palette_colours(shown))
    assert layered.size == whole.size
    assert layered.getpalette() == palette.getpalette()
    assert layered.tobytes() == pic._on_palette(whole, palette).tobytes()
    uploaded = Image.open(io.BytesIO(pic.render_board(board, shown, palette=True)))
    assert uploaded.tobytes() == layered.tobytes(), "a band found by a name that lies"


def random_game(seed: int) -> list[HellraiserState]:
    """The states of one seeded game with the map laid, in order (the rules' own random
    games: half of them open the gateway early, so Cenobites walk the map)."""
    rng = random.Random(seed)
    states: list[HellraiserState] = []
    options = HellraiserOptions(max_rounds=rng.choice((8, 20)))
    play(seed, rng.randint(2, 4), options,
         seen=lambda state: states.append(state) if state.board is not None else None)
    return states


@pytest.mark.slow(20)
@settings(max_examples=10, deadline=None, derandomize=True, phases=NO_SHRINKING,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_the_layered_picture_is_the_whole_picture_in_random_games(seed: int) -> None:
    """Every compared step of a random game: same size, palette and pixels."""
    states = random_game(seed)
    assert states, "the map is laid"
    kept, LAYERS.kept = LAYERS.kept, 2
    try:
        for state in states[:: max(1, len(states) // CHECKS)]:
            assert state.board is not None
            same_picture(state.board, pieces_of(state))
    finally:
        LAYERS.kept = kept


MAPS = [bd.open_gateway(generate(random.Random(seed)), (seed * 5 % 18, seed * 7 % 18))
        for seed in range(3)]
KINDS: tuple[FigureKind, ...] = ("human", "skinned", "cenobite", "creature")
EDGE_SQUARES = st.tuples(st.sampled_from((0, 1, 8, 16, 17)), st.sampled_from((0, 1, 9, 16, 17)))


@st.composite
def crowded(draw: st.DrawFn) -> tuple[Board, Pieces]:
    board = draw(st.sampled_from(MAPS))
    assert board.gateway is not None
    squares = st.one_of(st.just(board.gateway), EDGE_SQUARES)
    figures = draw(st.lists(st.builds(
        Figure,
        kind=st.sampled_from(KINDS),
        square=squares,
        label=st.sampled_from(("Al", "PH", "WW2", "7", "Mm")),
        name=st.sampled_from(("Alice", "the Female Cenobite", "Wojciech Wawrzyniak")),
        colour=st.one_of(st.none(), st.sampled_from(pic.SEAT_COLOURS)),
        status=st.lists(st.sampled_from(tuple(pic.STATUS_MARKS)), max_size=3, unique=True)
        .map(tuple),
    ), max_size=14))
    furniture = [(f.tile, f.furniture.id) for i in range(36) for f in bd.room_furniture(board, i)]
    return board, Pieces(
        figures=tuple(figures),
        corpses=tuple(Corpse(square=sq, label="Bo", name="Bob")
                      for sq in draw(st.lists(squares, max_size=3))),
        items=tuple(draw(st.lists(squares, max_size=5))),
        used_furniture=tuple(draw(st.lists(st.sampled_from(furniture), max_size=4,
                                           unique=True))),
        dragged_to_hell=tuple(draw(st.lists(squares, max_size=2))),
    )


@settings(max_examples=40, deadline=None, derandomize=True, phases=NO_SHRINKING,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=crowded())
def test_the_layered_picture_is_the_whole_picture_on_crowded_squares(
    case: tuple[Board, Pieces],
) -> None:
    """Badges and tokens reaching past their square or roster cell, at the map's edges."""
    board, shown = case
    same_picture(board, shown)


def test_a_layer_mapped_alone_maps_each_pixel_by_its_colour_alone() -> None:
    """What the layering rests on: mapping a part of a picture onto the palette gives
    that part of the whole picture mapped at once (no dithering, no context)."""
    board = MAPS[0]
    whole = pic.draw_board(board, Pieces())
    palette = pic._palette(frozenset(pic.SEAT_COLOURS))
    box = (100, 120, 300, 333)
    part = pic._on_palette(whole.crop(box), palette)
    assert part.tobytes() == pic._on_palette(whole, palette).crop(box).tobytes()
    assert isinstance(part, Image.Image) and part.mode == "P"

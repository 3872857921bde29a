"""Hellraiser map: picture render time, text map time, and map generation time.

Picture: `render_board` for generated maps with pieces on them, first render of a
map (map layer drawn) and later renders (map layer reused, pieces moved), against
a same-run baseline: Pillow creating an empty canvas of the same size and
encoding it as PNG with the same settings. Aim: under 100 ms per picture.

Map generation: `mapgen.generate` (every chance node sampled, tiles re-arranged
until the map is one network) against a same-run baseline: 36 tiles shuffled
into a `Board` with random turns and no connection rule.

Pictures in play (issue 27): seeded real games (AI and random moves, chance nodes
sampled), and at every step whose picture changed (its map or pieces: what
`picture_digest` names), the uploaded picture drawn the bot's way (`render_board(…,
palette=True)`: kept layers, kept bands) and the old way (drawn whole, mapped onto
the palette, Pillow's PNG at the same level), one after the other on the same state,
in CPU time of this thread. The first picture of the first game starts from empty
caches (a fresh process); later games' first pictures find the palette and the frame
kept (another table's new map). Target: ≤ 10 ms per changed picture.

    .venv/bin/python -m bench.hellraiser_render_bench [--maps 40] [--layouts 300]
        [--games 3] [--steps 400]
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from PIL import Image

from bot.games.hellraiser import picture as pic
from bot.games.hellraiser.picture import (
    Corpse,
    Figure,
    FigureKind,
    Pieces,
    render_board,
    render_text,
)
from bot.games.hellraiser.pieces import pieces as pieces_of
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.core.simulation import advance
from engines.hellraiser import ENGINE, HellraiserOptions, HellraiserState, mapgen
from engines.hellraiser import board as bd
from engines.hellraiser.board import Board, Placement
from engines.hellraiser.models import Action
from engines.hellraiser.tiles import tile_defs


def _timed(fn: Callable[[], object]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def _pieces(board: Board, rng: random.Random) -> Pieces:
    """A busy mid-game table: six Humans, three Cenobites, two Creatures, items, a corpse."""

    def sq() -> tuple[int, int]:
        return rng.randrange(18), rng.randrange(18)

    human: list[FigureKind] = ["human"]
    cenobite: list[FigureKind] = ["cenobite"]
    creature: list[FigureKind] = ["creature"]
    kinds = human * 6 + cenobite * 3 + creature * 2
    furniture = [(f.tile, f.furniture.id) for i in range(36) for f in bd.room_furniture(board, i)]
    return Pieces(
        figures=tuple(
            Figure(
                kind=k,
                square=sq(),
                label=f"P{i}",
                name=f"Player {i}",
                colour=rng.randrange(0x1000000),
                status=("insane",) if i % 4 == 0 else (),
            )
            for i, k in enumerate(kinds)
        ),
        corpses=(Corpse(square=sq(), label="Xx"),),
        items=tuple(sq() for _ in range(5)),
        used_furniture=tuple(rng.sample(furniture, 6)),
        dragged_to_hell=(sq(),),
    )


def _empty_canvas_png() -> bytes:
    image = Image.new("RGB", (pic.WIDTH, pic.HEIGHT), pic.BACKGROUND)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def bench_pictures(maps: int) -> dict[str, float]:
    rng = random.Random(1)
    boards = [bd.open_gateway(mapgen.generate(rng), (9, 9)) for _ in range(maps)]
    render_board(boards[0], Pieces())  # load the font once, as the bot does at start-up
    first, later, texts, baseline = [], [], [], []
    for board in boards:
        pieces = _pieces(board, rng)
        pic.clear_map_cache()
        first.append(_timed(partial(render_board, board, pieces)))
        moved = pieces.model_copy(update={"figures": _pieces(board, rng).figures})
        later.append(_timed(partial(render_board, board, moved)))
        texts.append(_timed(partial(render_text, board, moved)))
        baseline.append(_timed(_empty_canvas_png))
    size = len(render_board(boards[0], _pieces(boards[0], rng)))
    return {
        "first_ms": statistics.median(first) * 1000,
        "first_max_ms": max(first) * 1000,
        "later_ms": statistics.median(later) * 1000,
        "text_ms": statistics.median(texts) * 1000,
        "baseline_ms": statistics.median(baseline) * 1000,
        "png_kb": size / 1024,
    }


def _shuffled_board(rng: random.Random) -> Board:
    ids = list(tile_defs())
    rng.shuffle(ids)
    return Board(tiles=[Placement(tile=t, rotation=rng.randrange(4)) for t in ids])


def bench_layouts(layouts: int) -> dict[str, float]:
    ours = [_timed(partial(mapgen.generate, random.Random(s))) for s in range(layouts)]
    base = [_timed(partial(_shuffled_board, random.Random(s))) for s in range(layouts)]
    steps = []
    for seed in range(min(layouts, 200)):
        rng = random.Random(seed)
        layout, n = mapgen.new_layout(), 0
        while not mapgen.is_complete(layout):
            layout = mapgen.place(layout, sample(mapgen.layout_request(layout), rng))
            n += 1
        steps.append(n)
    connected = sum(bd.is_connected(_shuffled_board(random.Random(s))) for s in range(layouts))
    return {
        "ours_ms": statistics.mean(ours) * 1000,
        "ours_max_ms": max(ours) * 1000,
        "base_ms": statistics.mean(base) * 1000,
        "steps": statistics.mean(steps),
        "steps_max": max(steps),
        "shuffled_connected": connected / layouts,
    }


def _cpu_ms(fn: Callable[[], bytes]) -> tuple[float, int]:
    started = time.thread_time()
    data = fn()
    return (time.thread_time() - started) * 1000, len(data)


def _drawn_whole(board: Board, pieces: Pieces, fresh: bool) -> bytes:
    """The old way: the picture drawn whole (the map from its kept layer, or `fresh`
    for a first picture), mapped onto the palette, encoded by Pillow."""
    image = pic.draw_board(board, pieces, fresh=fresh)
    mapped = pic._on_palette(image, pic._palette(pic._palette_colours(pieces)))
    out = io.BytesIO()
    mapped.save(out, format="PNG", compress_level=pic.PALETTE_COMPRESSION)
    return out.getvalue()


@dataclass
class InPlay:
    steps: int = 0
    new_ms: list[float] = field(default_factory=list)
    old_ms: list[float] = field(default_factory=list)
    new_bytes: list[int] = field(default_factory=list)
    old_bytes: list[int] = field(default_factory=list)
    first_new_ms: list[float] = field(default_factory=list)
    first_old_ms: list[float] = field(default_factory=list)


def _states(seed: int, steps: int) -> list[HellraiserState]:
    """A seeded game's states once its map is laid: three players, moves the AI's or
    random (one in three), chance nodes sampled; a new game follows one that ends."""
    rng = random.Random(seed)
    states: list[HellraiserState] = []

    def decide(now: HellraiserState) -> tuple[int, Action]:
        seat = ENGINE.to_move(now)[0]
        if rng.random() < 2 / 3:
            return seat, ENGINE.ai_action(now, seat)
        return seat, rng.choice(ENGINE.legal_actions(now, seat))

    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(3)], HellraiserOptions())
    while len(states) < steps and ENGINE.result(state) is None:
        state = advance(ENGINE, state, rng, decide)
        if state.board is not None:
            states.append(state)
    return states


def bench_game(games: int, steps: int) -> InPlay:
    """Both ways on every changed picture; the first game's first picture of each
    starts from empty caches, and the old way's first pictures draw their map (its
    labels and key come from the kept frame, as they now do: the old way's first
    picture drew them too, so its figure here is a little low)."""
    figures = InPlay()
    for game in range(games):
        shown: str | None = None
        first = True
        for state in _states(100 + game, steps):
            figures.steps += 1
            assert state.board is not None
            board, pieces = state.board, pieces_of(state)
            now = board.model_dump_json() + pieces.model_dump_json()
            if now == shown:
                continue
            shown = now
            if first and game == 0:
                pic.clear_map_cache()
            old_ms, old_bytes = _cpu_ms(partial(_drawn_whole, board, pieces, first))
            if first and game == 0:
                pic.clear_map_cache()
            new_ms, new_bytes = _cpu_ms(partial(render_board, board, pieces, palette=True))
            if first:
                figures.first_old_ms.append(old_ms)
                figures.first_new_ms.append(new_ms)
                first = False
                continue
            figures.old_ms.append(old_ms)
            figures.new_ms.append(new_ms)
            figures.old_bytes.append(old_bytes)
            figures.new_bytes.append(new_bytes)
    return figures


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def report_game(games: int, steps: int) -> None:
    f = bench_game(games, steps)
    old, new = statistics.mean(f.old_ms), statistics.mean(f.new_ms)
    print(f"pictures in play ({games} seeded games, {f.steps} steps with the map laid, "
          f"{len(f.new_ms)} changed pictures after each game's first; CPU ms):")
    for name, ms, note in (("old (drawn whole) ", f.old_ms, ""),
                           ("new (kept layers)", f.new_ms, "  (target <= 10)")):
        print(f"  changed picture, {name}   mean {statistics.mean(ms):6.2f}  p50 "
              f"{statistics.median(ms):6.2f}  p95 {_p95(ms):6.2f}  max {max(ms):6.2f}{note}")
    print(f"  ratio old / new, changed picture     {old / new:6.2f}x")
    print(f"  first picture, cold process  old {f.first_old_ms[0]:6.1f}"
          f"  new {f.first_new_ms[0]:6.1f}")
    if len(f.first_new_ms) > 1:
        print(f"  first picture, another map   old {statistics.mean(f.first_old_ms[1:]):6.1f}"
              f"  new {statistics.mean(f.first_new_ms[1:]):6.1f}")
    print(f"  file size, mean KiB          old {statistics.mean(f.old_bytes) / 1024:6.1f}"
          f"  new {statistics.mean(f.new_bytes) / 1024:6.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--maps", type=int, default=40)
    parser.add_argument("--layouts", type=int, default=300)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--steps", type=int, default=400)
    args = parser.parse_args(argv)

    report_game(args.games, args.steps)

    p = bench_pictures(args.maps)
    print(f"board picture, {pic.WIDTH}x{pic.HEIGHT} PNG (median of {args.maps} maps):")
    print(f"  first render of a map       {p['first_ms']:8.1f} ms  (worst {p['first_max_ms']:.1f})")
    print(f"  later render, pieces moved  {p['later_ms']:8.1f} ms  (aim < 100 ms)")
    print(f"  baseline: empty canvas PNG  {p['baseline_ms']:8.1f} ms")
    print(f"  ratio first / baseline      {p['first_ms'] / p['baseline_ms']:8.1f}x")
    print(f"  ratio later / baseline      {p['later_ms'] / p['baseline_ms']:8.1f}x")
    print(f"  PNG size                    {p['png_kb']:8.0f} KiB")
    print(f"  text map                    {p['text_ms']:8.2f} ms")

    g = bench_layouts(args.layouts)
    print(f"map generation ({args.layouts} seeds):")
    print(
        f"  generate (one network)      {g['ours_ms']:8.2f} ms/map  (worst {g['ours_max_ms']:.1f})"
    )
    print(f"  baseline: shuffled Board    {g['base_ms']:8.2f} ms/map")
    print(f"  ratio generate / baseline   {g['ours_ms'] / g['base_ms']:8.1f}x")
    print(f"  chance nodes per map        {g['steps']:8.1f}  (worst {g['steps_max']})")
    connected = g["shuffled_connected"]
    print(f"  shuffled maps connected     {connected:8.1%}  (why tiles are re-arranged)")


if __name__ == "__main__":
    main()

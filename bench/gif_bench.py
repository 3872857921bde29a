"""`/game gif`: CPU seconds and bytes of 100-step GIFs, Hellraiser's and a card game's.

The game is played by computer seats (the table's own automation, `tests.support.ai_log`)
and cut 100 steps after its map is laid (steps before it draw nothing). Measured:
replaying the log, drawing one frame per picture change (`bot.gif.game_frames`), and
the GIF's encoding (`animate`: one palette, each frame mapped onto it, changed
rectangles, transparency, LZW). Same-run baseline: the same replay and the same frames
drawn (in full colour), without the encoding. Then the same for a game that draws no
board of its own (`--cards`, default Hellboy: The Dice Game): 100 steps of computer
players, one card of the board embed per step (`bot.game_media.CARDS`); the card
drawer's caches are emptied before each run, so every run draws as a fresh process
would. Targets (issue 28): at most 1 s of CPU and 2 MiB for the whole GIF. CPU is the
process's (`time.process_time`), best of `--rounds`, so other jobs on the machine count
as little as they can.

    .venv/bin/python -m bench gif [--steps 100] [--seeds 3] [--rounds 3] [--cards KEY]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial

from bot.frontend import install
from bot.game_media import CARDS, retell
from bot.games import GAMES
from bot.gif import Gif, animate, game_frames
from bot.models import GameRow, LogEntry
from bot.render import embed_card
from bot.render.games import FramePresenter, presenter_for
from tests.support.ai_log import ai_log


def drawn_log(seed: int, steps: int) -> tuple[GameRow, list[LogEntry]]:
    """A game's log cut `steps` steps after its first drawn picture (the laid map)."""
    game, log = ai_log("hellraiser", seed=seed, steps=400)
    drawn = next(n for n, step in enumerate(retell(game, log).steps, start=1)
                 if step.after.board is not None)
    return game, log[:drawn + steps + 1]


def cpu_seconds(fn: Callable[[], object], rounds: int) -> float:
    """The least process CPU time of `rounds` runs of `fn`."""
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        fn()
        best = min(best, time.process_time() - started)
    return best


def frames(presenter: FramePresenter, game: GameRow, log: list[LogEntry]) -> int:
    """The baseline: the log replayed and every frame drawn, nothing encoded."""
    told = retell(game, log)
    pictures = game_frames(presenter, game, told.start, told.steps)
    return sum(presenter.board_frame(game, f.state) is not None for f in pictures)


def encoded(presenter: FramePresenter, game: GameRow, log: list[LogEntry]) -> Gif:
    """The same frames made into the GIF `/game gif` posts."""
    told = retell(game, log)
    return animate(presenter, game, game_frames(presenter, game, told.start, told.steps))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench gif", description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cards", default="hellboy-dice")
    args = parser.parse_args(argv)
    install(GAMES)
    presenter = presenter_for("hellraiser")
    assert isinstance(presenter, FramePresenter)
    for seed in range(1, args.seeds + 1):
        game, log = drawn_log(seed, args.steps)
        base = cpu_seconds(partial(frames, presenter, game, log), args.rounds)
        cpu = cpu_seconds(partial(encoded, presenter, game, log), args.rounds)
        gif = encoded(presenter, game, log)
        print(f"seed {seed}: {len(log) - 1} steps ({args.steps} drawn), {gif.frames} frames,"
              f" {len(gif.data) / 1024:,.0f} KiB; CPU {cpu:.3f} s (baseline, replay and"
              f" frames alone: {base:.3f} s; encoding {cpu - base:.3f} s; ratio"
              f" {cpu / base:.2f})", flush=True)
    cards(args.cards, args.steps, args.seeds, args.rounds)


def cold(fn: Callable[[], object]) -> Callable[[], object]:
    """`fn` after emptying the card drawer's caches of lines, wraps and widths."""
    def run() -> object:
        embed_card.wrapped.cache_clear()
        embed_card.line_tile.cache_clear()
        embed_card.text_width.cache_clear()
        return fn()
    return run


def cards(key: str, steps: int, seeds: int, rounds: int) -> None:
    """The card game's figures: `steps` steps of computer players, a card per step."""
    for seed in range(1, seeds + 1):
        whole, log = ai_log(key, seed=seed, steps=steps)
        game = whole.model_copy(update={"status": "active", "result": None})
        base = cpu_seconds(cold(partial(frames, CARDS, game, log)), rounds)
        cpu = cpu_seconds(cold(partial(encoded, CARDS, game, log)), rounds)
        gif = encoded(CARDS, game, log)
        print(f"{key} seed {seed}: {len(log) - 1} steps, {gif.frames} cards,"
              f" {len(gif.data) / 1024:,.0f} KiB; CPU {cpu:.3f} s (baseline, replay and"
              f" cards alone: {base:.3f} s; encoding {cpu - base:.3f} s; ratio"
              f" {cpu / base:.2f})", flush=True)

"""What building the board costs per click against the rules' own cost (issue 27,
point 2), over a seeded game of each game with a board.

Each game is played by its players (every seat a person, digital) through the
board's own components: each click picks, with a seeded RNG, one move the board
offers (a button, a one-pick menu's option, or a seat's private panel), decodes
it as a click is decoded (`Presenter.decode`), applies it, lets the table's
automation resolve the digital dice, and draws the next board as the live board
does, the picture left out (another bench's job). Per click, averaged:

- the rules: `engine.apply` of the move, the automation's rolls, and
  `legal_actions` once for each seat the new board serves (the least any board
  needs);
- the board build: the embed (`board_embed`), the components (`board_view`)
  and their custom ids (`to_components`), as the live board sends them;
- the decode of the click, reported apart;
- encoding one custom-id code (Hellraiser's and Hellbringer's), against pydantic's
  own JSON of the same action in the same run;
- `legal_actions` calls per click and seat served, all of them (the rules', the
  decode's, the board's), target 1: the rules' call is the memo's
  (`bot.render.per_version`), which the decode of the next click and the board
  share.

Times are the process's CPU time (`time.process_time`), not the wall clock: the
bench is one thread, and on a machine shared with other work the wall clock
mostly measures the others.

    .venv/bin/python -m bench.board_build_bench [--clicks 150] [--seed 7]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.errors import ChooseFurther
from bot.frontend import install
from bot.games import GAMES
from bot.games.hellbringer import codes as hb_codes
from bot.games.hellbringer import menus as hb_menus
from bot.games.hellraiser import codes as hr_codes
from bot.models import GameRow, LogEntry, SeatRow
from bot.presenting import board_embed, board_view, panel_view
from bot.render import per_version
from bot.render.games import presenter_for
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService, bot_draws
from engines import registry
from engines.core.chance import sample
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.registry import AnyEngine

GAME_SEATS = {"hellraiser": 3, "hellbringer": 3, "hellboy-dice": 2, "hellboy-board": 2}
MOVE = "pd:mv:"
SELECT = "pd:sel:"


@dataclass
class Figures:
    clicks: int = 0
    rules: float = 0.0
    board: float = 0.0
    decode: float = 0.0
    calls: int = 0
    served: int = 0
    encodes: int = 0
    worst_board: float = 0.0


@dataclass(frozen=True)
class Leaf:
    """One move a board offers: a component's code and the values it sends."""

    seat: int | None
    code: str
    values: list[str] = field(default_factory=list)
    multi: tuple[int, int] | None = None
    """(least, most) picks of a multi-pick menu, whose `values` are its options."""


@contextmanager
def counting(engine: AnyEngine) -> Iterator[list[int]]:
    """Count calls of `engine.legal_actions` (the method the bot calls)."""
    calls = [0]
    original = engine.legal_actions

    def counted(state: Any, seat: int) -> Any:
        calls[0] += 1
        return original(state, seat)

    engine.legal_actions = counted  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        del engine.legal_actions


def _leaves(view: discord.ui.View, seat_of: Callable[[str], int | None]) -> list[Leaf]:
    """The moves of a view's components that one press or one pick plays."""
    found: list[Leaf] = []
    for item in view.to_components():
        for child in item.get("components", []):
            cid = str(child.get("custom_id", ""))
            if cid.startswith(MOVE):
                *_, seat, code = cid.split(":", 5)
                found.append(Leaf(seat_of(seat), code))
            elif cid.startswith(SELECT):
                *_, seat, code = cid.split(":", 5)
                values = [str(o["value"]) for o in child["options"]]
                if child.get("max_values", 1) == 1:
                    found += [Leaf(seat_of(seat), code, [v]) for v in values
                              if not v.startswith("k:")]
                else:
                    found.append(Leaf(seat_of(seat), code, values, multi=(
                        child.get("min_values", 1), child.get("max_values", 1))))
    return found


def _picked(rng: random.Random, engine: AnyEngine, state: Any, seat: int, leaf: Leaf
            ) -> list[str]:
    """Values for a multi-pick menu: a legal move's parts for Hellbringer's combined
    menus (most combinations name no move), any few options elsewhere."""
    if leaf.multi is None:
        return leaf.values
    if engine.key == "hellbringer" and leaf.code.startswith(hb_menus.COMBINED):
        family = leaf.code[len(hb_menus.COMBINED)]
        named = [found[1] for a in engine.legal_actions(state, seat)
                 if (found := hb_menus.parts(state, a)) is not None and found[0] == family]
        if named:
            return [value for value, _, _ in rng.choice(named)]
    low, high = leaf.multi
    return rng.sample(leaf.values, rng.randint(low, min(high, len(leaf.values))))


def _board_leaves(game: GameRow, state: Any) -> list[Leaf]:
    def seat_of(text: str) -> int | None:
        return None if text == "a" else int(text)

    leaves = _leaves(board_view(game, state), seat_of)
    for seat in range(len(game.seats)):
        leaves += _leaves(panel_view(game, state, seat), seat_of)
    return leaves


def _automation() -> TableService:
    async def service() -> TableService:
        storage = await SqliteStorage.open(":memory:")
        await storage.close()
        return TableService(storage)

    return asyncio.run(service())


def _advance(service: TableService, engine: AnyEngine, game: GameRow, state: Any,
             rng: random.Random) -> tuple[GameRow, Any]:
    """The table's automation (digital dice), and any card from the group's box drawn
    as the group would report it."""
    while True:
        entries: list[LogEntry] = []
        events: list[Event] = []
        game, state = service._advance_now(engine, game, state, entries, events)
        request = engine.chance(state)
        if request is None or engine.result(state) is not None or bot_draws(game, request):
            return game, state
        if any(item.open_hint is not None for item in request.items):
            raise Unreportable(request.prompt)
        state, _ = engine.resolve(state, sample(request, rng))


class Unreportable(Exception):
    """A card the group would name from its own box (free text): the bench stops there."""


def _command(engine: AnyEngine, state: Any, movers: list[int], rng: random.Random) -> Any:
    seat = rng.choice(movers)
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise RuntimeError(f"{engine.key}: seat {seat} may act but has no legal move")
    return engine.apply(state, seat, rng.choice(legal))[0]


def play(service: TableService, key: str, clicks: int, seed: int) -> Figures:
    engine = registry.get(key)
    presenter = presenter_for(key)
    seats = [SeatRow(user_id=100 + i, name=f"P{i + 1}") for i in range(GAME_SEATS[key])]
    game = GameRow(id=seed, guild_id=1, channel_id=2, game=key, mode="digital",
                   status="active", host_id=100, version=1, seats=seats, rng_seed=seed)
    state = engine.setup([Seat(index=i, name=s.name) for i, s in enumerate(seats)],
                         engine.parse_options({}))
    rng = random.Random(seed)
    game, state = _advance(service, engine, game, state, rng)
    figures = Figures()
    board_view(game, state)  # the board the first click is made on
    with counting(engine) as calls, contextlib.suppress(Unreportable):
        while figures.clicks < clicks and engine.result(state) is None:
            leaves = _board_leaves(game, state)
            movers = [s for s in range(len(seats)) if engine.may_act(state, s)]
            if not movers:
                break
            leaf = rng.choice(leaves) if leaves else None
            seat = leaf.seat if leaf is not None and leaf.seat is not None else movers[0]
            values = _picked(rng, engine, state, seat, leaf) if leaf is not None else []
            calls[0] = 0
            started = time.process_time()
            try:
                if leaf is None:
                    raise RuleError("no move on the board")
                move = engine.parse_action(presenter.decode(game, state, seat, leaf.code, values))
                decoded = time.process_time()
                state, _ = engine.apply(state, seat, move)
            except ChooseFurther:
                continue
            except RuleError:
                # what the board does not offer (the companion's agents, a refused
                # pick): a command, not a click, and not timed
                state = _command(engine, state, movers, rng)
                game = game.model_copy(update={"version": game.version + 1})
                game, state = _advance(service, engine, game, state, rng)
                continue
            game = game.model_copy(update={"version": game.version + 1})
            game, state = _advance(service, engine, game, state, rng)
            served = [s for s in range(len(game.seats)) if engine.may_act(state, s)]
            for acting in served:
                per_version.legal_actions(game, state, acting)
            ruled = time.process_time()
            figures.served += len(served)
            board_embed(game, state)
            board_view(game, state).to_components()
            built = time.process_time()
            figures.clicks += 1
            figures.decode += decoded - started
            figures.rules += ruled - decoded
            figures.board += built - ruled
            figures.worst_board = max(figures.worst_board, built - ruled)
            figures.calls += calls[0]
    return figures


def encodes(rounds: int = 3) -> dict[str, tuple[float, float]]:
    """Microseconds to encode one custom-id code, over every legal action of the
    states of a seeded Hellraiser and Hellbringer game, against pydantic's own JSON of
    the same actions (`model_dump_json`) in the same run: (code, baseline)."""
    found: dict[str, tuple[float, float]] = {}
    coders: dict[str, Callable[[int, Any], str]] = {
        "hellraiser": lambda i, a: hr_codes.encode(a), "hellbringer": hb_codes.encode}
    for key, code in coders.items():
        engine = registry.get(key)
        rng = random.Random(3)
        state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(3)],
                             engine.parse_options({}))
        actions: list[Any] = []
        for _ in range(300):
            if engine.result(state) is not None:
                break
            request = engine.chance(state)
            if request is not None:
                state = engine.resolve(state, sample(request, rng))[0]
                continue
            seat = engine.to_move(state)[0]
            actions += engine.legal_actions(state, seat)
            state = engine.apply(state, seat, engine.ai_action(state, seat))[0]
        best = (float("inf"), float("inf"))
        for _ in range(rounds):
            hb_codes.forget()  # a cold start: only a game's own repeats hit
            started = time.process_time()
            for i, action in enumerate(actions):
                code(i, action)
            coded = time.process_time()
            for action in actions:
                action.model_dump_json()
            dumped = time.process_time()
            best = min(best, ((coded - started) / len(actions), (dumped - coded) / len(actions)))
        found[key] = (best[0] * 1e6, best[1] * 1e6)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", default=",".join(GAME_SEATS))
    args = parser.parse_args(argv)
    install(GAMES)
    service = _automation()
    print(f"load average {os.getloadavg()[0]:.2f} (1 min)")
    for key in args.games.split(","):
        f = play(service, key, args.clicks, args.seed)
        n = max(f.clicks, 1)
        rules, board = f.rules / n * 1000, f.board / n * 1000
        print(f"{key}: {f.clicks} clicks")
        print(f"  {key} rules per click (apply + rolls + legal_actions once)  {rules:8.3f} ms")
        print(f"  {key} board build per click (embed + components + ids)     {board:8.3f} ms")
        print(f"  {key} board build worst click                               "
              f"{f.worst_board * 1000:8.3f} ms")
        print(f"  {key} decode per click                                      "
              f"{f.decode / n * 1000:8.3f} ms")
        print(f"  {key} board build / rules (target <= 2)                     "
              f"{board / rules if rules else 0:8.2f}x")
        print(f"  {key} legal_actions calls per click and seat (target 1)     "
              f"{f.calls / max(f.served, 1):8.2f}")
    for key, (code, dump) in encodes().items():
        print(f"{key} custom-id code encode per action                        {code:8.2f} µs")
        print(f"{key} baseline: pydantic model_dump_json per action           {dump:8.2f} µs")
        print(f"{key} encode / model_dump_json                                "
              f"{code / dump:8.2f}x")


if __name__ == "__main__":
    main()

"""What a game brings to Discord, declared once: its manifest (`GameFrontend`).

A game is an engine (`engines/<game>/`, pure rules) plus a Discord side
(`bot/games/<game>/`), and the Discord side declares everything the bot needs
from it in one `FRONTEND`: the engine, how the board is shown, the physical
report forms, its own slash-command cog, its simulator and its start-up work.
`bot/games/__init__.py` lists the manifests; `install` fills the engine,
presenter and form registries from that list, so nothing registers itself as a
side effect of being imported, and a game missing from the list is simply not
there.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from discord.ext import commands

from bot.clicks import TablesUI
from bot.live_board import LiveBoard
from bot.render.games import Presenter, register_presenter
from bot.storage import Storage
from bot.table import TableService
from bot.ui.report import ReportForm, register_forms
from engines import registry
from engines.registry import AnyEngine

Simulator = Callable[..., str]
"""`python -m bot simulate GAME`: (players, games, seed, options=None) → the statistics
to print; `options` are table options as typed (key → text). Raises ValueError
(pydantic's ValidationError is one) for a table the game refuses."""

Narrator = Callable[..., str]
"""`python -m bot simulate GAME --narrate`: (players, seed, options=None) → one AI
game's narration to print, the first game `simulate` plays with that seed."""

Stats = TypeVar("Stats")


def simulator(
    play: Callable[[int, int, int, Any], Stats], report: Callable[[Stats], str], engine: AnyEngine
) -> Simulator:
    """A game's simulator from its engine's `simulate(players, games, seed, options)` and
    the function that words its statistics; options are parsed by the engine's model."""

    def run(players: int, games: int, seed: int, options: dict[str, Any] | None = None) -> str:
        return report(play(players, games, seed, engine.parse_options(options or {})))

    return run


def narrator(play: Callable[[int, int, Any], list[str]], engine: AnyEngine) -> Narrator:
    """A game's narrator from its engine's `narrate(players, seed, options)`."""

    def run(players: int, seed: int, options: dict[str, Any] | None = None) -> str:
        return "\n".join(play(players, seed, engine.parse_options(options or {})))

    return run


@dataclass(frozen=True)
class Services:
    """The running bot's services, handed to the cogs that use them (they never reach
    through the bot object for them)."""

    storage: Storage
    table: TableService
    boards: LiveBoard
    ui: TablesUI


CogFactory = Callable[[Services], commands.Cog]


@dataclass(frozen=True)
class GameFrontend:
    """One game's Discord side. `forms` are the game's physical report forms, looked up
    by this game's key only (within the game, the first whose `fits` is true); `cog`
    builds its own command group, if it has one; `warm_up` runs once at start-up
    (building caches a first board would otherwise pay for)."""

    key: str
    engine: AnyEngine
    presenter: Presenter
    forms: tuple[ReportForm, ...] = ()
    cog: CogFactory | None = None
    simulate: Simulator | None = None
    narrate: Narrator | None = None
    warm_up: Callable[[], None] | None = None

    def __post_init__(self) -> None:
        if self.key != self.engine.key:
            raise ValueError(f"frontend {self.key!r} declares the engine {self.engine.key!r}")


_WARMED: set[str] = set()


def install(frontends: Iterable[GameFrontend]) -> None:
    """Make the listed games playable in this process: their engines, presenters and
    forms become what the table and the UI look up by key. Safe to call again."""
    seen: set[str] = set()
    warmed = False
    for frontend in frontends:
        if frontend.key in seen:
            raise ValueError(f"two games share the key {frontend.key!r}")
        seen.add(frontend.key)
        registry.register(frontend.engine)
        register_presenter(frontend.key, frontend.presenter)
        register_forms(frontend.key, frontend.forms)
        if frontend.warm_up is not None and frontend.key not in _WARMED:
            frontend.warm_up()
            _WARMED.add(frontend.key)
            warmed = True
    if warmed:
        settle_heap()


def settle_heap() -> None:
    """Put what start-up built (the warm-ups' tables: Hellboy's odds for every hand)
    out of the garbage collector's reach: it lives as long as the process, and every
    full collection walked all of it again, 41-43 ms of CPU on the event loop each
    time (issue 27). Garbage is collected first, so none is kept for good."""
    gc.collect()
    gc.freeze()


def simulators(frontends: Iterable[GameFrontend]) -> dict[str, Simulator]:
    """The games that can play themselves for statistics, by key."""
    return {f.key: f.simulate for f in frontends if f.simulate is not None}


def narrators(frontends: Iterable[GameFrontend]) -> dict[str, Narrator]:
    """The games that can narrate one game of their own, by key."""
    return {f.key: f.narrate for f in frontends if f.narrate is not None}

"""What a page shows of a game, read from storage (so any process serves any game):
the board as the channel sees it, the players, whose turn, the newest narration, and
for a seat's own link that seat's hidden information, never another's.

Each view is checked with the secrecy reader (`bot.secrecy`) before it is served:
the page is public like the board, so a leak refuses the page instead of showing it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.log_lines import SetupLine
from bot.models import GameRow, LogEntry
from bot.presenting import board_embed, private_embed
from bot.render.games import PicturePresenter, presenter_for
from bot.render.pictures import DigestPresenter, picture_digest
from bot.replay import ReplayStep, replay_steps, set_up
from bot.secrecy import SecretLeak, find_leaks
from bot.storage import Storage
from bot.workers import off_loop
from engines import registry

NARRATION_LINES = 12
"""The newest step's lines a live page shows (the channel's follow-ups, newest last)."""


@dataclass
class Part:
    """An embed as a page shows it: a Discord embed's readable parts."""

    title: str = ""
    description: str = ""
    fields: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""
    author: str = ""

    def texts(self) -> Iterator[str]:
        yield from (self.title, self.description, self.footer, self.author)
        for name, value in self.fields:
            yield name
            yield value


def part_of(embed: Mapping[str, Any]) -> Part:
    return Part(
        title=str(embed.get("title") or ""),
        description=str(embed.get("description") or ""),
        fields=[(str(f.get("name", "")), str(f.get("value", ""))) for f in embed.get("fields", [])],
        footer=str((embed.get("footer") or {}).get("text", "")),
        author=str((embed.get("author") or {}).get("name", "")),
    )


@dataclass
class Player:
    name: str
    to_move: bool
    ai: bool


@dataclass
class Board:
    """One board as a page shows it (the live page's, or one replay step's)."""

    game_id: int
    game_key: str
    version: int
    board: Part
    players: list[Player]
    narration: list[str]
    picture: bool
    """Whether the game draws this board (Hellraiser, once its map is laid): the page
    then shows the picture."""
    digest: str | None = None
    """What the picture shows (`picture_digest`): steps that show the same are drawn once."""
    private: list[Part] = field(default_factory=list)
    """A seat's own hidden information (a `seat` link), or every seat's after the end."""
    odds: str | None = None
    """A chance step's roll or draw and its odds in words ("Attack (alice): 6 — a
    1-in-6 roll, top 8 % of luck"), from `bot/luck.py`."""

    def texts(self) -> Iterator[str]:
        yield from self.board.texts()
        for player in self.players:
            yield player.name
        yield from self.narration
        for part in self.private:
            yield from part.texts()
        if self.odds:
            yield self.odds

    def public_texts(self) -> Iterator[str]:
        yield from self.board.texts()
        for player in self.players:
            yield player.name
        yield from self.narration
        if self.odds:
            yield self.odds

    @property
    def alt(self) -> str:
        """The picture's alt text: the board's own words (what it shows), clipped."""
        words = " ".join(t for t in (self.board.title, self.board.description) if t)
        return _clip(f"The board at version {self.version}: {words}", 1024)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def players_of(game: GameRow, state: Any) -> list[Player]:
    live = state is not None and game.live
    moving = set(registry.get(game.game).to_move(state)) if live else set()
    return [Player(seat.shown, i in moving, seat.ai) for i, seat in enumerate(game.seats)]


def board_of(game: GameRow, state: Any, narration: list[str], seat: int | None = None) -> Board:
    presenter = presenter_for(game.game)
    drawn = state is not None and isinstance(presenter, PicturePresenter)
    digest = picture_digest(presenter, game, state) if drawn else None
    private = [part_of(private_embed(game, state, seat).to_dict())] if (
        seat is not None and state is not None and seat < len(game.seats)) else []
    return Board(
        game_id=game.id,
        game_key=game.game,
        version=game.version,
        board=part_of(board_embed(game, state).to_dict()),
        players=players_of(game, state),
        narration=narration,
        picture=drawn and (digest is not None or not isinstance(presenter, DigestPresenter)),
        digest=digest,
        private=private,
    )


def check_secrets(game: GameRow, state: Any, board: Board, seat: int | None) -> None:
    """Refuse a page that names a secret its reader may not see: every seat's on a
    public page, every other seat's on a seat's own page."""
    if state is None:
        return
    texts = list(board.texts())
    leaks = [leak for leak in find_leaks(registry.get(game.game), state, texts)
             if leak.seat != seat]
    if leaks:
        raise SecretLeak(f"game {game.id} v{game.version}: " + "; ".join(map(str, leaks)))


def load_state(game: GameRow) -> Any:
    return None if game.state is None else registry.get(game.game).load_state(game.state)


def _narration(game: GameRow, steps: list[ReplayStep]) -> list[str]:
    presenter = presenter_for(game.game)
    newest = [s for s in steps if s.entry.version == game.version]
    lines = [line for s in newest for line in presenter.event_lines(game, s.events)]
    return lines[-NARRATION_LINES:]


class Narration:
    """The newest step's events for the live page. Events are not stored, only the
    log, so they are replayed; each game's replayed state is kept at the last
    version shown, and the next version replays only its own lines (a move and its
    rolls), not the whole game (a 150-step Hellraiser game: 300 ms from set-up). An
    undo or a new set-up since replays from set-up again."""

    def __init__(self, kept: int = 256) -> None:
        self.kept = kept
        self._reached: OrderedDict[int, tuple[int, int, Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def steps(self, game: GameRow, entries: list[LogEntry]) -> list[ReplayStep]:
        """This version's steps; run in the worker pool (a full replay is slow)."""
        engine = registry.get(game.game)
        with self._lock:
            reached = self._reached.get(game.id)
        fresh = [] if reached is None else [e for e in entries if e.seq > reached[1]]
        if reached is not None and reached[0] < game.version and not any(
                e.kind in ("undo", "setup") for e in fresh):
            steps = list(replay_steps(engine, reached[2], reached[3], fresh))
            state, counter = (steps[-1].after, steps[-1].rng_counter) if steps else reached[2:]
        else:
            steps = replayed_steps(game, entries)
            state = steps[-1].after if steps else initial_state(game, entries)
            counter = steps[-1].rng_counter if steps else _setup_counter(entries)
        with self._lock:
            last_seq = entries[-1].seq if entries else 0
            self._reached[game.id] = (game.version, last_seq, state, counter)
            self._reached.move_to_end(game.id)
            while len(self._reached) > self.kept:
                self._reached.popitem(last=False)
        return [s for s in steps if s.entry.version == game.version]


def _setup_counter(entries: list[LogEntry]) -> int:
    setup = next((e.payload for e in reversed(entries) if isinstance(e.payload, SetupLine)), None)
    return 0 if setup is None else setup.rng_counter


async def live_board(
    storage: Storage, game: GameRow, seat: int | None, narration: Narration
) -> Board:
    """The game's board now, with the newest step's narration."""
    state = load_state(game)
    entries = await storage.log(game.id, include_undone=False)
    steps = await off_loop(narration.steps, game, entries)
    board = board_of(game, state, _narration(game, steps), seat)
    check_secrets(game, state, board, seat)
    return board


def replayed_steps(game: GameRow, entries: list[LogEntry]) -> list[ReplayStep]:
    """Every step of the game from its newest set-up line (none before the start)."""
    setups = [i for i, e in enumerate(entries) if isinstance(e.payload, SetupLine)]
    if not setups:
        return []
    setup = entries[setups[-1]].payload
    assert isinstance(setup, SetupLine)
    engine = registry.get(game.game)
    return list(replay_steps(engine, set_up(engine, setup), setup.rng_counter,
                           entries[setups[-1] + 1:]))


def initial_state(game: GameRow, entries: list[LogEntry]) -> Any:
    setup = next((e.payload for e in reversed(entries) if isinstance(e.payload, SetupLine)), None)
    return None if setup is None else set_up(registry.get(game.game), setup)

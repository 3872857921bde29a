"""What a page shows of a game, read from storage (so any process serves any game):
the board as the channel sees it, the players, whose turn, the newest narration, and
for a seat's own link that seat's hidden information, never another's.

Each view is checked with the secrecy reader (`bot.secrecy`) before it is served:
the page is public like the board, so a leak refuses the page instead of showing it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.log_lines import SetupLine
from bot.models import GameRow, LogEntry
from bot.presenting import board_embed, private_embed
from bot.render.games import PicturePresenter, presenter_for
from bot.render.pictures import DigestPresenter, picture_digest
from bot.replay import Step, set_up, steps_from
from bot.secrecy import SecretLeak, find_leaks
from bot.storage import Storage
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
    """A chance step's odds in words ("a 9 % roll"): the place `bot/luck.py` fills."""

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


def _narration(game: GameRow, steps: list[Step]) -> list[str]:
    presenter = presenter_for(game.game)
    newest = [s for s in steps if s.entry.version == game.version]
    lines = [line for s in newest for line in presenter.event_lines(game, s.events)]
    return lines[-NARRATION_LINES:]


async def live_board(storage: Storage, game: GameRow, seat: int | None) -> Board:
    """The game's board now, with the newest step's narration: replayed from the
    newest stored checkpoint (a few dozen lines), or from set-up when none is kept."""
    state = load_state(game)
    checkpoint = await storage.checkpoint_before(game.id) if game.live else None
    engine = registry.get(game.game)
    if checkpoint is not None:
        steps = list(steps_from(engine, engine.load_state(checkpoint.state),
                                checkpoint.rng_counter, checkpoint.after))
    else:
        steps = replayed_steps(game, await storage.log(game.id, include_undone=False))
    board = board_of(game, state, _narration(game, steps), seat)
    check_secrets(game, state, board, seat)
    return board


def replayed_steps(game: GameRow, entries: list[LogEntry]) -> list[Step]:
    """Every step of the game from its newest set-up line (none before the start)."""
    setups = [i for i, e in enumerate(entries) if isinstance(e.payload, SetupLine)]
    if not setups:
        return []
    setup = entries[setups[-1]].payload
    assert isinstance(setup, SetupLine)
    engine = registry.get(game.game)
    return list(steps_from(engine, set_up(engine, setup), setup.rng_counter,
                           entries[setups[-1] + 1:]))


def initial_state(game: GameRow, entries: list[LogEntry]) -> Any:
    setup = next((e.payload for e in reversed(entries) if isinstance(e.payload, SetupLine)), None)
    return None if setup is None else set_up(registry.get(game.game), setup)

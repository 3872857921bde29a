"""A game retold from its log: the animated GIF (`/game gif`) and the luck report.

Both read the game the way undo does (`bot.replay.replay_steps` over the stored log),
never the live table, so what they show is what the log proves happened. Replaying and
drawing are CPU work and run in the worker pool (`bot.workers`); only the log read
and the wording happen on the event loop.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.gif import GIF_LIMIT, MAX_FRAMES, Gif, animate, game_frames
from bot.luck import ChanceStep, PlayerLuck, chance_steps, luck_report
from bot.maintenance import fate_sentence
from bot.models import GameRow, LogEntry
from bot.presenting import board_embed
from bot.render.embed_card import embed_card, unmarked
from bot.render.games import FramePresenter, PicturePresenter, presenter_for
from bot.replay import ReplayDivergence, ReplayStep, replay_steps, set_up
from bot.storage import Storage
from bot.workers import off_loop
from engines import registry
from engines.core.errors import RuleError
from engines.registry import AnyEngine

ALT_LIMIT = 1024


class BoardCards:
    """The frames of a game that draws no board of its own: its public board embed, the
    very one the live board posts (`board_embed`, from `view(state, None)`), drawn as a
    card (`bot.render.embed_card`). One presenter serves every such game, so a game
    needs no code of its own to be animated, and a card can show nothing the channel's
    board did not."""

    def board_frame(self, game: GameRow, state: Any) -> Image.Image | None:
        if state is None or game.status == "lobby":
            return None
        return embed_card(board_embed(game, state))

    def picture_digest(self, game: GameRow, state: Any) -> str | None:
        """The embed itself: a step that changed nothing the board says adds no card."""
        if state is None or game.status == "lobby":
            return None
        shown = json.dumps(board_embed(game, state).to_dict(), sort_keys=True)
        return hashlib.sha256(shown.encode()).hexdigest()

    def words(self, game: GameRow, state: Any) -> str:
        """The card's words, for its alt text (emoji kept: a screen reader names them)."""
        embed = board_embed(game, state)
        parts = [embed.title or "", embed.description or "",
                 *(f"{f.name}: {f.value}" for f in embed.fields)]
        return ". ".join(unmarked(p).strip().replace("\n", "; ") for p in parts if p)


CARDS = BoardCards()


def frames_of(game_key: str) -> FramePresenter:
    """Who draws `game_key`'s frames: its own presenter if it draws its board, else
    the card of its board embed."""
    presenter = presenter_for(game_key)
    return presenter if isinstance(presenter, FramePresenter) else CARDS


@dataclass(frozen=True)
class Retold:
    """A game replayed from its log: the set-up state and every step after it."""

    game: GameRow
    engine: AnyEngine
    start: Any
    steps: list[ReplayStep]


@dataclass(frozen=True)
class GifPost:
    """What `/game gif` posts: the words, the file and its alt text."""

    content: str
    data: bytes
    filename: str
    description: str


def retell(game: GameRow, log: list[LogEntry]) -> Retold:
    """Replay `game`'s log (CPU: call it through `off_loop`)."""
    engine = registry.get(game.game)
    setup = next((e for e in log if e.kind == "setup" and not e.undone), None)
    if setup is None:
        raise RuleError("The game hasn't started yet: the host presses **Start**.")
    start = set_up(engine, setup.payload)
    counter = getattr(setup.payload, "rng_counter", 0)
    return Retold(game, engine, start, list(replay_steps(engine, start, counter, log)))


async def retold(storage: Storage, game: GameRow) -> Retold:
    log = await storage.log(game.id)
    try:
        return await off_loop(retell, game, log)
    except ReplayDivergence:
        raise RuleError(
            f"Game #{game.id}'s log does not replay cleanly, so it cannot be retold;"
            " `/game log` downloads it for a GM to check."
        ) from None


def luck_of(story: Retold, *, reveal: bool) -> tuple[list[ChanceStep], list[PlayerLuck]]:
    """Every roll's and draw's odds, and each player's luck (`bot.luck`). `reveal` is
    the table's `reveal_after_end`, and counts only once the game is over."""
    names = [seat.name for seat in story.game.seats]
    steps = chance_steps(story.engine, story.steps, names,
                         reveal=reveal and not story.game.live)
    return steps, luck_report(steps, names)


async def check_drawn(storage: Storage, game: GameRow, state: Any) -> None:
    """Refuse, in one sentence and before anything is deferred, a game whose board has
    no picture yet (a lobby; Hellraiser before its map is laid), or whose log retention
    deleted (the GIF is drawn from the log)."""
    presenter = frames_of(game.game)
    if state is None or await off_loop(presenter.board_frame, game, state) is None:
        raise RuleError("Nothing has been drawn yet: the board's picture appears once the"
                        " game has a map.")
    fate = await storage.log_fate(game.id)
    if fate is not None and fate.fate == "removed":
        raise RuleError(fate_sentence(game.id, fate))


def _gif(story: Retold, max_frames: int) -> tuple[Gif, str]:
    presenter = frames_of(story.game.game)
    frames = game_frames(presenter, story.game, story.start, story.steps)
    if not frames:
        raise RuleError("Nothing has been drawn yet.")
    gif = animate(presenter, story.game, frames, max_frames=max_frames)
    last = story.steps[-1].after if story.steps else story.start
    if isinstance(presenter, BoardCards):
        return gif, presenter.words(story.game, last)
    drawn = (presenter.board_picture(story.game, last)
             if isinstance(presenter, PicturePresenter) else None)
    return gif, drawn.description if drawn is not None else ""


def _luck_lines(report: list[PlayerLuck]) -> list[str]:
    """Each player's luck over all their rolls, and the kind of roll furthest from
    average, if they made more than one kind."""
    lines = []
    for luck in report:
        if luck.prompt is None:
            lines.append(luck.words)
            kinds = [k for k in report if k.seat == luck.seat and k.prompt is not None]
            if len(kinds) > 1:
                lines.append(max(kinds, key=lambda k: abs(k.percentile - 50)).words)
    return lines


async def gif_post(storage: Storage, game: GameRow, *, reveal: bool,
                   max_frames: int = MAX_FRAMES) -> GifPost:
    """The GIF of `game` so far, with its luck report (after `check_drawn`)."""
    story = await retold(storage, game)
    gif, last_words = await off_loop(_gif, story, max_frames)
    _, report = await off_loop(luck_of, story, reveal=reveal)
    merged = (f" {gif.merged} of its {gif.frames + gif.merged} pictures were merged into"
              f" their neighbours to stay within {max_frames} frames and"
              f" {GIF_LIMIT // 2**20} MiB."
              if gif.merged else "")
    luck = _luck_lines(report)
    content = (f"Game #{game.id} {'so far' if game.live else 'from start to end'}:"
               f" {gif.frames} frame{'s' if gif.frames != 1 else ''} over {gif.steps}"
               f" step{'s' if gif.steps != 1 else ''} ({len(gif.data) / 1024:,.0f} KiB)."
               f"{merged}" + ("\n**Luck** (dice against their exact odds):\n" + "\n".join(
                   f"• {line}" for line in luck) if luck else ""))
    description = (f"Animated board of game #{game.id},"
                   f" {gif.frames} frame{'s' if gif.frames != 1 else ''}."
                   f" The last frame: {last_words}")
    if len(description) > ALT_LIMIT:
        description = description[: ALT_LIMIT - 1] + "…"
    return GifPost(content[:2000], gif.data, f"game-{game.id}.gif", description)

"""A game's every step for the replay page, from its log through the same replay as
`python -m bot replay` (`bot.replay.replay_steps`).

Hidden information stays hidden while a game runs; once it ended, each step also
shows every seat's hand unless the table's `reveal_after_end` setting is off. Each
chance step carries its odds and a finished game its luck report, both from
`bot/luck.py` under the same reveal rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.luck import chance_steps, luck_report
from bot.models import GameRow
from bot.presenting import private_embed
from bot.render.games import presenter_for
from bot.replay import REPLAYED_KINDS
from bot.storage import Storage
from bot.table_settings import resolve
from bot.web.pages import plain
from bot.web.views import Board, board_of, check_secrets, initial_state, part_of, replayed_steps
from engines import registry

SET = "The table is set"


@dataclass
class Replay:
    game: GameRow
    steps: list[Board]
    states: list[Any]
    labels: list[str]
    revealed: bool
    luck: list[str] = field(default_factory=list)
    """The end's luck report, one line per player and kind of roll (`bot/luck.py`)."""


async def reveals(storage: Storage, game: GameRow) -> bool:
    """Whether a finished game shows its hands: the table's `reveal_after_end`, read
    the way every table setting is (channel, then server, then the default)."""
    if game.live:
        return False
    guild = await storage.get_settings("guild", game.guild_id or 0)
    channel = await storage.get_settings("channel", game.channel_id)
    settings, _ = resolve(guild, channel)
    return settings.reveal_after_end


def _label(number: int, total: int, describe: str) -> str:
    return f"Step {number} of {total}: {describe}" if describe else f"Step {number} of {total}"


def _step_board(game: GameRow, shown: GameRow, state: Any, lines: list[str],
                revealed: bool) -> Board:
    """One step's board: after the end with every hand, before it checked for them."""
    board = board_of(shown, state, lines)
    if revealed and state is not None:
        for seat in range(len(game.seats)):
            part = part_of(private_embed(shown, state, seat).to_dict())
            part.author = f"Seat {seat + 1}"
            part.title = f"{game.seats[seat].shown}'s hidden cards, shown after the end"
            board.private.append(part)
    elif state is not None and registry.get(game.game).hidden_information:
        check_secrets(shown, state, board, None)
    return board


def _at_start(game: GameRow) -> GameRow:
    return game.model_copy(update={"version": 0, "status": "active", "result": None})


def first_step(game: GameRow, entries: list[Any], revealed: bool) -> tuple[Board, str, int]:
    """The set-up's board and label alone, without replaying the game: the page
    shows it at once while the steps are built (a 300-step game takes a second)."""
    total = sum(1 for e in entries[_last_setup(entries) + 1:]
                if e.kind in REPLAYED_KINDS and not e.undone)
    state = initial_state(game, entries)
    shown = game if total == 0 else _at_start(game)
    return _step_board(game, shown, state, [], revealed), _label(0, total, SET), total


def _last_setup(entries: list[Any]) -> int:
    return max((i for i, e in enumerate(entries) if e.kind == "setup"), default=len(entries))


def build(game: GameRow, entries: list[Any], revealed: bool) -> Replay:
    """Every step's board (pure, run in the worker pool: a 300-step Hellraiser game
    takes about a second on a loaded machine)."""
    steps = replayed_steps(game, entries)
    first = initial_state(game, entries)
    states: list[Any] = [first, *(s.after for s in steps)]
    lines: list[list[str]] = [[], *([] for _ in steps)]
    versions = [0, *(s.entry.version for s in steps)]
    describes = [SET]
    presenter = presenter_for(game.game)
    for i, step in enumerate(steps, start=1):
        lines[i] = presenter.event_lines(game, step.events)
        describes.append(plain(" ".join(lines[i][:1])))
    boards: list[Board] = []
    last = len(states) - 1
    for i, state in enumerate(states):
        shown = game if i == last else _at_start(game).model_copy(update={"version": versions[i]})
        boards.append(_step_board(game, shown, state, lines[i], revealed))
    names = [seat.name for seat in game.seats]
    chances = chance_steps(registry.get(game.game), steps, names, reveal=revealed)
    for chance in chances:
        boards[chance.step].odds = chance.words.split(" · ", 1)[-1]
    luck = [] if game.live else [line.words for line in luck_report(chances, names)]
    total = len(boards) - 1
    labels = [_label(i, total, d) for i, d in enumerate(describes)]
    return Replay(game, boards, states, labels, revealed, luck)


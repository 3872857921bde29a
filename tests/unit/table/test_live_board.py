"""The live board (`bot/live_board.py`): the board a player sees must end on the
table's newest state, whichever drawing was asked for first."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.live_board import LiveBoard
from bot.table import Outcome, TableService
from engines import registry
from tests.unit.table.conftest import ALICE, BOB

CH = 100
BOARD = 5_000


class RacingChannel:
    """A channel whose first board edit is overtaken: while it is in flight, a click
    commits the next move and asks the live board to show it (what a loaded bot sees).
    The board's edit reaches Discord's HTTP layer as the bot sends it (`_state.http`:
    `bot.interactions.edit_posted` builds no message of the reply), any other edit
    through the partial message."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.id = CH
        self.board: LiveBoard | None = None
        self.shown: list[int] = []
        """The version each landed edit shows, in landing order."""
        self.click: asyncio.Task[None] | None = None
        self._state = SimpleNamespace(allowed_mentions=None,
                                      http=SimpleNamespace(edit_message=self._edit_message))

    def get_partial_message(self, message_id: int) -> RacingChannel:
        assert message_id == BOARD
        return self

    async def _edit_message(self, channel_id: int, message_id: int, *, params: Any) -> None:
        assert (channel_id, message_id) == (CH, BOARD)
        await self._landed(params.payload["components"])

    async def edit(self, **changes: Any) -> None:
        await self._landed(changes["view"].to_components())

    async def _landed(self, rows: list[dict[str, Any]]) -> None:
        if self.click is None and self.board is not None:
            clicked = await _roll(self.service)
            self.click = asyncio.create_task(self.board.show(clicked))
            await asyncio.sleep(0)
        self.shown.append(_version(rows))

    async def send(self, **changes: Any) -> None:
        raise AssertionError("the board is in sight: it is edited, not posted again")


async def _roll(service: TableService) -> Outcome:
    """Whoever is to move rolls (Pig passes the turn on a 1)."""
    current = await service.current(CH)
    assert current is not None
    seat = registry.get("pig").to_move(current.state)[0]
    return await service.act(CH, (ALICE, BOB)[seat], {"type": "roll"})


async def _started(service: TableService) -> None:
    """A started game of Pig whose live board is message `BOARD`."""
    await service.new_game(
        channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital",
        options={"target": 1000},
    )
    await service.join(CH, BOB)
    await service.start(CH, ALICE, 1)
    await service.set_board_message(CH, (await service.current(CH)).game.id, BOARD)  # type: ignore[union-attr]


def _version(rows: list[dict[str, Any]]) -> int:
    ids = [c.get("custom_id", "") for row in rows for c in row["components"]]
    moves = [i for i in ids if i.startswith("pd:mv:")]
    return int(moves[0].split(":")[3])


async def test_an_overtaken_drawing_is_followed_by_one_showing_the_newest_state(
    service: TableService,
) -> None:
    """Live board: "the last edit always shows the last state", even when a click's
    change commits while an older drawing is in flight."""
    await _started(service)
    first = await _roll(service)
    channel = RacingChannel(service)
    board = LiveBoard(service, lambda _id: channel, min_interval=0)  # type: ignore[arg-type,return-value]
    channel.board = board
    board.request(first)
    await board.flush()
    assert channel.click is not None
    await channel.click
    newest = await service.current(CH)
    assert newest is not None and newest.game.version == first.game.version + 1
    assert channel.shown == [first.game.version, newest.game.version], channel.shown


async def test_every_listener_hears_each_state_shown(service: TableService) -> None:
    """Live board: other views (a web page) follow the board by subscribing; each is
    told the game and version shown, and one that unsubscribed is told nothing."""
    await _started(service)
    channel = RacingChannel(service)
    board = LiveBoard(service, lambda _id: channel, min_interval=0)  # type: ignore[arg-type,return-value]
    heard: list[tuple[int, int]] = []
    gone: list[tuple[int, int]] = []
    board.subscribe(lambda game, version: heard.append((game, version)))
    board.subscribe(left := lambda game, version: gone.append((game, version)))
    board.unsubscribe(left)
    first = await _roll(service)
    await board.show(first)
    assert heard == [(first.game.id, first.game.version)]
    assert gone == []

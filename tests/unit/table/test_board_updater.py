"""The live board's background updater (`bot/board_updates.py`): the board a
player sees must end on the table's newest state, whichever edit lands last."""

from __future__ import annotations

from typing import Any

import discord

from bot.board_updates import BoardUpdater
from bot.table import Outcome, TableService
from engines import registry
from tests.unit.table.conftest import ALICE, BOB

CH = 100
BOARD = 5_000


class RacingChannel:
    """A channel whose first board edit is overtaken: while it is in flight, a
    click commits the next move and its own edit lands first, so the updater's
    older picture arrives last (what a loaded bot sees)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.shown: list[int] = []
        """The version each landed edit shows, in landing order."""
        self.raced = False

    def get_partial_message(self, message_id: int) -> RacingChannel:
        assert message_id == BOARD
        return self

    async def edit(self, **changes: Any) -> None:
        version = _version(changes["view"])
        if not self.raced:
            self.raced = True
            clicked = await _roll(self.service)
            self.shown.append(clicked.game.version)
        self.shown.append(version)

    async def send(self, **changes: Any) -> None:
        raise AssertionError("the board is in sight: it is edited, not posted again")


async def _roll(service: TableService) -> Outcome:
    """Whoever is to move rolls (Pig passes the turn on a 1)."""
    current = await service.current(CH)
    assert current is not None
    seat = registry.get("pig").to_move(current.state)[0]
    return await service.act(CH, (ALICE, BOB)[seat], {"type": "roll"})


def _version(view: discord.ui.View) -> int:
    rows = view.to_components()
    ids = [c.get("custom_id", "") for row in rows for c in row["components"]]
    moves = [i for i in ids if i.startswith("pd:mv:")]
    return int(moves[0].split(":")[3])


async def test_an_overtaken_edit_is_followed_by_one_showing_the_newest_state(
    service: TableService,
) -> None:
    """Live board: "the last edit always shows the last state", even when a click's
    edit lands before the updater's older one."""
    await service.new_game(
        channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital",
        options={"target": 1000},
    )
    await service.join(CH, BOB)
    await service.start(CH, ALICE, 1)
    await service.set_board_message(CH, (await service.current(CH)).game.id, BOARD)  # type: ignore[union-attr]
    first = await _roll(service)
    channel = RacingChannel(service)
    updater = BoardUpdater(service, lambda _id: channel, min_interval=0)  # type: ignore[arg-type,return-value]
    updater.request(first)
    await updater.flush()
    newest = await service.current(CH)
    assert newest is not None and newest.game.version == first.game.version + 1
    assert channel.shown[-1] == newest.game.version, channel.shown

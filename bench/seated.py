"""Tables of four human seats, each moved by the game's own AI through the table
service, for the benches that need a table in play (undo, cache): every step goes
the one change path a click takes (lock, engine, automation, one transaction), and a
game lasts as long as its AI players make it, far longer than a lone host's."""

from __future__ import annotations

from typing import Any

from bot.table import Actor, TableService
from engines import registry

PLAYERS = tuple(Actor(user_id=i + 1, name=f"P{i + 1}") for i in range(4))
HOST = PLAYERS[0]


async def open_table(service: TableService, channel: int, game: str) -> None:
    """A digital table of four seats in `channel`, started."""
    await service.new_game(
        channel_id=channel, guild_id=1, host=HOST, game_key=game, mode="digital"
    )
    for player in PLAYERS[1:]:
        await service.join(channel, player)
    await service.start(channel, HOST, 1)


async def ai_move(service: TableService, channel: int) -> bool:
    """The next seat's move, chosen by the game's AI; False once the game is over."""
    current = await service.current(channel)
    if current is None:
        return False
    engine: Any = registry.get(current.game.game)
    if engine.result(current.state) is not None or not engine.to_move(current.state):
        return False
    seat = engine.to_move(current.state)[0]
    action = engine.dump_action(engine.ai_action(current.state, seat))
    await service.act(channel, PLAYERS[seat], action, guild_id=1)
    return True

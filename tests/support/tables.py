"""Real games played through the table service by their own AI, for tests and
benchmarks that need real states (Hellboy and Hellraiser), not a toy."""

from __future__ import annotations

from typing import Any

from bot.frontend import install
from bot.games import GAMES
from bot.table import Actor, TableService
from engines import registry

HOST = Actor(user_id=11, name="Hana")
REAL_GAMES = ("hellboy-dice", "hellraiser")


async def open_real_table(
    service: TableService,
    channel_id: int,
    game_key: str,
    *,
    guild_id: int = 1,
    ai_seats: int = 1,
    options: dict[str, str] | None = None,
) -> None:
    """A digital table with a human host and AI seats, started."""
    install(GAMES)
    await service.new_game(
        channel_id=channel_id, guild_id=guild_id, host=HOST, game_key=game_key, mode="digital",
        options=options,
    )
    for _ in range(ai_seats):
        await service.add_ai(channel_id, HOST, guild_id)
    await service.start(channel_id, HOST, guild_id)


def host_move(service_state: Any, game_key: str) -> Any | None:
    """The host's next move (chosen by the game's AI), or None if the game is over."""
    engine = registry.get(game_key)
    if engine.result(service_state) is not None:
        return None
    return engine.dump_action(engine.ai_action(service_state, 0))


async def play_host_move(service: TableService, channel_id: int, guild_id: int = 1) -> bool:
    """One move by the host; False once the game is over."""
    current = await service.current(channel_id)
    if current is None:
        return False
    move = host_move(current.state, current.game.game)
    if move is None:
        return False
    await service.act(channel_id, HOST, move, guild_id=guild_id)
    return True

"""Issue 9: undo persists exactly the state it shows, in the same transaction as its
log change, so a restart (empty cache) shows the undone table bit for bit and the
next move meets the same RNG counter and the same roll as without the restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import Storage
from bot.storage_sqlite import SqliteStorage
from bot.table import Outcome, TableService
from engines import registry
from engines.hellboy_dice import ENGINE as HELLBOY
from engines.hellraiser import ENGINE as HELLRAISER
from tests.unit.table.conftest import ALICE, BOB

CH = 300
GAMES = [HELLBOY.key, HELLRAISER.key]


async def _open(storage: Storage, game_key: str) -> TableService:
    service = TableService(storage, seed=77, verify=True)
    await service.new_game(
        channel_id=CH, guild_id=1, host=ALICE, game_key=game_key, mode="digital"
    )
    await service.join(CH, BOB)
    await service.start(CH, ALICE, 1)
    return service


async def _play_ai_move(service: TableService) -> Outcome:
    """The move the AI would make for the seat to move, played by its member."""
    cur = await service.current(CH)
    assert cur is not None
    engine = registry.get(cur.game.game)
    seat = engine.to_move(cur.state)[0]
    actor = ALICE if cur.game.seats[seat].user_id == ALICE.user_id else BOB
    action = engine.ai_action(cur.state, seat)
    return await service.act(CH, actor, engine.dump_action(action))


async def _moves_with_a_roll(service: TableService) -> list[Outcome]:
    """Moves until one of them triggered a roll or a draw, so undo rewinds the RNG."""
    played = []
    for _ in range(40):
        before = await service.current(CH)
        assert before is not None
        out = await _play_ai_move(service)
        played.append(out)
        if out.game.rng_counter > before.game.rng_counter:
            return played
    raise AssertionError("forty moves without a single roll or draw")


@pytest.mark.parametrize("game_key", GAMES)
async def test_undo_is_what_a_restart_shows(storage: Storage, game_key: str) -> None:
    service = await _open(storage, game_key)
    await _moves_with_a_roll(service)
    undone = await service.undo(CH, ALICE, 1)
    restarted = TableService(storage, seed=77)
    shown = await restarted.current(CH)
    assert shown is not None
    engine = registry.get(game_key)
    assert shown.game.state == engine.dump_state(undone.state), "stored state ≠ shown state"
    assert shown.game.rng_counter == undone.game.rng_counter
    assert shown.game.version == undone.game.version


@pytest.mark.parametrize("game_key", GAMES)
async def test_the_move_after_undo_rolls_the_same_with_or_without_a_restart(
    tmp_path: Path, game_key: str
) -> None:
    """Undo cannot fish for a better roll, and a restart cannot either."""
    results = []
    for restart in (False, True):
        storage = await SqliteStorage.open(tmp_path / f"{restart}.sqlite")
        service = await _open(storage, game_key)
        try:
            await _moves_with_a_roll(service)
            await service.undo(CH, ALICE, 1)
            if restart:
                service = TableService(storage, seed=77, verify=True)
            again = await _play_ai_move(service)
            log = await storage.log(again.game.id, include_undone=False)
            rolls = [e.payload for e in log if e.kind == "chance"]
            results.append((again.game.state, again.game.rng_counter, rolls))
        finally:
            await storage.close()
    assert results[0] == results[1]


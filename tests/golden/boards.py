"""Playing each game to the states its snapshots show, and comparing with the files.

A game is played by the table service itself (in-memory storage, a fixed seed
and clock), every move being the engine's own AI choice for the seat to move,
so the states are those a real table reaches and the same on every run.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.presenting import board_embed, board_view
from bot.render.games import PicturePresenter, presenter_for
from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, Outcome, TableService, bot_draws
from bot.ui.report import ReportModal
from engines import registry

HERE = Path(__file__).resolve().parent
CHANNEL, GUILD, SEED, NOW = 2, 1, 20261201, 1_800_000_000.0
HOST = Actor(user_id=101, name="Alice")
GUEST = Actor(user_id=102, name="Bob")
MID_GAME_STEPS = 12
MAX_STEPS = 5000

Snapshot = dict[str, Any]


async def snapshot(outcome: Outcome) -> Snapshot:
    """The board message of `outcome`'s table (and its report form, if one is open)."""
    game, state = outcome.game, outcome.state
    shot: Snapshot = {
        "embed": board_embed(game, state).to_dict(),
        "components": board_view(game, state).to_components(),
    }
    presenter = presenter_for(game.game)
    if state is not None and isinstance(presenter, PicturePresenter):
        picture = presenter.board_picture(game, state)
        shot["picture"] = picture.filename if picture is not None else None
    request = registry.get(game.game).chance(state) if state is not None else None
    if request is not None and not bot_draws(game, request):
        modal = ReportModal(game.game, request, game.id, game.version)
        shot["report_form"] = modal.to_dict()
    return shot


async def _table() -> tuple[TableService, SqliteStorage]:
    storage = await SqliteStorage.open(":memory:")
    return TableService(storage, seed=SEED, clock=lambda: NOW), storage


async def _lobby(table: TableService, key: str, mode: str = "digital") -> Outcome:
    await table.new_game(channel_id=CHANNEL, guild_id=GUILD, host=HOST, game_key=key,
                         mode="physical" if mode == "physical" else "digital", options={})
    return await table.join(CHANNEL, GUEST)


async def _step(table: TableService, outcome: Outcome) -> Outcome:
    """The engine's AI move for the first seat to move, made by that seat's member."""
    engine = registry.get(outcome.game.game)
    seat = engine.to_move(outcome.state)[0]
    actor = (HOST, GUEST)[seat]
    action = engine.dump_action(engine.ai_action(outcome.state, seat))
    return await table.act(CHANNEL, actor, action, guild_id=GUILD)


async def digital_game(key: str) -> dict[str, Snapshot]:
    """Lobby, a few moves in, and the end of a two-player digital game."""
    table, storage = await _table()
    try:
        shots = {"lobby": await snapshot(await _lobby(table, key))}
        outcome = await table.start(CHANNEL, HOST, GUILD)
        for _ in range(MID_GAME_STEPS):
            outcome = await _step(table, outcome)
        shots["mid-game"] = await snapshot(outcome)
        for _ in range(MAX_STEPS):
            if outcome.game.status != "active":
                break
            outcome = await _step(table, outcome)
        assert outcome.game.status == "finished", f"{key} did not finish in {MAX_STEPS} moves"
        shots["finished"] = await snapshot(outcome)
        return shots
    finally:
        await storage.close()


async def physical_report(key: str) -> dict[str, Snapshot]:
    """A physical table waiting for its first report, with the form the button opens."""
    table, storage = await _table()
    try:
        await _lobby(table, key, mode="physical")
        outcome = await table.start(CHANNEL, HOST, GUILD)
        while registry.get(key).chance(outcome.state) is None:
            outcome = await _step(table, outcome)
        return {"physical-report": await snapshot(outcome)}
    finally:
        await storage.close()


HB_SETUP: tuple[dict[str, Any], ...] = (
    {"type": "add_agent", "name": "Hellboy", "health": 6,
     "skills": {"fight": "red", "shoot": "orange", "explore": "yellow", "defend": "red"},
     "weapons": [{"name": "Samaritan", "ranged": True, "tags": ["pistol"]}]},
    {"type": "add_agent", "name": "Abe Sapien", "seat": 1, "health": 5,
     "skills": {"fight": "orange", "explore": "red"}},
    {"type": "set_up_case", "doom_deck": 6, "doom_length": 10, "threat_shuffled_in": True},
)
HB_TO_DOOM: tuple[dict[str, Any], ...] = ({"type": "next_phase"},) * 4
"""From setting up to round 1's Doom phase (Enemy, Agent, Rest, Doom)."""
HB_HUNT: tuple[dict[str, Any], ...] = (
    {"type": "resolve_threat", "lead_agent": "hellboy", "boss": False},
    {"type": "move_enemy", "enemy": "krampus", "path": ["Hall"]},
    {"type": "test", "agent": "hellboy", "skill": "shoot", "target": "krampus", "total": 9},
)


async def _acts(table: TableService, outcome: Outcome, actions: tuple[dict[str, Any], ...]
                ) -> Outcome:
    for action in actions:
        outcome = await table.act(CHANNEL, HOST, action, guild_id=GUILD)
    return outcome


async def scripted_companion(key: str) -> dict[str, Snapshot]:
    """The board game companion has no AI: a group's session, step by step, through the
    lobby, the set-up case, the drawn threat waiting for the group's card (digital: the
    bot rolls dice, cards are reported), Krampus hunting, and a physical test's form."""
    table, storage = await _table()
    try:
        shots = {"lobby": await snapshot(await _lobby(table, key))}
        outcome = await table.start(CHANNEL, HOST, GUILD)
        outcome = await _acts(table, outcome, HB_SETUP)
        shots["set-up"] = await snapshot(outcome)
        outcome = await _acts(table, outcome, (*HB_TO_DOOM, {"type": "draw_doom"}))
        shots["doom-card-report"] = await snapshot(outcome)
        outcome = await table.report(CHANNEL, HOST, ["threat:wicked-child"], guild_id=GUILD)
        shots["threat-drawn"] = await snapshot(outcome)
        outcome = await _acts(table, outcome, HB_HUNT)
        shots["krampus-hunting"] = await snapshot(outcome)
        outcome = await table.correct(CHANNEL, HOST, GUILD, {"type": "end_case", "won": True})
        shots["finished"] = await snapshot(outcome)
    finally:
        await storage.close()
    table, storage = await _table()
    try:
        await _lobby(table, key, mode="physical")
        outcome = await table.start(CHANNEL, HOST, GUILD)
        outcome = await _acts(table, outcome, (*HB_SETUP, *HB_TO_DOOM[:2]))
        outcome = await _acts(table, outcome, (
            {"type": "test", "agent": "hellboy", "skill": "explore", "dice": 6},))
        shots["physical-test-report"] = await snapshot(outcome)
        return shots
    finally:
        await storage.close()


@dataclass(frozen=True)
class Case:
    """One file of snapshots: a game and how its states are reached."""

    name: str
    key: str
    build: Callable[[str], Awaitable[dict[str, Snapshot]]]

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.json"

    async def render(self) -> str:
        return json.dumps(await self.build(self.key), indent=2, sort_keys=True,
                          ensure_ascii=False) + "\n"


CASES = (
    Case("hellboy-dice", "hellboy-dice", digital_game),
    Case("hellboy-dice-physical", "hellboy-dice", physical_report),
    Case("hellraiser", "hellraiser", digital_game),
    Case("hellraiser-physical", "hellraiser", physical_report),
    Case("hellboy-board", "hellboy-board", scripted_companion),
    Case("hellbringer", "hellbringer", digital_game),
    Case("hellbringer-physical", "hellbringer", physical_report),
)


def difference(case: Case, rendered: str) -> str | None:
    """A unified diff from the stored snapshot to `rendered`, or None if they agree."""
    stored = case.path.read_text(encoding="utf-8") if case.path.exists() else ""
    if stored == rendered:
        return None
    diff = difflib.unified_diff(stored.splitlines(keepends=True),
                                rendered.splitlines(keepends=True),
                                fromfile=f"tests/golden/{case.path.name} (stored)",
                                tofile="the board now")
    return "".join(diff)

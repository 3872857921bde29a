"""Issue 23 (a): a case closed before `end_case` became the GM's correction still
replays and undoes.

`data/end-case-as-a-move.json` is a database export written by the code of
e4123a1^ (end_case still a seat's move): `git archive e4123a1^` unpacked, then
a two-seat digital Krampus case set up (starting area Hall, Hellboy and Abe,
Krampus in the Hall), Bob moving Abe to a new "Attic" in play, one Fight test
rolled by the bot on seed 2023, and Bob's `{"type": "end_case", "won": false}`
logged as his move; then `python -m bot migrate` and `export` by this bot. It was
stored before areas were recorded and confirmed too: its final state has no
`areas`, and its move to the Attic no `new_area`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest
from pydantic import ValidationError

from bot.replay import replay
from bot.storage import Storage
from bot.table import Actor, TableService
from bot.transfer import import_from
from engines import registry
from engines.hellboy_board import ENGINE
from engines.hellboy_board.actions import Action, EndCase, MoveAgent
from engines.hellboy_board.engine import AREA_MOVES

OLD_DATABASE = Path(__file__).parent / "data" / "end-case-as-a-move.json"
ALICE = Actor(user_id=1, name="Alice")
CH = 100


def test_the_fixture_holds_end_case_as_a_seat_s_move() -> None:
    """The fixture is what the issue describes, or these tests prove nothing."""
    log = json.loads(OLD_DATABASE.read_text(encoding="utf-8"))["tables"]["log"]
    last = dict(zip(log["columns"], log["rows"][-1], strict=True))
    assert (last["kind"], last["seat"]) == ("action", 1)
    assert json.loads(last["payload"]) == {"action": {"type": "end_case", "won": False}}
    with pytest.raises(ValidationError):
        ENGINE.parse_action({"type": "end_case", "won": False})


def test_legacy_end_case_is_the_gm_s_correction_only_for_replay() -> None:
    assert ENGINE.legacy_correction({"type": "end_case", "won": False}) == EndCase(won=False)
    assert ENGINE.legacy_correction({"type": "next_phase"}) is None


async def _old_database(storage: Storage) -> TableService:
    await import_from(storage, OLD_DATABASE)
    return TableService(storage, seed=1, verify=True)


async def test_a_case_logged_with_end_case_as_a_move_replays_to_its_stored_state(
    storage: Storage,
) -> None:
    service = await _old_database(storage)
    document = await service.export_log(1)
    engine = registry.get(document["game"])
    entries = await storage.log(1)
    setup = next(e for e in entries if e.kind == "setup")
    replayed = replay(engine, setup.payload, entries, seed=document["seed"])
    assert replayed.state == engine.load_state(document["final_state"])
    assert replayed.state.phase == "over" and replayed.state.result == "lost"
    assert replayed.state.agents["abe"].area == "Attic", "an old new tile needs no question"


def test_an_old_line_takes_its_areas_as_typed_and_a_new_move_still_asks() -> None:
    logged = {"type": "move_agent", "agent": "abe", "area": "Attic", "cubes": 1}
    assert ENGINE.read_logged_action(logged) == MoveAgent(agent="abe", area="Attic",
                                                           new_area=True)
    assert ENGINE.parse_action(logged) == MoveAgent(agent="abe", area="Attic"), (
        "a live move is still asked")
    assert ENGINE.read_logged_action({**logged, "new_area": False}) == MoveAgent(
        agent="abe", area="Attic")
    with_field = {str(m.model_fields["type"].default) for m in get_args(get_args(Action)[0])
                  if "new_area" in m.model_fields}
    assert with_field == AREA_MOVES


async def test_the_old_closed_case_is_undone_and_in_play_again(storage: Storage) -> None:
    service = await _old_database(storage)
    undone = await service.undo(CH, ALICE, 1)
    assert undone.notice == "Undid: Bob's closing of the case."
    assert undone.game.status == "active" and undone.state.phase == "agent"
    assert undone.state.enemies["krampus"].damage == 6, "the Fight before the end stands"
    again = await service.undo(CH, ALICE, 1)
    assert again.notice == "Undid: Alice's Fight against Krampus."

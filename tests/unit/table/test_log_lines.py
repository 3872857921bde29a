"""Typed log lines: every kind validates into its own model, and the stored JSON
keeps the shape rows had before the models, so old rows (and exported logs) load."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.log_lines import ActionLine, ChanceLine, CorrectionLine, SetupLine, UndoLine
from bot.models import LogEntry
from engines.core.protocol import Seat

OLD_ROWS = [
    ("create", {"game": "pig", "mode": "digital", "options": {"mode": "digital"}}),
    ("lobby", {"op": "join"}),
    (
        "setup",
        {
            "seats": [{"index": 0, "name": "Alice", "ai": False}],
            "options": {"target": 20},
            "rng_counter": 0,
        },
    ),
    ("action", {"action": {"type": "roll"}}),
    ("action", {"action": {"type": "hold"}, "ai": True, "afk": True}),
    ("chance", {"values": ["4"], "counter": 0}),
    ("chance", {"values": ["4"], "reported": True}),
    ("join", {"seat": {"index": 1, "name": "Bob", "ai": False}}),
    ("skip", {"afk": True}),
    ("undo", {"undid_version": 7}),
    ("gm", {"op": "seat", "seat": 1, "user_id": 5}),
    ("gm", {"op": "pause"}),
    ("end", {"by": 1}),
]


@pytest.mark.parametrize(("kind", "payload"), OLD_ROWS)
def test_rows_written_before_the_models_load_and_store_unchanged(
    kind: str, payload: dict[str, object]
) -> None:
    entry = LogEntry.model_validate({"version": 3, "kind": kind, "payload": payload})
    assert entry.kind == kind and entry.payload.kind == kind
    stored = entry.model_dump(mode="json")
    assert stored["kind"] == kind
    assert stored["payload"] == payload
    again = LogEntry.model_validate(stored)
    assert again == entry, "an exported line reads back as the same line"


def test_writers_give_the_payload_and_the_kind_follows() -> None:
    entry = LogEntry(seat=0, payload=ActionLine(action={"type": "roll"}))
    assert entry.kind == "action"
    assert entry.payload["action"] == {"type": "roll"} and entry.payload.get("ai") is False
    assert entry.payload.get("nonsense") is None
    with pytest.raises(KeyError):
        entry.payload["nonsense"]
    line = LogEntry(payload=ChanceLine(values=["3"], counter=2, physical=True))
    assert line.payload.stored() == {"values": ["3"], "counter": 2, "physical": True}


def test_kinds_that_disagree_or_do_not_exist_are_refused() -> None:
    with pytest.raises(ValidationError):
        LogEntry.model_validate({"kind": "chance", "payload": UndoLine(undid_version=1)})
    with pytest.raises(ValidationError):
        LogEntry.model_validate({"kind": "teleport", "payload": {}})
    with pytest.raises(ValidationError):
        LogEntry.model_validate({"kind": "undo", "payload": {}})


def test_setup_and_correction_lines_are_typed() -> None:
    setup = SetupLine(seats=[Seat(index=0, name="A")], options={"x": 1})
    entry = LogEntry.model_validate(LogEntry(payload=setup).model_dump(mode="json"))
    assert isinstance(entry.payload, SetupLine) and entry.payload.seats[0].name == "A"
    fix = LogEntry(gm=True, payload=CorrectionLine(correction={"type": "set_doom", "value": 1}))
    assert fix.kind == "correction" and fix.model_dump()["payload"] == {
        "correction": {"type": "set_doom", "value": 1}
    }

"""docs/dice.md lists every built-in die with its faces and provenance, so the
documentation cannot silently drift from the pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.dice.model import Die
from engines.dice.pack import builtin_pack

DOC = Path(__file__).parents[3] / "docs" / "dice.md"


@pytest.mark.parametrize("die", builtin_pack().dice, ids=lambda die: die.name)
def test_every_builtin_die_is_documented_with_faces_and_source(die: Die) -> None:
    section = DOC.read_text(encoding="utf-8").split("## The named dice", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith(f"| `{die.name}` |")]
    assert len(rows) == 1, f"docs/dice.md needs one table row for {die.name}"
    row = rows[0]
    assert die.title in row and die.source in row
    for face in die.faces:
        assert f"{face.symbol} {face.label}" in row
    assert ("| yes |" if die.verified else "| no |") in row

"""docs/games/hellboy-board.md cannot drift from the code: every rule row has its
named test, every unknown the board shows is in the docs, every option is too."""

from __future__ import annotations

import re
from pathlib import Path

from engines.core import pack_text
from engines.hellboy_board import HBBoardOptions, HBBoardPack
from engines.hellboy_board.unknowns import UNKNOWNS

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "games" / "hellboy-board.md").read_text(encoding="utf-8")
TESTS = "".join(p.read_text(encoding="utf-8")
                for p in Path(__file__).parent.glob("test_*_rules.py"))
ROWS = [f"U{i}" for i in range(1, 10)] + [f"K{i}" for i in range(1, 11)]


def test_every_rule_row_is_documented_and_has_a_named_test() -> None:
    for row in ROWS:
        assert re.search(rf"^\| {row} \|", DOC, re.MULTILINE), f"{row} missing from the docs"
        assert f"def test_{row.lower()}_" in TESTS, f"{row} has no named test"


def test_every_unknown_is_documented() -> None:
    for unknown in UNKNOWNS:
        assert f"| `{unknown.key}` |" in DOC, unknown.key


def test_every_option_is_documented() -> None:
    for name in HBBoardOptions.model_fields:
        assert f"| `{name}` |" in DOC, name


def test_the_docs_pack_sketch_is_a_valid_pack() -> None:
    """The YAML a GM would copy from "A server's preset library" uploads as it is."""
    found = re.search(r"^```yaml\n(game: hellboy-board.*?)^```", DOC, re.MULTILINE | re.DOTALL)
    assert found is not None
    pack = pack_text.load(found.group(1), HBBoardPack)
    assert [e.key for e in pack.enemies] == ["frog-soldier"] and pack.threats

"""Uploaded packs under arbitrary input: whatever a GM attaches, the answer is a pack
or one polite sentence, and a named line is the line that holds the field."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import engines.hellraiser  # noqa: F401  (registered: a pack may name any game)
from bot.table_packs import read_pack
from engines.core import pack_text
from engines.core.errors import RuleError

EXAMPLE = (Path(__file__).parents[2] / "docs" / "packs" / "hellboy-dice.yaml").read_text(
    encoding="utf-8"
)
KEYS = st.text("abcdefgh_", min_size=1, max_size=6)
LEAVES = st.one_of(st.integers(-5, 99), st.booleans(), st.text("xyz 0123", max_size=5))
TREES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(st.lists(inner, min_size=1, max_size=4),
                            st.dictionaries(KEYS, inner, min_size=1, max_size=4)),
    max_leaves=30,
)


def _accepts_or_explains(data: bytes) -> None:
    try:
        read_pack(data)
    except RuleError as exc:
        assert exc.message.startswith("That pack can't be stored: ")
        assert exc.message.endswith(".") and "\n" not in exc.message


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_get_a_pack_or_one_sentence(data: bytes) -> None:
    _accepts_or_explains(data)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(EXAMPLE) - 1), st.integers(0, len(EXAMPLE)),
       st.text("\n :-{}[]#&*!'\"0123abc", max_size=8))
def test_any_edit_of_a_good_pack_gets_a_pack_or_one_sentence(
    start: int, length: int, insert: str
) -> None:
    _accepts_or_explains((EXAMPLE[:start] + insert + EXAMPLE[start + length:]).encode())


def _paths(tree: object, prefix: tuple[int | str, ...] = ()) -> list[tuple[int | str, ...]]:
    found = [prefix] if prefix else []
    if isinstance(tree, dict):
        for key, value in tree.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            found += _paths(value, (*prefix, i))
    return found


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(KEYS, TREES, min_size=1, max_size=4))
def test_the_line_named_for_a_field_holds_that_field(tree: dict[str, object]) -> None:
    text = yaml.safe_dump(tree, default_flow_style=False, allow_unicode=True)
    _, node = pack_text.parse(text)
    lines = text.splitlines()
    for path in _paths(tree):
        line = lines[pack_text.line_of(node, path) - 1]
        last = path[-1]
        if isinstance(last, str):
            assert line.lstrip(" -").startswith((f"{last}:", f"'{last}':")), (path, line)
        else:
            assert line.lstrip().startswith("-"), (path, line)

"""engines/ is pure: no discord, no I/O beyond pack loading, no clock, no global random."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINES = Path(__file__).resolve().parents[2] / "engines"

FORBIDDEN_MODULES = {
    "discord",
    "aiosqlite",
    "sqlite3",
    "time",
    "datetime",
    "socket",
    "asyncio",
    "aiohttp",
    "bot",
    "cogs",
    "os",
    "subprocess",
}
"""Modules an engine may not import at all."""

PACK_LOADERS = {"packs.py", "pack.py", "tiles.py", "components.py", "cards.py", "decks.py"}


def _imports(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engines_import_nothing_impure() -> None:
    offenders = []
    for path in ENGINES.rglob("*.py"):
        bad = _imports(ast.parse(path.read_text(encoding="utf-8"))) & FORBIDDEN_MODULES
        if bad:
            offenders.append(f"{path.relative_to(ENGINES)}: {sorted(bad)}")
    assert not offenders, offenders


def test_engines_never_use_the_global_random() -> None:
    """`random.Random(...)` instances passed in are fine; `random.randint(...)` is not."""
    offenders = []
    for path in ENGINES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr != "Random"
            ):
                offenders.append(f"{path.relative_to(ENGINES)}:{node.lineno} random.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                names = {a.name for a in node.names}
                if names - {"Random"}:
                    offenders.append(f"{path.relative_to(ENGINES)}: from random import {names}")
    assert not offenders, offenders


FILE_METHODS = {"read_text", "read_bytes", "write_text", "write_bytes", "open"}


def test_engines_open_files_only_in_pack_loaders() -> None:
    offenders = []
    for path in ENGINES.rglob("*.py"):
        if path.name in PACK_LOADERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if (isinstance(func, ast.Name) and func.id == "open") or (
                isinstance(func, ast.Attribute) and func.attr in FILE_METHODS
            ):
                offenders.append(f"{path.relative_to(ENGINES)}:{node.lineno}")
    assert not offenders, offenders

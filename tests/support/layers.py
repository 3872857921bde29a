"""The bot's import graph, read from the source (nothing is imported), and the layer
rules checked on it. The rules take a root folder, so a test can plant a bad
import in a small tree and see each rule catch it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

GAMES_PACKAGE = "bot.games"
COMPOSITION_ROOTS = frozenset({"bot.app", "bot.cli"})
"""The modules that put the bot together, and so the only ones that read the list."""


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int
    local: bool
    """Inside a function body (an import run when the function is called)."""

    def __str__(self) -> str:
        where = " (inside a function)" if self.local else ""
        return f"{self.importer}:{self.line} imports {self.imported}{where}"


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(root: Path, name: str) -> bool:
    base = root.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


class _Collector(ast.NodeVisitor):
    def __init__(self, root: Path, module: str, is_package: bool) -> None:
        self.root, self.module, self.is_package = root, module, is_package
        self.found: list[Import] = []
        self._depth = 0

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._depth += 1
        self.generic_visit(node)
        self._depth -= 1

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def _add(self, name: str, node: ast.stmt) -> None:
        self.found.append(Import(self.module, name, node.lineno, self._depth > 0))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            package = self.module.split(".")
            if not self.is_package:
                package.pop()
            package = package[: len(package) - (node.level - 1)]
            base = ".".join([*package, base] if base else package)
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            self._add(sub if _is_module(self.root, sub) else base, node)


def imports(root: Path, folders: tuple[str, ...] = ("bot", "cogs")) -> Iterator[Import]:
    """Every import statement in the folders' Python files, resolved to module names."""
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            collector = _Collector(root, module_name(root, path), path.name == "__init__.py")
            collector.visit(ast.parse(path.read_text(encoding="utf-8")))
            yield from collector.found


def game_of(module: str) -> str | None:
    """The game package a module belongs to (`bot.games.hellraiser`), or None."""
    parts = module.split(".")
    if len(parts) >= 3 and ".".join(parts[:2]) == GAMES_PACKAGE:
        return ".".join(parts[:3])
    return None


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def cross_game_imports(root: Path) -> list[str]:
    """A game package importing another game's package, or the list of games."""
    bad = []
    for imp in imports(root):
        game = game_of(imp.importer)
        if game is None:
            continue
        other = game_of(imp.imported)
        if (other is not None and other != game) or imp.imported == GAMES_PACKAGE:
            bad.append(str(imp))
    return bad


def imports_of_cogs(root: Path) -> list[str]:
    """A module outside cogs/ importing cogs/: the shared cogs and the game packages are
    peers above the core, so only the composition roots put them together."""
    return [
        f"{imp} (only {', '.join(sorted(COMPOSITION_ROOTS))} import cogs)"
        for imp in imports(root)
        if _under(imp.imported, "cogs") and not _under(imp.importer, "cogs")
        and imp.importer not in COMPOSITION_ROOTS
    ]


ENTRY_POINT = "bot.__main__"
"""`python -m bot`: it calls the CLI, the outermost root."""


def imports_of_roots(root: Path) -> list[str]:
    """A module importing a composition root, even for types only: everything else sits
    below them (a component reaches the UI through `bot.ui.components.Clicks`)."""
    return [
        str(imp) for imp in imports(root)
        if imp.imported in COMPOSITION_ROOTS
        and imp.importer not in COMPOSITION_ROOTS | {ENTRY_POINT}
    ]


def core_imports_of_games(root: Path) -> list[str]:
    """A core module (bot/ outside bot/games/, or cogs/) importing a game package; only
    the composition roots may import the list itself."""
    bad = []
    for imp in imports(root):
        if _under(imp.importer, GAMES_PACKAGE):
            continue
        if game_of(imp.imported) is not None:
            bad.append(str(imp))
        elif imp.imported == GAMES_PACKAGE and imp.importer not in COMPOSITION_ROOTS:
            bad.append(f"{imp} (only {', '.join(sorted(COMPOSITION_ROOTS))} read the list)")
    return bad


def local_imports(root: Path, justified: frozenset[str] = frozenset()) -> list[str]:
    """Imports inside functions (they hide cycles), except in the `justified` modules."""
    return [str(i) for i in imports(root) if i.local and i.importer not in justified]


def private_imports(root: Path, folders: tuple[str, ...] = ("bot", "cogs")) -> list[str]:
    """A leading underscore says "this module's own": a name imported from elsewhere
    under one is an interface nobody owns (issue 26 point 4), so give it a public name
    or keep it where it is used."""
    bad = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            module = module_name(root, path)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.ImportFrom):
                    continue
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        bad.append(f"{module}:{node.lineno} imports {alias.name}"
                                   f" from {node.module or '.'}")
    return bad


INJECTED_MODULES = ("cogs", "bot/turn_timers.py")
"""Where every service is handed in when the app builds the object (never read off the
bot): the shared cogs and the turn-timer loop."""

BOT_NAMES = frozenset({"bot", "client", "_bot"})
"""Names an expression reaches the bot object by: `self.bot`, `interaction.client`,
a `_bot(interaction)` helper."""


def _mentions_bot(node: ast.expr) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id in BOT_NAMES:
            return True
        if isinstance(sub, ast.Attribute) and sub.attr in BOT_NAMES:
            return True
    return False


class _ServiceReads(ast.NodeVisitor):
    def __init__(self, module: str, services: frozenset[str], allowed: frozenset[str]) -> None:
        self.module, self.services, self.allowed = module, services, allowed
        self.found: list[str] = []
        self._functions: list[str] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._functions.append(node.name)
        self.generic_visit(node)
        self._functions.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def _report(self, attr: str, line: int) -> None:
        where = f"{self.module}.{self._functions[-1]}" if self._functions else self.module
        if where not in self.allowed:
            self.found.append(f"{self.module}:{line} reads {attr} off the bot")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in self.services and _mentions_bot(node.value):
            self._report(node.attr, node.lineno)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func, args = node.func, node.args
        if (isinstance(func, ast.Name) and func.id == "getattr" and len(args) >= 2
                and isinstance(args[1], ast.Constant) and args[1].value in self.services
                and _mentions_bot(args[0])):
            self._report(str(args[1].value), node.lineno)
        self.generic_visit(node)


def service_reads(
    root: Path, services: frozenset[str], allowed: frozenset[str] = frozenset()
) -> list[str]:
    """A service (`services`: attribute names) read off the bot object, directly or by
    `getattr`, in the injected modules, except inside the `allowed` functions
    (`module.function`: the documented accessors of items discord.py rebuilds)."""
    found: list[str] = []
    for where in INJECTED_MODULES:
        base = root / where
        for path in sorted(base.rglob("*.py")) if base.is_dir() else [base]:
            if not path.is_file():
                continue
            visitor = _ServiceReads(module_name(root, path), services, allowed)
            visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
            found.extend(visitor.found)
    return found

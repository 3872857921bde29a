"""The layers hold. engines/ is pure: no discord, no I/O beyond pack loading, no clock, no
global random. The bot: each game's Discord side is a package of its own that no other
game and no core module imports; only the composition roots read the list of games;
nothing imports inside a function to hide a cycle, nor a name another module keeps
private; and the shared cogs and the turn timers are handed their services, never
reading them off the bot object. Each bot rule is also shown catching a bad line
planted in a small tree, so none passes vacuously."""

from __future__ import annotations

import ast
import importlib
from dataclasses import fields
from pathlib import Path

import pytest

from bot.app import PandemoniumBot
from bot.clicks import TablesUI
from bot.frontend import Services
from bot.games import GAMES
from bot.ui.components import Clicks
from tests.support.layers import (
    core_imports_of_games,
    cross_game_imports,
    imports_of_cogs,
    imports_of_roots,
    local_imports,
    private_imports,
    service_reads,
)

ROOT = Path(__file__).resolve().parents[2]
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

JUSTIFIED_LAZY: frozenset[str] = frozenset()
"""Modules allowed an import inside a function, each for a reason written here (none)."""


SERVICE_ATTRIBUTES = frozenset({
    "storage", "table", "boards", "ui", "tables_ui", "services", "timers", "leases",
    "dice", "dice_rng", "settings", "tree",
})
"""What the bot object holds for others: its services, settings, dice and command tree."""

CLIENT_ACCESSORS = frozenset({"cogs.dice.dice_of"})
"""Functions allowed to read a service off the client, each for a reason written here:
`dice_of` is how the Re-roll button, which discord.py rebuilds from its custom id with
no cog at hand, reaches the bot's dice."""


def test_a_game_package_never_imports_another_game() -> None:
    assert cross_game_imports(ROOT) == []


def test_core_modules_never_import_a_game_package() -> None:
    assert core_imports_of_games(ROOT) == []


def test_only_the_composition_roots_import_the_shared_cogs() -> None:
    """Issue 26 point 3: cogs/ and bot/games/ are peers above the core."""
    assert imports_of_cogs(ROOT) == []


def test_nothing_below_the_composition_roots_imports_them() -> None:
    """Issue 26 point 3: components reach the UI through a small protocol, not the bot."""
    assert imports_of_roots(ROOT) == []


def clicks_of(ui: TablesUI) -> Clicks:
    """Checked by mypy, not run: the UI answers every press a component can make."""
    return ui


def test_no_function_local_imports_in_the_bot() -> None:
    assert local_imports(ROOT, JUSTIFIED_LAZY) == []


def test_no_private_names_are_imported_across_modules() -> None:
    """Issue 26 point 4: the table's mixins imported `_Cached` and seven private helpers
    from `bot.table_core`."""
    assert private_imports(ROOT) == []


def test_cogs_and_turn_timers_are_handed_their_services() -> None:
    """Point 8 of issue 10: what a cog or the timer loop uses is handed to it when the
    app builds it (`Services`, or a narrower set), never reached through the bot."""
    assert service_reads(ROOT, SERVICE_ATTRIBUTES, CLIENT_ACCESSORS) == []


def test_the_service_rule_knows_every_service_the_bot_holds() -> None:
    held = {f.name for f in fields(Services)} | {
        name for name, value in vars(PandemoniumBot).items() if isinstance(value, property)
    }
    assert held <= SERVICE_ATTRIBUTES


def test_every_game_folder_is_in_the_list_once() -> None:
    folders = sorted(p.name for p in (ROOT / "bot" / "games").iterdir()
                     if (p / "__init__.py").is_file())
    manifests = [importlib.import_module(f"bot.games.{name}").FRONTEND for name in folders]
    assert sorted(manifests, key=id) == sorted(GAMES, key=id)
    assert len({g.key for g in GAMES}) == len(GAMES)


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in {"bot/__init__.py": "", "bot/games/__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "cogs").mkdir(exist_ok=True)
    return root


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """Two games and a few core modules, each rule broken exactly once."""
    return _tree(tmp_path, {
        "bot/games/alpha/__init__.py": "from bot.games.beta import board\n",
        "bot/games/alpha/cog.py": "from . import presenter\nfrom .presenter import thing\n",
        "bot/games/alpha/presenter.py": "from bot.render import style\nfrom cogs import help\n",
        "bot/games/beta/__init__.py": "",
        "bot/games/beta/board.py": "from bot.games import GAMES\n",
        "bot/render/__init__.py": "",
        "bot/render/style.py": "",
        "bot/table.py": "from bot.games.alpha.presenter import thing\n",
        "bot/app.py": "from bot.games import GAMES\n",
        "bot/storage.py": "from bot.games import GAMES\n",
        "cogs/game.py": "def f() -> None:\n    from bot import table\n",
        "cogs/help.py": (
            "class Cog:\n"
            "    async def f(self, interaction):\n"
            "        await self.bot.table.join()\n"
            "        interaction.client.tables_ui.show()\n"
            "        getattr(self.bot, 'storage')\n"
            "        return self.services.table, self.tree\n"
            "def dice_of(client):\n"
            "    return getattr(client, 'dice')\n"
        ),
        "bot/turn_timers.py": "def run(bot):\n    return bot.storage.due_timers()\n",
        "bot/ui/__init__.py": "",
        "bot/ui/buttons.py": "from bot.app import PandemoniumBot\n",
        "bot/table_play.py": "from bot.table import Outcome, _Cached\nfrom os import __name__\n",
    })


def test_the_game_rule_catches_a_planted_cross_import(planted: Path) -> None:
    assert cross_game_imports(planted) == [
        "bot.games.alpha:1 imports bot.games.beta.board",
        "bot.games.beta.board:1 imports bot.games",
    ]


def test_the_core_rule_catches_a_planted_game_import(planted: Path) -> None:
    assert core_imports_of_games(planted) == [
        "bot.storage:1 imports bot.games (only bot.app, bot.cli read the list)",
        "bot.table:1 imports bot.games.alpha.presenter",
    ]


def test_the_cogs_rule_catches_a_planted_game_import_of_a_cog(planted: Path) -> None:
    assert imports_of_cogs(planted) == [
        "bot.games.alpha.presenter:2 imports cogs.help (only bot.app, bot.cli import cogs)",
    ]


def test_the_roots_rule_catches_a_planted_import_of_the_app(planted: Path) -> None:
    assert imports_of_roots(planted) == ["bot.ui.buttons:1 imports bot.app"]


def test_the_local_import_rule_catches_a_planted_one(planted: Path) -> None:
    assert local_imports(planted) == ["cogs.game:2 imports bot.table (inside a function)"]
    assert local_imports(planted, frozenset({"cogs.game"})) == []


def test_the_service_rule_catches_planted_reads_off_the_bot(planted: Path) -> None:
    everything = [
        "cogs.help:3 reads table off the bot",
        "cogs.help:4 reads tables_ui off the bot",
        "cogs.help:5 reads storage off the bot",
        "cogs.help:8 reads dice off the bot",
        "bot.turn_timers:2 reads storage off the bot",
    ]
    assert service_reads(planted, SERVICE_ATTRIBUTES) == everything
    accessor = frozenset({"cogs.help.dice_of"})
    assert service_reads(planted, SERVICE_ATTRIBUTES, accessor) == [
        line for line in everything if ":8 " not in line
    ]


def test_the_private_import_rule_catches_a_planted_one(planted: Path) -> None:
    assert private_imports(planted) == ["bot.table_play:1 imports _Cached from bot.table"]

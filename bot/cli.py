"""The command line: `run` (the default), `migrate`, `export`, `import`, `simulate`,
`replay`, `commands-doc`."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bot.app import PandemoniumBot, create_bot, serve
from bot.commands_doc import render
from bot.databases import open_storage
from bot.frontend import install, narrators, simulators
from bot.games import GAMES
from bot.leases import LeaseConflict
from bot.models import LogEntry
from bot.replay import ReplayDivergence, replay
from bot.settings import Settings
from bot.storage import DatabaseUnusable, SchemaTooNew
from bot.storage_postgres import DatabaseUnreachable
from bot.storage_sqlite import SqliteStorage
from bot.transfer import TransferError, export_to, import_from
from engines import registry
from engines.core.errors import PackError, first_problem

EXIT_CONFIG = 2


def _settings() -> Settings:
    return Settings()


def _refuse(message: str) -> int:
    print(f"pandemonium: {message}", file=sys.stderr)
    return EXIT_CONFIG


def _valid_settings() -> Any:
    """The settings, or None after saying in one line which one is wrong."""
    try:
        return _settings()
    except ValidationError as exc:
        where, problem = first_problem(exc, "(settings)")
        _refuse(f"setting {where} is invalid: {problem}")
        return None


def _database_problem(settings: Any, exc: Exception) -> str | None:
    """One line for a database the bot cannot use; None for any other failure."""
    shown = settings.database_target().shown()
    if isinstance(exc, DatabaseUnreachable):
        return f"cannot reach the database {shown}: {exc}"
    if isinstance(exc, SchemaTooNew):
        return f"{shown}: {exc}"
    if isinstance(exc, DatabaseUnusable):
        return f"cannot use the database {shown}: {exc}"
    return None


def _with_storage(fn: Any) -> int:
    """Open the configured database, run `fn(storage)`, close it; one line on failure."""
    settings = _valid_settings()
    if settings is None:
        return EXIT_CONFIG

    async def go() -> int:
        storage = await open_storage(settings.database_target(), pool_size=settings.db_pool_size)
        try:
            result: int = await fn(storage, settings)
            return result
        finally:
            await storage.close()

    try:
        return asyncio.run(go())
    except Exception as exc:
        problem = _database_problem(settings, exc)
        if problem is None:
            raise
        return _refuse(problem)


def migrate(_: argparse.Namespace) -> int:
    async def report(storage: Any, settings: Any) -> int:
        version = await storage.schema_version()
        print(f"{settings.database_target().shown()}: schema version {version}")
        return 0

    return _with_storage(report)


def export(args: argparse.Namespace) -> int:
    async def dump(storage: Any, settings: Any) -> int:
        try:
            counts = await export_to(storage, Path(args.file))
        except TransferError as exc:
            return _refuse(str(exc))
        print(f"exported {_counts(counts)} to {args.file}")
        return 0

    return _with_storage(dump)


def import_(args: argparse.Namespace) -> int:
    async def load(storage: Any, settings: Any) -> int:
        try:
            counts = await import_from(storage, Path(args.file))
        except TransferError as exc:
            return _refuse(str(exc))
        print(f"imported {_counts(counts)} into {settings.database_target().shown()}")
        return 0

    return _with_storage(load)


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {table}" for table, n in counts.items())


async def _ready(storage: Any, settings: Any) -> int:
    """Before logging in to Discord: the database answers and is migrated."""
    return 0


def run(_: argparse.Namespace) -> int:
    settings = _valid_settings()
    if settings is None:
        return EXIT_CONFIG
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(
            "pandemonium: DISCORD_TOKEN is not set; put the bot's token in the environment"
            " or in .env (see README.md).",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    reachable = _with_storage(_ready)
    if reachable:
        return reachable
    try:
        bot = create_bot(settings)
    except PackError as exc:
        print(f"pandemonium: bad data pack: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    return serve_until_stopped(bot, settings)


YOUNG_COLLECTION_EVERY = 5_000
"""Allocations (net of frees) between the collector's young passes; Python's 700 is
tuned for short scripts. A click allocates thousands of short-lived objects (pydantic
models, discord.py's, JSON), so at 700 the collector ran a young pass several times a
click and promoted what was about to die into the middle generation, whose passes
(2.8 ms each) came every ten. In the Hellbringer load bench the collector's CPU fell
from 0.45 s to 0.25 s a run, a young pass taking about 2.7 ms and a middle one 9 ms
(`bench.load_bench --before`, docs/architecture.md)."""


def freeze_start_up() -> None:
    """Modules, data packs and the games' warm-up tables live as long as the process:
    moved out of the collector's reach, full collections in play stop scanning them
    (a 48 ms collection landed inside timed clicks in the board bench). The young
    generation is made larger at the same moment (`YOUNG_COLLECTION_EVERY`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, *gc.get_threshold()[1:])


def serve_until_stopped(bot: PandemoniumBot, settings: Settings) -> int:
    """Run the bot (`bot.app.serve`) and return its exit status; a database it cannot
    use, or a shard layout that clashes with live processes, is one line and status 2.
    Tests that run the bot as a process come through here too."""
    assert settings.discord_token is not None
    freeze_start_up()
    try:
        return asyncio.run(serve(bot, settings.discord_token.get_secret_value()))
    except LeaseConflict as exc:
        return _refuse(str(exc))
    except Exception as exc:
        problem = _database_problem(settings, exc)
        if problem is None:
            raise
        return _refuse(problem)


def simulate(args: argparse.Namespace) -> int:
    known = narrators(GAMES) if args.narrate else simulators(GAMES)
    runner = known.get(args.game)
    if runner is None:
        what = "narration" if args.narrate else "simulator"
        print(
            f"no {what} for {args.game!r}; known: {', '.join(sorted(known))}",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    options = dict(pair.split("=", 1) for pair in args.option if "=" in pair)
    try:
        if args.narrate:
            print(runner(args.players, args.seed, options))
        else:
            print(runner(args.players, args.games, args.seed, options))
    except ValueError as exc:
        print(f"simulate {args.game}: {_one_line(exc)}", file=sys.stderr)
        return EXIT_CONFIG
    return 0


def _one_line(exc: ValueError) -> str:
    """A refusal in one line: the seat-count sentence, or the first invalid option."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(x) for x in first.get("loc", ()))
        return f"option {where}: {first.get('msg', 'not valid')}"
    return str(exc).splitlines()[0]


def replay_file(args: argparse.Namespace) -> int:
    install(GAMES)
    try:
        document = json.loads(Path(args.file).read_text(encoding="utf-8"))
        engine = registry.get(document["game"])
        entries = [LogEntry.model_validate(e) for e in document["entries"]]
    except (OSError, ValueError, KeyError) as exc:
        print(f"{args.file}: not a Pandemonium log: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    setup = next((e for e in entries if e.kind == "setup" and not e.undone), None)
    if setup is None:
        print("The game never started; there is nothing to replay.")
        return 0 if document.get("final_state") is None else 1
    try:
        result = replay(engine, setup.payload, entries, seed=document.get("seed"))
    except ReplayDivergence as exc:
        print(f"DIVERGES: {exc}")
        return 1
    final = engine.load_state(document["final_state"]) if document.get("final_state") else None
    if final != result.state:
        print(f"DIVERGES: after {result.steps} steps the state differs from the recorded one.")
        return 1
    print(
        f"OK: {result.steps} steps replayed; the final state matches game #"
        f"{document.get('game_id')}."
    )
    return 0


def commands_doc(_: argparse.Namespace) -> int:
    print(asyncio.run(_render_commands()), end="")
    return 0


async def _render_commands() -> str:
    """The command tree as the running bot builds it, on a throwaway in-memory database."""
    storage = await SqliteStorage.open(":memory:")
    try:
        bot = PandemoniumBot(Settings(sync_commands=False), storage=storage)
        await bot.start_services()
        return render(bot.tree)
    finally:
        await storage.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Pandemonium")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the bot (the default)").set_defaults(fn=run)
    sub.add_parser(
        "migrate", help="bring the database's schema up to date (also done at start-up)"
    ).set_defaults(fn=migrate)
    exp = sub.add_parser("export", help="write every game, log and setting to a JSON file")
    exp.add_argument("file")
    exp.set_defaults(fn=export)
    imp = sub.add_parser("import", help="load an export into an empty database")
    imp.add_argument("file")
    imp.set_defaults(fn=import_)
    sim = sub.add_parser("simulate", help="play AI games and print statistics")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a table option, e.g. preset=as_written (repeatable)")
    sim.add_argument("--narrate", action="store_true",
                     help="print one game's narration (the run's first game) instead")
    sim.set_defaults(fn=simulate)
    rep = sub.add_parser("replay", help="check that an exported game log replays exactly")
    rep.add_argument("file")
    rep.set_defaults(fn=replay_file)
    sub.add_parser("commands-doc", help="print docs/commands.md").set_defaults(fn=commands_doc)
    args = parser.parse_args(argv)
    fn = getattr(args, "fn", run)
    result: int = fn(args)
    return result

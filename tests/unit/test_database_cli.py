"""PANDEMONIUM_DATABASE picks the backend by its scheme; what the bot cannot use
is refused in one line with status 2 and nothing created; `migrate`, `export`
and `import` work on either backend."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.databases import parse_database
from tests.support.pgserver import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def _bot(cwd: Path, *args: str, database: str) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "PANDEMONIUM_DATABASE": database,
        "DISCORD_TOKEN": "not-a-real-token",
    }
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.mark.parametrize(
    ("value", "kind", "target"),
    [
        ("data/x.sqlite", "sqlite", "data/x.sqlite"),
        ("sqlite:///data/x.sqlite", "sqlite", "data/x.sqlite"),
        ("sqlite:////srv/x.sqlite", "sqlite", "/srv/x.sqlite"),
        ("postgresql://bot@db:5432/pd", "postgresql", "postgresql://bot@db:5432/pd"),
        ("postgres://bot@db/pd", "postgresql", "postgres://bot@db/pd"),
    ],
)
def test_the_scheme_picks_the_backend(value: str, kind: str, target: str) -> None:
    database = parse_database(value)
    assert (database.kind, database.target) == (kind, target)


def test_a_password_is_never_shown() -> None:
    assert "hunter2" not in parse_database("postgresql://bot:hunter2@db/pd").shown()


@pytest.mark.parametrize("value", ["mysql://db/pd", "postgresql:///pd", "sqlite://x.db"])
def test_unusable_databases_are_one_line_and_status_2(tmp_path: Path, value: str) -> None:
    done = _bot(tmp_path, database=value)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "PANDEMONIUM_DATABASE" in done.stderr or "database" in done.stderr
    assert list(tmp_path.iterdir()) == [], "nothing created"


@pytest.mark.parametrize("command", [(), ("migrate",)])
def test_an_unreachable_server_is_one_line_and_status_2(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    url = f"postgresql://bot:hunter2@127.0.0.1:{_closed_port()}/pd"
    done = _bot(tmp_path, *command, database=url)
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert "cannot reach the database" in line and "hunter2" not in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow(54)
def test_migrate_export_and_import_through_the_command_line(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    import asyncio

    url = asyncio.run(postgres_server.create_database())
    first = _bot(tmp_path, "migrate", database=url)
    again = _bot(tmp_path, "migrate", database=url)
    assert first.returncode == again.returncode == 0, first.stderr
    assert first.stdout == again.stdout and "schema version" in first.stdout
    old = str(tmp_path / "old.sqlite")
    assert _bot(tmp_path, "migrate", database=old).returncode == 0
    exported = _bot(tmp_path, "export", "dump.json", database=old)
    assert exported.returncode == 0 and "exported 0 games" in exported.stdout
    empty = _bot(tmp_path, "import", "dump.json", database=url)
    assert empty.returncode == 2 and "holds no rows" in empty.stderr, empty.stderr
    _with_setting(tmp_path / "dump.json")
    imported = _bot(tmp_path, "import", "dump.json", database=url)
    assert imported.returncode == 0, imported.stderr
    refused = _bot(tmp_path, "import", "missing.json", database=url)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1


def _with_setting(path: Path, value: object = "7") -> None:
    """Give an export one settings row (a server's reminder minutes)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    document["tables"]["settings"]["rows"] = [["guild", 1, "reminder_minutes", value]]
    path.write_text(json.dumps(document), encoding="utf-8")


@pytest.mark.parametrize("where", ["/proc/1/nope/db.sqlite", "{tmp}", "/proc/db.sqlite", "{file}"])
@pytest.mark.parametrize("command", [(), ("migrate",), ("export", "dump.json")])
def test_an_unusable_sqlite_path_is_one_line_and_status_2(
    tmp_path: Path, where: str, command: tuple[str, ...]
) -> None:
    """A folder that cannot be made, a directory, a place nobody may write (/proc), a
    file that is not a database: one line naming the database, status 2."""
    (tmp_path / "notes.txt").write_text("not a database " * 100, encoding="utf-8")
    database = where.format(tmp=tmp_path, file=tmp_path / "notes.txt")
    done = _bot(tmp_path, *command, database=database)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"pandemonium: cannot use the database {database}: "), line
    assert not (tmp_path / "dump.json").exists()


@pytest.mark.parametrize("target", ["{tmp}", "{tmp}/no/such/dump.json", "/proc/dump.json"])
def test_export_to_an_unusable_path_is_one_line_and_status_2(tmp_path: Path, target: str) -> None:
    path = target.format(tmp=tmp_path)
    done = _bot(tmp_path, "export", path, database=str(tmp_path / "db.sqlite"))
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"pandemonium: cannot write {path}: "), line


@pytest.mark.slow(26)
def test_import_of_a_bad_row_is_one_line_naming_it_and_imports_nothing(tmp_path: Path) -> None:
    """A string where SQLite's INTEGER column expects a number: SQLite would take it."""
    source, target = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    assert _bot(tmp_path, "export", "dump.json", database=source).returncode == 0
    _with_setting(tmp_path / "dump.json")
    document = json.loads((tmp_path / "dump.json").read_text(encoding="utf-8"))
    document["tables"]["settings"]["rows"].append(["guild", "two", "pings", "true"])
    (tmp_path / "dump.json").write_text(json.dumps(document), encoding="utf-8")
    done = _bot(tmp_path, "import", "dump.json", database=target)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line == (
        'pandemonium: table settings, row 2, column scope_id: "two" is not a whole number'
    )
    exported = _bot(tmp_path, "export", "after.json", database=target)
    assert "0 settings" in exported.stdout, "nothing was imported"

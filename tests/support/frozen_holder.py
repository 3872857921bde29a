"""A lease holder frozen in the middle of a write, for the PostgreSQL tests of
bounded waits: `python -m tests.support.frozen_holder URL LEASE_SECONDS`. It
opens the database as the bot does (the same session settings), claims every
slot (shard 0 of 1), begins a write the way every write begins (its slot's
lease row read FOR KEY SHARE), says "frozen" and stops itself (SIGSTOP): its
session is left idle in transaction, holding the row lock a takeover needs."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from bot.leases import this_process
from bot.storage_postgres import PostgresStorage


async def freeze(url: str, lease: float) -> None:
    storage = await PostgresStorage.open(url, pool_size=1, migrate=False)
    assert await storage.claim_shards(this_process(1, [0]), lease) == []
    async with storage._txn() as db:
        await storage._hold(db, 0)
        print("frozen", flush=True)
        os.kill(os.getpid(), signal.SIGSTOP)
        await db.execute("SELECT 1")


if __name__ == "__main__":
    asyncio.run(freeze(sys.argv[1], float(sys.argv[2])))

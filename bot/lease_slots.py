"""What a write is fenced by: lease slots that do not depend on the shard count.

Leases used to be keyed by (shard count, shard): a process running shard 1 of 2
and another running shard 3 of 4 both "held" the same guild, each under its own
row, and both wrote. Now every process, whatever its shard count, claims the
same fixed set of `LEASE_SLOTS` slots a guild hashes into: a guild lives in slot
`(guild_id >> 22) % LEASE_SLOTS`, and a process claims every slot that any of its
shards' guilds can land in. Two processes serving one guild therefore always
meet on one row, and only the one holding it at its current epoch may write.

With a shard count that divides `LEASE_SLOTS` (1, 2, 4, … 64) each shard has its
own slots, so processes splitting the shards never meet; with any other count a
shard's guilds spread over every slot, so only one process can run at a time
(the second is refused at start-up, which says why).
"""

from __future__ import annotations

import math
import os
import socket
from collections.abc import Sequence
from dataclasses import dataclass

LEASE_SLOTS = 64


def slot_of(guild_id: int | None) -> int:
    """The slot a guild's games are fenced by; direct messages share slot 0 (shard 0
    under every count, since 0 is in slot 0 whatever the count)."""
    return 0 if guild_id is None else (guild_id >> 22) % LEASE_SLOTS


def slots_for(shard_count: int, shards: Sequence[int]) -> list[int]:
    """Every slot holding a guild of one of `shards` (of `shard_count`): a guild x is on
    shard x % count and in slot x % LEASE_SLOTS, and both can hold at once exactly
    when the shard and the slot agree modulo gcd(count, LEASE_SLOTS)."""
    common = math.gcd(shard_count, LEASE_SLOTS)
    wanted = {s % common for s in shards}
    return [k for k in range(LEASE_SLOTS) if k % common in wanted]


@dataclass(frozen=True)
class Claimant:
    """A process asking for the slots of its shards: who it is and where it runs, so a
    successor on the same machine can tell a crashed holder from a live one."""

    owner: str
    host: str
    pid: int
    shard_count: int
    shards: tuple[int, ...]

    @property
    def slots(self) -> list[int]:
        return slots_for(self.shard_count, self.shards)

    @property
    def layout(self) -> str:
        return layout(self.shard_count, ",".join(map(str, self.shards)))


@dataclass(frozen=True)
class Holder:
    """A live process holding one of the slots asked for."""

    owner: str
    host: str
    pid: int
    shard_count: int
    shards: str

    @property
    def layout(self) -> str:
        return layout(self.shard_count, self.shards)


def layout(shard_count: int, shards: str) -> str:
    return f"shards {shards} of {shard_count}"


def holder_alive(host: str, pid: int) -> bool:
    """Whether a holder may still be running. One on another machine may (only its
    lease's end tells); one on this machine is alive only if its process is. Our own
    pid written by another owner is a previous run of this process id: a container
    restarted after a crash runs the bot as pid 1 again."""
    if host != socket.gethostname():
        return True
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True

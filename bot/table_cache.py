"""The live tables a process keeps in memory, bounded.

A process owns its shards' channels outright, so a cached table is always the
truth; but a big bot sees far more channels than it has live games, and each
table costs about 100 KiB. So only channels with a live game are kept, and past
the limit the least recently used table is dropped (it is read back from storage
on its next click, at the cost of one query and one parse).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

V = TypeVar("V")

DEFAULT_TABLES_KEPT = 1000


class TableCache(Generic[V]):
    def __init__(self, limit: int = DEFAULT_TABLES_KEPT) -> None:
        if limit < 1:
            raise ValueError("the table cache keeps at least one table")
        self.limit = limit
        self._tables: OrderedDict[int, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, channel_id: int) -> V | None:
        table = self._tables.get(channel_id)
        if table is not None:
            self._tables.move_to_end(channel_id)
        return table

    def put(self, channel_id: int, table: V | None) -> None:
        """Keep `table` as the channel's (None: the channel has no live game)."""
        if table is None:
            self._tables.pop(channel_id, None)
            return
        self._tables[channel_id] = table
        self._tables.move_to_end(channel_id)
        while len(self._tables) > self.limit:
            self._tables.popitem(last=False)

    def add_if_absent(self, channel_id: int, table: V) -> V:
        """Keep a table read from storage, unless a change stored a newer one while
        it was being read; returns the one kept."""
        kept = self._tables.get(channel_id)
        if kept is not None:
            return kept
        self.put(channel_id, table)
        return table

    def pop(self, channel_id: int) -> None:
        self._tables.pop(channel_id, None)

    def clear(self) -> None:
        """Forget every table (this process's shard lease changed hands)."""
        self._tables.clear()

"""The live tables a process keeps in memory, bounded by an estimate of their bytes.

A process owns its shards' channels outright, so a cached table is always the
truth; but a big bot sees far more channels than it has live games, and a busy
table holds its state, the few checkpoints undo starts from and the log lines
since: 85–175 KiB, up to 13 times what a just-started one takes. A limit on the
number of tables let memory follow how long the games ran, so the cache is
bounded by bytes: only channels with a live game are kept, and past the limit the
least recently used tables are dropped (read back from storage on their next
click, at the cost of one query and one parse). The newest table always stays.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")

DEFAULT_MIB = 256

STATE_BYTES_PER_CHAR = 12
"""A parsed state takes 8–11 times its stored text in memory (tracemalloc, busy
tables of Hellboy, Hellraiser and Hellbringer); rounded up."""

LINE_BYTES = 320
"""A log line held for undo, kept as its JSON (`bot.checkpoints.Line`): 310 bytes on
average by tracemalloc with 185 bytes of JSON, against 1.5 KiB as a parsed
`LogEntry`."""


def estimated_bytes(state_chars: int, states: int, lines: int) -> int:
    """A table's memory from what is cheap to count: its stored state's length, the
    states it holds (the current one and each checkpoint's, counted whole though
    they share unchanged parts) and the log lines kept for undo."""
    return STATE_BYTES_PER_CHAR * state_chars * states + LINE_BYTES * lines


class TableCache(Generic[V]):
    def __init__(self, limit_bytes: int, size_of: Callable[[V], int]) -> None:
        if limit_bytes < 1:
            raise ValueError("the table cache keeps at least one table")
        self.limit_bytes = limit_bytes
        self._size_of = size_of
        self._tables: OrderedDict[int, tuple[V, int]] = OrderedDict()
        self.bytes = 0
        """The estimated bytes of the tables kept."""

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, channel_id: int) -> V | None:
        kept = self._tables.get(channel_id)
        if kept is None:
            return None
        self._tables.move_to_end(channel_id)
        return kept[0]

    def put(self, channel_id: int, table: V | None) -> None:
        """Keep `table` as the channel's (None: the channel has no live game)."""
        self.pop(channel_id)
        if table is None:
            return
        size = self._size_of(table)
        self._tables[channel_id] = (table, size)
        self.bytes += size
        while self.bytes > self.limit_bytes and len(self._tables) > 1:
            _, (_, dropped) = self._tables.popitem(last=False)
            self.bytes -= dropped

    def add_if_absent(self, channel_id: int, table: V) -> V:
        """Keep a table read from storage, unless a change stored a newer one while
        it was being read; returns the one kept."""
        kept = self._tables.get(channel_id)
        if kept is not None:
            return kept[0]
        self.put(channel_id, table)
        return table

    def pop(self, channel_id: int) -> None:
        kept = self._tables.pop(channel_id, None)
        if kept is not None:
            self.bytes -= kept[1]

    def clear(self) -> None:
        """Forget every table (this process's shard lease changed hands)."""
        self._tables.clear()
        self.bytes = 0

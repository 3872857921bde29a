"""What every storage backend offers (SQLite in bot/storage_sqlite.py, PostgreSQL in
bot/storage_postgres.py), and the rules they share.

The table service, cogs and tools talk only to `Storage`. A new table means one
migration in each backend's list (tests/unit/table/test_schemas.py asks both
databases what they built and compares) and its methods declared here once, so
mypy refuses a backend that forgets one.

Leases: a process claims the lease slots of the shards it runs (`claim_shards`,
slots in bot/lease_slots.py), which bumps each slot's epoch. From then on every
write about a game checks, in the same transaction, that this process still
holds the game's slot at that epoch, so a process whose shards were taken over,
whatever its shard count, can no longer commit. A storage that never claimed
(tools, tests of the storage alone) writes unchecked.
"""

from __future__ import annotations

import base64
import json
import zlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from pydantic_core import to_json

from bot.lease_slots import Claimant, Holder, holder_alive, slot_of
from bot.models import GameRow, LogEntry, SeatRow, TimerRow
from bot.static_parts import (
    BlobCache,
    Splitter,
    join,
    join_options,
    option_references,
    references,
    split_options,
    static_fields,
)


def shard_of_game(count: str) -> str:
    """SQL (both dialects) for the gateway shard the game `g` lives on, Discord's
    `(guild_id >> 22) % shard_count` (a game outside a server on shard 0), with `count`
    the parameter mark of the shard count. Whether that shard is held is each backend's
    own SQL, as they pass a list of shards differently."""
    return f"((COALESCE(g.guild_id, 0) >> 22) % {count})"


GAME_COLUMNS = (
    "id, guild_id, channel_id, game, mode, status, host_id, version, seats, options, state,"
    " rng_seed, rng_counter, board_message_id, result, created_at, updated_at, finished_at"
)


PACK_COLUMNS = "guild_id, name, game, text, digest, uploader_id, created_at"


@dataclass(frozen=True)
class PackRow:
    """A group's own pack as stored: the YAML text as uploaded, with its digest.
    `game` is the game it is for, or None for a dice-only pack."""

    guild_id: int
    name: str
    game: str | None
    text: str
    digest: str
    uploader_id: int
    created_at: float


def row_to_pack(row: Row) -> PackRow:
    return PackRow(**{c: row[c] for c in PACK_COLUMNS.split(", ")})


def pack_values(pack: PackRow) -> tuple[Any, ...]:
    return tuple(getattr(pack, c) for c in PACK_COLUMNS.split(", "))


@dataclass(frozen=True)
class StoredCheckpoint:
    """A game's state as its log had reached it at `version`, with the RNG counter
    then and the last log line (`seq`) it includes: undo after a restart replays
    from here, not from set-up (`bot/checkpoints.py`)."""

    version: int
    seq: int
    state: str
    rng_counter: int
    after: tuple[LogEntry, ...] = ()
    """The log lines since (`seq` onwards), without undone ones, in order: what
    replays from here to the game as stored."""


LogFateKind = Literal["archived", "removed"]

ENDED_BEFORE = (
    "g.status IN ('finished', 'cancelled') AND COALESCE(g.finished_at, g.updated_at) < {cutoff}"
)
"""SQL (both dialects) for "the game ended before the cutoff": retention never
touches a live game."""

LOG_ROW_COLUMNS = "seq, version, kind, seat, user_id, payload, gm, undone, created_at"


@dataclass(frozen=True)
class LogFate:
    """What retention did with a finished game's log: kept compressed (`archived`,
    every line still readable) or `removed` (only the game row and result remain)."""

    fate: LogFateKind
    lines: int
    at: float


LINES_PER_SLICE = 2_000
"""Log lines retention archives in one transaction. The storage thread is the one
live commits use, and archiving costs 10–13 µs a line (read, compress, delete;
12.5 µs measured at load 11): a slice of 2,000 lines holds it some 25 ms, then the
commits queued meanwhile go."""


GAMES_LOOKED_AT = 50
"""Games (by id, after the last slice's) one retention slice looks at for logs to
handle. Each slice used to look from the first game again, over every game already
archived: at 3,000 finished games that look cost 9–18 ms of every slice, growing
with the database. A window keeps it bounded and the whole run linear; a small one,
since each game in it that has a log has its lines counted (500 made slices twice
as slow: 500 counts for some 13 games handled)."""


def pruning_candidates(cutoff: str, fate: str, after: str, window: str) -> str:
    """SQL (both dialects, given their parameter marks) for the next `window` games
    after id `after`: each game's id and, if retention should handle its log, the
    log's length (else NULL). Live games are looked at, never picked."""
    ended = ENDED_BEFORE.format(cutoff=cutoff)
    return (
        f"SELECT g.id, CASE WHEN {ended} AND (EXISTS"  # noqa: S608
        " (SELECT 1 FROM log l WHERE l.game_id = g.id) OR"
        f" ({fate} = 'removed' AND EXISTS (SELECT 1 FROM log_archives a"
        " WHERE a.game_id = g.id AND a.body IS NOT NULL)))"
        " THEN (SELECT COUNT(*) FROM log l WHERE l.game_id = g.id) END AS n"
        f" FROM games g WHERE g.id > {after} ORDER BY g.id LIMIT {window}"
    )


@dataclass(frozen=True)
class Pruned:
    """One retention slice: how many games' logs it handled, and the id the next
    slice looks after (None: no game is left to look at)."""

    games: int
    looked_to: int | None


def plan_slice(
    looked_at: Sequence[tuple[int, int | None]], limit: int, lines: int
) -> tuple[list[int], int | None]:
    """Of the games looked at, (id, log lines or None), the ones this slice handles
    (`slice_by_lines`, at most `limit`) and the id the next slice looks after: the
    last handled if some candidates wait, else the last looked at."""
    candidates = [(game_id, n) for game_id, n in looked_at if n is not None]
    taken = slice_by_lines(candidates[:limit], lines)
    if len(taken) < len(candidates):
        return taken, taken[-1]
    return taken, looked_at[-1][0] if looked_at else None


def slice_by_lines(games: Sequence[tuple[int, int]], lines: int) -> list[int]:
    """The leading games of (id, log lines) whose lines add up to at most `lines`;
    the first always, so a game longer than that still goes, alone."""
    taken: list[int] = []
    total = 0
    for game_id, count in games:
        if taken and total + count > lines:
            break
        taken.append(game_id)
        total += count
    return taken


_LOG_ROW_NAMES = LOG_ROW_COLUMNS.split(", ")


def archive_body(rows: Sequence[Row]) -> str:
    """A game's log rows as one compact text: zlib-compressed JSON, base64 (so the
    export file, which is JSON, carries it as it is). pydantic's encoder writes the
    same bytes as `json.dumps(…, separators=(",", ":"))` in half the time: the JSON,
    not the compression, was most of a retention slice (2,000 lines: 14 of 31 ms,
    the row copies 9, zlib 5)."""
    plain = [{c: r[c] for c in _LOG_ROW_NAMES} for r in rows]
    packed = zlib.compress(to_json(plain), 9)
    return base64.b64encode(packed).decode("ascii")


def archived_entries(body: str, include_undone: bool = True) -> list[LogEntry]:
    rows = json.loads(zlib.decompress(base64.b64decode(body)))
    return [row_to_entry(r) for r in rows if include_undone or not r["undone"]]


CHECKPOINTS_STORED = 4
"""Stored checkpoints per game; older ones are dropped as new ones are written."""


class VersionConflict(Exception):
    """The game changed since it was loaded; the caller reloads and tries again."""


class LiveGameExists(Exception):
    """The channel already has a game in its lobby or in play."""


class LeaseLost(Exception):
    """This process no longer holds the slot a write belongs to; nothing was written."""


class LeaseBusy(Exception):
    """A claim met a lease row locked by a write still open (its process slow or
    frozen); nothing was taken, and the claim is tried again."""


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer bot."""


class DatabaseUnusable(Exception):
    """The configured database cannot be opened or written (a folder that cannot be made,
    a directory, no write permission, not a database); the message says why in a phrase."""


@dataclass(frozen=True)
class ColumnType:
    """What a column takes, as the import checks a row against it before inserting."""

    kind: Literal["integer", "real", "text", "blob"]
    nullable: bool
    bits: int = 64
    """An integer column's width: PostgreSQL's INTEGER is 32 bits, SQLite's always 64."""


class Row(Protocol):
    """A result row by column name: sqlite3.Row and asyncpg.Record both are."""

    def __getitem__(self, key: str) -> Any: ...


@dataclass
class Lease:
    """The shards this process runs, and the epoch it holds each of their slots at."""

    owner: str
    shard_count: int
    shards: tuple[int, ...]
    epochs: dict[int, int] = field(default_factory=dict)
    """slot -> epoch"""
    lost: bool = False

    def epoch_for(self, guild_id: int | None) -> tuple[int, int]:
        """(slot, epoch) for a write about `guild_id`; LeaseLost if not ours."""
        slot = slot_of(guild_id)
        if self.lost or slot not in self.epochs:
            raise LeaseLost(f"lease slot {slot} is not held by {self.owner}")
        return slot, self.epochs[slot]


LEASE_COLUMNS = "slot, owner, host, pid, shard_count, shards, epoch, expires_at"


def in_the_way(rows: Sequence[Row], claimant: Claimant, now: float) -> list[Holder]:
    """The live holders among a claim's locked lease rows (both backends decide alike):
    not this claimant, not run out, and not a process on this machine that is gone."""
    holders = {
        Holder(r["owner"], r["host"], r["pid"], r["shard_count"], r["shards"])
        for r in rows
        if r["owner"] not in ("", claimant.owner) and r["expires_at"] > now
    }
    return sorted(
        (h for h in holders if holder_alive(h.host, h.pid)), key=lambda h: h.owner
    )


def claimed_rows(
    claimant: Claimant, epochs: Mapping[int, int], expires_at: float
) -> list[tuple[Any, ...]]:
    """The lease rows a successful claim writes, in LEASE_COLUMNS order."""
    c = claimant
    shards = ",".join(map(str, c.shards))
    return [
        (slot, c.owner, c.host, c.pid, c.shard_count, shards, epoch, expires_at)
        for slot, epoch in epochs.items()
    ]


def row_to_game(row: Row) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        mode=row["mode"],
        status=row["status"],
        host_id=row["host_id"],
        version=row["version"],
        seats=[SeatRow.model_validate(s) for s in json.loads(row["seats"])],
        options=json.loads(row["options"]),
        state=None if row["state"] is None else stored_text(row["state"]),
        rng_seed=row["rng_seed"],
        rng_counter=row["rng_counter"],
        board_message_id=row["board_message_id"],
        result=json.loads(row["result"]) if row["result"] else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
    )


def row_to_entry(row: Row) -> LogEntry:
    return LogEntry(
        seq=row["seq"],
        version=row["version"],
        kind=row["kind"],
        seat=row["seat"],
        user_id=row["user_id"],
        payload=json.loads(row["payload"]),
        gm=bool(row["gm"]),
        undone=bool(row["undone"]),
        created_at=row["created_at"],
    )


def row_to_checkpoint(row: Row, lines: Sequence[Row]) -> StoredCheckpoint:
    return StoredCheckpoint(
        version=row["version"],
        seq=row["seq"],
        state=stored_text(row["state"]),
        rng_counter=row["rng_counter"],
        after=tuple(row_to_entry(r) for r in lines),
    )


def stored_text(value: str | bytes) -> str:
    """A stored state as text. SQLite keeps states zlib-compressed, as bytes (a
    blob); rows written before that, imported ones and PostgreSQL's (whose TOAST
    compresses large values itself) are the text as it is."""
    if isinstance(value, bytes):
        return zlib.decompress(value).decode()
    return value


def row_to_timer(row: Row) -> TimerRow:
    return TimerRow(
        game_id=row["game_id"],
        kind=row["kind"],
        channel_id=row["channel_id"],
        seat=row["seat"],
        due_at=row["due_at"],
        version=row["version"],
    )


TimerKey = tuple[int, str, int]
"""(game_id, kind, version): what names a scheduled timer."""


def timer_key(timer: TimerRow) -> TimerKey:
    return (timer.game_id, timer.kind, timer.version)


def timer_applies(timer: TimerRow, status: str, version: int) -> bool:
    """Whether a timer still stands for its game (`status`, `version`): a later step
    replaces the game's timers, so one set at another version, or for a game no
    longer active, no longer applies."""
    return status == "active" and version == timer.version


def won_timers(
    timers: Sequence[TimerRow], marked: set[TimerKey], games: Mapping[int, Row]
) -> list[TimerRow]:
    """Of `timers`, those a claim marked fired that still apply (`games`: id -> row
    with the game's status and version)."""
    return [
        t
        for t in timers
        if timer_key(t) in marked
        and (game := games.get(t.game_id)) is not None
        and timer_applies(t, game["status"], game["version"])
    ]


def game_values(game: GameRow, state: str | bytes | None) -> tuple[Any, ...]:
    """The games row's writable columns, in GAME_COLUMNS order without the id, with
    `state` as the backend stores `game.state`."""
    return (
        game.guild_id,
        game.channel_id,
        game.game,
        game.mode,
        game.status,
        game.host_id,
        game.version,
        json.dumps([s.model_dump() for s in game.seats], separators=(",", ":")),
        json.dumps(game.options),
        state,
        game.rng_seed,
        game.rng_counter,
        game.board_message_id,
        json.dumps(game.result) if game.result else None,
        game.created_at,
        game.updated_at,
        game.finished_at,
    )


STEP_COLUMNS = (
    "status", "host_id", "version", "seats", "options", "state", "rng_counter", "result",
    "updated_at", "finished_at",
)
"""What a step may change in a games row (the rest is fixed when the game is created)."""


def step_values(game: GameRow, state: str | bytes | None) -> tuple[Any, ...]:
    """The STEP_COLUMNS of `game`, in order (`state` as in game_values)."""
    named = dict(
        zip(GAME_COLUMNS.replace(" ", "").split(",")[1:], game_values(game, state), strict=True)
    )
    return tuple(named[c] for c in STEP_COLUMNS)


def entry_values(game_id: int, seq: int, entry: LogEntry) -> tuple[Any, ...]:
    """A log row: game_id, seq, version, kind, seat, user_id, payload, gm, undone, created_at."""
    return (
        game_id,
        seq,
        entry.version,
        entry.kind,
        entry.seat,
        entry.user_id,
        json.dumps(entry.payload.stored(), separators=(",", ":")),
        int(entry.gm),
        int(entry.undone),
        entry.created_at,
    )


class Storage(ABC):
    """The one database of this process: games, their logs, settings, timers, leases."""

    lease: Lease | None = None
    lease_generation: int = 0
    """Bumped whenever the lease is claimed or lost: caches keyed to it start afresh."""

    def _set_lease(self, lease: Lease | None) -> None:
        self.lease = lease
        self.lease_generation += 1

    def _check(self, guild_id: int | None) -> tuple[int, int] | None:
        """(slot, epoch) this write must still hold, or None for an unleased storage."""
        return None if self.lease is None else self.lease.epoch_for(guild_id)

    def lose_lease(self) -> None:
        """Refuse every later write: the slots were taken over, or this process can no
        longer tell that they were not (it could not renew before they ran out)."""
        if self.lease is not None and not self.lease.lost:
            self._set_lease(replace(self.lease, lost=True))

    def held_shards(self) -> tuple[int, list[int]]:
        """(shard_count, shards) whose timers this process fires; unleased: all of one."""
        if self.lease is None:
            return 1, [0]
        return self.lease.shard_count, [] if self.lease.lost else list(self.lease.shards)

    _blob_cache: BlobCache | None = None
    _static_splitter: Splitter | None = None

    @property
    def _blobs(self) -> BlobCache:
        if self._blob_cache is None:
            self._blob_cache = BlobCache()
        return self._blob_cache

    @property
    def _splitter(self) -> Splitter:
        if self._static_splitter is None:
            self._static_splitter = Splitter()
        return self._static_splitter

    async def _compact_state(self, game_key: str, text: str) -> str:
        """`text` as it is stored (`bot/static_parts.py`): its static fields by
        reference, their blobs written first (once per process), so a stored row never
        names a blob that is not yet durable."""
        compact, blobs = self._splitter.split(text, static_fields(game_key), game_key)
        await self._keep_blobs(blobs)
        return compact

    async def _keep_blobs(self, blobs: Mapping[str, str]) -> None:
        new = {d: b for d, b in blobs.items() if self._blobs.get(d) is None}
        if new:
            await self.put_static_blobs(new)
            self._blobs.add(new)

    async def _stored(self, game: GameRow) -> GameRow:
        """`game` with its state text and options as stored."""
        options, blobs = split_options(game.options)
        await self._keep_blobs(blobs)
        update: dict[str, Any] = {"options": options} if blobs else {}
        if game.state is not None:
            compact = await self._compact_state(game.game, game.state)
            if compact != game.state:
                update["state"] = compact
        return game.model_copy(update=update) if update else game

    async def _blob_bodies(self, wanted: set[str]) -> dict[str, str]:
        bodies = self._blobs.known(wanted)
        missing = [d for d in wanted if d not in bodies]
        if missing:
            fetched = await self.static_blobs(missing)
            self._blobs.add(fetched)
            bodies.update(fetched)
        return bodies

    async def _full_texts(self, texts: Sequence[str | None]) -> list[str | None]:
        """Stored state texts with their static blobs put back."""
        wanted: set[str] = set().union(*(references(t) for t in texts))
        if not wanted:
            return list(texts)
        bodies = await self._blob_bodies(wanted)
        return [None if t is None else join(t, bodies) for t in texts]

    async def _full(self, games: list[GameRow]) -> list[GameRow]:
        """Games as read back, each with its full state text and options."""
        wanted: set[str] = set().union(
            *(references(g.state) for g in games), *(option_references(g.options) for g in games)
        )
        if not wanted:
            return games
        bodies = await self._blob_bodies(wanted)
        full = []
        for g in games:
            update = {
                "state": None if g.state is None else join(g.state, bodies),
                "options": join_options(g.options, bodies),
            }
            full.append(g.model_copy(update=update))
        return full

    async def _full_one(self, game: GameRow | None) -> GameRow | None:
        return None if game is None else (await self._full([game]))[0]

    async def _full_checkpoint(self, found: StoredCheckpoint | None) -> StoredCheckpoint | None:
        if found is None:
            return None
        (text,) = await self._full_texts([found.state])
        assert text is not None
        return replace(found, state=text)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    # Games

    @abstractmethod
    async def create_game(self, game: GameRow, entries: Sequence[LogEntry]) -> GameRow: ...

    @abstractmethod
    async def commit_step(
        self,
        game: GameRow,
        expected_version: int,
        entries: Sequence[LogEntry],
        undo_versions: Sequence[int] = (),
        timers: Sequence[TimerRow] | None = None,
        checkpoint: bool = False,
    ) -> None:
        """Append `entries` and write `game` as the new snapshot, atomically, only if
        the stored version is still `expected_version` (else VersionConflict) and this
        process still holds the game's shard (else LeaseLost). `timers`, when given,
        replace the game's turn timers in the same transaction.

        Undo checkpoints (`bot/checkpoints.py`) change in that transaction too, so
        a step costs one commit: with `checkpoint` the new snapshot is also stored
        as the game's checkpoint at its version (the newest CHECKPOINTS_STORED are
        kept); the checkpoints at and after an undone version go (so no stored
        checkpoint ever holds an undone step); a game no longer live keeps none."""

    @abstractmethod
    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        """Where the live board is; not a game change, so no version bump."""

    @abstractmethod
    async def live_game(self, channel_id: int) -> GameRow | None: ...

    @abstractmethod
    async def game(self, game_id: int) -> GameRow | None: ...

    @abstractmethod
    async def live_board_channels(self) -> list[int]:
        """Channels whose live game, on a shard this process holds, has a board message,
        most recently changed first: the boards a start-up checks (a crash between a
        step's commit and its board edit leaves one showing an older version)."""

    @abstractmethod
    async def games_in_channel(self, channel_id: int, limit: int = 10) -> list[GameRow]: ...

    @abstractmethod
    async def log(self, game_id: int, include_undone: bool = True) -> list[LogEntry]: ...

    # Undo checkpoints of live games (`bot/checkpoints.py`)

    @abstractmethod
    async def checkpoint_before(
        self, game_id: int, version: int | None = None
    ) -> StoredCheckpoint | None:
        """The newest stored checkpoint older than `version` (None: the newest), with
        the log lines after it (`StoredCheckpoint.after`), read in one go."""

    # Retention of finished games' logs (`bot/maintenance.py`)

    @abstractmethod
    async def prune_logs(
        self,
        ended_before: float,
        fate: LogFateKind,
        now: float,
        limit: int = 50,
        max_lines: int = LINES_PER_SLICE,
        after: int = 0,
    ) -> Pruned:
        """Archive (compress into `log_archives`) or remove the logs of up to `limit`
        games that ended before `ended_before`, never a live one, in one transaction
        of about `max_lines` log lines at most (`slice_by_lines`), looking only at the
        `GAMES_LOOKED_AT` games after id `after` (`plan_slice`); removing also drops an
        archive's text."""

    @abstractmethod
    async def log_fate(self, game_id: int) -> LogFate | None:
        """None while the game's log is kept as it was written."""

    @abstractmethod
    async def compact(self) -> None:
        """Give space back after pruning (SQLite: checkpoint and truncate the WAL, an
        incremental vacuum; PostgreSQL: VACUUM the pruned tables)."""

    # Static blobs (`bot/static_parts.py`): written once, never changed

    @abstractmethod
    async def put_static_blobs(self, blobs: Mapping[str, str]) -> None:
        """Keep each body under its digest; a digest already stored is left alone."""

    @abstractmethod
    async def static_blobs(self, digests: Sequence[str]) -> dict[str, str]:
        """The stored bodies of `digests` (a digest not stored is absent)."""

    # Turn timers

    @abstractmethod
    async def due_timers(self, now: float) -> list[TimerRow]:
        """Unfired timers due by `now`, of the shards this process holds."""

    @abstractmethod
    async def next_timer_due(self) -> float | None: ...

    @abstractmethod
    async def claim_timers(self, timers: Sequence[TimerRow]) -> list[TimerRow]:
        """Claim `timers`, in one transaction, each if it is still the one scheduled;
        returns those this caller won whose game still waits at the timer's version
        (`won_timers`), so a timer fires at most once even across restarts, and a pile
        of overdue ones after downtime costs one commit, not one each. A claim deletes
        the timer's row (nothing reads a fired one): marking it fired rewrote the row
        and both its index entries, 2.6 times the work on PostgreSQL."""

    # Settings (per channel, per server)

    @abstractmethod
    async def get_settings(self, scope: str, scope_id: int) -> dict[str, Any]: ...

    @abstractmethod
    async def put_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None: ...

    # The key that signs a server's web links (`bot/web/links.py`)

    @abstractmethod
    async def link_key(self, guild_id: int, candidate: str, now: float) -> str:
        """The server's link key, storing `candidate` first when it has none, so that
        processes asking at the same moment agree on one and links survive restarts."""

    @abstractmethod
    async def put_link_key(self, guild_id: int, key: str, now: float) -> None:
        """Replace the server's link key: every link signed with the old one stops working."""

    # A server's own packs (`/game pack`)

    @abstractmethod
    async def put_pack(self, pack: PackRow) -> None:
        """Store a pack, replacing the server's pack of the same name."""

    @abstractmethod
    async def get_pack(self, guild_id: int, name: str) -> PackRow | None: ...

    @abstractmethod
    async def list_packs(self, guild_id: int) -> list[PackRow]: ...

    @abstractmethod
    async def delete_pack(self, guild_id: int, name: str) -> bool:
        """True if there was such a pack."""

    # Leases

    @abstractmethod
    async def claim_shards(self, claimant: Claimant, ttl: float) -> list[Holder]:
        """Take every slot of the claimant's shards, bumping its epoch, if none is held
        by another live process (`in_the_way`); all or none. Returns the live holders
        in the way ([]: claimed)."""

    @abstractmethod
    async def renew_lease(self, ttl: float) -> bool:
        """Extend the held lease; False (and the lease is marked lost) if any slot's
        epoch moved on."""

    @abstractmethod
    async def release_lease(self) -> None:
        """Let a successor claim at once (a clean stop)."""

    # Export and import (`python -m bot export/import`)

    @abstractmethod
    async def dump_table(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        """Every row of `table` as (column names, rows)."""

    @abstractmethod
    async def table_names(self) -> set[str]: ...

    @abstractmethod
    async def column_types(self, table: str) -> dict[str, ColumnType]:
        """Each column of `table` by name, for checking imported rows first: SQLite would
        store a string in an INTEGER column, and the game would then fail to load."""

    @abstractmethod
    async def load_tables(self, tables: Mapping[str, tuple[list[str], list[Any]]]) -> None:
        """Insert exported rows into an empty database in one transaction."""

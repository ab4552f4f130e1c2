"""SQLite persistence for games and moves (aiosqlite, WAL, group-committed writes)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import random
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

import aiosqlite

from . import postgresql, postgresql_store, snapshots
from .commit import GroupCommit
from .errors import ChannelBusy, StaleVersion, StoreBusy, StoreError
from .migrations import MIGRATIONS, statements

__all__ = ["ChannelBusy", "GameRecord", "MoveRecord", "Seat", "StaleVersion", "Store",
           "StoreBusy", "StoreError"]

OPEN_STATUSES = ("lobby", "active")

# Every read of a game also counts each seat's moves, in the same statement (one snapshot).
SELECT_GAMES = ("SELECT games.*, (SELECT json_group_object(seat, n) FROM (SELECT seat,"
                " COUNT(*) AS n FROM moves WHERE moves.game_id = games.id GROUP BY seat) AS counts)"
                " AS turns FROM games")


BUSY_SECONDS = 5.0  # how long a write waits for another process's write lock
LOCK_RETRY_SECONDS = (0.01, 0.05)  # the range of pauses between tries of a start


async def _again_while_locked(step, seconds: float) -> None:
    """Run ``step``, and again after a short random pause while SQLite answers "database is
    locked", for up to ``seconds`` in all.

    SQLite skips its own busy wait where waiting could deadlock: switching an older
    (rollback-journal) database to WAL while another connection holds a write is refused
    at once. Several processes starting together on one file meet exactly that."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return await step()
        except (sqlite3.OperationalError, StoreBusy) as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
        await asyncio.sleep(random.uniform(*LOCK_RETRY_SECONDS))


@dataclass(frozen=True)
class Seat:
    """A seated player: platform user id and display name.

    A computer seat has a ``level`` (``easy``, ``normal``, ``hard``) and a user id of its own
    (``bot:<number>``); ``replaced`` is the user whose seat it took over, if any.
    """

    user_id: str
    name: str
    level: str | None = None
    replaced: str | None = None

    @property
    def is_computer(self) -> bool:
        """True for a computer player's seat."""
        return self.level is not None


@dataclass(frozen=True)
class GameRecord:
    """One row of ``games``: a table in a channel, in lobby, active, over or aborted."""

    id: int
    game: str
    guild: str
    channel: str
    status: str
    seed: int
    options: dict
    seats: tuple[Seat, ...]
    host: str
    min_players: int
    max_players: int
    version: int
    state: dict | None
    board_message_id: str | None
    settings: dict = field(default_factory=dict)  # the table's reminder and time limits
    board_version: int | None = None  # the version the board message shows
    turns: tuple[int, ...] = ()  # moves made so far by each seat
    computer_played: bool = False  # a computer player held a seat of the running game

    def turns_of(self, seat: int) -> int:
        """How many moves ``seat`` has made in this game."""
        return self.turns[seat] if 0 <= seat < len(self.turns) else 0

    def seat_of(self, user_id: str) -> int | None:
        """Return the seat index of ``user_id``, or None if not seated."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def names(self) -> list[str]:
        """Display names by seat."""
        return [seat.name for seat in self.seats]

    @property
    def computer_took_part(self) -> bool:
        """True when a computer player holds or held a seat of the game (it is not rated)."""
        return self.computer_played or any(seat.is_computer for seat in self.seats)


@dataclass(frozen=True)
class MoveRecord:
    """One row of ``moves``: who played what, what happened, and whether it may be undone."""

    seq: int
    seat: int
    action: str
    events: list
    undoable: bool
    secret: bool = False


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _reading(method):
    """Run a read on the reader connection: in WAL mode it never waits for a write's fsync."""

    @functools.wraps(method)
    async def wrapper(self: "Store", *args, **kwargs):
        async with self._read_lock:
            return await method(self, *args, **kwargs)

    return wrapper


class Store(GroupCommit):
    """The games database. Open it with :meth:`open`; every write is atomic and durable.

    One connection writes; a lock makes each write call atomic with respect to the others
    (SQLite serialises writers anyway, and this keeps writes from interleaving on the shared
    connection). Writes that queue behind one another are committed together, one fsync for
    the group (:meth:`write`, in :mod:`bot.store.commit`), so a busy bot pays far fewer
    fsyncs than moves. The hot reads (a channel's game, a game, its moves) go through a
    second connection, so they never queue behind a move's fsync (measured with
    ``python -m bench.discord_load``). An in-memory database has only the one connection.
    """

    def __init__(self, connection: aiosqlite.Connection,
                 reader: aiosqlite.Connection | None = None):
        super().__init__(connection)
        self._reader = reader or connection
        self._read_lock = asyncio.Lock() if reader is not None else self._lock
        # the rules by game name, to rebuild a state from a snapshot and moves (the service
        # hands its own registry over)
        self.games: dict[str, Any] = {}

    @classmethod
    async def open(cls, path: str | Path, busy_seconds: float = BUSY_SECONDS) -> "Store":
        """Open (creating if needed) the database at ``path`` and apply pending migrations.

        A write waits up to ``busy_seconds`` for another process sharing the file to release
        the write lock, then fails with :class:`StoreBusy`. A ``postgresql://`` URL opens
        that PostgreSQL database instead (:mod:`bot.store.postgresql_store`)."""
        if postgresql.is_url(path):
            return await postgresql_store.connect(cls, str(path), busy_seconds)
        try:
            if str(path) != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"cannot open the database {path}: {error}") from None
        connection = await aiosqlite.connect(str(path), isolation_level=None,
                                             timeout=busy_seconds)
        store = cls(connection)
        try:
            await _again_while_locked(lambda: store._prepare(path), busy_seconds)
        except BaseException as error:
            await store.close()  # its threads must not keep the process alive
            if isinstance(error, (sqlite3.Error, OSError)):
                raise StoreError(f"cannot open the database {path}: {error}") from None
            raise
        return store

    async def _prepare(self, path: str | Path) -> None:
        """Set the connection up, migrate under the write lock, open the reader.

        Each step may be run again (see :func:`_again_while_locked`)."""
        connection = self._db
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA foreign_keys=ON")
        # FULL: a move acknowledged to a player survives even a power cut, not only a crash.
        await connection.execute("PRAGMA synchronous=FULL")
        await self._migrate()
        if str(path) != ":memory:" and self._reader is self._db:
            self._reader = await aiosqlite.connect(str(path), isolation_level=None)
            self._reader.row_factory = aiosqlite.Row
            self._read_lock = asyncio.Lock()

    async def close(self) -> None:
        """Close the connections."""
        if self._reader is not self._db:
            await self._reader.close()
        await self._db.close()

    @contextlib.asynccontextmanager
    async def read(self):
        """Yield the connection for reads: in WAL mode it never waits for a write's fsync."""
        async with self._read_lock:
            yield self._reader

    async def _migrate(self) -> None:
        """Apply the pending migrations in one write, under the database's write lock.

        (On PostgreSQL: :func:`bot.store.postgresql_store.migrate`.)

        The version is read again once the lock is held: another process starting at the
        same moment may have migrated meanwhile, and then there is nothing left to do."""
        if await self._user_version() >= len(MIGRATIONS):
            return
        async with self.write() as db:
            version = await self._user_version()
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in statements(script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")

    async def _user_version(self) -> int:
        (version,) = await (await self._db.execute("PRAGMA user_version")).fetchone()
        return version

    async def schema_version(self) -> int:
        """Return the number of migrations applied."""
        if isinstance(self._db, postgresql.Connection):
            return await postgresql_store.schema_version(self)
        async with self.read() as db:
            (version,) = await (await db.execute("PRAGMA user_version")).fetchone()
        return version

    # -- reading ----------------------------------------------------------------------------
    @_reading
    async def get_game(self, game_id: int) -> GameRecord | None:
        """Return the game with ``game_id``, or None."""
        return await self._get(game_id, self._reader)

    async def _get(self, game_id: int,
                   db: aiosqlite.Connection | None = None) -> GameRecord | None:
        cursor = await (db or self._db).execute(f"{SELECT_GAMES} WHERE id = ?", (game_id,))
        return _record(await cursor.fetchone())

    @_reading
    async def open_game(self, guild: str, channel: str) -> GameRecord | None:
        """Return the lobby or active game of a channel, or None."""
        cursor = await self._reader.execute(
            f"{SELECT_GAMES} WHERE guild = ? AND channel = ? AND status IN ('lobby', 'active')",
            (guild, channel),
        )
        return _record(await cursor.fetchone())

    async def active_games(self) -> list[GameRecord]:
        """Return every game in lobby or in play (to resume after a restart)."""
        async with self.read() as db:
            cursor = await db.execute(
                f"{SELECT_GAMES} WHERE status IN ('lobby', 'active') ORDER BY id")
            return [_record(row) for row in await cursor.fetchall()]

    @_reading
    async def moves(self, game_id: int, last: int | None = None) -> list[MoveRecord]:
        """Return the moves of a game in order (only the ``last`` ones when given)."""
        sql = ("SELECT seq, seat, action, events, undoable, secret FROM moves "
               "WHERE game_id = ? ORDER BY seq DESC")
        params: tuple = (game_id,)
        if last is not None:
            sql += " LIMIT ?"
            params = (game_id, last)
        rows = await (await self._reader.execute(sql, params)).fetchall()
        return [_move(row) for row in reversed(rows)]

    # -- writing ----------------------------------------------------------------------------
    async def create_game(self, *, game: str, guild: str, channel: str, host: Seat, seed: int,
                          options: dict, min_players: int, max_players: int) -> GameRecord:
        """Open a lobby in a channel with the host seated; ChannelBusy if one is open."""
        now = _now()
        try:
            async with self.write() as db:
                cursor = await db.execute(
                    "INSERT INTO games (game, guild, channel, status, seed, options, seats, host,"
                    " min_players, max_players, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game, guild, channel, str(seed), _dumps(options), _dumps([_seat_json(host)]),
                     host.user_id, min_players, max_players, now, now),
                )
                return await self._get(cursor.lastrowid)
        except sqlite3.IntegrityError as error:
            raise ChannelBusy() from error

    async def set_seats(self, game_id: int, version: int, seats: Sequence[Seat],
                        host: str | None = None) -> GameRecord:
        """Replace the lobby's seats (and host, when given) if the game is still at ``version``."""
        return await self._guarded_update(game_id, version, "seats = ?, host = COALESCE(?, host)",
                                          (_dumps([_seat_json(s) for s in seats]), host))

    async def start_game(self, game_id: int, version: int, seats: Sequence[Seat],
                         state: dict) -> GameRecord:
        """Fix the seat order, store the starting state and mark the game active."""
        state_json = _dumps(state)
        return await self._guarded_update(
            game_id, version, "status = 'active', seats = ?, initial_state = ?, state = ?",
            (_dumps([_seat_json(s) for s in seats]), state_json, state_json))

    async def set_status(self, game_id: int, version: int, status: str) -> GameRecord:
        """Change a game's status (``aborted``, ``over``) if it is still at ``version``."""
        return await self._guarded_update(game_id, version, "status = ?", (status,))

    async def set_board_message(self, game_id: int, message_id: str | None,
                                version: int | None = None) -> None:
        """Remember the last board message posted for a game and the version it shows.

        Not versioned itself: a game whose ``board_version`` lags its ``version`` has a saved
        change the channel was never shown (see :meth:`unposted_games`). A post for an older
        version than the one remembered (two posts racing) does not replace it.
        """
        async with self.write() as db:
            await db.execute(
                "UPDATE games SET board_message_id = ?, board_version = ? WHERE id = ? AND"
                " (CAST(? AS INTEGER) IS NULL OR board_version IS NULL OR board_version <= ?)",
                (message_id, version, game_id, version, version))

    async def unposted_games(self) -> list[GameRecord]:
        """Open games whose channel message does not show their current version."""
        async with self.read() as db:
            cursor = await db.execute(
                f"{SELECT_GAMES} WHERE status IN ('lobby', 'active') AND (board_message_id"
                " IS NULL OR board_version IS NULL OR board_version != version) ORDER BY id")
            return [_record(row) for row in await cursor.fetchall()]

    async def setting(self, key: str) -> str | None:
        """Return a setting of the bot itself, or None."""
        async with self.read() as db:
            row = await (await db.execute("SELECT value FROM settings WHERE key = ?",
                                          (key,))).fetchone()
        return None if row is None else row["value"]

    async def set_setting(self, key: str, value: str) -> None:
        """Store a setting of the bot itself."""
        async with self.write() as db:
            await db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key)"
                             " DO UPDATE SET value = excluded.value", (key, value))

    async def append_move(self, game_id: int, version: int, *, seat: int, action: str,
                          events: list, state: dict, undoable: bool,
                          status: str = "active", secret: bool = False) -> GameRecord:
        """Record a move and the resulting state in one transaction, checking ``version``.

        The move goes to the log; the state replaces the game's current state, and is kept
        as a snapshot every few moves (:mod:`bot.store.snapshots`).
        Returns the game as this transaction left it (its version is ``version + 1``).
        Raises :class:`StaleVersion` (and writes nothing) if the game moved on meanwhile.
        """
        state_json = _dumps(state)
        async with self.write() as db:
            await self._bump(game_id, version, "state = ?, status = ?", (state_json, status),
                             (seat, action))
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, action, events, version,"
                " undoable, secret, created_at) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1"
                " FROM moves WHERE game_id = ?), ?, ?, ?, ?, ?, ?, ?)",
                (game_id, game_id, seat, action, _dumps(events), version + 1,
                 int(undoable), int(secret), _now()))
            record = await self._get(game_id)
            seq = sum(record.turns)
            if snapshots.wants_snapshot(seq):
                await db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state)"
                                 " VALUES (?, ?, ?)",
                                 (game_id, seq, snapshots.packed(state_json)))
            return record

    async def undo_last_move(self, game_id: int, version: int) -> GameRecord:
        """Remove the last move and restore the state before it, in one transaction.

        The state before it is rebuilt from the nearest snapshot (read and replayed before
        the write; the version check makes sure nothing changed in between)."""
        current = await self.get_game(game_id)
        if current is None or current.version != version:
            raise StaleVersion()
        last = sum(current.turns)
        try:
            async with self.read() as db:
                previous = await snapshots.state_at(db, self.games, game_id, last - 1)
        except snapshots.NoRules as error:
            raise StoreError(f"the rules of {error} are not installed") from None
        async with self.write() as db:
            await self._bump(game_id, version, "state = ?, status = 'active'",
                             (_dumps(previous),))
            await db.execute("DELETE FROM moves WHERE game_id = ? AND seq = ?", (game_id, last))
            await db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq >= ?",
                             (game_id, last))
            return await self._get(game_id)

    async def state_at(self, game_id: int, seq: int) -> dict:
        """Return a game's state after its move ``seq`` (0: the start), replayed as needed."""
        async with self.read() as db:
            return await snapshots.state_at(db, self.games, game_id, seq)

    async def _guarded_update(self, game_id: int, version: int, assignments: str,
                              params: tuple) -> GameRecord:
        """Apply ``assignments`` if the game is at ``version``; return it as written."""
        async with self.write():
            await self._bump(game_id, version, assignments, params)
            return await self._get(game_id)

    async def _bump(self, game_id: int, version: int, assignments: str, params: tuple,
                    move: tuple[int, str] | None = None) -> None:
        """Inside a write: update the game and its version, or raise StaleVersion.

        ``move`` (seat, action) names the move this write logs at the new version: what is
        read back if the outcome of the write's COMMIT is in doubt."""
        cursor = await self._db.execute(
            f"UPDATE games SET {assignments}, version = version + 1, updated_at = ?"
            " WHERE id = ? AND version = ?", (*params, _now(), game_id, version))
        if cursor.rowcount != 1:
            raise StaleVersion()
        self._witnesses.append((game_id, version + 1, move))


def _seat_json(seat: Seat) -> dict:
    out = {"id": seat.user_id, "name": seat.name}
    if seat.level is not None:
        out["level"] = seat.level
    if seat.replaced is not None:
        out["was"] = seat.replaced
    return out


def seats_json(seats: Sequence[Seat]) -> str:
    """The stored form of a game's seats."""
    return _dumps([_seat_json(s) for s in seats])


def _record(row: aiosqlite.Row | None) -> GameRecord | None:
    if row is None:
        return None
    seats = tuple(Seat(s["id"], s["name"], s.get("level"), s.get("was"))
                  for s in json.loads(row["seats"]))
    turns = row["turns"] if "turns" in row.keys() else None  # not every query counts them
    counts = {int(seat): n for seat, n in json.loads(turns or "{}").items()}
    return GameRecord(
        id=row["id"], game=row["game"], guild=row["guild"], channel=row["channel"],
        status=row["status"], seed=int(row["seed"]), options=json.loads(row["options"]),
        seats=seats,
        host=row["host"], min_players=row["min_players"], max_players=row["max_players"],
        version=row["version"], state=json.loads(row["state"]) if row["state"] else None,
        board_message_id=row["board_message_id"],
        settings=json.loads(row["settings"]) if "settings" in row.keys() else {},
        board_version=row["board_version"] if "board_version" in row.keys() else None,
        turns=tuple(counts.get(seat, 0) for seat in range(len(seats))),
        computer_played=bool(row["computer_played"]) if "computer_played" in row.keys()
        else False,
    )


def _move(row: aiosqlite.Row) -> MoveRecord:
    return MoveRecord(seq=row["seq"], seat=row["seat"], action=row["action"],
                      events=json.loads(row["events"]), undoable=bool(row["undoable"]),
                      secret=bool(row["secret"]))

"""Group commit: writes that queue together share one transaction and one fsync, and each
writer is told the truth about its write, even when the COMMIT's outcome is in doubt."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3

import aiosqlite

from .errors import StoreBusy, StoreError


class GroupCommit:
    """The writing connection of a store and its group commits (see :meth:`write`)."""

    def __init__(self, connection: aiosqlite.Connection):
        self._db = connection
        self._lock = asyncio.Lock()
        self._batch: asyncio.Future | None = None  # the open group commit, resolved at COMMIT
        self._queued_writers = 0  # writers waiting for the lock, who will join the open batch
        # (game id, version written, (seat, action) of a move or None) of each versioned write
        # in the open batch: what is read back when the outcome of its COMMIT is unknown
        self._witnesses: list[tuple[int, int, tuple[int, str] | None]] = []

    @contextlib.asynccontextmanager
    async def write(self):
        """Yield the connection for one atomic write; return only once it is on disk.

        Group commit: writes that queue while another is being written share one transaction
        and one fsync (``synchronous=FULL``). Each write runs in its own savepoint, so a write
        that raises is rolled back alone and the others in its group still commit; a write
        is never reported done before the COMMIT that carries it has returned.
        ``BEGIN IMMEDIATE`` takes SQLite's write lock at once, so whatever a write reads (the
        record it returns, with its new version) is exactly what it wrote, even with other
        processes writing to the same file.
        """
        self._queued_writers += 1
        try:
            await self._lock.acquire()
        except BaseException:
            self._queued_writers -= 1
            self._commit_if_idle_later()
            raise
        self._queued_writers -= 1
        try:
            batch = await self._join_batch()
            async with self._savepoint():
                yield self._db
        finally:
            try:
                if self._queued_writers == 0:
                    await self._commit_batch()
            finally:
                self._lock.release()
        await asyncio.shield(batch)

    async def _join_batch(self) -> asyncio.Future:
        """Open a group transaction unless one is open; return the future of its commit."""
        if self._batch is None:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                primary = error.sqlite_errorcode & 0xFF  # extended codes keep it in the low byte
                if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                    raise StoreBusy(str(error)) from None
                raise
            self._batch = asyncio.get_running_loop().create_future()
        return self._batch

    @contextlib.asynccontextmanager
    async def _savepoint(self):
        """Run the block inside the open group: undone alone if it raises."""
        await self._db.execute("SAVEPOINT write")
        witnessed = len(self._witnesses)
        try:
            yield
        except BaseException:
            del self._witnesses[witnessed:]
            try:
                await self._db.execute("ROLLBACK TO write")
                await self._db.execute("RELEASE write")
            except BaseException as error:  # the group is in doubt: undo all of it
                await self._abort_batch(error)
            raise
        await self._db.execute("RELEASE write")

    async def _commit_batch(self) -> None:
        """COMMIT the open group (if any) and tell its writers the truth about it.

        The COMMIT is run to its end even if the task issuing it is cancelled meanwhile (the
        cancellation is passed on afterwards). A COMMIT that fails may still have written the
        group (a lost connection after the data reached the disk): the versions the group's
        writes created are then read back to tell saved from lost."""
        batch, self._batch = self._batch, None
        if batch is None:
            return
        witnesses, self._witnesses = self._witnesses, []
        error, cancelled = await self._run_commit()
        if error is not None:  # let the connection finish whatever it was doing first
            with contextlib.suppress(Exception):
                await self._db.execute("SELECT 1")
        if error is None:
            batch.set_result(None)
        elif self._db.in_transaction:  # the COMMIT did not happen: undo the whole group
            self._batch = batch
            await self._abort_batch(error)
        else:
            await self._settle_by_reading_back(batch, witnesses, error)
        if cancelled is not None:
            raise cancelled

    async def _run_commit(self) -> tuple[BaseException | None, BaseException | None]:
        """Run COMMIT to its end; return its error (or None) and a cancellation received."""
        try:
            commit = asyncio.ensure_future(self._db.execute("COMMIT"))
        except Exception as error:
            return error, None
        cancelled = None
        while not commit.done():
            try:
                await asyncio.shield(commit)
            except asyncio.CancelledError as error:
                if commit.done() and commit.cancelled():
                    return error, error
                cancelled = cancelled or error
            except Exception:
                pass
        if commit.cancelled():
            return asyncio.CancelledError(), cancelled
        return commit.exception(), cancelled

    async def _settle_by_reading_back(self, batch: asyncio.Future, witnesses: list,
                                      error: BaseException) -> None:
        """Resolve a group whose COMMIT outcome is unknown by reading back what it wrote.

        The group is one transaction, so every versioned write in it was saved or none was."""
        try:
            saved = await self._written(witnesses) if witnesses else None
        except Exception:
            saved = None
        if saved:
            batch.set_result(None)
            return
        batch.set_exception(StoreError(f"write not saved: {error!r}") if saved is False
                            else StoreError(f"write outcome unknown: {error!r}"))
        batch.exception()  # retrieved here: writers that were cancelled never await it

    async def _written(self, witnesses: list) -> bool:
        """Tell whether the writes of ``witnesses`` are in the database: each move at the
        version it created, each other write's game at (or past) the version it wrote."""
        for game_id, version, move in witnesses:
            if move is None:
                row = await (await self._db.execute(
                    "SELECT version FROM games WHERE id = ?", (game_id,))).fetchone()
                if row is None or row["version"] < version:
                    return False
                continue
            row = await (await self._db.execute(
                "SELECT seat, action FROM moves WHERE game_id = ? AND version = ?",
                (game_id, version))).fetchone()
            if row is None or (row["seat"], row["action"]) != tuple(move):
                return False
        return True

    async def _abort_batch(self, error: BaseException) -> None:
        """Roll back the open group; every write in it fails with ``error``."""
        batch, self._batch = self._batch, None
        if batch is None:
            return
        self._witnesses = []
        with contextlib.suppress(Exception):
            await self._db.execute("ROLLBACK")
        batch.set_exception(StoreError(f"write not saved: {error!r}"))
        batch.exception()  # retrieved here: writers that were cancelled never await it

    def _commit_if_idle_later(self) -> None:
        """A queued writer gave up: commit the open group if nobody else will."""
        if self._batch is not None and self._queued_writers == 0:
            asyncio.get_running_loop().create_task(self._commit_when_idle())

    async def _commit_when_idle(self) -> None:
        async with self._lock:
            if self._queued_writers == 0:
                await self._commit_batch()

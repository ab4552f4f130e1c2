"""The store on PostgreSQL: opening it and its migrations (everything else is shared).

:meth:`bot.store.Store.open` comes here when given a ``postgresql://`` URL (``DATABASE_URL``).
Every read and write is the SQLite store's own code, group commit and the version check
included, run through :class:`bot.store.postgresql.Connection`. The migrations are the same
numbered list, run in one transaction under ``pg_advisory_xact_lock``: any number of processes
may start together on any version of the database, and each finds the schema either untouched
or complete. The number applied is kept in the table ``schema_version`` (SQLite keeps it in
``PRAGMA user_version``).
"""

from __future__ import annotations

import asyncio

from . import postgresql
from .errors import StoreError
from .migrations import MIGRATIONS, statements


async def connect(store_class, url: str, busy_seconds: float):
    """Return a ``store_class`` on the database at ``url``, its migrations applied.

    A write waits up to ``busy_seconds`` for a row another process is writing, then fails
    with :class:`bot.store.StoreBusy`; a database that cannot be opened raises StoreError."""
    store = None
    try:
        store = store_class(await postgresql.Connection.connect(url, busy_seconds))
        await migrate(store)
        store._reader = await postgresql.Connection.connect(url, busy_seconds)
        store._read_lock = asyncio.Lock()
    except BaseException as error:
        if store is not None:
            await store.close()
        if isinstance(error, StoreError) or not isinstance(error, Exception):
            raise
        where = postgresql.redacted(url)
        raise StoreError(f"cannot open the database {where}: {error}") from None
    return store


async def migrate(store) -> None:
    """Apply the pending migrations in one transaction, under an advisory lock."""
    async with store.write() as db:
        await db.execute("SELECT pg_advisory_xact_lock(?)", (postgresql.MIGRATION_LOCK,))
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        version = await _version(db)
        for script in MIGRATIONS[version:]:
            for statement in statements(script):
                translated = postgresql.migration_statement(statement)
                if translated:
                    await db.execute(translated)
        if version < len(MIGRATIONS):
            await db.execute("DELETE FROM schema_version")
            await db.execute("INSERT INTO schema_version (version) VALUES (?)",
                             (len(MIGRATIONS),))


async def schema_version(store) -> int:
    """Return the number of migrations applied to the store's database."""
    async with store.read() as db:
        return await _version(db)


async def _version(db) -> int:
    row = await (await db.execute("SELECT MAX(version) AS version FROM schema_version")).fetchone()
    return row["version"] or 0

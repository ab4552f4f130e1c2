"""The store fixture of these tests: one per backend (``--backend``, default both)."""

from __future__ import annotations

import pytest

from bot.store import Store


@pytest.fixture
async def store(database):
    """An empty store on the backend under test (a SQLite file or a PostgreSQL schema)."""
    opened = await Store.open(database)
    yield opened
    await opened.close()

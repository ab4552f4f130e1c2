"""Starting: any number of processes open one database of any version together, and a start
that cannot open the store ends at once with one line (no traceback, no hang)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store, StoreError
from bot.store.migrations import MIGRATIONS

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 6

# Each child opens the store at the same moment (they wait for a file to appear), then
# prints the schema version it sees and closes.
CHILD = """
import asyncio, os, sys, time
from bot.store import Store
path, go = sys.argv[1], sys.argv[2]
while not os.path.exists(go):
    time.sleep(0.001)
async def main():
    store = await Store.open(path)
    print(await store.schema_version())
    await store.close()
asyncio.run(main())
"""


def _old_database(path: Path, version: int) -> None:
    """Build a database at schema ``version`` holding one game with one move."""
    if version == 0:
        return
    with sqlite3.connect(path) as old:
        for number, script in enumerate(MIGRATIONS[:version], start=1):
            old.executescript(f"{script} PRAGMA user_version = {number};")
        old.execute("INSERT INTO games (game, guild, channel, status, seed, options, seats, host,"
                    " min_players, max_players, initial_state, state, created_at, updated_at)"
                    " VALUES ('toy', 'g', 'c', 'active', 1, '{}', '[]', 'h', 1, 2, '{}', '{}',"
                    " 'now', 'now')")
        columns = [row[1] for row in old.execute("PRAGMA table_info(moves)")]
        values = {"game_id": 1, "seq": 1, "seat": 0, "action": "step", "events": "[]",
                  "state": "{}", "state_hash": "x", "undoable": 1, "created_at": "now",
                  "secret": 0, "version": 1}
        old.execute(f"INSERT INTO moves ({', '.join(columns)}) VALUES"
                    f" ({', '.join('?' for _ in columns)})", [values[c] for c in columns])
    old.close()


@pytest.mark.parametrize("version", [0, 1, 3, len(MIGRATIONS) - 1])
def test_many_processes_start_together_on_a_database_of_any_version(tmp_path, version):
    path = tmp_path / "games.db"
    _old_database(path, version)
    go = tmp_path / "go"
    children = [subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(go)], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for _ in range(PROCESSES)]
    go.touch()
    results = [child.communicate(timeout=30) for child in children]
    assert [child.returncode for child in children] == [0] * PROCESSES, results
    assert [out.strip() for out, _ in results] == [str(len(MIGRATIONS))] * PROCESSES
    with sqlite3.connect(path) as db:
        moves = db.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    assert moves == (0 if version == 0 else 1)


def test_many_processes_start_together_on_a_new_database_of_each_backend(database, tmp_path):
    """On PostgreSQL the migrations run under an advisory lock: the same race, one winner."""
    go = tmp_path / "go"
    children = [subprocess.Popen([sys.executable, "-c", CHILD, str(database), str(go)],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
                for _ in range(PROCESSES)]
    go.touch()
    results = [child.communicate(timeout=60) for child in children]
    assert [child.returncode for child in children] == [0] * PROCESSES, results
    assert [out.strip() for out, _ in results] == [str(len(MIGRATIONS))] * PROCESSES


def _run_bot(database: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "DISCORD_TOKEN": "fake", "DATABASE_PATH": str(database)}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, env=env, timeout=60,
                          capture_output=True, text=True)


def test_a_bot_that_cannot_open_its_store_exits_non_zero_with_one_line(tmp_path):
    database = tmp_path / "games.db"
    database.write_bytes(b"this is not a database, it is a text file" * 100)
    done = _run_bot(database)
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if " INFO " not in line]  # log lines
    assert "Traceback" not in done.stderr, done.stderr
    assert len(lines) == 1 and lines[0].startswith("tabletop: cannot open the database"), \
        done.stderr


def test_a_store_that_fails_to_open_leaves_no_thread_running(tmp_path):
    database = tmp_path / "games.db"
    database.write_bytes(b"garbage" * 1000)
    code = ("import asyncio, sys\nfrom bot.store import Store\n"
            "try:\n    asyncio.run(Store.open(sys.argv[1]))\n"
            "except Exception as error:\n    print(type(error).__name__)\n")
    done = subprocess.run([sys.executable, "-c", code, str(database)], cwd=ROOT, timeout=60,
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip(), done.stderr


async def test_a_start_waits_for_a_write_that_blocks_the_switch_to_wal(tmp_path):
    """SQLite refuses the switch of an older (rollback-journal) database to WAL at once,
    without its busy wait, while another connection holds a write open: this is how one of
    several processes starting together failed with "database is locked". A start tries
    again until the write ends (within the store's busy time)."""
    path = tmp_path / "games.db"
    _old_database(path, 1)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE games SET status = status")
    loop = asyncio.get_running_loop()
    loop.call_later(0.3, other.execute, "COMMIT")
    store = await Store.open(path, busy_seconds=5.0)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
    finally:
        await store.close()
        other.close()


async def test_a_start_that_stays_blocked_fails_with_one_store_error(tmp_path):
    path = tmp_path / "games.db"
    _old_database(path, 1)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreError, match="locked"):
            await Store.open(path, busy_seconds=0.3)
    finally:
        other.close()

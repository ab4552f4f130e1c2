"""``python -m bot.admin``: list, export, import, prune and back up, while the bot runs."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from bot import admin, history
from bot.service import Place, Service
from bot.store import Store
from tests.bot.test_history import finish
from tests.conftest import ALICE, BOB, CAROL, PLACE
from tests.platform.toy_game import TOY

ROOT = Path(__file__).resolve().parents[2]


async def test_list_shows_the_running_games_only(service, store):
    await finish(service)  # over: not listed
    await service.open_and_start(PLACE, [ALICE, BOB], "toy")
    await service.new_game(Place(PLACE.guild, "lobby"), CAROL, "toy")
    lines = await admin.list_games(store)
    assert len(lines) == 2 and "active" in lines[0] and "Alice, Bob" in lines[0]
    assert "lobby" in lines[1] and "Carol" in lines[1]


async def test_export_writes_the_file_of_game_export_and_import_replays_it(service, store,
                                                                           tmp_path):
    table = await finish(service, players=(ALICE, BOB, CAROL), goal=4)
    _, document = await service.export(PLACE)
    record, body = await admin.export_game(store, table.record.id)
    assert body == history.export_bytes(document)  # the same file as /game export
    imported = await admin.import_game(store, {"toy": TOY}, body.decode(), "g2", "c2",
                                       users=[ALICE.user_id])
    assert imported.id != record.id and imported.status == "over"
    assert imported.state == TOY.dump(table.state) and imported.names == record.names
    assert imported.seats[0].user_id == ALICE.user_id
    assert imported.seats[1].user_id == "imported-1"
    again = await admin.export_game(store, imported.id)
    assert json.loads(again[1])["moves"] == document["moves"]


async def test_a_running_game_imports_as_running_and_plays_on(service, store):
    await service.open_and_start(PLACE, [ALICE, BOB], "toy")
    await service.act(PLACE, ALICE, "step")
    running = await service.table(PLACE)
    _, body = await admin.export_game(store, running.record.id)
    elsewhere = Place("g2", "c2")
    record = await admin.import_game(store, {"toy": TOY}, body.decode(), elsewhere.guild,
                                     elsewhere.channel, users=[ALICE.user_id, BOB.user_id])
    assert record.status == "active" and record.state == TOY.dump(running.state)
    outcome = await service.act(elsewhere, BOB, "step")
    assert outcome.table.record.version == record.version + 1
    with pytest.raises(admin.AdminError, match="open game"):
        await admin.import_game(store, {"toy": TOY}, body.decode(), "g2", "c2")


@pytest.mark.parametrize(("text", "problem"), [
    ("not json", "not an export"),
    ('{"format": "tabletop-game/1", "game": "chess", "options": {}, "seed": 1,'
     ' "players": ["A"], "moves": []}', "not installed"),
    ('{"format": "tabletop-game/1", "game": "toy", "options": {}, "seed": 1,'
     ' "players": ["A", "B"], "moves": [[0, "fly away"]]}', "does not replay"),
])
async def test_a_bad_file_is_refused_and_stores_nothing(store, text, problem):
    with pytest.raises(admin.AdminError, match=problem):
        await admin.import_game(store, {"toy": TOY}, text, "g", "c")
    assert await store.active_games() == []


async def test_prune_deletes_only_finished_games_older_than_the_days_given(service, store):
    old = await finish(service)
    recent = await finish(service, place=Place(PLACE.guild, "recent"))
    running = await service.open_and_start(Place(PLACE.guild, "running"), [ALICE, BOB], "toy")
    long_ago = (datetime.now(timezone.utc) - timedelta(days=40)).isoformat(timespec="seconds")
    async with store.write() as db:
        await db.execute("UPDATE games SET updated_at = ? WHERE id IN (?, ?)",
                         (long_ago, old.record.id, running.record.id))
    assert await admin.prune(store, 30) == 1
    assert await store.get_game(old.record.id) is None
    assert await store.moves(old.record.id) == []
    assert await store.get_game(recent.record.id) is not None
    # running games are never pruned
    assert (await store.get_game(running.record.id)).status == "active"


async def test_backup_while_moves_are_written_is_a_consistent_copy_that_restores(tmp_path):
    path = tmp_path / "games.db"
    store = await Store.open(path)
    service = Service(store, games=[TOY], seed_source=lambda: 5)
    await service.open_and_start(PLACE, [ALICE], "toy", "goal=50")
    stop = asyncio.Event()

    async def keep_playing():
        moves = 0
        while not stop.is_set():
            await service.act(PLACE, ALICE, "step" if moves % 2 else "hop 1")
            moves += 1
            if moves == 40:
                break
        return moves

    playing = asyncio.create_task(keep_playing())
    await asyncio.sleep(0.05)
    copy = tmp_path / "backup.db"
    size = await asyncio.to_thread(admin.backup, path, copy)
    stop.set()
    await playing
    await store.close()
    assert size > 0
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    restored = await Store.open(copy)  # the documented restore: the copy is the database
    restored.games["toy"] = TOY
    record = await restored.open_game(PLACE.guild, PLACE.channel)
    moves = await restored.moves(record.id)
    assert sum(record.turns) == len(moves)
    assert record.state == await restored.state_at(record.id, len(moves))
    await restored.close()
    with pytest.raises(admin.AdminError, match="exists"):
        admin.backup(path, copy)


def test_the_command_line_runs_each_command_and_fails_in_one_line(database, tmp_path):
    sqlite = not str(database).startswith("postgresql://")

    def run(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "bot.admin", "--database", str(database),
                               *argv], cwd=tmp_path, capture_output=True, text=True,
                              timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": ""})

    if sqlite:
        missing = run("list")
        assert missing.returncode == 1 and missing.stderr.count("\n") == 1
        assert "no database" in missing.stderr and "Traceback" not in missing.stderr
    asyncio.run(_one_finished_smallworld_game(database))
    assert run("list").stdout.strip() == "no running games"
    exported = run("export", "1", "-o", str(tmp_path / "game.json"))
    assert exported.returncode == 0, exported.stderr
    imported = run("import", str(tmp_path / "game.json"), "--guild", "g", "--channel", "new")
    assert imported.returncode == 0 and "imported as game 2" in imported.stdout, imported.stderr
    backed = run("backup", str(tmp_path / "copy.db"))
    if sqlite:
        assert backed.returncode == 0, backed.stderr
    else:  # PostgreSQL has its own pg_dump: one line saying so
        assert backed.returncode == 1 and "pg_dump" in backed.stderr, backed.stderr
    assert "pruned 0" in run("prune", "--days", "1").stdout
    assert run("export", "99").returncode == 1


async def _one_finished_smallworld_game(database) -> None:
    """Store an aborted two-move game of a registered game (what the command line knows)."""
    store = await Store.open(database)
    service = Service(store, seed_source=lambda: 9)
    table = await service.open_and_start(PLACE, [ALICE, BOB], "smallworld")
    seat = min(table.to_act())
    await service.choose(PLACE, [ALICE, BOB][seat], seat, table.stamp(seat), index=0)
    await service.abort(PLACE, ALICE)
    await store.close()

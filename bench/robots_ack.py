"""How fast people's interactions are answered while a computer player thinks.

    python -m bench.robots_ack --game antiquity --rounds 3

A computer seat's ``hard`` decision is pure-Python search: in a thread of the bot's process
it holds the GIL, in a worker process it does not. This starts a game whose first seat is a
computer player and, while the driver (:class:`bot.discord.robots.Robots`) decides for it,
answers a person's ``/move`` autocomplete over and over (a store read, then rules work in a
thread: the path of an interaction's acknowledgement), timing each answer. The same probes run
with the decision in a thread and in a process, alternating round by round (fair under load),
and with no decision at all as the baseline. Prints the median and 95th percentile.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from bot.discord.robots import Robots
from bot.service import Place, Player, Service
from bot.store import Store

PLACE = Place("guild", "channel")
HOST, OTHER = Player("1", "Host"), Player("2", "Other")
PROBE_GAP = 0.02  # seconds between two probes


async def computer_first(service: Service, game: str):
    """A started two-seat game whose first seat is a ``hard`` computer player."""
    await service.new_game(PLACE, HOST, game)
    await service.join(PLACE, OTHER)
    await service.start(PLACE, HOST)
    return (await service.hand_over(PLACE, HOST, HOST.user_id, "hard")).table


async def probes(service: Service, until: asyncio.Future) -> list[float]:
    """Answer the other player's autocomplete until ``until`` is done; each answer's ms."""
    times = []
    while not until.done() or not times:
        started = time.perf_counter()
        await service.suggest(PLACE, OTHER, "", "en")
        times.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(PROBE_GAP)
    return times


async def round_of(service: Service, table, processes: int | None) -> list[float]:
    """The probes' times while a decision runs in ``processes`` (None: no decision)."""
    if processes is None:
        idle = asyncio.get_running_loop().create_future()
        asyncio.get_running_loop().call_later(2.0, idle.set_result, None)
        return await probes(service, idle)
    robots = Robots(SimpleNamespace(service=service), pause=0, processes=processes)
    try:
        seat = min(table.to_act())
        await robots._decide(table, seat, "easy", 1)  # start the worker before timing
        deciding = asyncio.ensure_future(robots._decide(table, seat, "hard", 7))
        return await probes(service, deciding)
    finally:
        await robots.close()


def summary(label: str, times: list[float]) -> str:
    """One line: how many answers, their median and 95th percentile in ms."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{label:28s} answers {len(times):5d}  median {statistics.median(times):7.1f} ms"
            f"  p95 {p95:7.1f} ms  max {ordered[-1]:7.1f} ms")


async def main_async(game: str, rounds: int) -> None:
    """Run the rounds and print the figures."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        try:
            service = Service(store)
            table = await computer_first(service, game)
            found: dict[str, list[float]] = {"no decision": [], "decision in a thread": [],
                                             "decision in a process": []}
            for _ in range(rounds):
                found["no decision"] += await round_of(service, table, None)
                found["decision in a thread"] += await round_of(service, table, 0)
                found["decision in a process"] += await round_of(service, table, 1)
            print(f"{game}: the other player's autocomplete while the first seat decides (hard)")
            for label, times in found.items():
                print(summary(label, times))
        finally:
            await store.close()


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="antiquity")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main_async(args.game, args.rounds))


if __name__ == "__main__":
    main()

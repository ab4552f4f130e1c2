"""A person's click acknowledged while computer players think, through the real bot process.

    python -m bench.robots_standin [--game antiquity] [--seconds 20] [--level hard]

The real bot (``python -m bench.standin.launcher``) runs against the local Discord stand-in.
In one channel a table of two computer seats plays by itself without pauses (``BOT_PAUSE=0``),
so a decision is always being taken; meanwhile a person runs ``/game status`` in the channel
every 50 ms, and the time from dispatch to the bot's acknowledgement is recorded. Run once with
the decisions in a thread of the bot (``BOT_PROCESSES=0``) and once in a worker process
(``BOT_PROCESSES=1``). Prints p50/p95/p99 and the computer moves made, per mode.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from .__main__ import percentile
from .standin import StandIn
from .standin.driver import BotProcess
from .standin.server import User
from .standin.session import Session

ALICE = User(111, "Alice")
GAP = 0.05  # seconds between two clicks


async def one_mode(game: str, level: str, seconds: float, processes: int) -> tuple[list, int]:
    """The acknowledgement times (ms) and computer moves of one run."""
    standin = await StandIn().start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            bot = await BotProcess(standin, Path(folder) / "games.db", env={
                "BOT_PAUSE": "0", "BOT_PROCESSES": str(processes)}).start()
            try:
                return await _measure(Session(standin, bot), game, level, seconds)
            finally:
                await bot.stop()
    finally:
        await standin.stop()


async def _measure(table: Session, game: str, level: str, seconds: float) -> tuple[list, int]:
    await table.command(ALICE, "game new", game=game, max_players=2)
    await table.command(ALICE, "game addbot", level=level)
    await table.command(ALICE, "game start")
    await table.command(ALICE, "game replace", player=ALICE, level=level)  # both computers
    await asyncio.sleep(2.0)  # the worker starts
    acks = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        done = await table.command(ALICE, "game status")
        if done.ack_ms is not None:
            acks.append(done.ack_ms)
        await asyncio.sleep(GAP)
    return acks, len(table.moves())


async def main_async(game: str, level: str, seconds: float) -> None:
    """Run both modes and print the figures."""
    print(f"{game}, two {level} computer seats playing; /game status acknowledged in:")
    for label, processes in (("thread", 0), ("process", 1)):
        acks, moves = await one_mode(game, level, seconds, processes)
        print(f"decisions in a {label:8s} clicks {len(acks):4d}  p50 {percentile(acks, 0.5):6.1f}"
              f" ms  p95 {percentile(acks, 0.95):6.1f} ms  p99 {percentile(acks, 0.99):6.1f} ms"
              f"  computer moves {moves}")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="antiquity")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    asyncio.run(main_async(args.game, args.level, args.seconds))


if __name__ == "__main__":
    main()

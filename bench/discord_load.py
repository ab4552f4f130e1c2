"""Load: one real bot process against the local Discord stand-in, many channels at once.

    python -m bench.discord_load [--channels 100] [--rate 20] [--seconds 60] [--late]
                                 [--games smallworld antiquity ...] [--render-processes 2]
                                 [--plugins tests/e2e/plugins --games toy]

Each channel seats two simulated players who play random legal moves through the UI
(buttons, menus, "My turn", ``/move`` with autocomplete); when a game ends the channel opens
another. Moves are paced to ``--rate`` per second over all channels. Reported: interaction
acknowledgement p50/p99 (dispatch to callback), click to board (dispatch of the deciding
interaction to the new turn message in the channel) p50/p99, autocomplete answer p50/p99,
moves per second, the bot process's CPU and memory. Each game named runs in turn, with a
fresh bot (default: every game with a board). With ``--late`` every channel starts from a
stored mid- or late-game position of a random game (half the channels at half its moves,
half at 85%; ten distinct games, each copied to every tenth channel), posted with ``/board``,
so the biggest boards are drawn. With ``--old DIR``
the bot of that checkout plays each game first, then this one (before/after). Goal on a 2-core
machine: ack p99 < 100 ms, click-to-board p99 < 1 s at 20 moves/s, no late acknowledgement,
bot memory < 500 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .__main__ import percentile
from .standin import StandIn, autoplay
from .standin.driver import BotProcess
from .standin.model import GUILD, Channel
from .standin.server import User
from .standin.session import Session

TICKS = os.sysconf("SC_CLK_TCK")
HANDLED = re.compile(r"handled in (\d+) ms")


@dataclass
class Figures:
    """Latencies in seconds and counts gathered during the run."""

    acks: list[float] = field(default_factory=list)
    boards: list[float] = field(default_factory=list)
    autocomplete: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    handling: list[float] = field(default_factory=list)  # the bot's own "handled in" times
    load_cpu: float = 0.0  # CPU seconds of this process (stand-in and simulated users)
    errors: list[str] = field(default_factory=list)


class Pacer:
    """Hand out move slots at ``rate`` per second over all channels."""

    def __init__(self, rate: float):
        self.interval = 1.0 / rate
        self.next = time.monotonic()
        self.lock = asyncio.Lock()

    async def take(self) -> None:
        async with self.lock:
            now = time.monotonic()
            self.next = max(self.next + self.interval, now)
            wait = self.next - now
        await asyncio.sleep(wait)


async def open_table(table: Session, game: str, players: list[User], pacer: Pacer) -> None:
    """/game new, Join, Start (each paced like a move)."""
    await pacer.take()
    await table.command(players[0], "game new", game=game)
    for verb, player in (("join", players[1]), ("start", players[0])):
        await pacer.take()
        lobby = table.lobby()
        await table.click(player, lobby, next(i for i in lobby.custom_ids()
                                              if i.endswith(f":{verb}")))


async def channel_loop(table: Session, players: list[User], game: str, pacer: Pacer,
                       deadline: float, figures: Figures, seed: int) -> None:
    """Play games in one channel until the deadline, recording each move's timings."""
    rng = random.Random(seed)
    while time.monotonic() < deadline:
        if autoplay._over(table):
            figures.games += 1
            await open_table(table, game, players, pacer)
            continue
        await pacer.take()
        started = time.monotonic()
        try:
            await autoplay.play(table, players, rng, max_moves=1)
        except AssertionError as failure:  # counted, and the channel plays on
            figures.errors.append(str(failure).splitlines()[0])
            continue
        record(table, started, figures)


def record(table: Session, started: float, figures: Figures) -> None:
    """Add the timings of the interactions one move used."""
    mine = [i for i in table.standin.channel_interactions.get(table.channel, ())
            if i.sent_at >= started]
    for interaction in mine:
        if interaction.type == 4:
            figures.autocomplete.append(interaction.ack_ms / 1000)
        elif interaction.ack_ms is not None:
            figures.acks.append(interaction.ack_ms / 1000)
    deciding = max((i for i in mine if i.type != 4), key=lambda i: i.sent_at)
    figures.boards += board_shown(table, deciding.sent_at)
    figures.moves += 1


def board_shown(table: Session, clicked: float) -> list[float]:
    """How long after the click the channel showed the move: the first board picture posted
    or edited in (a turn message edited in place counts), else the first turn message."""
    public = table.public()
    pictured = [m.pictured for m in public if m.pictured is not None and m.pictured >= clicked]
    posts = [m.created for m in public if m.created >= clicked
             and (m.first_components or "Game over" in m.content)]
    shown = pictured or posts
    return [min(shown) - clicked] if shown else []


def family(pid: int) -> list[int]:
    """A process and its children (the board-drawing workers)."""
    children = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children += [int(c) for c in (task / "children").read_text().split()]
    return [pid, *children]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children so far."""
    total = 0.0
    for member in family(pid):
        fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def memory_mb(pid: int) -> tuple[float, float]:
    """Resident and peak resident memory of a process and its children, in MB."""
    rss = peak = 0.0
    for member in family(pid):
        for line in Path(f"/proc/{member}/status").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key == "VmRSS":
                rss += int(rest.split()[0]) / 1024
            elif key == "VmHWM":
                peak += int(rest.split()[0]) / 1024
    return rss, peak


def line(name: str, values: list[float]) -> str:
    """Median and p99 in milliseconds."""
    if not values:
        return f"{name:22} -"
    median = sorted(values)[len(values) // 2]
    return (f"{name:22} p50 {median * 1000:7.1f} ms   p99 {percentile(values, 0.99) * 1000:7.1f}"
            f" ms   (n={len(values)})")


LATE_GAMES = 10  # distinct random games whose positions the channels of ``--late`` share


async def store_late_games(path: Path, game_name: str, channels: list[int],
                           users: list[list[User]], distinct: int = LATE_GAMES) -> None:
    """Store in each channel a game of its two players at a mid- or late-game position of a
    random game (the same moves that game made, so every position is a real one).

    ``distinct`` games are played through the service (half stopped at half their moves,
    half at 85%); every other channel gets a copy of one of them (its rows copied in SQLite,
    seated with the channel's own players), so games of a thousand moves and more take no
    longer to set up for a hundred channels than for ``distinct``."""
    from bot.service import Place, Player, Service
    from bot.store import Store
    from rules.core import get_game
    from rules.core.playout import random_playout

    game = get_game(game_name)
    store = await Store.open(path)
    seeds = iter(range(len(channels)))
    service = Service(store, games=[game], seed_source=lambda: next(seeds))
    played = list(zip(channels, users, strict=True))[:distinct]

    async def one(index: int, channel: int, players: list[User]) -> int:
        seats = [Player(str(user.id), user.name) for user in players]
        place = Place(str(GUILD), str(channel))
        table = await service.open_and_start(place, seats, game_name)
        playout = random_playout(game, table.record.seed, 2)
        share = 0.5 if index % 2 else 0.85
        for seat, text in playout.moves[: int(len(playout.moves) * share)]:
            await service.act(place, seats[seat], text)
        return table.record.id

    # every channel at once: their writes share commits (the store's group commit)
    ids = await asyncio.gather(*(one(index, channel, players)
                                 for index, (channel, players) in enumerate(played)))
    await store.close()
    with sqlite3.connect(path) as db:
        for index in range(len(played), len(channels)):
            copy_game(db, ids[index % len(ids)], channels[index], users[index])


def copy_game(db: sqlite3.Connection, source: int, channel: int, players: list[User]) -> None:
    """Copy game ``source`` (its row and every row of another table that names its game id)
    into ``channel``, seated with ``players`` in the same order."""
    columns = [c[1] for c in db.execute("PRAGMA table_info(games)") if c[1] != "id"]
    row = dict(zip(columns, db.execute(f"SELECT {', '.join(columns)} FROM games WHERE id = ?",
                                       (source,)).fetchone(), strict=True))
    seats = json.loads(row["seats"])
    for seat, user in zip(seats, players, strict=True):
        seat.update(id=str(user.id), name=user.name)
    row.update(channel=str(channel), seats=json.dumps(seats), host=str(players[0].id))
    copy = db.execute(f"INSERT INTO games ({', '.join(row)}) VALUES"
                      f" ({', '.join('?' * len(row))})", list(row.values())).lastrowid
    tables = [t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        names = [c[1] for c in db.execute(f"PRAGMA table_info({table})")]
        if "game_id" in names and table != "games":
            picked = ", ".join("?" if n == "game_id" else n for n in names)
            db.execute(f"INSERT INTO {table} ({', '.join(names)}) SELECT {picked} FROM {table}"
                       " WHERE game_id = ?", (copy, source))


async def post_boards(tables: list, pacer: Pacer) -> None:
    """Have each channel's first player ask for the board (``/board``), paced like moves."""
    async def one(table: Session, players: list[User]) -> None:
        await pacer.take()
        await table.command(players[0], "board")
    await asyncio.gather(*(one(t, p) for t, p in tables))


async def run(channels: int, rate: float, seconds: float, game: str,
              render_processes: int = 0, plugins: Path | None = None,
              late: bool = False, root: Path | None = None) -> Figures:
    """Start the stand-in and the bot, play, and return the figures."""
    standin = await StandIn().start()
    ids = [3000 + n for n in range(channels)]
    for channel in ids:
        standin.channels[channel] = Channel(channel, f"table-{channel}")
    with tempfile.TemporaryDirectory() as folder:
        users = [[User(10_000 + 2 * n, f"P{2 * n}"), User(10_001 + 2 * n, f"P{2 * n + 1}")]
                 for n in range(channels)]
        if late:
            await store_late_games(Path(folder) / "games.db", game, ids, users)
        bot = await BotProcess(standin, Path(folder) / "games.db", plugins=plugins,
                               env={"RENDER_PROCESSES": str(render_processes)},
                               root=root).start()
        bot.done_seconds = 60.0  # a slow answer is measured, not a failure
        figures = Figures()
        tables = [(Session(standin, bot, channel), pair)
                  for channel, pair in zip(ids, users, strict=True)]
        opening = Pacer(rate)  # first every channel opens its table, then the clock starts
        if late:
            await post_boards(tables, opening)
        else:
            await asyncio.gather(*(open_table(t, game, p, opening) for t, p in tables))
        first_line = len(bot.lines)
        pacer = Pacer(rate)
        deadline = time.monotonic() + seconds
        loops = [channel_loop(t, p, game, pacer, deadline, figures, seed=n)
                 for n, (t, p) in enumerate(tables)]
        warm = time.monotonic()
        cpu_before, own_before = cpu_seconds(bot.process.pid), time.process_time()
        results = await asyncio.gather(*loops, return_exceptions=True)
        wall = time.monotonic() - warm
        cpu = cpu_seconds(bot.process.pid) - cpu_before
        figures.load_cpu = time.process_time() - own_before
        rss, peak = memory_mb(bot.process.pid)
        figures.errors += [repr(r) for r in results if isinstance(r, BaseException)]
        await bot.stop()
        await standin.stop()
    figures.handling = [int(m.group(1)) / 1000 for text in bot.lines[first_line:]
                        if (m := HANDLED.search(text))]
    report(figures, wall, cpu, rss, peak, standin.violations, bot.errors())
    return figures


def late_acks(violations: list[str]) -> int:
    """How many interactions the stand-in saw acknowledged after Discord's 3 seconds."""
    return sum("acknowledged after" in violation for violation in violations)


def report(figures: Figures, wall: float, cpu: float, rss: float, peak: float,
           violations: list[str], errors: list[str]) -> None:
    """Print the figures."""
    print(line("acknowledgement", figures.acks))
    print(f"{'acknowledged late':22} {late_acks(violations)} (after 3 s)")
    print(line("click to board", figures.boards))
    print(line("autocomplete answer", figures.autocomplete))
    print(line("bot handling time", figures.handling))
    print(f"{'moves':22} {figures.moves} in {wall:.1f} s = {figures.moves / wall:.1f}/s;"
          f" games finished {figures.games}")
    print(f"{'bot CPU (+ workers)':22} {cpu:.1f} s = {100 * cpu / wall:.0f}% of one core")
    print(f"{'stand-in + users CPU':22} {figures.load_cpu:.1f} s ="
          f" {100 * figures.load_cpu / wall:.0f}% of one core")
    print(f"{'bot memory (+ workers)':22} RSS {rss:.0f} MB, peak {peak:.0f} MB")
    print(f"{'rule violations':22} {len(violations)} {violations[:3]}")
    print(f"{'bot errors':22} {len(errors)} {errors[:3]}")
    print(f"{'channel failures':22} {len(figures.errors)} {figures.errors[:3]}")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", nargs="*", help="registered games' names, run in turn "
                        "(default: every game with a board)")
    parser.add_argument("--old", type=Path, help="another checkout whose bot runs each game "
                        "first, for a before/after comparison in one run")
    parser.add_argument("--late", action="store_true",
                        help="start every channel from a stored mid- or late-game position")
    parser.add_argument("--plugins", type=Path, default=None,
                        help="a folder of extra games to register, e.g. tests/e2e/plugins "
                             "for the platform's toy game (--games toy: no board to draw)")
    parser.add_argument("--render-processes", type=int, default=0,
                        help="the bot's RENDER_PROCESSES (0: boards drawn in threads)")
    args = parser.parse_args()
    roots = ({"old": args.old} if args.old else {}) | {"this": None}
    for game in args.games or _games_with_boards():
        for label, root in roots.items():
            print(f"== {game} ({label} bot): {args.channels} channels, {args.rate:g} moves/s"
                  f"{', late positions' if args.late else ''}; load average before:"
                  f" {os.getloadavg()[0]:.1f}", flush=True)
            asyncio.run(run(args.channels, args.rate, args.seconds, game,
                            args.render_processes, args.plugins, args.late, root))
            print(f"load average after: {os.getloadavg()[0]:.1f}", flush=True)


def _games_with_boards() -> list[str]:
    from rendering.registry import has_renderer
    from rules.core import all_games
    return [game.name for game in all_games() if has_renderer(game.name)]


if __name__ == "__main__":
    main()

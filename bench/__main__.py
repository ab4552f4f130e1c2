"""Benchmark every registered game and print a table.

    python -m bench [--games smallworld caverna] [--counts 2 5] [--seconds 5]

For each game and player count: random full games per second (in the clock of the rate recorded
before the refactors in bench/baseline.toml, beside it, and their ratio); legal-actions + apply time
per move; render time of the public board mid-game; and the whole service path for one move
(load from SQLite, apply, save, view, render) with a cold state cache, at the median and p99,
beside its floor measured on the same moves and images in the same run (the rules step, one
SQLite commit and zlib level 1 of the board's raw pixels) and the ratio of the two p99s.
Player counts: each game's lowest and highest unless ``--counts`` names others. As the bot does
at its start, the static board layers are drawn and what lives as long as the process is
frozen out of the garbage collector's way first (bot/memory.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sqlite3
import statistics
import tempfile
import time
import tomllib
import zlib
from pathlib import Path

from bot import presenter
from bot.memory import warm_and_freeze
from bot.service import Place, Player, Service
from bot.store import Store
from rendering.registry import has_renderer, render, render_png
from rules.core import NotLegalNow, Rng, all_games
from rules.core.playout import random_playout


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def ms(values: list[float]) -> str:
    """Median / p99 in milliseconds."""
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:7.2f} / {percentile(values, 0.99) * 1000:7.2f}"


def games_per_second(game, players: int, seconds: float) -> tuple[dict, list[float]]:
    """Play random games (seeds 0, 1, ...) for about ``seconds`` of CPU time.

    Return games per second by clock (``cpu``: the process's own time, which a busy machine
    shared with other jobs skews less; ``wall``) and the wall time of every step.
    """
    steps: list[float] = []
    started, wall, finished, seed = time.process_time(), time.perf_counter(), 0, 0
    while time.process_time() - started < seconds or finished == 0:
        state = game.new_game(seed, players, {})
        policy = Rng(seed ^ 77)
        while not game.is_over(state):
            tick = time.perf_counter()
            seat = policy.choice(sorted(game.to_act(state)))
            state = random_move(game, state, seat, policy)
            steps.append(time.perf_counter() - tick)
        finished += 1
        seed += 1
    rates = {"cpu": finished / (time.process_time() - started),
             "wall": finished / (time.perf_counter() - wall)}
    return rates, steps


def random_move(game, state, seat: int, policy: Rng):
    """Apply a random listed action, drawing again when one is refused for hidden reasons."""
    actions = list(game.legal_actions(state, seat))
    while True:
        action = policy.choice(actions)
        try:
            return game.apply(state, seat, action)[0]
        except NotLegalNow:
            actions.remove(action)


BASELINE = Path(__file__).with_name("baseline.toml")


def baseline_rate(game_name: str, players: int) -> tuple[float | None, str]:
    """Return the recorded games/s before the refactors and its clock ("wall" or "cpu")."""
    if not BASELINE.exists():
        return None, "cpu"
    with BASELINE.open("rb") as handle:
        table = tomllib.load(handle)
    entry = table.get(game_name, {}).get(str(players), {})
    return entry.get("games_per_s"), entry.get("clock", "wall")


def ratio(values: list[float], floors: list[float]) -> str:
    """Return the p99 of ``values`` as a multiple of the p99 of ``floors``."""
    if not values or not floors:
        return "-"
    return f"{percentile(values, 0.99) / percentile(floors, 0.99):.2f}x"


def versus(rate: float, base: float | None) -> str:
    """Return ``rate`` as a multiple of ``base`` ("-" without a baseline)."""
    return "-" if not base else f"{rate / base:.1f}x"


def render_times(game, players: int, repeats: int = 20) -> list[float]:
    """Render the public board of a mid-game position ``repeats`` times."""
    if not has_renderer(game.name):
        return []
    playout = random_playout(game, 3, players)
    middle = playout.moves[: len(playout.moves) // 2]
    state = game.new_game(3, players, {})
    for seat, text in middle:
        state, _ = game.play(state, seat, text)
    view = game.view(state, None)
    render_png(view)  # warm the static layers, as a running bot has them
    times = []
    for _ in range(repeats):
        tick = time.perf_counter()
        render_png(view, middle[-1][1] if middle else None)
        times.append(time.perf_counter() - tick)
    return times


async def service_path(game, players: int, moves: int = 40) -> tuple[list[float], list[float]]:
    """Time load + apply + save + view + render through the service on games mid-way.

    Return the service time of each move and its floor, measured on the same move and image:
    the rules step (parse + apply), one SQLite commit in the same folder (WAL, synchronous
    FULL, as the store) and zlib level 1 of the board's raw pixels. Moves are taken from the
    middle of seeded random games, one channel per game, until ``moves`` are timed: a game
    shorter than that (Caverna alone ends about 46 moves after its middle) does not leave a
    "p99" that is only its slowest move.
    """
    times, floors = [], []
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        service = Service(store, games=[game], seed_source=lambda: 3)
        seats = [Player(str(i), f"P{i + 1}") for i in range(players)]
        with _commit_floor(Path(folder) / "floor.db") as commit:
            for seed in range(3, 3 + SERVICE_GAMES):
                if len(times) >= moves:
                    break
                service._seed_source = lambda seed=seed: seed
                place = Place("bench", f"{game.name}-{seed}")
                await service.open_and_start(place, seats, game.name)
                await _time_game(game, service, place, seats, seed, moves - len(times),
                                 commit, times, floors)
        await store.close()
    return times, floors


SERVICE_GAMES = 20  # seeded games at most that service_path takes moves from


async def _time_game(game, service, place, seats, seed: int, wanted: int, commit,
                     times: list[float], floors: list[float]) -> None:
    """Play the seeded random game ``seed`` through the service, timing up to ``wanted``
    moves from its middle on (each with a cold state cache) beside their floors."""
    playout = random_playout(game, seed, len(seats))
    half = len(playout.moves) // 2
    state = game.new_game(seed, len(seats), {})
    for index, (seat, text) in enumerate(playout.moves[: half + wanted]):
        service._states.clear()  # cold: load the state from SQLite every time
        tick = time.perf_counter()
        outcome = await service.act(place, seats[seat], text)
        await presenter.board_png(outcome.table, None, text)
        spent = time.perf_counter() - tick
        tick = time.perf_counter()
        state, _ = game.play(state, seat, text)
        step = time.perf_counter() - tick
        if index >= half:
            times.append(spent)
            floors.append(step + commit(text) + _zlib_floor(outcome.table, text))


@contextlib.contextmanager
def _commit_floor(path: Path):
    """Yield a function that commits one row (the move's text) and returns the time it took."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("CREATE TABLE moves (text TEXT)")

    def commit(text: str) -> float:
        tick = time.perf_counter()
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO moves VALUES (?)", (text,))
        connection.execute("COMMIT")
        return time.perf_counter() - tick
    try:
        yield commit
    finally:
        connection.close()


def _zlib_floor(table, text: str) -> float:
    """Time zlib level 1 of the raw pixels of the board just posted (drawn again, untimed)."""
    raw = render(table.view(None), last_move=text, names=table.names).tobytes()
    tick = time.perf_counter()
    zlib.compress(raw, 1)
    return time.perf_counter() - tick


def counts(game, wanted) -> list[int]:
    """The player counts to measure: ``wanted`` (those the game allows), else its lowest and
    highest."""
    allowed = range(game.min_players, game.max_players + 1)
    return [n for n in allowed if n in wanted] if wanted else sorted({allowed[0], allowed[-1]})


def main() -> None:
    """Run the benchmarks and print one row per game and player count."""
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--counts", nargs="*", type=int)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--moves", type=int, default=100, help="service moves timed per row")
    args = parser.parse_args()
    warm_and_freeze()  # as the bot does at its start (bot/memory.py)
    wide = max(len(game.name) for game in all_games()) + 1
    print(f"{'game':<{wide}}{'n':>3}{'games/s':>10}{'clock':>6}{'base':>8}{'x base':>8}  "
          f"{'step ms med/p99':>19}  {'render ms med/p99':>19}  {'service ms med/p99':>19}  "
          f"{'floor ms med/p99':>19}  {'p99 x':>6}")
    for game in all_games():
        if args.games and game.name not in args.games:
            continue
        for players in counts(game, args.counts):
            rates, steps = games_per_second(game, players, args.seconds)
            renders = render_times(game, players)
            path, floor = asyncio.run(service_path(game, players, args.moves))
            base, clock = baseline_rate(game.name, players)
            rate = rates[clock]
            print(f"{game.name:<{wide}}{players:>3}{rate:>10.2f}{clock:>6}"
                  f"{'-' if base is None else f'{base:.2f}':>8}{versus(rate, base):>8}  "
                  f"{ms(steps):>19}  "
                  f"{ms(renders):>19}  {ms(path):>19}  {ms(floor):>19}  "
                  f"{ratio(path, floor):>6}", flush=True)


if __name__ == "__main__":
    main()

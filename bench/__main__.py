"""Benchmark every registered game and print a table.

    python -m bench [--games smallworld caverna] [--counts 2 5] [--seconds 5]

For each game and player count: random full games per second (in the clock of the rate recorded
before the refactors in bench/baseline.toml, beside it, and their ratio); legal-actions + apply time
per move; render time of the public board mid-game; and the whole service path for one move
(load from SQLite, apply, save, view, render) with a cold state cache, at the median and p99.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import tomllib
from pathlib import Path

from bot import presenter
from bot.service import Place, Player, Service
from bot.store import Store
from rendering.registry import has_renderer, render_png
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


async def service_path(game, players: int, moves: int = 40) -> list[float]:
    """Time load + apply + save + view + render through the service on a game mid-way."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        service = Service(store, games=[game], seed_source=lambda: 3)
        place = Place("bench", game.name)
        seats = [Player(str(i), f"P{i + 1}") for i in range(players)]
        await service.open_and_start(place, seats, game.name)
        playout = random_playout(game, 3, players)
        half = len(playout.moves) // 2
        times = []
        for index, (seat, text) in enumerate(playout.moves[: half + moves]):
            service._states.clear()  # cold: load the state from SQLite every time
            tick = time.perf_counter()
            outcome = await service.act(place, seats[seat], text)
            await presenter.board_png(outcome.table, None, text)
            if index >= half:
                times.append(time.perf_counter() - tick)
        await store.close()
        return times


# Player counts benchmarked when ``--counts`` is not given (the rest: every allowed count).
DEFAULT_COUNTS = {"vindication": (2, 5), "smallworld_warcraft": (2, 5)}


def main() -> None:
    """Run the benchmarks and print one row per game and player count."""
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--counts", nargs="*", type=int)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    wide = max(len(game.name) for game in all_games()) + 1
    print(f"{'game':<{wide}}{'n':>3}{'games/s':>10}{'clock':>6}{'base':>8}{'x base':>8}  "
          f"{'step ms med/p99':>19}  {'render ms med/p99':>19}  {'service ms med/p99':>19}")
    for game in all_games():
        if args.games and game.name not in args.games:
            continue
        for players in range(game.min_players, game.max_players + 1):
            wanted = args.counts or DEFAULT_COUNTS.get(game.name)
            if wanted and players not in wanted:
                continue
            rates, steps = games_per_second(game, players, args.seconds)
            renders = render_times(game, players)
            path = asyncio.run(service_path(game, players))
            base, clock = baseline_rate(game.name, players)
            rate = rates[clock]
            print(f"{game.name:<{wide}}{players:>3}{rate:>10.2f}{clock:>6}"
                  f"{'-' if base is None else f'{base:.2f}':>8}{versus(rate, base):>8}  "
                  f"{ms(steps):>19}  "
                  f"{ms(renders):>19}  {ms(path):>19}", flush=True)


if __name__ == "__main__":
    main()

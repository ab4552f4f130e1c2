"""Speed of the computer players' hard level, per game and player count.

    nice -n 10 python -m bench.ai_speed [--games antiquity caverna] [--decisions 30]
                                        [--iterations 40]

Decisions are taken at positions of seeded random playouts (several seeds, spread over the
game), for a seat that may act and has a choice, at the game's default hard budget for that
count (or ``--iterations``). Random play is not real play (Antiquity's cities stay small
in it, and its turns short), so ``--real K ...`` times instead every hard decision of the
strength benchmark's hard:normal games K (``bench.ai_strength``, same seeds and seats), the
positions real games reach; the wall time is then the CPU time. ``--all-hard`` plays those
seeds with hard in every seat instead (``bench.ai_strength --pairings hard:hard``'s games) and
also prints the longest game's CPU minutes: the issue's game of only hard seats, with its
decisions' p99, at any count. Prints the decisions timed,
the decision time p50 / p99 in seconds (wall clock and the process's own CPU time, which a
machine shared with other jobs skews less), the slowest decision's CPU time and the rollouts
per CPU-second (``--iterations`` and the games' ``HARD_ITERATIONS`` count rollouts). The
issue's target: p99 under 2 s on this machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rules.core import all_games, get_game
from rules.core.ai import plan
from rules.core.hard import budget as hard_budget
from rules.core.playout import random_playout

from .ai_strength import COUNTS, play


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def positions(game, players: int, wanted: int) -> list:
    """(state, seat) with a real choice, spread over seeded random games."""
    found, seed = [], 0
    while len(found) < wanted and seed < 10 * wanted + 10:
        grabbed = []

        def grab(state, seat, action, grabbed=grabbed):
            if len(game.legal_actions(state, seat)) > 1:
                grabbed.append((state, seat))

        random_playout(game, 100 + seed, players, on_step=grab)
        step = max(1, len(grabbed) // 6)
        found.extend(grabbed[step // 2::step][:6])
        seed += 1
    return found[:wanted]


def measure(game, players: int, decisions: int, iterations: int | None) -> dict:
    """Time ``decisions`` hard decisions; return the timings and the rollout rate."""
    walls, cpus, done = [], [], 0
    for index, (state, seat) in enumerate(positions(game, players, decisions)):
        wall, cpu = time.perf_counter(), time.process_time()
        result = plan(game, state, seat, "hard", index, iterations)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
        done += result.iterations
    return {"walls": walls, "cpus": cpus, "rate": done / max(1e-9, sum(cpus))}


def measure_real(game, players: int, games: list[int], iterations: int | None,
                 max_moves: int = 3000, all_hard: bool = False) -> dict:
    """Time every hard decision of the strength benchmark's hard:normal games ``games``
    (with ``all_hard``, its hard:hard games, hard in every seat); return the timings (CPU
    seconds, also as the wall times), the rollout rate, the longest game's CPU seconds and the
    number of games cut at ``max_moves`` unfinished."""
    cpus, done, levels, longest, cut = [], 0, [], 0.0, 0

    def timed(state, seat, made, cpu):
        nonlocal done
        if levels[seat] == "hard":
            cpus.append(cpu)
            done += made.iterations

    for k in games:
        levels[:] = ["hard" if all_hard or (s + k) % 2 == 0 else "normal"
                     for s in range(players)]
        before = sum(cpus)
        finished, _ = play(game, players, levels, 1000 + k, iterations, max_moves, watch=timed)
        cut += finished is None
        longest = max(longest, sum(cpus) - before)
    return {"walls": cpus, "cpus": cpus, "rate": done / max(1e-9, sum(cpus)),
            "game_cpu": longest, "cut": cut}


def main() -> None:
    """Print one row per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=[g.name for g in all_games()])
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--counts", nargs="*", type=int, default=None,
                        help="player counts (default: 2 and the game's most common count)")
    parser.add_argument("--real", nargs="*", type=int, default=None,
                        help="time every hard decision of these hard:normal strength games "
                             "instead of positions of random playouts")
    parser.add_argument("--all-hard", action="store_true",
                        help="with --real, play hard in every seat (the games of "
                             "`bench.ai_strength --pairings hard:hard`) and also print the "
                             "longest game's CPU minutes, every seat's decisions")
    args = parser.parse_args()
    whole_game = bool(args.real) and args.all_hard  # also print the game's CPU minutes
    print(f"{'game':22}{'n':>3}{'budget':>8}{'decisions':>10}{'wall p50/p99 s':>18}"
          f"{'cpu p50/p99 s':>18}{'cpu max s':>10}{'rollouts/cpu-s':>16}"
          + (f"{'game CPU min':>14}" if whole_game else ""))
    for name in args.games:
        game = get_game(name)
        for players in args.counts or COUNTS.get(name, (game.min_players,)):
            budget = args.iterations or hard_budget(game, players)
            if args.real:
                found = measure_real(game, players, args.real, args.iterations,
                                     all_hard=args.all_hard)
            else:
                found = measure(game, players, args.decisions, args.iterations)
            wall = f"{statistics.median(found['walls']):.2f}/{percentile(found['walls'], .99):.2f}"
            cpu = f"{statistics.median(found['cpus']):.2f}/{percentile(found['cpus'], .99):.2f}"
            print(f"{name:22}{players:>3}{budget:>8}{len(found['cpus']):>10}{wall:>18}{cpu:>18}"
                  f"{max(found['cpus']):>10.2f}{found['rate']:>16.0f}"
                  + (f"{found['game_cpu'] / 60:>14.2f}" if whole_game else "")
                  + (f"  ({found['cut']} cut unfinished)" if found.get("cut") else ""),
                  flush=True)


if __name__ == "__main__":
    main()

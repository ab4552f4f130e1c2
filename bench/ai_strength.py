"""Strength of the computer players: head-to-head games between two levels, seats rotated.

    nice -n 10 python -m bench.ai_strength [--games smallworld] [--pairings normal:easy]
                                           [--count 200] [--hard-iterations 100] [--workers 2]

For each game at 2 players and at its most common count, ``--count`` seeded games per
pairing (``normal`` vs ``easy`` and ``hard`` vs ``normal`` by default). In game k seat s plays
the first level when (s + k) is even, so every seat plays each level equally often. The first
level *finishes ahead* when its best seat ranks above every seat of the other level (score,
then tie-break); a tie counts half. Prints the first level's win share with a 95% Wilson
interval, the mean score margin (mean score of its seats minus the other's) and the
number of games cut at ``--max-moves`` (counted as ties), and the CPU minutes of the longest
game (``--pairings hard:hard`` times games of only hard seats). The issue's targets, over 200
games: normal ahead of easy in at least 75%, hard ahead of normal in at least 60%, each
interval excluding 50%; a game of only hard seats within 10 minutes of computing.
``--paired`` also plays each seed with the second level in every seat: a few dozen games decide
less by the levels than by the seeds (in Antiquity's games 0-13 at 2 players normal itself, in
hard's seats, finished ahead in only 0.32), so the first level's gain over how those same
seats finished then is the sharper measure of a probe. Games are spread over ``--workers``
processes (default: every core);
each game depends only on its seed, so the figures are the same for any number of workers.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor

from rules.core import all_games, get_game
from rules.core.ai import plan

# 2 players and the most common count of each game
COUNTS = {"smallworld": (2, 4), "smallworld_warcraft": (2, 4), "antiquity": (2, 3),
          "caverna": (2, 3), "vindication": (2, 4)}


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a proportion ``share`` over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game, players: int, levels: list[str], seed: int, hard: int | None,
         max_moves: int, watch=None, before=None):
    """Play one game with the given level per seat; return the final state (or None if cut)
    and the moves played. ``watch(state, seat, made, cpu)``, where given, sees each
    decision's :class:`rules.core.ai.Plan` and the CPU seconds it took before it is played;
    ``before(seat)``, where given, is called before each of ``seat``'s decisions."""
    state = game.new_game(seed, players, {})
    for step in range(max_moves):
        if game.is_over(state):
            return state, step
        seat = min(game.to_act(state))
        level = levels[seat]
        if before is not None:
            before(seat)
        started = time.process_time()
        made = plan(game, state, seat, level, seed * 100_003 + step,
                    hard if level == "hard" else None)
        if watch is not None:
            watch(state, seat, made, time.process_time() - started)
        state, _ = game.apply(state, seat, made.action)
    return (state if game.is_over(state) else None), max_moves


def outcome(game, state, levels: list[str], first: str) -> tuple[float, float]:
    """Return (first level finishes ahead: 1, 0.5 or 0; score margin of the first level)."""
    scores = game.score(state)
    ours = [s for s, level in enumerate(levels) if level == first]
    theirs = [s for s in range(len(levels)) if s not in ours]
    if not theirs:  # one level in every seat (hard:hard, to time it): nobody to be ahead of
        return 0.5, 0.0

    def key(seat):
        return (scores[seat].total, scores[seat].tiebreak)

    best_ours, best_theirs = max(key(s) for s in ours), max(key(s) for s in theirs)
    won = 1.0 if best_ours > best_theirs else 0.5 if best_ours == best_theirs else 0.0
    margin = (sum(scores[s].total for s in ours) / len(ours)
              - sum(scores[s].total for s in theirs) / len(theirs))
    return won, margin


def one_game(name: str, players: int, first: str, second: str, k: int, hard: int | None,
             max_moves: int, paired: bool = False
             ) -> tuple[float, float | None, float, int, float | None]:
    """Play rotated game ``k`` of ``first`` against ``second``; return (won, margin, CPU
    seconds, moves, alone), the margin None for a game cut at ``max_moves`` (which counts as
    a tie). With ``paired``, ``alone`` is how ``first``'s seats finished when the same seed is
    played by ``second`` in every seat (else None)."""
    game = get_game(name)
    levels = [first if (s + k) % 2 == 0 else second for s in range(players)]
    started = time.process_time()
    state, moves = play(game, players, levels, 1000 + k, hard, max_moves)
    cpu = time.process_time() - started
    alone = None
    if paired:
        same, _ = play(game, players, [second] * players, 1000 + k, hard, max_moves)
        alone = 0.5 if same is None else outcome(game, same, levels, first)[0]
    if state is None:
        return 0.5, None, cpu, moves, alone
    return (*outcome(game, state, levels, first), cpu, moves, alone)


def paired_gain(results: list[float], alone: list[float]) -> tuple[float, float, float]:
    """Return the share ``first``'s seats finished ahead when ``second`` played them (same
    seeds), the mean gain over it and the half-width of its 95% interval (normal
    approximation of the paired differences)."""
    n = len(results)
    diffs = [won - base for won, base in zip(results, alone, strict=True)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return sum(alone) / n, mean, 1.96 * spread / math.sqrt(n)


class _Inline:
    """Plays the games in this process, with the executor's ``map`` (one worker)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, function, *columns):
        """Yield ``function`` over the columns' rows, one at a time."""
        return (function(*row) for row in zip(*columns, strict=True))


def pairing(game, players: int, first: str, second: str, count: int, hard: int | None,
            max_moves: int, verbose: bool = False, workers: int = 1, start: int = 0,
            paired: bool = False) -> dict:
    """Play ``count`` rotated games of ``first`` against ``second`` (games ``start`` on) over
    ``workers`` processes; return the tallies (the same for any number of workers, but for
    the CPU time of the longest game, ``cpu_max``, in seconds). With ``paired``, each seed is
    also played by ``second`` in every seat (``alone``: how ``first``'s seats finished then)."""
    jobs = [(game.name, players, first, second, k, hard, max_moves, paired)
            for k in range(start, start + count)]
    played = []
    with ProcessPoolExecutor(max_workers=workers) if workers > 1 else _Inline() as pool:
        for k, game_played in enumerate(pool.map(one_game, *zip(*jobs, strict=True)),
                                        start=start):
            played.append(game_played)
            if verbose:  # as each game ends, so a long run stopped early keeps its games
                won, margin, cpu, moves, alone = game_played
                shown = "cut" if margin is None else f"margin {margin:+.1f}"
                same = "" if alone is None else f", {second} alone {alone:.1f}"
                print(f"  game {k}: {first} {won:.1f}, {shown}, {moves} moves, "
                      f"{cpu:.1f} CPU s{same}", flush=True)
    results = [(won, margin) for won, margin, _, _, _ in played]
    wins = sum(won for won, _ in results)
    margins = [margin for _, margin in results if margin is not None]
    cut = len(results) - len(margins)
    return {"share": wins / count, "margin": sum(margins) / max(1, len(margins)), "cut": cut,
            "results": results, "cpu_max": max(cpu for _, _, cpu, _, _ in played),
            "alone": [alone for *_, alone in played] if paired else None}


def main() -> None:
    """Print one row per game, player count and pairing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=[g.name for g in all_games()])
    parser.add_argument("--pairings", nargs="*", default=["normal:easy", "hard:normal"])
    parser.add_argument("--counts", nargs="*", type=int, default=None)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--start", type=int, default=0,
                        help="number of the first game (a run of games --start on adds to an "
                             "earlier run of the games before it)")
    parser.add_argument("--hard-iterations", type=int, default=None)
    parser.add_argument("--max-moves", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes playing games side by side")
    parser.add_argument("--verbose", action="store_true", help="print every game's result")
    parser.add_argument("--paired", action="store_true",
                        help="also play each seed with the second level in every seat and "
                             "print the first level's gain over those same seats")
    args = parser.parse_args()
    print(f"{'game':22}{'n':>3}  {'pairing':14}{'games':>6}{'share':>7}{'95% CI':>15}"
          f"{'margin':>8}{'cut':>5}{'min':>6}{'longest CPU min':>17}")
    for name in args.games:
        game = get_game(name)
        for players in args.counts or COUNTS.get(name, (game.min_players,)):
            for spec in args.pairings:
                first, second = spec.split(":")
                started = time.perf_counter()
                found = pairing(game, players, first, second, args.count,
                                args.hard_iterations, args.max_moves, args.verbose, args.workers,
                                args.start, args.paired)
                low, high = wilson(found["share"], args.count)
                minutes = (time.perf_counter() - started) / 60
                print(f"{name:22}{players:>3}  {spec:14}{args.count:>6}{found['share']:>7.2f}"
                      f"{f'[{low:.2f}, {high:.2f}]':>15}{found['margin']:>8.1f}"
                      f"{found['cut']:>5}{minutes:>6.1f}{found['cpu_max'] / 60:>17.2f}", flush=True)
                if found["alone"] is not None:
                    base, gain, half = paired_gain([w for w, _ in found["results"]],
                                                   found["alone"])
                    print(f"{'':25}{second} in {first}'s seats {base:.2f}: "
                          f"gain {gain:+.2f} ± {half:.2f} (95%)", flush=True)


if __name__ == "__main__":
    main()

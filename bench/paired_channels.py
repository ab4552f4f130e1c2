"""Before/after PNG boards of many busy channels, paired move by move in one process.

    git archive <old-commit> | tar -x -C /tmp/old
    python -m bench.paired_channels /tmp/old [--games antiquity] [--channels 100] [--players 2]

Each channel starts from a mid- or late-game position of its own random game (half at 50%
of its moves, half at 85%, as ``bench.discord_load --late``), then every channel in turn
plays its next move and both checkouts' ``render_png`` draw the posted board and the
mover's own board (as "My info" asks), in alternating order, each checkout with its own
caches, which see the channels one after another as a busy bot does. The first round warms
the caches; the CPU time (of this process, steadier than the wall clock on a shared
machine) per move is reported for the next ``--rounds``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from bench.paired_boards import load
from rules.core import get_game
from rules.core.playout import random_playout

HERE = Path(__file__).resolve().parents[1]
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace"]


def channels(game, count: int, players: int) -> list[list]:
    """Return each channel's [state, moves, next move index]."""
    found = []
    for seed in range(count):
        moves = random_playout(game, seed, players).moves
        start = int(len(moves) * (0.5 if seed % 2 else 0.85))
        state = game.new_game(seed, players, {})
        for seat, text in moves[:start]:
            state, _ = game.play(state, seat, text)
        found.append([state, moves, start])
    return found


def measure(game, engines: dict, tables: list[list], players: int, rounds: int) -> dict:
    """Play ``rounds`` + 1 rounds of one move per channel; return CPU seconds per move of
    each engine (the first round left out)."""
    spent: dict[str, list[float]] = {label: [] for label in engines}
    names = NAMES[:players]
    for round_ in range(rounds + 1):
        for index, table in enumerate(tables):
            state, moves, at = table
            if at >= len(moves):
                continue
            seat, text = moves[at]
            state, _ = game.play(state, seat, text)
            table[0], table[2] = state, at + 1
            public, own = game.view(state, None), game.view(state, seat)
            labels = list(engines) if (index + round_) % 2 else list(engines)[::-1]
            for label in labels:
                registry, modules = engines[label]
                sys.modules.update(modules)
                tick = time.process_time()
                registry.render_png(public, text, names=names)
                registry.render_png(own, None, focus_seat=seat, names=names)
                if round_:
                    spent[label].append(time.process_time() - tick)
    return spent


def main() -> None:
    """Print old and new CPU per move (posted board + own board) per game."""
    parser = argparse.ArgumentParser(prog="python -m bench.paired_channels")
    parser.add_argument("old", type=Path)
    parser.add_argument("--games", nargs="*", default=["antiquity"])
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    engines = {"old": load(args.old), "new": load(HERE)}
    for name in args.games:
        game = get_game(name)
        tables = channels(game, args.channels, args.players)
        spent = measure(game, engines, tables, args.players, args.rounds)
        for label, values in spent.items():
            print(f"{name:<20} {args.players}p {label}: {len(values)} moves, CPU per move "
                  f"(posted + own board) median {statistics.median(values) * 1000:.1f} ms, "
                  f"mean {statistics.mean(values) * 1000:.1f} ms", flush=True)
        print(f"{name:<20} {args.players}p new/old (mean): "
              f"{statistics.mean(spent['new']) / statistics.mean(spent['old']):.2f}x")


if __name__ == "__main__":
    main()

"""Before/after boards of one game move after move, paired board by board in one process.

    git archive <old-commit> rendering | tar -x -C /tmp/old
    python -m bench.paired_moves /tmp/old [--games vindication] [--moves 300] [--locale ja]

Plays the random game of seed ``--seed`` at each game's lowest and highest player count and,
from its middle, draws and encodes the public board after every move with the old checkout's
``rendering`` and this one, alternating which goes first (as ``python -m bench`` posts a
channel's boards one after another, each encoded with the bands of the one before). Prints
the median, p90 and p99 of the CPU time of drawing, encoding and both, in milliseconds, and
how many boards differ in any pixel between old and new. With ``--posted``, each board is
drawn and encoded as the bot posts it instead (``render_png``: a renderer that keeps its own
strips draws and compresses only those that changed), timed in CPU time of the whole process
(compression threads included) and in wall time ("draw" and "encode" are then both 0).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from bench.paired_boards import HERE, load
from rules.core import all_games
from rules.core.playout import random_playout

KEYS = ("draw", "encode", "both")


def main() -> None:
    """Draw and encode old and new on the same boards; print one block per game and count."""
    parser = argparse.ArgumentParser(prog="python -m bench.paired_moves")
    parser.add_argument("old", type=Path)
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--locale", default="en")
    parser.add_argument("--posted", action="store_true",
                        help="time render_png, as the bot posts boards")
    args = parser.parse_args()
    engines = {"old": load(args.old), "new": load(HERE)}
    for game in all_games():
        if (args.games and game.name not in args.games) or game.name == "toy":
            continue
        for players in sorted({game.min_players, game.max_players}):
            figures, differ, boards = _game(engines, game, players, args)
            print(f"{game.name} {players} players, {args.locale}: {boards} boards, "
                  f"{differ} differ in a pixel")
            for label in engines:
                print(f"  {label:<4}" + "".join(
                    f"  {key} {_ms(values)}" for key, values in figures[label].items()),
                  flush=True)


def _game(engines: dict, game, players: int, args) -> tuple[dict, int, int]:
    moves = random_playout(game, args.seed, players).moves
    half = len(moves) // 2
    state = game.new_game(args.seed, players, {})
    names = [f"P{n + 1}" for n in range(players)]
    figures = {label: {key: [] for key in KEYS} for label in engines}
    differ = boards = 0
    for index, (seat, text) in enumerate(moves[: half + args.moves]):
        state, _ = game.play(state, seat, text)
        if index < half - 3:  # a few boards before the middle: both have the bands before
            continue
        view = game.view(state, None)
        images = {}
        for label in (list(engines) if index % 2 else list(engines)[::-1]):
            registry, modules = engines[label]
            sys.modules.update(modules)
            if args.posted:
                _posted(registry, view, text, names, args, figures[label], index >= half)
                continue
            tick = time.process_time()
            image = registry.render(view, last_move=text, locale=args.locale, names=names)
            drawn = time.process_time()
            modules["rendering.png"].encode_png(image)
            done = time.process_time()
            if index >= half:
                times = (drawn - tick, done - drawn, done - tick)
                for key, value in zip(KEYS, times, strict=True):
                    figures[label][key].append(value)
            images[label] = image
        boards += 1
        if args.posted:
            continue
        old, new = images["old"], images["new"]
        differ += old.size != new.size or old.tobytes() != new.tobytes()
    return figures, differ, boards


def _posted(registry, view, text: str, names: list[str], args, figures: dict,
            timed: bool) -> None:
    """Draw and encode the board as the bot posts it; keep its CPU and wall time as "both"
    and "posted wall" when ``timed``."""
    cpu, wall = time.process_time(), time.perf_counter()
    registry.render_png(view, last_move=text, locale=args.locale, names=names)
    if timed:
        for key, value in (("draw", 0.0), ("encode", 0.0), ("both", time.process_time() - cpu),
                           ("posted wall", time.perf_counter() - wall)):
            figures.setdefault(key, []).append(value)


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    return " / ".join(f"{v * 1000:5.1f}" for v in (
        statistics.median(values), ordered[int(0.9 * (len(ordered) - 1))],
        ordered[int(0.99 * (len(ordered) - 1))]))


if __name__ == "__main__":
    main()

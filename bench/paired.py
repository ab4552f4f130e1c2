"""Before/after speed of one game, paired game by game in one process (fair under load).

    git -C . archive <old-commit> | tar -x -C /tmp/old
    python -m bench.paired /tmp/old caverna --counts 1 4 7 --seeds 10

Loads the ``rules`` package of the old checkout and of this one side by side, warms each up
with one untimed game (loading data files and filling caches is not per-game work), then
plays the same seeded random playouts with each, alternating, and compares the CPU time spent
(``time.process_time``), so a busy machine slows both alike. Prints games per CPU-second
for both and their ratio.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
WARM_UP_SEED = 999_999  # outside the timed seeds 0..N-1


def load(root: Path, game_name: str):
    """Import ``rules`` from ``root``; return its game, playout function and modules."""
    for name in [m for m in sys.modules if m == "rules" or m.startswith("rules.")]:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        from rules.core import get_game
        from rules.core.playout import random_playout
        game = get_game(game_name)  # imports the game's package from ``root``
    finally:
        sys.path.remove(str(root))
    modules = {m: sys.modules[m] for m in sys.modules if m == "rules" or m.startswith("rules.")}
    return game, random_playout, modules


def main() -> None:
    """Time old and new engines on the same seeds and print the ratio per player count."""
    parser = argparse.ArgumentParser(prog="python -m bench.paired")
    parser.add_argument("old", type=Path, help="a checkout of the engine to compare against")
    parser.add_argument("game")
    parser.add_argument("--counts", nargs="*", type=int, default=[2])
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    engines = {"old": load(args.old, args.game), "new": load(HERE, args.game)}
    for game, playout, modules in engines.values():  # untimed: data files load, caches fill
        sys.modules.update(modules)
        playout(game, WARM_UP_SEED, min(args.counts))
    for players in args.counts:
        spent = {"old": 0.0, "new": 0.0}
        for seed in range(args.seeds):
            for label, (game, playout, modules) in engines.items():
                sys.modules.update(modules)  # pickle finds each engine's own classes
                tick = time.process_time()
                playout(game, seed, players)
                spent[label] += time.process_time() - tick
        old, new = args.seeds / spent["old"], args.seeds / spent["new"]
        print(f"{args.game:<12}{players:>3}  old {old:8.2f}  new {new:8.2f} games/CPU-s  "
              f"ratio {new / old:5.2f}x", flush=True)


if __name__ == "__main__":
    main()

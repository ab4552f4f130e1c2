"""Before/after board drawing and encoding, paired view by view in one process.

    git archive <old-commit> | tar -x -C /tmp/old
    python -m bench.paired_boards /tmp/old [--games antiquity] [--seeds 12]

Loads the ``rendering`` package of the old checkout and of this one side by side (the rules,
and so the views, are this checkout's), then for each game at its lowest and highest player
count draws the public board of ``--seeds`` different games (each its own map: a cold board,
as a bot with many channels draws) and the same board again (warm), alternating old and new
on the same view, and encodes each to PNG, then the board after the next move (as a channel
posts one board after another). Prints medians and p90 in milliseconds (CPU
time, steadier than the wall clock on a shared machine) and the new/old ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from rules.core import all_games
from rules.core.playout import random_playout

HERE = Path(__file__).resolve().parents[1]
KEYS = ("cold", "warm", "encode", "next")


def load(root: Path):
    """Import ``rendering`` from ``root``; return its registry module and its modules."""
    for name in [m for m in sys.modules if m == "rendering" or m.startswith("rendering.")]:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        from rendering import registry
        registry.has_renderer("smallworld")  # imports every renderer from ``root``
    finally:
        sys.path.remove(str(root))
    return registry, {m: sys.modules[m] for m in sys.modules
                      if m == "rendering" or m.startswith("rendering.")}


def position(game, seed: int, players: int, share: float):
    """Return the public view and last move ``share`` of the way through a random game, and
    the view and move after the next move."""
    moves = random_playout(game, seed, players).moves
    played = max(1, min(len(moves) - 1, int(len(moves) * share)))
    state = game.new_game(seed, players, {})
    views = []
    for index, (seat, text) in enumerate(moves[: played + 1]):
        state, _ = game.play(state, seat, text)
        if index >= played - 1:
            views += [game.view(state, None), text]
    return views


def timed(function, *args, **kwargs) -> tuple[float, object]:
    """Return the CPU time ``function(*args, **kwargs)`` took and its result."""
    tick = time.process_time()
    result = function(*args, **kwargs)
    return time.process_time() - tick, result


def main() -> None:
    """Time old and new rendering on the same views and print one row per game and count."""
    parser = argparse.ArgumentParser(prog="python -m bench.paired_boards")
    parser.add_argument("old", type=Path)
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--seeds", type=int, default=12)
    args = parser.parse_args()
    engines = {"old": load(args.old), "new": load(HERE)}
    print(f"{'game':<21}{'n':>3}  {'ms (median / p90)':<18}{'cold draw':>20}{'warm draw':>20}"
          f"{'encode':>20}{'encode next move':>20}")
    for game in all_games():
        if (args.games and game.name not in args.games) or game.name == "toy":
            continue
        for players in sorted({game.min_players, game.max_players}):
            views = [position(game, 100 + seed, players, 0.5 + 0.4 * (seed % 2))
                     for seed in range(args.seeds)]
            figures = {label: {key: [] for key in KEYS} for label in engines}
            for view, last, after, move in views:
                for label, (registry, modules) in engines.items():
                    sys.modules.update(modules)
                    cold, image = timed(registry.render, view, last_move=last)
                    warm, image = timed(registry.render, view, last_move=last)
                    encode, _ = timed(registry.encode_png, image)
                    image = registry.render(after, last_move=move)
                    following, _ = timed(registry.encode_png, image)
                    for key, value in (("cold", cold), ("warm", warm), ("encode", encode),
                                       ("next", following)):
                        figures[label][key].append(value)
            for label in engines:
                print(f"{game.name:<21}{players:>3}  {label:<18}" + "".join(
                    f"{_ms(figures[label][key]):>20}" for key in KEYS))
            print(f"{'':<24}{'new/old (median)':<18}" + "".join(
                f"{_ratio(figures, key):>20}" for key in KEYS), flush=True)


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"{statistics.median(values) * 1000:6.1f} / "
            f"{ordered[int(0.9 * (len(ordered) - 1))] * 1000:6.1f}")


def _ratio(figures: dict, key: str) -> str:
    return f"{statistics.median(figures['new'][key]) / statistics.median(figures['old'][key]):.2f}x"


if __name__ == "__main__":
    main()

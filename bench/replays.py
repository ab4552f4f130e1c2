"""Replay cost per game: CPU seconds, peak memory and the GIF, for each game's longest game.

    python -m bench.replays [--games antiquity caverna] [--seeds 4] [--old /tmp/old]

For each game, plays random games at its highest player count (seeds 0..N-1), keeps the one
with the most moves and draws its replay (``bot.replays.replay_gif``, upload limit 8 MB) in a
fresh process, so that process's peak resident memory is the replay's own high-water mark
(the interpreter and the game's modules included). With ``--old``, the replay code of that
checkout runs too, alternating with this one on the same game (before/after, paired).
Goal: under 10 s of CPU and 300 MB at peak for every game.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
LIMIT = 8 * 1024 * 1024


def longest_game(game_name: str, seeds: int) -> dict:
    """Return the export document of the longest of ``seeds`` random games at most players."""
    from bot.history import EXPORT_FORMAT
    from rules.core import get_game
    from rules.core.playout import random_playout

    game = get_game(game_name)
    players = game.max_players
    longest = max((random_playout(game, seed, players) for seed in range(seeds)),
                  key=lambda playout: len(playout.moves))
    return {"format": EXPORT_FORMAT, "game": game_name, "options": {}, "seed": longest.seed,
            "players": [f"Player {i + 1}" for i in range(players)],
            "moves": [list(move) for move in longest.moves]}


def child(root: Path, path: Path) -> None:
    """Draw the replay of the export at ``path`` with the code under ``root``; print JSON."""
    sys.path.insert(0, str(root))
    from bot.replays import replay_gif
    from rules.core import get_game

    document = json.loads(path.read_text())
    game = get_game(document["game"])
    cpu = time.process_time()
    data = replay_gif(game, document, LIMIT)
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"cpu": cpu, "peak_mb": peak, "bytes": len(data),
                      "size": _gif_size(data)}))


def _gif_size(data: bytes) -> list[int]:
    return [int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")]


def measure(root: Path, path: Path) -> dict:
    """Run :func:`child` in a fresh interpreter and return its figures."""
    out = subprocess.run([sys.executable, "-m", "bench.replays", "--child", str(root), str(path)],
                         cwd=HERE, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    """Print one row per game (and per checkout with ``--old``)."""
    parser = argparse.ArgumentParser(prog="python -m bench.replays")
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--old", type=Path)
    parser.add_argument("--child", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    from rendering.registry import has_renderer
    from rules.core import all_games

    roots = {"new": HERE} | ({"old": args.old} if args.old else {})
    print(f"{'game':<21}{'n':>3}{'moves':>7}  {'code':<5}{'cpu s':>7}{'peak MB':>9}"
          f"{'GIF KB':>9}  size", flush=True)
    for game in all_games():
        if (args.games and game.name not in args.games) or not has_renderer(game.name):
            continue
        document = longest_game(game.name, args.seeds)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "game.json"
            path.write_text(json.dumps(document))
            for label, root in roots.items():
                row = measure(root, path)
                print(f"{game.name:<21}{len(document['players']):>3}"
                      f"{len(document['moves']):>7}  {label:<5}{row['cpu']:>7.1f}"
                      f"{row['peak_mb']:>9.0f}{row['bytes'] / 1024:>9.0f}  "
                      f"{row['size'][0]}x{row['size'][1]}", flush=True)


if __name__ == "__main__":
    main()

"""Computer players with other evaluation settings against the current ones: does a change
to a game's evaluation (``rules/<game>/evaluate.py``) make its players stronger?

    nice -n 10 python -m bench.ai_versus --game antiquity --set SUPPLY=4 --against SUPPLY=0
                                         [--players 2] [--level normal] [--count 40] [--start 0]

``--set`` gives the settings of side A and ``--against`` those of side B (module constants of
the game's evaluate module, numbers; a setting named on one side only keeps its current value
on the other). Both sides play ``--level``. Games 2j and 2j+1 play seed 1000 + j with the sides'
seats swapped (in game k side A holds the seats s with s + k even, as ``bench.ai_strength``
seats its levels), so at 2 players the seat a side holds cancels out over each pair (in
Antiquity the seat decides many games between equal players). Prints side A's share of
games finished ahead (ties half) with its 95% Wilson interval and the mean score margin.
hard:normal asks whether search beats the evaluation; this asks whether one evaluation beats
another, at a tenth of the cost.
"""

from __future__ import annotations

import argparse

from bench.ai_strength import outcome, play, wilson
from rules.core import get_game


def settings(text: list[str]) -> dict[str, float]:
    """Return the settings ``NAME=VALUE`` of the command line as a dict of numbers."""
    found = {}
    for item in text:
        name, _, value = item.partition("=")
        if not name or not value:
            raise SystemExit(f"a setting is NAME=VALUE, not {item!r}")
        found[name] = float(value)
    return found


def one_game(game, players: int, level: str, k: int, side_a: dict, side_b: dict,
             max_moves: int) -> tuple[float, float | None, int]:
    """Play game ``k`` (seed 1000 + k // 2) with side A's settings in the seats s where s + k
    is even and side B's in the others; return (A finishes ahead: 1, 0.5 or 0; A's score
    margin, None when cut at ``max_moves``; moves). The evaluate module is left as it was."""
    module = game.evaluator
    names = set(side_a) | set(side_b)
    for name in names:
        if not hasattr(module, name):
            raise SystemExit(f"{game.name} has no evaluation setting {name}")
    current = {name: getattr(module, name) for name in names}
    sides = ["A" if (s + k) % 2 == 0 else "B" for s in range(players)]

    def before(seat: int) -> None:
        chosen = side_a if sides[seat] == "A" else side_b
        for name in names:
            setattr(module, name, chosen.get(name, current[name]))

    try:
        state, moves = play(game, players, [level] * players, 1000 + k // 2, None, max_moves,
                            before=before)
    finally:
        for name, value in current.items():
            setattr(module, name, value)
    if state is None:
        return 0.5, None, moves
    won, margin = outcome(game, state, sides, "A")
    return won, margin, moves


def main() -> None:
    """Print every game's result as it ends, then side A's share, interval and margin."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--set", nargs="*", default=[], dest="side_a")
    parser.add_argument("--against", nargs="*", default=[], dest="side_b")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--max-moves", type=int, default=5000)
    args = parser.parse_args()
    game = get_game(args.game)
    side_a, side_b = settings(args.side_a), settings(args.side_b)
    results = []
    for k in range(args.start, args.start + args.count):
        won, margin, moves = one_game(game, args.players, args.level, k, side_a, side_b,
                                      args.max_moves)
        results.append((won, margin))
        shown = "cut" if margin is None else f"margin {margin:+.1f}"
        print(f"  game {k}: A {won:.1f}, {shown}, {moves} moves", flush=True)
    share = sum(won for won, _ in results) / len(results)
    margins = [margin for _, margin in results if margin is not None]
    low, high = wilson(share, len(results))
    print(f"{args.game} {args.players} players, {args.level}: A {share:.2f} [{low:.2f}, "
          f"{high:.2f}] over {len(results)}, margin {sum(margins) / max(1, len(margins)):+.1f}")


if __name__ == "__main__":
    main()

"""Why the hard level plays what it plays: its verdicts, per kind of decision.

    nice -n 10 python -m bench.hard_verdicts [--games antiquity] [--counts 2] [--count 4]
                                             [--start 0] [--max-moves 3000]

Plays the seeded hard:normal games of ``bench.ai_strength`` (game k: seat s plays hard when
(s + k) is even, seed 1000 + k, the same decision seeds) and counts, for every hard decision
with a choice, the verdict of ``rules.core.hard.choose`` by the kind of decision the seat owed
(``greedy.decision_kind``, or ``move`` in a game without decisions). Every verdict but
``switched`` plays normal's choice, so the table shows where hard's search can change the game
at all: a level that only confirms normal's choices cannot finish ahead of it. (Antiquity at
2 players, games 0-3 on main at 02c19b6: 9 of 603 hard decisions switched, 278 kept because
the rollouts agreed with normal and 282 because a rollout reached the seat's own next step
before any reply, among them every City Building step of the seat last to be ready.)
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from rules.core import get_game
from rules.core.greedy import decision_kind
from rules.core.hard import VERDICTS

from .ai_strength import COUNTS, play


def verdicts(game, players: int, k: int, max_moves: int = 3000) -> dict[str, Counter]:
    """Play rotated hard:normal game ``k`` of ``game``; return hard's verdicts counted per
    kind of decision."""
    levels = ["hard" if (s + k) % 2 == 0 else "normal" for s in range(players)]
    counted: dict[str, Counter] = defaultdict(Counter)

    def count(state, seat, made, cpu):
        if made.verdict:
            counted[decision_kind(game, state, seat) or "move"][made.verdict] += 1

    play(game, players, levels, 1000 + k, None, max_moves, watch=count)
    return counted


def table(counted: dict[str, Counter]) -> list[str]:
    """Return the counts as Markdown rows: one per kind of decision, then the total."""
    total = Counter()
    for row in counted.values():
        total.update(row)
    lines = ["| decision | " + " | ".join(VERDICTS) + " | all |",
             "| --- |" + " --- |" * (len(VERDICTS) + 1)]
    for kind, row in [*sorted(counted.items()), ("all", total)]:
        cells = [str(row.get(v, 0)) for v in VERDICTS]
        lines.append(f"| {kind} | " + " | ".join(cells) + f" | {sum(row.values())} |")
    return lines


def main() -> None:
    """Print the verdict table of each game and count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=sorted(COUNTS))
    parser.add_argument("--counts", nargs="*", type=int, default=None)
    parser.add_argument("--count", type=int, default=4, help="games per count")
    parser.add_argument("--start", type=int, default=0, help="number of the first game")
    parser.add_argument("--max-moves", type=int, default=3000)
    args = parser.parse_args()
    for name in args.games:
        game = get_game(name)
        for players in args.counts or COUNTS[name]:
            counted: dict[str, Counter] = defaultdict(Counter)
            for k in range(args.start, args.start + args.count):
                for kind, row in verdicts(game, players, k, args.max_moves).items():
                    counted[kind].update(row)
            print(f"\n{name}, {players} players, games {args.start}-"
                  f"{args.start + args.count - 1}:")
            print("\n".join(table(counted)), flush=True)


if __name__ == "__main__":
    main()

"""Benchmark Caverna's animal-housing check on a large farm (it runs inside legal_actions).

    python -m bench.caverna_housing

Prints the worst cold-cache time of ``animals.fits`` over a grid of herd sizes on a farm with
every kind of unit (pastures with stables, dwellings, mines, dogs). Target: under 10 ms.
"""

from __future__ import annotations

import itertools
import time

from rules.caverna import GAME, animals


def lay(state, seat: int, square: str, kind: str, **extra) -> None:
    """Set up one home-board square of a fresh game (nothing shares it yet)."""
    cell = dict(state.ps[seat]["cells"][square])
    cell["kind"] = kind
    cell.update(extra)
    state.ps[seat]["cells"][square] = cell


def big_farm() -> dict:
    """A farm with pastures, stables, animal rooms, mines and four dogs."""
    state = GAME.new_game(7, 3, {"start": 0})
    player = state.ps[0]
    forest = ["1,1", "1,2", "1,3", "2,1", "2,2", "2,3", "3,1", "3,2", "3,3", "4,1", "4,2", "4,3"]
    for n, square in enumerate(forest):
        pasture = n // 2 if n < 4 else n
        lay(state, 0, square, "pasture", pasture=pasture, stable=square in ("1,1", "1,3", "2,2"))
    for square, tile in (("2,4", "breakfast-room"), ("1,4", "cuddle-room"),
                         ("1,5", "mixed-dwelling")):
        lay(state, 0, square, "cavern", furnishing=tile)
        player["furnishings"].append(tile)
    lay(state, 0, "3,5", "ore-mine")
    lay(state, 0, "2,5", "ruby-mine")
    player["animals"]["dog"] = 4
    return player


def main() -> None:
    """Time every herd of the grid with a cold cache and print the worst and median."""
    player = big_farm()
    times = []
    for sheep, donkey, boar, cattle in itertools.product(range(0, 30, 3), range(0, 12, 2),
                                                         range(0, 20, 3), range(0, 12, 3)):
        counts = dict(player["animals"], sheep=sheep, donkey=donkey, boar=boar, cattle=cattle)
        animals._CACHE.clear()
        start = time.perf_counter()
        animals.fits(player, counts)
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"housing check: {len(times)} herds, median {times[len(times) // 2] * 1000:.2f} ms, "
          f"worst {times[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main()

"""The housing solver against brute force, the lone-sheep-with-dog case, and its speed
(spec §5.1; it runs inside legal_actions, so it must stay fast on large herds)."""

from __future__ import annotations

import itertools

from rules.caverna import animals, housing
from rules.core import Rng

from .helpers import lay, new

ANY = frozenset(housing.FARM)


def _brute(units: list, need: tuple, dogs: int) -> bool:
    """Try every type per unit and every spread of dogs over the meadows/pastures."""
    dogable = [i for i, u in enumerate(units) if u[3]]
    for spread in itertools.product(range(dogs + 1), repeat=len(dogable)):
        if sum(spread) > dogs:
            continue
        dog_at = dict(zip(dogable, spread, strict=True))
        for types in itertools.product(range(5), repeat=len(units)):
            room = [0, 0, 0, 0]
            for i, t in enumerate(types):
                if t == 4 or housing.FARM[t] not in units[i][2]:
                    continue
                cap, k = units[i][1], dog_at.get(i, 0)
                room[t] += max(cap, k + 1) if (t == 0 and k) else cap
            if all(room[t] >= need[t] for t in range(4)):
                return True
    return False


def _check_plan(units: list, need: tuple, dogs: int, plan: list) -> None:
    got = [0, 0, 0, 0]
    used_dogs = 0
    for (_w, cap, types, dogable), (kind, n, k) in zip(units, plan, strict=True):
        used_dogs += k
        assert not k or dogable
        if kind is None:
            continue
        assert kind in types
        assert n <= (max(cap, k + 1) if (kind == "sheep" and k) else cap)
        got[housing.FARM.index(kind)] += n
    assert tuple(got) == need and used_dogs <= dogs


def test_solver_agrees_with_brute_force_on_random_small_boards():
    rng = Rng(2024)
    shapes = [(0, ANY, True), (1, ANY, True), (2, ANY, True), (4, ANY, True), (8, ANY, True),
              (2, ANY, False), (1, ANY, False), (1, frozenset({"boar"}), False),
              (1, frozenset({"donkey"}), False), (3, frozenset({"cattle"}), False),
              (2, frozenset({"sheep"}), False)]
    for _ in range(400):
        units = [(f"u{i}",) + rng.choice(shapes) for i in range(rng.randint(1, 4))]
        units = [(w, c, t, d) for w, c, t, d in units]
        need = tuple(rng.randint(0, 5) for _ in range(4))
        dogs = rng.randint(0, 3)
        plan = housing.solve(tuple(units), need, dogs)
        assert (plan is not None) == _brute(units, need, dogs), (units, need, dogs)
        if plan is not None:
            _check_plan(units, need, dogs, plan)


def test_one_sheep_and_one_dog_on_a_bare_meadow():
    state = new(3)
    lay(state, 0, "4,3", "meadow")
    player = state.ps[0]
    player["furnishings"].append("cuddle-room")
    lay(state, 0, "3,4", "cavern", furnishing="cuddle-room")
    counts = {"sheep": 3, "donkey": 0, "boar": 2, "cattle": 0, "dog": 1}
    assert animals.arrange(player, counts) == {"3,4": {"sheep": 2}, "4,3": {"sheep": 1, "dog": 1},
                                               "4,4": {"boar": 2}}

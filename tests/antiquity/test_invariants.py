"""Antiquity's invariants: sound through a random game, and each break is reported."""

from __future__ import annotations

from rules.antiquity import GAME
from rules.antiquity.setup import counter_kinds
from rules.core.playout import random_playout
from tests.antiquity.helpers import city_at, give, men, tb


def test_sound_through_a_random_game():
    def check(state, seat, action):
        assert GAME.check_invariants(state) == []

    final = random_playout(GAME, 4, 3, max_steps=150, on_step=check).final
    assert GAME.check_invariants(final) == []


def sound():
    state = tb(8)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -7))
    men(state, 0, 2)
    give(state, 0, "cart_shop")
    state.pools["cart_shop"] -= 1
    state.ps[0]["idle"] -= 1
    state.unused_counters = counter_kinds(2)  # a test board has no exploration hexes
    assert GAME.check_invariants(state) == []
    return state


def test_each_break_is_reported():
    breaks = {
        "goods": lambda s: s.ps[0]["goods"].__setitem__("wood", 99),
        "negative": lambda s: (s.ps[0]["goods"].__setitem__("wood", -1),
                               s.bank.__setitem__("wood", s.bank["wood"] + 7)),
        "pool": lambda s: s.pools.__setitem__("cart_shop", 20),
        "men": lambda s: s.ps[0].__setitem__("idle", 5),
        "inns": lambda s: s.inns.__setitem__((3, 0), 1),
        "counters": lambda s: s.unused_counters.append("wine"),
        "grave on house": lambda s: s.ps[0]["graves"].append(
            [0, *next(b for b in s.ps[0]["buildings"].values()
                      if b["type"] == "house")["cells"][0]]),
    }
    for name, breaker in breaks.items():
        state = sound()
        breaker(state)
        assert GAME.check_invariants(state), name

"""rules.caverna.invariants: sound through random games, and it sees each kind of break."""

from __future__ import annotations

import pytest

from rules.caverna import GAME
from rules.caverna.invariants import problems
from rules.core.playout import random_playout


@pytest.mark.parametrize("players", [1, 7])
def test_no_problem_after_any_move_of_a_random_game(players):
    seen = []

    def check(state, seat, action):
        seen.append(problems(state))

    final = random_playout(GAME, seed=17 + players, players=players, max_steps=120,
                           on_step=check).final
    assert seen and all(found == [] for found in seen)
    assert problems(final) == []


def _midgame():
    return random_playout(GAME, seed=5, players=2, max_steps=40).final


def _build_twice(state):
    tile = next(t for t in state.tiles_left if t != "dwelling")
    state.ps[0]["furnishings"].append(tile)


@pytest.mark.parametrize(("breakage", "words"), [
    (lambda s: s.ps[0]["goods"].update(wood=-1), "wood"),
    (lambda s: s.ps[1]["animals"].update(sheep=-2), "sheep"),
    (lambda s: s.ps[0].update(begging=-1), "begging"),
    (lambda s: s.ps[0].update(discs=s.ps[0]["discs"] + 1), "discs"),
    (lambda s: s.ps[0]["dwarfs"][0].update(weapon=15), "weapon"),
    (lambda s: [c.update(stable=True) for c in list(s.ps[0]["cells"].values())[:4]], "stables"),
    (_build_twice, "tile"),
])
def test_each_kind_of_break_is_reported(breakage, words):
    state = _midgame()
    assert problems(state) == []
    breakage(state)
    assert any(words in problem for problem in problems(state))

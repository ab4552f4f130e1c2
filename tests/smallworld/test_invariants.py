"""rules.smallworld.invariants: sound through random games, and it sees each kind of break."""

from __future__ import annotations

import pytest

from rules.core.playout import random_playout
from rules.smallworld import GAME
from rules.smallworld.invariants import problems


@pytest.mark.parametrize("players", [GAME.min_players, GAME.max_players])
def test_no_problem_after_any_move_of_a_random_game(players):
    seen = []

    def check(state, seat, action):
        seen.append(problems(state))

    final = random_playout(GAME, seed=41 + players, players=players, max_steps=120,
                           on_step=check).final
    assert seen and all(found == [] for found in seen)
    assert problems(final) == []


def _midgame():
    return random_playout(GAME, seed=3, players=3, max_steps=60).final


@pytest.mark.parametrize(("breakage", "words"), [
    (lambda s: s.tray.update({next(iter(s.tray)): s.tray[next(iter(s.tray))] + 1}), "tray"),
    (lambda s: setattr(s.players[1], "coins", -1), "coins"),
    (lambda s: setattr(s.players[0], "coins", s.players[0].coins + 3), "coins:"),
    (lambda s: s.supply.update(fortress=s.supply["fortress"] + 1), "fortress"),
    (lambda s: setattr(s, "lt_removed", s.lt_removed + 1), "lost tribes"),
    (lambda s: s.supply.update(encampment=s.supply["encampment"] - 1), "encampments"),
])
def test_each_kind_of_break_is_reported(breakage, words):
    state = _midgame()
    assert problems(state) == []
    breakage(state)
    assert any(words in problem for problem in problems(state))

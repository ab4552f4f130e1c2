"""The menus' shortcuts agree with the rules they stand for, at every step of real games.

Menus compute targets and prices for all regions at once (``targets.attackable``,
``targets.costs`` with its table of printed-map discounts); the single-region functions
(``attack_problem``, ``cost``) are the rules. Both variants are played, since Warcraft adds
discount kinds that depend on the position.
"""

from __future__ import annotations

import pytest

from rules.core import get_game
from rules.core.playout import random_playout
from rules.smallworld.targets import attack_problem, attackable, cost, costs, owned_set


def _check_conquest_step(state, seat, action) -> None:
    if not state.pending or state.pending[-1]["type"] != "conquest":
        return
    inst = state.insts[state.pending[-1]["inst"]]
    owned = owned_set(state, inst)
    listed = attackable(state, inst, owned)
    assert listed == [r for r in range(len(state.regions))
                      if attack_problem(state, inst, r, owned) is None]
    assert costs(state, inst, listed) == [cost(state, inst, r) for r in listed]


@pytest.mark.parametrize("game_name", ["smallworld", "smallworld_warcraft"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_menu_targets_and_prices_match_the_single_region_rules(game_name, seed):
    game = get_game(game_name)
    checked = []

    def on_step(state, seat, action):
        _check_conquest_step(state, seat, action)
        checked.append(1)

    random_playout(game, seed, 3, on_step=on_step)
    assert checked


@pytest.mark.parametrize("seed", [4, 5])
def test_first_move_of_a_turn_played_on_the_start_probe_equals_playing_it_by_text(seed):
    """A listed first move of a turn is played on the probe that already readied the troops;
    the result must be exactly what playing the same move typed as text gives."""
    from rules.core.playout import dumped

    game = get_game("smallworld")
    compared = []

    def on_step(state, seat, action):
        if state.pending[-1]["type"] != "start":
            return
        for listed in game.legal_actions(state, seat):
            shortcut, events = game.apply(state, seat, listed)
            typed, typed_events = game.play(state, seat, listed.text)
            assert dumped(game, shortcut) == dumped(game, typed)
            assert events == typed_events
            compared.append(listed.text)

    random_playout(game, seed, 2, on_step=on_step)
    assert len(compared) > 20

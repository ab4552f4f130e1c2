"""Start-seat options: -1 draws a seat, a real seat is used, a missing seat is refused."""

from __future__ import annotations

import pytest

from rules.core import CannotParse, Rng, get_game, start_seat


def test_start_seat_rules():
    assert start_seat(1, 3, Rng(1)) == 1
    assert 0 <= start_seat(-1, 3, Rng(1)) < 3
    with pytest.raises(CannotParse):
        start_seat(3, 3, Rng(1))


@pytest.mark.parametrize(("game", "option", "players"),
                         [("smallworld", "first_player", 2), ("caverna", "start", 3)])
def test_games_refuse_a_start_seat_beyond_the_table(game, option, players):
    rules = get_game(game)
    with pytest.raises(CannotParse):
        rules.new_game(1, players, {option: players})
    state = rules.new_game(1, players, {option: players - 1})
    assert rules.to_act(state) == frozenset({players - 1})

"""A finished game's status names nobody to play (issue 19: "Round 43, Alice to play." was
shown after the last round, under "Game over")."""

from __future__ import annotations

from rules.core import translate
from rules.vindication import GAME as VINDICATION


def test_a_finished_vindication_game_names_nobody_to_play():
    state = VINDICATION.new_game(1, 2, {})
    state.over = True
    line = translate(VINDICATION.view(state, None).summary[0], "en", ["A", "B"])
    assert "to play" not in line and "was the last" in line

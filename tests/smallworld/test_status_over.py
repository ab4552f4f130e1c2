"""A finished game's status names nobody as playing (issue 19: "Carol is playing" was shown
after the last turn, under "Game over")."""

from __future__ import annotations

from rules.core import translate
from rules.smallworld.view import summary

from .helpers import new


def test_the_status_of_a_finished_game_names_nobody_playing():
    state = new()
    assert "A is playing" in translate(summary(state)[0], "en", ["A", "B"])
    state.over = True
    line = translate(summary(state)[0], "en", ["A", "B"])
    assert "playing" not in line and "was the last" in line


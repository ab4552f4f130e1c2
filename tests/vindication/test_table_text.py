"""Vindication's text read through a whole game (issue 19): a finished game's status names
nobody to play ("Round 43, Alice to play." was shown under "Game over"), and an honor line
says what its number in brackets is."""

from __future__ import annotations

from rules.core import Msg, translate
from rules.vindication import GAME as VINDICATION


def test_a_finished_vindication_game_names_nobody_to_play():
    state = VINDICATION.new_game(1, 2, {})
    state.over = True
    line = translate(VINDICATION.view(state, None).summary[0], "en", ["A", "B"])
    assert "to play" not in line and "was the last" in line


def test_an_honor_line_says_what_its_total_is():
    line = translate(Msg("vindication.event.honor", {"seat": 0, "n": 2, "total": 20}), "en", ["A"])
    assert line == "A gains 2 honor (now 20)."

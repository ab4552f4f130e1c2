"""Small World's text read through a whole game (issue 19): a finished game's status names
nobody as playing ("Carol is playing" was shown under "Game over"), and only a Diplomat's end
of turn mentions choosing an ally."""

from __future__ import annotations

from rules.core import translate
from rules.smallworld import GAME
from rules.smallworld.view import summary

from .helpers import new, play


def test_the_status_of_a_finished_game_names_nobody_playing():
    state = new()
    assert "A is playing" in translate(summary(state)[0], "en", ["A", "B"])
    state.over = True
    line = translate(summary(state)[0], "en", ["A", "B"])
    assert "playing" not in line and "was the last" in line



def test_only_a_diplomat_is_told_about_choosing_an_ally():
    for power, said in (("alchemist", "End your turn."),
                        ("diplomat", "End your turn (your Diplomats may choose an ally first).")):
        state = new(combos=f"ratmen:{power}")
        state, _ = play(state, 0, "pick 0", "end conquest", "redeploy auto")
        assert translate(GAME.prompt(state, 0), "en", ["A", "B"]) == said

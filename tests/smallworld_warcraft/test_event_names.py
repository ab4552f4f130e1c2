"""Every seat an event names is shown as the player's name, never as a seat number (issue 19:
"P2 receives a Harmony token from 0")."""

from __future__ import annotations

from rules.core import translate
from tests.smallworld_warcraft.helpers import NAMES, find, play
from tests.smallworld_warcraft.test_scenarios import _pandaren_game


def test_harmony_and_its_fee_name_the_pandaren_player():
    state = _pandaren_game(round_one=False)
    state, events = play(state, 0, "conquer L1-11", "redeploy auto", "end turn")
    given = [translate(e.msg, "en", NAMES) for e in find(events, "harmony_given")]
    assert given == ["B receives a Harmony token from A.", "D receives a Harmony token from A."]
    state, events = play(state, 1, "conquer L1-07")
    paid = translate(find(events, "coins_paid")[0].msg, "en", NAMES)
    assert paid.startswith("B pays 2 coins to A ")
    assert "B が A に 2 枚" in translate(find(events, "coins_paid")[0].msg, "ja", NAMES)

"""Issue 7 (items 4, 6, 12): hidden coins do not shape the public pick menu, huge numbers are
refused, and the refusal reasons for ``decline`` and the Amazons' ``done`` name the real rule."""

from __future__ import annotations

import pytest

from rules.core.errors import CannotParse, NotLegalNow, RulesError
from rules.smallworld import GAME
from rules.smallworld.position import position
from tests.smallworld.helpers import active, new, play, reason
from tests.smallworld.test_pick_and_conquest import FILL


def _posted(state, seat):
    return [(a.text, a.label, a.group) for a in GAME.legal_actions(state, seat)]


def _pick_position(players: int, coins: int):
    """Seat 0 begins a turn with a race in decline only (so it must pick) and ``coins``."""
    return position({"players": players, "combos": [c for c in FILL.split(",") if c],
                     "turn": 2, "seat": {"0": {"coins": coins, "declined": {
                         "race": "trolls", "power": "diplomat", "regions": {"9": 1}}}}})


def test_the_pick_menu_lists_every_combo_whatever_the_hidden_coins():
    state, rich = _pick_position(2, 4), _pick_position(2, 120)
    assert state.phase == rich.phase == "pick" and state.players[0].coins == 4
    assert _posted(state, 0) == _posted(rich, 0)
    assert [a.text for a in GAME.legal_actions(state, 0)] == [f"pick {i}" for i in range(6)]
    with pytest.raises(NotLegalNow) as refused:
        GAME.play(state, 0, "pick 5")
    assert refused.value.msg.params["reason"].key == "smallworld.error.cannot_afford"
    assert reason(rich, 0, "pick 5") is None


def test_the_first_pick_menu_does_not_depend_on_the_coins_either():
    state = new(3, FILL)
    poor = position({"players": 3, "combos": [c for c in FILL.split(",") if c],
                     "seat": {"0": {"coins": 0}}})
    assert _posted(state, 0) == _posted(poor, 0)
    assert reason(poor, 0, "pick 3") == "cannot_afford" and reason(poor, 0, "pick 0") is None
    assert reason(state, 0, "pick 3") is None


@pytest.mark.parametrize("text", ["conquer " + "9" * 5000, "pick " + "1" * 4400,
                                  "move 1 from 2 to " + "3" * 10000,
                                  "place " + "7" * 6000 + " on 1"])
def test_numbers_beyond_the_integer_string_limit_are_refused_not_crashes(text):
    state = new(2, "ratmen:merchant")
    with pytest.raises(RulesError):
        GAME.play(state, 0, text)
    with pytest.raises(CannotParse):
        GAME.parse_action(state, 0, text)
    assert GAME.explain_illegal(state, 0, text) is None


def test_decline_without_an_active_race_says_there_is_none():
    state = new(2, "ratmen:merchant,humans:heroic")
    assert reason(state, 0, "decline") == "no_active_race"
    state, _ = play(state, 0, "pick 0")
    assert reason(state, 0, "decline") == "decline_first"


def test_amazons_short_of_their_reserve_are_told_to_take_tokens_off_the_board():
    state = new(2, "amazons:forest,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "conquer 3", "conquer 4",
                    "conquer 9", "end conquest")
    amazons = active(state, 0)
    assert amazons.hand < 4
    assert reason(state, 0, "done") == "reserve_take"
    state, _ = play(state, 0, "take 1 from 1")
    while active(state, 0).hand < 4:
        assert reason(state, 0, "done") == "reserve_take"
        rich = max(state.regions_of(active(state, 0).id), key=lambda r: state.regions[r].tokens)
        state, _ = play(state, 0, f"take 1 from {rich}")
    state, _ = play(state, 0, "done")
    assert active(state, 0).reserve == 4

"""Spec 7.6 (scoring) and 7.7 (decline), as text moves on the 2p map."""

from __future__ import annotations

from rules.smallworld import GAME
from tests.smallworld.helpers import active, find, new, play, reason, tokens


def _score(events):
    event = find(events, "score")[0]
    parts = {line.params["source"].key.rsplit(".", 1)[1]: line.params["coins"]
             for line in event.params["breakdown"] if "source" in line.params}
    return event.params["total"], parts


def _pass(state, seat):
    """Let ``seat`` play a quiet turn (keeping its layout, or nothing)."""
    if state.phase == "pick":
        state, _ = play(state, seat, "pick 0")
    return play(state, seat, "redeploy auto", "end turn")[0]


def test_32_race_and_power_bonus():
    state = new(2, "humans:merchant,ratmen:flying")
    state, events = play(state, 0, "pick 0", "conquer 2", "conquer 3", "conquer 9",
                         "redeploy auto", "end turn")
    assert _score(events) == (7, {"regions": 3, "humans": 1, "merchant": 3})
    state = _pass(state, 1)
    state, events = play(state, 0, "abandon 3", "conquer 1", "redeploy auto", "end turn")
    assert _score(events) == (8, {"regions": 3, "humans": 2, "merchant": 3})
    assert state.players[0].coins == 5 + 7 + 8
    assert find(events, "score")[0].audience == frozenset({0})


def test_33_in_decline_races_give_only_regions():
    state = new(2, "wizards:flying,ratmen:merchant,giants:hill")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 13", "redeploy auto", "end turn")
    state = _pass(state, 1)
    state, _ = play(state, 0, "decline")
    state = _pass(state, 1)
    state, events = play(state, 0, "pick 0", "conquer 4", "conquer 9", "conquer 14",
                         "redeploy auto", "end turn")
    assert _score(events) == (7, {"regions": 5, "hill": 2})


def test_34_dwarves_score_mines_active_and_in_decline():
    state = new(2, "dwarves:flying,ratmen:merchant")
    state, events = play(state, 0, "pick 0", "conquer 5", "conquer 2", "redeploy auto",
                         "end turn")
    assert _score(events) == (4, {"regions": 2, "dwarves": 2})
    state = _pass(state, 1)
    state, events = play(state, 0, "decline")
    assert _score(events) == (4, {"regions": 2, "dwarves": 2})


def test_35_orcs_and_hill_count_non_empty_conquests():
    state = new(2, "wizards:flying,ratmen:merchant,orcs:hill")
    state, _ = play(state, 0, "pick 0", "conquer 9", "redeploy auto", "end turn")
    state = _pass(state, 1)
    state, _ = play(state, 0, "decline")
    state = _pass(state, 1)
    state, events = play(state, 0, "pick 0")
    assert active(state, 0).hand == 9
    state, events = play(state, 0, "conquer 3", "conquer 4", "conquer 9", "redeploy auto",
                         "end turn")
    assert [e.params["cost"] for e in find(events, "conquer")] == [3, 2, 3]
    assert _score(events) == (6, {"regions": 3, "orcs": 2, "hill": 1})


def test_36_alchemist_only_while_active():
    state = new(2, "ratmen:alchemist,humans:merchant")
    state, events = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    assert _score(events)[1]["alchemist"] == 2
    state = _pass(state, 1)
    state, events = play(state, 0, "redeploy auto", "end turn")
    assert _score(events)[1]["alchemist"] == 2
    state = _pass(state, 1)
    state, events = play(state, 0, "decline")
    assert _score(events) == (1, {"regions": 1})


def test_37_wealthy_once_in_the_turn_it_was_picked():
    state = new(2, "ratmen:merchant,humans:flying,elves:wealthy")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state = _pass(state, 1)
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state = _pass(state, 1)
    state, _ = play(state, 0, "decline")
    state = _pass(state, 1)
    assert state.turn == 4
    state, events = play(state, 0, "pick 0", "conquer 4", "redeploy auto", "end turn")
    assert active(state, 0).power == "wealthy" and _score(events)[1]["wealthy"] == 7
    state = _pass(state, 1)
    state, events = play(state, 0, "redeploy auto", "end turn")
    assert "wealthy" not in _score(events)[1]


def test_38_coins_are_hidden_until_the_end():
    state = new(2, "ratmen:merchant,humans:flying")
    state, events = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    assert GAME.view(state, 1).data["players"][0]["coins"] is None
    assert GAME.view(state, None).data["players"][0]["coins"] is None
    assert GAME.view(state, 0).data["players"][0]["coins"] == state.players[0].coins
    assert not find(events, "score")[0].visible_to(1)
    hidden = GAME.rerandomise_hidden(state, 1, seed=3)
    assert GAME.view(hidden, 1).data == GAME.view(state, 1).data


def _humans_in_decline_and_ratmen():
    state = new(2, "humans:flying,trolls:forest,ratmen:alchemist")
    state, _ = play(state, 0, "pick 0", "conquer 16", "conquer 17", "redeploy auto", "end turn")
    state = _pass(state, 1)
    state, _ = play(state, 0, "decline")
    state = _pass(state, 1)
    return state


def test_39_normal_decline():
    state = _humans_in_decline_and_ratmen()
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "conquer 6",
                    "place 3 on 1", "place 1 on 2", "place 1 on 6")
    state, _ = play(state, 0, "done", "end turn")
    assert [tokens(state, r) for r in (1, 2, 6)] == [5, 3, 4]
    state = _pass(state, 1)
    humans_tray, ratmen_tray = state.tray["humans"], state.tray["ratmen"]
    state, events = play(state, 0, "decline")
    assert state.regions[16].inst is None and state.regions[17].inst is None
    assert state.tray["humans"] == humans_tray + 2
    assert "humans" in state.race_deck
    assert [tokens(state, r) for r in (1, 2, 6)] == [1, 1, 1]
    assert state.tray["ratmen"] == ratmen_tray + 4 + 2 + 3
    assert state.discard == ["flying", "alchemist"]
    assert _score(events) == (3, {"regions": 3})
    assert state.current == 1
    state = _pass(state, 1)
    assert state.phase == "pick"
    assert reason(state, 0, "conquer 4") == "pick_first"


def test_40_decline_timing():
    state = new(2, "ratmen:merchant,humans:flying")
    state, _ = play(state, 0, "pick 0")
    assert reason(state, 0, "decline") == "decline_first"
    state, _ = play(state, 0, "conquer 1", "redeploy auto", "end turn")
    state = _pass(state, 1)
    assert reason(state, 0, "decline") is None
    state, _ = play(state, 0, "conquer 2")
    assert reason(state, 0, "decline") == "decline_first"


def test_41_spirit_keeps_a_second_in_decline_race():
    state = new(2, "humans:flying,ratmen:alchemist,orcs:spirit,wizards:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 16", "conquer 17", "redeploy auto", "end turn")
    state = _pass(state, 1)
    state, _ = play(state, 0, "decline")
    state = _pass(state, 1)
    state, _ = play(state, 0, "pick 0", "conquer 3", "conquer 4", "conquer 9", "redeploy auto",
                    "end turn")
    state = _pass(state, 1)
    state, events = play(state, 0, "decline")
    assert _score(events) == (5, {"regions": 5})
    assert "spirit" not in state.discard
    state = _pass(state, 1)
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state = _pass(state, 1)
    state, events = play(state, 0, "decline")
    assert state.regions[16].inst is None
    assert state.insts[state.regions[9].inst].race == "orcs"
    assert _score(events) == (4, {"regions": 4})


def test_42_stout_declines_after_scoring():
    state = new(2, "humans:stout,ratmen:merchant")
    state, events = play(state, 0, "pick 0", "conquer 11", "conquer 12", "conquer 13",
                         "redeploy auto", "end turn decline")
    assert _score(events) == (5, {"regions": 3, "humans": 2})
    assert state.players[0].active is None
    assert [tokens(state, r) for r in (11, 12, 13)] == [1, 1, 1]
    state = _pass(state, 1)
    assert state.phase == "pick"


def test_43_ghouls_keep_tokens_and_conquer_first():
    state = new(2, "ghouls:commando,ratmen:merchant,humans:flying")
    state, _ = play(state, 0, "pick 0", "conquer 3", "conquer 4", "conquer 9",
                    "place 2 on 3", "place 1 on 4", "place 1 on 9", "place 1 on 3", "done",
                    "end turn")
    assert [tokens(state, r) for r in (3, 4, 9)] == [5, 2, 2]
    state = _pass(state, 1)
    state, _ = play(state, 0, "decline")
    assert [tokens(state, r) for r in (3, 4, 9)] == [5, 2, 2]
    state = _pass(state, 1)
    ghouls = state.insts[state.regions[3].inst]
    assert ghouls.hand == 6 and state.phase == "conquest" and state.acting == ghouls.id
    assert reason(state, 0, "pick 0") == "ghouls_first"
    state, events = play(state, 0, "conquer 10")
    assert find(events, "conquer")[0].params["cost"] == 3
    assert GAME.view(state, 0).data["phase"] == "ghoul_conquest"
    state, _ = play(state, 0, "redeploy auto")
    assert state.phase == "pick"
    state, _ = play(state, 0, "pick 0", "conquer 2", "conquer 1", "place 1 on 2", "place 5 on 1",
                    "done", "end turn")
    assert tokens(state, 2) == 3
    state = _pass(state, 1)
    humans_tray = state.tray["humans"]
    state, events = play(state, 0, "conquer 2")
    assert find(events, "conquer")[0].params["cost"] == 5
    assert state.tray["humans"] == humans_tray + 1
    assert active(state, 0).hand == 2 and active(state, 0).pending == 0
    assert ghouls.id == state.regions[2].inst


def test_44_wiped_out_active_race():
    state = new(2, "ratmen:alchemist,dwarves:merchant", dice=(2, 1, 2))
    state, _ = play(state, 0, "pick 0", "conquer 11", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 1", "conquer 2", "die 6", "done", "end turn")
    state = _pass(state, 0)
    state, _ = play(state, 1, "die 5", "done", "end turn")
    state = _pass(state, 0)
    state, _ = play(state, 1, "die 8", "done", "end turn")
    dwarves = active(state, 1)
    assert [tokens(state, r) for r in state.regions_of(dwarves.id)] == [1, 1, 1, 1, 1]
    state, _ = play(state, 0, "conquer 6", "conquer 5", "conquer 1", "redeploy auto",
                    "end turn")
    state, _ = play(state, 1, "end conquest", "done", "end turn")
    state, _ = play(state, 0, "conquer 2", "conquer 8", "redeploy auto", "end turn")
    dwarves = active(state, 1)
    assert state.tray["dwarves"] == 8 and not state.regions_of(dwarves.id)
    assert dwarves.hand == dwarves.pending == dwarves.reserve == 0
    assert reason(state, 1, "pick 0") == "pick_has_race"
    assert reason(state, 1, "conquer 4") == "no_tokens"
    state, events = play(state, 1, "end conquest", "done", "end turn")
    assert _score(events) == (0, {})
    state = _pass(state, 0)
    state, events = play(state, 1, "decline")
    assert state.players[1].active is None and find(events, "banner_returned")
    state = _pass(state, 0)
    assert state.phase == "pick"

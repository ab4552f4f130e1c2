"""Spec 7.2 (picking combos) and 7.3 (conquest legality and cost), as text moves on the 2p map."""

from __future__ import annotations

from tests.smallworld.helpers import active, find, new, play, reason, tokens

FILL = "ratmen:merchant,elves:flying,wizards:forest,giants:hill,humans:swamp,orcs:stout,"


def test_5_6_paying_for_a_combo_and_collecting_its_coins():
    state = new(2, FILL + "dwarves:wealthy")
    before = [c[:2] for c in state.column]
    state, events = play(state, 0, "pick 3")
    assert state.players[0].coins == 2
    assert [c[2] for c in state.column[:3]] == [1, 1, 1]
    assert [c[:2] for c in state.column[3:5]] == before[4:6]
    assert state.column[5] == ["dwarves", "wealthy", 0]
    assert active(state, 0).race == "giants" and active(state, 0).hand == 6 + 4
    assert state.tray["giants"] == 11 - 10
    assert find(events, "pick")[0].params["cost"] == 3
    assert find(events, "coins_taken")[0].audience == frozenset({0})
    assert find(events, "combo_revealed")[0].reveals
    state, _ = play(state, 0, "end conquest", "done", "end turn")
    state, events = play(state, 1, "pick 1")
    assert state.players[1].coins == 5
    assert state.column[0][2] == 2
    assert find(events, "coins_taken")[0].params["taken"] == 1


def test_7_cannot_afford():
    state = new(2, FILL)
    state, _ = play(state, 0, "pick 1", "end conquest", "done", "end turn")
    state, _ = play(state, 1, "pick 0", "end conquest", "done", "end turn")
    state, _ = play(state, 0, "decline")
    state, _ = play(state, 1, "end conquest", "done", "end turn")
    assert state.players[0].coins == 4 and state.phase == "pick"
    assert reason(state, 0, "pick 5") == "cannot_afford"
    state, _ = play(state, 0, "pick 4")
    assert state.players[0].coins == 0


def test_8_amazons_take_fourteen():
    state = new(2, "amazons:forest")
    state, _ = play(state, 0, "pick 0")
    assert active(state, 0).hand == 14 and state.tray["amazons"] == 1


def test_9_border_rule():
    state = new(2, "ratmen:merchant")
    state, _ = play(state, 0, "pick 0")
    assert active(state, 0).hand == 10
    assert reason(state, 0, "conquer 9") == "not_border"
    state, events = play(state, 0, "conquer 21")
    assert tokens(state, 21) == 2 and find(events, "conquer")[0].params["cost"] == 2


def test_10_lost_tribe_and_mountain():
    state = new(2, "ratmen:merchant")
    state, events = play(state, 0, "pick 0", "conquer 3")
    assert tokens(state, 3) == 3 and not state.regions[3].lost_tribe
    assert state.lt_removed == 1 and active(state, 0).conquered == [[3, True]]
    assert find(events, "lost_tribe_removed")
    other = new(2, "ratmen:merchant")
    other, _ = play(other, 0, "pick 0", "conquer 5")
    assert tokens(other, 5) == 3 and active(other, 0).conquered == [[5, False]]


def test_11_adjacency():
    state = new(2, "ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 1")
    assert reason(state, 0, "conquer 9") == "not_adjacent"
    state, _ = play(state, 0, "conquer 6")
    assert tokens(state, 6) == 3


def test_12_water():
    state = new(2, "ratmen:merchant,humans:seafaring,wizards:flying,halflings:alchemist")
    ratmen, _ = play(state, 0, "pick 0", "conquer 1")
    assert reason(ratmen, 0, "conquer 0") == "water"
    sea, _ = play(state, 0, "pick 1")
    assert reason(sea, 0, "conquer 7") == "not_border"
    sea, _ = play(sea, 0, "conquer 0")
    assert tokens(sea, 0) == 2
    assert reason(sea, 0, "conquer 7") == "not_adjacent"
    sea, _ = play(sea, 0, "conquer 1", "conquer 2", "conquer 7")
    assert tokens(sea, 7) == 2
    fly, _ = play(state, 0, "pick 2")
    assert reason(fly, 0, "conquer 7") == "water"
    assert reason(state, 0, "pick 3") is None
    half, events = play(new(2, "halflings:seafaring"), 0, "pick 0", "conquer 7")
    assert tokens(half, 7) == 2 and half.regions[7].hole


def test_13_stacked_reductions_and_minimum_one():
    state = new(2, "tritons:commando")
    state, _ = play(state, 0, "pick 0", "conquer 21")
    assert tokens(state, 21) == 1


def test_14_mounted():
    state = new(2, "humans:mounted")
    state, events = play(state, 0, "pick 0", "conquer 1", "conquer 6", "conquer 2")
    assert [e.params["cost"] for e in find(events, "conquer")] == [1, 2, 2]


def test_15_giants():
    state = new(2, "giants:alchemist")
    state, events = play(state, 0, "pick 0", "conquer 5", "conquer 6", "conquer 11")
    assert [e.params["cost"] for e in find(events, "conquer")] == [3, 2, 2]
    state, events = play(state, 0, "conquer 12")
    assert find(events, "conquer")[0].params["cost"] == 3


def test_16_underworld():
    state = new(2, "ratmen:underworld")
    state, events = play(state, 0, "pick 0", "conquer 3", "conquer 17", "conquer 14",
                         "conquer 9", "conquer 4")
    assert [e.params["cost"] for e in find(events, "conquer")] == [2, 1, 2, 2, 2]


def test_17_flying():
    state = new(2, "ratmen:flying")
    state, events = play(state, 0, "pick 0", "conquer 9", "conquer 16")
    assert [e.params["cost"] for e in find(events, "conquer")] == [2, 3]
    assert reason(state, 0, "conquer 22") == "water"


def test_18_at_least_one_token_in_hand():
    state = new(2, "ratmen:merchant,sorcerers:dragon_master,humans:berserk,elves:wealthy")
    ratmen, _ = play(state, 0, "pick 0", "conquer 21", "conquer 20", "conquer 14", "conquer 15")
    assert active(ratmen, 0).hand == 0
    for text in ("conquer 10", "die 10", "conquer 13", "die 13"):
        assert reason(ratmen, 0, text) == "no_tokens"
    sorc, _ = play(state, 0, "pick 1", "conquer 1", "conquer 2", "conquer 6", "conquer 5")
    assert active(sorc, 0).hand == 0
    assert reason(sorc, 0, "dragon 11") == "no_tokens"
    assert reason(sorc, 0, "convert 11") in ("no_tokens", "convert_not_active_enemy")
    state = new(2, "ratmen:merchant,sorcerers:dragon_master,humans:berserk", dice=(3, 3))
    bers, _ = play(state, 0, "pick 2", "conquer 1", "conquer 6", "conquer 2", "berserk roll",
                   "conquer 3", "berserk roll", "conquer 8")
    assert active(bers, 0).hand == 0
    assert reason(bers, 0, "berserk roll") == "no_tokens"


def test_19_own_in_decline_region():
    state = new(2, "wizards:flying,ratmen:merchant,orcs:hill,elves:alchemist,humans:swamp,"
                   "giants:forest")
    state, _ = play(state, 0, "pick 0", "conquer 9", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 21", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    state, _ = play(state, 1, "end conquest", "redeploy auto", "end turn")
    tray = state.tray["wizards"]
    state, events = play(state, 0, "pick 0", "conquer 3", "conquer 9")
    assert find(events, "conquer")[1].params["cost"] == 3
    assert state.tray["wizards"] == tray + 1
    assert active(state, 0).conquered[-1] == [9, True]
    assert find(events, "banner_returned")[0].params["race"].key.endswith("wizards")
    assert "wizards" in state.race_deck or any(c[0] == "wizards" for c in state.column)
    state, events = play(state, 0, "redeploy auto", "end turn")
    score = find(events, "score")[0]
    assert score.params["total"] == 2 + 2 + 0  # 3 and 9; Orcs +2; Hill: none

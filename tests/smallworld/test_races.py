"""Spec 7.8: race abilities, as text moves (2p map unless stated)."""

from __future__ import annotations

from rules.smallworld import GAME, conquest
from tests.smallworld.helpers import active, find, new, play, reason, tokens


def test_45_amazons_set_four_aside_and_get_them_back():
    state = new(2, "amazons:forest,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "conquer 3", "conquer 4")
    assert active(state, 0).hand == 5
    state, events = play(state, 0, "end conquest")
    assert reason(state, 0, "done") == "hand_left"
    assert reason(state, 0, "take 2 from 1") == "keep_one"
    state, events = play(state, 0, "place 1 on 1", "done")
    amazons = state.insts[state.regions[1].inst]
    assert state.on_board(amazons.id) == 10 and amazons.reserve == 4 and amazons.hand == 0
    assert find(events, "amazon_reserve")[0].params["tokens"] == 4
    state, _ = play(state, 0, "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 21", "redeploy auto", "end turn")
    state, _ = play(state, 0, "conquer 9")
    amazons = active(state, 0)
    assert amazons.hand + 2 == (10 - 4) + 4 and amazons.reserve == 0


def test_46_amazons_abandon_regions_when_one_per_region_is_impossible():
    state = new(2, "amazons:commando,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 21", "conquer 20", "conquer 14", "conquer 15",
                    "conquer 10", "conquer 4", "conquer 9", "conquer 3", "conquer 8")
    amazons = active(state, 0)
    assert amazons.hand == 0 and len(state.regions_of(amazons.id)) == 9
    state, _ = play(state, 0, "redeploy auto", "end turn")
    assert state.on_board(amazons.id) == 10 and active(state, 0).reserve == 4
    state, _ = play(state, 1, "pick 0", "conquer 16", "redeploy auto", "end turn")
    assert state.phase == "start"  # troops are readied with the first action
    state, _ = play(state, 0, "conquer 2", "conquer 1", "conquer 19")
    amazons = active(state, 0)
    assert len(state.regions_of(amazons.id)) == 12 and amazons.hand == 1
    assert state.on_board(amazons.id) == 13
    state, _ = play(state, 0, "end conquest")
    assert reason(state, 0, "take 1 from 1") is None  # 14 - 4 = 10 tokens for 12 regions
    state, events = play(state, 0, "redeploy auto")
    amazons = active(state, 0)
    assert len(find(events, "abandon")) == 2
    assert len(state.regions_of(amazons.id)) == 10 and state.on_board(amazons.id) == 10
    assert amazons.reserve == 4 and amazons.hand == 0


def test_47_skeletons_raise_one_token_per_two_non_empty_conquests():
    state = new(2, "skeletons:commando", dice=(1,))
    state, _ = play(state, 0, "pick 0", "conquer 17", "conquer 16", "conquer 11", "conquer 12",
                    "conquer 18")
    skeletons = active(state, 0)
    assert skeletons.hand == 1
    tray = state.tray["skeletons"]
    state, events = play(state, 0, "die 13")
    skeletons = active(state, 0)
    assert [c[1] for c in skeletons.conquered] == [False, True, True, True, True, True]
    assert find(events, "skeleton_bonus")[0].params["tokens"] == 2
    assert skeletons.hand == 2 and state.tray["skeletons"] == tray - 2


def test_48_sorcerers_convert_once_per_opponent():
    state = new(3, "sorcerers:merchant,elves:alchemist,humans:swamp")
    state, _ = play(state, 0, "pick 0", "conquer 3", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 2", "conquer 9", "conquer 8",
                    "move 2 from 2 to 8", "move 2 from 9 to 8", "place 2 on 8", "done",
                    "end turn")
    state, _ = play(state, 2, "pick 0", "conquer 4", "conquer 5", "move 1 from 4 to 5",
                    "place 4 on 5", "done", "end turn")
    assert [tokens(state, r) for r in (2, 9, 4)] == [1, 1, 1]
    sorcerers = active(state, 0)
    elves_tray, sorc_tray = state.tray["elves"], state.tray["sorcerers"]
    state, events = play(state, 0, "convert 2")
    hand = active(state, 0).hand
    assert state.regions[2].inst == sorcerers.id and tokens(state, 2) == 1
    assert state.tray["elves"] == elves_tray + 1 and state.tray["sorcerers"] == sorc_tray - 1
    assert active(state, 0).hand == hand and find(events, "convert")
    assert reason(state, 0, "convert 9") == "convert_once"
    assert reason(state, 0, "convert 8") in ("convert_once", "convert_not_lone")
    state, _ = play(state, 0, "convert 4")
    assert state.regions[4].inst == sorcerers.id and active(state, 0).hand == hand
    assert reason(state, 0, "convert 10") == "convert_not_active_enemy"


def test_49_halflings_holes():
    state = new(2, "halflings:alchemist,sorcerers:dragon_master")
    state, events = play(state, 0, "pick 0", "conquer 9", "conquer 8", "conquer 14")
    assert [state.regions[r].hole for r in (9, 8, 14)] == [True, True, False]
    assert len(find(events, "hole_placed")) == 2
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 3")
    for text in ("conquer 9", "dragon 9", "convert 8", "conquer 8"):
        assert reason(state, 1, text) == "immune"
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, _ = play(state, 0, "abandon 9", "conquer 10")
    assert not state.regions[9].hole and not state.regions[10].hole
    assert state.supply["hole"] == 1
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    assert state.supply["hole"] == 2 and not any(r.hole for r in state.regions)


def test_50_trolls_lairs():
    state = new(2, "trolls:flying,ratmen:merchant")
    state, events = play(state, 0, "pick 0", "conquer 9", "conquer 8")
    assert state.regions[9].lair and state.regions[8].lair and len(find(events, "lair_placed")) == 2
    state, _ = play(state, 0, "place 5 on 9", "done", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 3")
    ratmen = active(state, 1)
    assert tokens(state, 9) == 7
    assert conquest.cost(state, ratmen, 8) == 2 + 1 + 1 + 3
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    assert state.regions[9].lair and tokens(state, 9) == 1
    assert conquest.cost(state, ratmen, 9) == 4
    assert conquest.cost(state, ratmen, 8) == 5
    lairs = state.supply["lair"]
    state, _ = play(state, 1, "conquer 9")
    assert not state.regions[9].lair and state.supply["lair"] == lairs + 1


def test_51_tritons_coastal_discount():
    state = new(2, "tritons:alchemist")
    state, events = play(state, 0, "pick 0", "conquer 1", "conquer 6", "conquer 5")
    assert [e.params["cost"] for e in find(events, "conquer")] == [1, 2, 2]
    assert reason(state, 0, "conquer 0") == "water"
    sea = new(2, "tritons:seafaring")
    sea, events = play(sea, 0, "pick 0", "conquer 0")
    assert find(events, "conquer")[0].params["cost"] == 2


def test_52_in_decline_elves_lose_a_token_as_usual():
    state = new(2, "elves:alchemist,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 5", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    tray = state.tray["elves"]
    state, events = play(state, 1, "conquer 1")
    assert state.tray["elves"] == tray + 1
    assert find(events, "defender_losses")[0].params["lost"] == 1
    assert find(events, "banner_returned")
    assert GAME.to_act(state) == frozenset({1})


def test_48_a_conversion_is_never_a_first_conquest_without_flying():
    state = new(2, "humans:merchant,sorcerers:alchemist")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0")
    assert reason(state, 1, "convert 1") == "convert_first"


SKELETON_GAME = [  # 3p map; seats 1 and 2 feed thin regions, then decline in turn
    (0, "pick 0, conquer 5, conquer 11, conquer 4, conquer 3, conquer 9, conquer 13, "
        "end conquest, redeploy auto, end turn"),
    (1, "pick 0, conquer 1, conquer 6, conquer 8, conquer 16, conquer 18, conquer 20, "
        "end conquest, place 1 on 1, done, end turn"),
    (2, "pick 0, conquer 25, conquer 26, conquer 27, conquer 28, end conquest, place 1 on 25, "
        "done, end turn"),
    (0, "abandon 3, abandon 4, abandon 5, abandon 9, abandon 11, conquer 19, conquer 8, "
        "conquer 7, conquer 18, conquer 9, end conquest, redeploy auto, end turn"),
    (1, "withdraw auto"),
    (1, "decline"),
    (2, "decline"),
    (0, "abandon 7, abandon 8, abandon 9, abandon 13, abandon 18, conquer 20, conquer 21, "
        "conquer 22, conquer 16, conquer 6, conquer 23, conquer 5, end conquest, "
        "redeploy auto, end turn"),
    (1, "pick 0, conquer 3, conquer 4, conquer 9, conquer 8, conquer 7, end conquest, done, "
        "end turn"),
    (2, "pick 0, conquer 18, conquer 13, conquer 12, end conquest, done, end turn"),
    (0, "abandon 5, abandon 6, abandon 16, abandon 20, abandon 21, abandon 22, abandon 23, "
        "conquer 13, conquer 8, conquer 1, conquer 7, conquer 9, conquer 20, conquer 21, "
        "end conquest, redeploy auto, end turn"),
    (1, "withdraw auto"),
    (2, "withdraw auto"),
    (1, "decline"),
    (2, "decline"),
    (0, "abandon 1, abandon 7, abandon 8, abandon 9, abandon 19, abandon 20, abandon 21, "
        "conquer 18, conquer 12, conquer 7, conquer 1, conquer 8, conquer 9, conquer 3, "
        "conquer 4, conquer 5, conquer 6, conquer 11, conquer 16, conquer 19"),
]


def test_47_skeleton_bonus_is_capped_by_the_tray():
    """Four turns of Skeleton bonuses (2, 2, 3, 2) leave 1 token in the tray; the fifth
    turn's 4 non-empty conquests ask for 2 and raise exactly 1."""
    state = new(3, "skeletons:commando,ratmen:flying,humans:mounted,elves:alchemist,"
                   "dwarves:swamp,orcs:hill")
    raised = []
    for seat, texts in SKELETON_GAME:
        state, events = play(state, seat, *texts.split(", "))
        raised += [e.params["tokens"] for e in find(events, "skeleton_bonus")]
    assert raised == [2, 2, 3, 2] and state.turn == 5
    skeletons = active(state, 0)
    assert sum(1 for _, non_empty in skeletons.conquered if non_empty) == 4
    assert state.tray["skeletons"] == 1
    hand = skeletons.hand
    state, events = play(state, 0, "end conquest")
    assert find(events, "skeleton_bonus")[0].params["tokens"] == 1
    assert active(state, 0).hand == hand + 1 and state.tray["skeletons"] == 0


SORCERER_GAME = [  # 5p map; Flying Sorcerers convert lone tokens anywhere, once per opponent
    (0, "pick 0, conquer 1, redeploy auto, end turn"),
    (1, "pick 0, conquer 0, conquer 8, conquer 9, conquer 2, conquer 10, conquer 4, conquer 11, "
        "conquer 17, conquer 3, end conquest, place 1 on 0, done, end turn"),
    (2, "pick 0, conquer 7, conquer 13, conquer 15, conquer 23, conquer 30, conquer 21, "
        "end conquest, place 1 on 7, done, end turn"),
    (3, "pick 0, conquer 38, conquer 37, conquer 28, conquer 45, conquer 44, end conquest, "
        "done, end turn"),
    (4, "pick 0, conquer 40, conquer 41, conquer 31, end conquest, done, end turn"),
    (0, "convert 2, convert 23, redeploy auto, end turn"),
    (1, "conquer 5, end conquest, place 1 on 0, done, end turn"),
    (2, "conquer 6, end conquest, place 1 on 6, done, end turn"),
    (3, "conquer 22, end conquest, place 2 on 22, done, end turn"),
    (4, "conquer 32, end conquest, place 1 on 31, done, end turn"),
    (0, "convert 3, convert 7, convert 28, convert 40, redeploy auto, end turn"),
    (1, "conquer 12, end conquest, done, end turn"),
    (2, "conquer 14, end conquest, done, end turn"),
    (3, "conquer 27, end conquest, place 1 on 22, done, end turn"),
    (4, "conquer 24, end conquest, done, end turn"),
    (0, "convert 0, convert 6"),
]


def test_48_no_conversion_once_the_sorcerer_tray_is_empty():
    state = new(5, "sorcerers:flying,ratmen:commando,humans:mounted,elves:alchemist,"
                   "dwarves:swamp,orcs:hill,giants:forest")
    for seat, texts in SORCERER_GAME:
        state, _ = play(state, seat, *texts.split(", "))
    sorcerers = active(state, 0)
    assert state.tray["sorcerers"] == 0 and sorcerers.hand >= 1
    assert state.insts[state.regions[31].inst].owner == 4 and tokens(state, 31) == 1
    assert 4 not in sorcerers.converted
    assert reason(state, 0, "convert 31") == "tray_empty"

"""The worked examples of the rulebook (seed), replayed as text moves."""

from __future__ import annotations

from rules.smallworld import conquest
from tests.smallworld.helpers import active, find, new, play, tokens


def test_choosing_the_third_combo_costs_two_coins():
    state = new(2)
    state, events = play(state, 0, "pick 2")
    assert state.players[0].coins == 3
    assert [c[2] for c in state.column[:2]] == [1, 1]


def test_skeletons_with_a_two_badge_get_eight_tokens():
    state = new(2, "skeletons:merchant")
    state, _ = play(state, 0, "pick 0")
    assert active(state, 0).hand == 6 + 2


def test_a_lost_tribe_region_by_the_sea_costs_three():
    state = new(3, "ratmen:merchant")
    assert state.board.regions[7].border and state.regions[7].lost_tribe
    state, events = play(state, 0, "pick 0", "conquer 7")
    assert find(events, "conquer")[0].params["cost"] == 3 and tokens(state, 7) == 3


def _skeletons_turn():
    state = new(2, "elves:flying,skeletons:merchant,ratmen:alchemist,tritons:hill", first=1,
                dice=(3,))
    state, _ = play(state, 1, "pick 0", "conquer 9", "conquer 14", "conquer 10",
                    "move 1 from 9 to 14", "place 3 on 10", "done", "end turn")
    assert tokens(state, 9) == 1
    state, events = play(state, 0, "pick 0", "conquer 3", "conquer 9")
    return state, events


def test_skeletons_conquer_on_from_their_first_region_into_an_elf_farmland():
    state, events = _skeletons_turn()
    assert [e.params["cost"] for e in find(events, "conquer")] == [3, 3]
    assert active(state, 0).hand == 2


def test_final_conquest_of_a_mountain_with_the_die_then_redeploy_with_the_skeleton_bonus():
    state, _ = _skeletons_turn()
    assert conquest.cost(state, active(state, 0), 8) == 3
    state, events = play(state, 0, "die 8")
    assert find(events, "die_roll")[0].params["value"] == 3 and tokens(state, 8) == 2
    assert find(events, "skeleton_bonus")[0].params["tokens"] == 1
    state, events = play(state, 0, "move 1 from 3 to 8", "place 1 on 8", "done", "end turn")
    assert tokens(state, 8) == 4
    score = find(events, "score")[0]
    assert score.params["total"] == 3 + 3  # three regions, Merchant three more


def test_in_decline_skeletons_score_regions_only_and_leave_when_tritons_decline():
    state, _ = _skeletons_turn()
    state, _ = play(state, 0, "die 8", "redeploy auto", "end turn")
    state, _ = play(state, 1, "withdraw auto")
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    state, _ = play(state, 1, "redeploy auto", "end turn")
    assert state.column[1][:2] == ["tritons", "hill"]
    state, events = play(state, 0, "pick 1", "conquer 1", "conquer 6", "redeploy auto",
                         "end turn")
    skeleton_regions = [r for r, reg in enumerate(state.regions) if reg.inst is not None
                        and state.insts[reg.inst].race == "skeletons"]
    assert len(skeleton_regions) == 3
    assert find(events, "score")[0].params["total"] == 3 + 2 + 1  # 6, as in the rulebook
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, events = play(state, 0, "decline")
    assert find(events, "race_removed")[0].params["race"].key.endswith("skeletons")
    assert all(state.regions[r].inst is None for r in skeleton_regions)
    assert "skeletons" in state.race_deck or any(c[0] == "skeletons" for c in state.column)

"""Spec 4.3 interaction checklist and the rulings of section 4 not covered by the 7.x scenarios.

Every scenario is played as text moves from ``new_game`` (2p map unless stated).
"""

from __future__ import annotations

from rules.smallworld import conquest
from tests.smallworld.helpers import active, find, keys, new, play, reason, tokens


def _score(events):
    return find(events, "score")[0].params["total"]


def test_spirit_ghouls_keep_every_token_keep_conquering_and_survive_a_later_decline():
    state = new(2, "ghouls:spirit,ratmen:commando,humans:flying,elves:alchemist")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 4", "redeploy auto", "end turn")
    state, events = play(state, 0, "decline")
    assert "decline_spirit" in keys(events) and "decline" not in keys(events)
    ghouls = state.insts[state.regions[1].inst]
    assert ghouls.declined and ghouls.has_spirit and state.on_board(ghouls.id) == 10
    assert "spirit" not in state.discard  # the Spirit badge stays with the race
    state, _ = play(state, 1, "redeploy auto", "end turn")
    assert state.acting == ghouls.id and ghouls.hand == 0
    assert state.insts[ghouls.id].hand == 8  # readied: 1 token stays in each region
    state, _ = play(state, 0, "conquer 6", "redeploy auto", "pick 0", "conquer 11",
                    "redeploy auto", "end turn")
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, events = play(state, 0, "decline")  # the Flying Humans decline: no removal
    assert "race_removed" not in keys(events)
    assert not state.insts[ghouls.id].gone and state.on_board(ghouls.id) == 10
    assert _score(events) == 3 + 1  # Ghouls on 1, 2, 6 and Humans on 11


def test_decline_removes_older_in_decline_ghouls_like_any_race():
    state = new(2, "ghouls:commando,ratmen:merchant,humans:flying")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 4", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, _ = play(state, 0, "redeploy auto", "pick 0", "conquer 11", "redeploy auto",
                    "end turn")
    state, _ = play(state, 1, "redeploy auto", "end turn")
    tray = state.tray["ghouls"]
    state, events = play(state, 0, "decline")
    assert "race_removed" in keys(events) and state.regions[1].inst is None
    assert state.tray["ghouls"] == tray + 9 and "ghouls" in state.race_deck


def test_dragon_attack_obeys_the_border_rule_and_counts_for_orcs():
    state = new(2, "ratmen:dragon_master")
    state, _ = play(state, 0, "pick 0")
    assert reason(state, 0, "dragon 9") == "not_border"
    assert reason(state, 0, "dragon 3") is None
    orcs = new(2, "orcs:dragon_master")
    orcs, events = play(orcs, 0, "pick 0", "dragon 3", "conquer 4", "redeploy auto",
                        "end turn")
    assert _score(events) == 2 + 1  # two regions + Orcs for the Lost Tribe region only


def test_halfling_dragon_masters_enter_anywhere_with_the_dragon():
    state = new(2, "halflings:dragon_master")
    state, _ = play(state, 0, "pick 0", "dragon 9")
    assert state.regions[9].hole and state.regions[9].dragon and tokens(state, 9) == 1


def test_elves_lose_nothing_to_a_dragon_or_a_die_conquest():
    state = new(2, "elves:alchemist,ratmen:dragon_master")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    assert tokens(state, 1) == 10
    tray = state.tray["elves"]
    dragon, events = play(state, 1, "pick 0", "dragon 1")
    assert find(events, "defender_losses")[0].params["lost"] == 0
    assert dragon.tray["elves"] == tray and active(dragon, 0).pending == 10
    die = new(2, "elves:alchemist,ratmen:commando", dice=(3,))
    die, _ = play(die, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    die, _ = play(die, 1, "pick 0", "conquer 5", "conquer 6")
    assert active(die, 1).hand == 8 and conquest.cost(die, active(die, 1), 1) == 11
    die, events = play(die, 1, "die 1")
    assert find(events, "defender_losses")[0].params == {
        **find(events, "defender_losses")[0].params, "lost": 0, "withdrawn": 10}
    assert die.tray["elves"] == tray and tokens(die, 1) == 8


def test_berserk_need_is_at_least_one():
    state = new(2, "ratmen:berserk", dice=(3,))
    state, events = play(state, 0, "pick 0", "berserk roll", "conquer 4")
    assert find(events, "conquer")[0].params["cost"] == 1 and tokens(state, 4) == 1


def test_commando_lowers_the_die_conquest_too():
    state = new(2, "ratmen:commando", dice=(1,))
    state, _ = play(state, 0, "pick 0", "conquer 4", "conquer 10", "conquer 9", "conquer 3",
                    "conquer 14", "conquer 13", "conquer 20")
    commando = active(state, 0)
    assert commando.hand == 1 and conquest.cost(state, commando, 8) == 2  # mountain: 3 - 1
    state, events = play(state, 0, "die 8")
    assert find(events, "die_roll")[0].params["need"] == 2 and tokens(state, 8) == 1


def test_sorcerers_convert_through_a_lair_count_as_an_attack_and_take_no_hand_token():
    state = new(2, "trolls:commando,sorcerers:diplomat")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "place 7 on 1", "done",
                    "end turn")
    assert tokens(state, 2) == 1 and state.regions[2].lair
    state, _ = play(state, 1, "pick 0", "conquer 3")
    hand = active(state, 1).hand
    state, events = play(state, 1, "convert 2")
    assert not state.regions[2].lair and state.supply["lair"] == 9
    assert active(state, 1).hand == hand and state.regions[2].inst == active(state, 1).id
    state, _ = play(state, 1, "redeploy auto")
    assert reason(state, 1, "ally 0") == "ally_attacked"


def test_pillaging_sorcerers_score_their_conversions():
    state = new(2, "ratmen:commando,sorcerers:pillaging")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "place 10 on 1", "done",
                    "end turn")
    state, events = play(state, 1, "pick 0", "conquer 3", "convert 2", "redeploy auto",
                         "end turn")
    assert _score(events) == 2 + 2  # regions 3 and 2; the Lost Tribe and the conversion


def test_underworld_sorcerers_convert_through_the_cavern_network():
    state = new(2, "ratmen:commando,sorcerers:underworld")
    state, _ = play(state, 0, "pick 0", "conquer 16", "conquer 17", "place 9 on 16", "done",
                    "end turn")
    assert tokens(state, 17) == 1
    state, _ = play(state, 1, "pick 0", "conquer 4")
    assert reason(state, 1, "convert 17") == "not_adjacent"
    state, _ = play(state, 1, "conquer 3")  # a cavern: 17 is now within reach
    state, _ = play(state, 1, "convert 17")
    assert state.regions[17].inst == active(state, 1).id


def test_giants_count_a_mountain_taken_earlier_this_turn():
    state = new(2, "giants:alchemist")
    state, _ = play(state, 0, "pick 0")
    giants = active(state, 0)
    assert conquest.cost(state, giants, 1) == 2
    state, _ = play(state, 0, "conquer 5")
    assert conquest.cost(state, active(state, 0), 1) == 1
    assert conquest.cost(state, active(state, 0), 6) == 2  # Lost Tribe 3, minus 1


def test_mounted_tritons_stack_to_minus_two():
    state = new(2, "tritons:mounted")
    state, events = play(state, 0, "pick 0", "conquer 1", "conquer 6")
    assert [e.params["cost"] for e in find(events, "conquer")] == [1, 1]


def test_immunity_beats_flying_and_in_decline_ghouls():
    state = new(2, "ghouls:alchemist,ratmen:heroic,trolls:flying")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 4", "conquer 3", "redeploy auto",
                    "hero 4", "hero 3", "end turn")
    state, _ = play(state, 0, "decline")
    state, _ = play(state, 1, "redeploy auto", "hero 4", "hero 3", "end turn")
    assert state.acting == state.regions[1].inst  # the Ghoul phase
    assert reason(state, 0, "conquer 3") == "immune"
    state, _ = play(state, 0, "redeploy auto", "pick 0")
    assert reason(state, 0, "conquer 4") == "immune"  # Flying still cannot


def test_stout_decline_clears_the_alliance_and_is_allowed_on_the_pick_turn():
    state = new(2, "ratmen:stout,humans:diplomat")
    state, events = play(state, 0, "pick 0", "conquer 4", "redeploy auto", "end turn decline")
    assert _score(events) == 1 and state.insts[0].declined and tokens(state, 4) == 1
    assert keys(events).index("score") < keys(events).index("decline")
    state, _ = play(state, 1, "pick 0", "conquer 1", "redeploy auto", "ally 0")
    assert state.allies == [[1, 0]]
    state, _ = play(state, 1, "end turn")
    assert state.phase == "pick"  # P1's Ratmen declined: a new combo now


def test_wealthy_pays_on_the_turn_its_race_was_picked_whenever_that_is():
    state = new(2, "ratmen:commando,humans:flying,elves:wealthy")
    state, _ = play(state, 0, "pick 0", "conquer 4", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    state, _ = play(state, 1, "redeploy auto", "end turn")
    assert state.turn == 3
    state, events = play(state, 0, "pick 0", "conquer 21", "redeploy auto", "end turn")
    assert _score(events) == 2 + 7
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, events = play(state, 0, "redeploy auto", "end turn")
    assert _score(events) == 2


def test_fortress_may_be_built_while_redeploying():
    state = new(2, "ratmen:fortified")
    state, _ = play(state, 0, "pick 0", "conquer 4", "end conquest", "fortress 4")
    assert state.regions[4].fortress and state.phase == "redeploy"
    assert reason(state, 0, "fortress 4") == "fortress_used"


def test_failed_die_attack_on_an_opponent_is_not_an_attack_for_the_diplomat():
    state = new(2, "ratmen:merchant,humans:diplomat", dice=(0,))
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "place 6 on 2", "done",
                    "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 5", "conquer 6", "conquer 12")
    assert active(state, 1).hand == 1 and conquest.cost(state, active(state, 1), 1) == 4
    state, events = play(state, 1, "die 1")
    assert find(events, "die_failed") and state.regions[1].inst == active(state, 0).id
    state, _ = play(state, 1, "redeploy auto")
    assert reason(state, 1, "ally 0") is None


def test_own_active_tokens_conquered_by_own_ghouls_go_straight_to_hand():
    """RULING 3.7: no withdrawal step for them; the active race conquers with them at once."""
    state = new(2, "ghouls:commando,ratmen:merchant,humans:flying")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 4", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, _ = play(state, 0, "redeploy auto", "pick 0", "conquer 2", "conquer 6",
                    "place 1 on 2", "place 4 on 6", "done", "end turn")
    assert tokens(state, 2) == 3
    state, _ = play(state, 1, "redeploy auto", "end turn")
    ghouls = state.insts[state.regions[1].inst]
    assert state.phase == "start"  # P1 may still decline; the Ghoul phase opens on a move
    state, events = play(state, 0, "conquer 2")
    assert state.acting == ghouls.id and state.regions[2].inst == ghouls.id
    humans = active(state, 0)
    assert humans.hand == 2 and humans.pending == 0
    assert find(events, "defender_losses")[0].params["withdrawn"] == 2
    state, _ = play(state, 0, "redeploy auto")
    assert state.acting == humans.id and active(state, 0).hand == 2 + 6  # + readied from 6


def test_peace_also_forbids_the_allys_conversion_and_dragon_attack():
    state = new(2, "ratmen:diplomat,sorcerers:dragon_master")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "conquer 3", "place 6 on 3",
                    "move 1 from 1 to 3", "done", "ally 1", "end turn")
    assert tokens(state, 1) == 1
    state, _ = play(state, 1, "pick 0", "conquer 5")
    for text in ("conquer 1", "convert 1", "dragon 1"):
        assert reason(state, 1, text) == "diplomat_peace"
    assert reason(state, 1, "dragon 6") is None


def test_abandoning_a_region_returns_its_pieces():
    trolls = new(2, "trolls:fortified,ratmen:merchant")
    trolls, _ = play(trolls, 0, "pick 0", "conquer 1", "conquer 2", "fortress 2",
                     "redeploy auto", "end turn")
    trolls, _ = play(trolls, 1, "pick 0", "conquer 16", "redeploy auto", "end turn")
    trolls, events = play(trolls, 0, "abandon 2")
    assert not trolls.regions[2].lair and not trolls.regions[2].fortress
    assert (trolls.supply["lair"], trolls.supply["fortress"]) == (9, 6)
    camps = new(2, "ratmen:bivouacking,humans:merchant")
    camps, _ = play(camps, 0, "pick 0", "conquer 1", "conquer 2", "redeploy auto", "end turn")
    assert camps.regions[1].encampments + camps.regions[2].encampments == 5
    camps, _ = play(camps, 1, "pick 0", "conquer 16", "redeploy auto", "end turn")
    lifted = camps.regions[2].encampments
    camps, _ = play(camps, 0, "abandon 2")
    assert active(camps, 0).camps == lifted and camps.supply["encampment"] == 0


def test_the_amazon_reserve_does_not_defend():
    state = new(2, "amazons:commando,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "place 8 on 2", "done",
                    "end turn")
    assert (tokens(state, 1), active(state, 0).reserve) == (1, 4)
    state, _ = play(state, 1, "pick 0")
    assert conquest.cost(state, active(state, 1), 1) == 3
    state, events = play(state, 1, "conquer 1")
    assert find(events, "defender_losses")[0].params["lost"] == 1
    assert active(state, 0).reserve == 4


def test_terrain_and_symbol_bonuses_of_active_races():
    forest = new(2, "wizards:forest")
    forest, events = play(forest, 0, "pick 0", "conquer 1", "conquer 2", "redeploy auto",
                          "end turn")
    assert _score(events) == 2 + 1 + 1  # Wizards: magic in 1; Forest: region 2
    swamp = new(2, "ratmen:swamp")
    swamp, events = play(swamp, 0, "pick 0", "conquer 16", "conquer 17", "conquer 18",
                         "redeploy auto", "end turn")
    assert _score(events) == 3 + 2  # swamps 16 and 18


def test_knocked_out_encampments_wait_when_their_race_has_no_region_left():
    state = new(2, "humans:bivouacking,ratmen:commando")
    state, _ = play(state, 0, "pick 0", "conquer 1", "end conquest", "place 8 on 1",
                    "encampment 1", "done", "end turn")
    assert (tokens(state, 1), state.regions[1].encampments) == (10, 1)
    state, _ = play(state, 1, "pick 0")
    assert conquest.cost(state, active(state, 1), 1) == 2 + 10 + 1 - 1 == active(state, 1).hand
    state, events = play(state, 1, "conquer 1", "redeploy auto", "end turn")
    humans = active(state, 0)
    assert "tokens_to_hand" in keys(events) and state.phase == "start" and state.current == 0
    assert (humans.hand, humans.camps, humans.knocked_camps) == (9, 5, 0)


def test_amazon_reserve_goes_to_the_tray_on_decline():
    state = new(2, "amazons:forest,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    assert active(state, 0).reserve == 4 and state.tray["amazons"] == 1
    state, _ = play(state, 1, "pick 0", "conquer 16", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    amazons = state.insts[state.regions[1].inst]
    assert amazons.reserve == 0 and tokens(state, 1) == 1 and state.tray["amazons"] == 14


def test_sorcerers_cannot_convert_in_decline_tokens_or_hero_regions():
    state = new(2, "humans:heroic,sorcerers:merchant,ratmen:alchemist")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "conquer 6", "place 3 on 6",
                    "move 1 from 1 to 6", "move 1 from 2 to 6", "done", "hero 6", "hero 2",
                    "end turn")
    assert (tokens(state, 1), state.regions[2].hero) == (1, True)
    state, _ = play(state, 1, "pick 0", "conquer 5")
    assert reason(state, 1, "convert 2") == "immune"
    assert reason(state, 1, "convert 1") is None
    state, _ = play(state, 1, "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    assert reason(state, 1, "convert 1") == "convert_not_active_enemy"

"""The spec's test scenarios (smallworld_warcraft.md §8) played as games: set up, text moves,
state and events checked (T01-T10, T14, T16, T20, T21, T27, T31-T33, T36-T38, T43-T45,
T48-T50)."""

from __future__ import annotations

import pytest

from rules.core.errors import NotLegalNow
from rules.smallworld_warcraft import GAME, data, markers
from rules.smallworld_warcraft.position import position
from tests.smallworld_warcraft.helpers import (
    cost,
    face_up,
    find,
    gains,
    give,
    new,
    occupy,
    play,
    r,
    reason,
    restart,
)

# ---------------------------------------------------------------- set-up (T01, T02)

def test_t01_five_player_setup():
    state = new(5, seed=7)
    islands = state.extra["islands"]
    assert sorted(islands) in (["L1", "L2", "M1", "S1", "S2"], ["L1", "L2", "M2", "S1", "S2"])
    assert state.turns == 8
    board = data.board(tuple(islands))
    murlocs = {board.regions[i].code for i, reg in enumerate(state.regions) if reg.lost_tribe}
    expected = {"L1-01", "L1-05", "L1-13", "L2-04", "L2-05", "L2-10", "S1-05", "S1-07",
                "S2-01", "S2-07"} | ({"M1-01", "M1-06", "M1-09"} if "M1" in islands
                                     else {"M2-03", "M2-07"})
    assert murlocs == expected
    mountains = {board.regions[i].code for i, reg in enumerate(state.regions) if reg.mountain}
    assert mountains == {"L1-02", "L1-11", "L2-02", "L2-11", "S1-04", "S2-02"} | (
        {"M1-02", "M1-08"} if "M1" in islands else {"M2-06"})
    placed = {board.regions[m["region"]].code for m in state.extra["markers"] if not m["up"]}
    assert placed == {"L1-07", "L2-08", "S1-06", "S2-03", "M1-05" if "M1" in islands
                      else "M2-05"}
    assert len(state.extra["pool"]) == 7
    assert [p.coins for p in state.players] == [5] * 5 and len(state.column) == 6


def test_t02_two_player_boards():
    state = new(2, seed=3)
    assert [data.islands()[i].size for i in state.extra["islands"]] == ["L", "M"]
    assert state.turns == 10 and len(state.extra["markers"]) == 2
    other = new(2, seed=3, boards="LS")
    assert [data.islands()[i].size for i in other.extra["islands"]] == ["L", "S"]


def test_face_down_markers_stay_out_of_every_view():
    state = new(2, islands="L1,M1", markers="frostmourne,well_of_eternity")
    for seat in (None, 0, 1):
        text = repr(GAME.view(state, seat).data)
        assert "frostmourne" not in text and "well_of_eternity" not in text


# ---------------------------------------------------------------- reach and travel (T03-T05)

def test_t03_first_conquest_must_be_an_entry_region():
    state = new(2, islands="L1,M1", combos="humans:farmer")
    state, _ = play(state, 0, "pick 0")
    assert state.active(0).hand == 9
    assert reason(state, 0, "conquer L1-07") == "not_entry"
    assert reason(state, 0, "conquer L1-06") == "water"
    state, events = play(state, 0, "conquer L1-01")
    assert find(events, "conquer")[0].params["cost"] == 4
    assert find(events, "murloc_removed") and not state.regions[r(state, "L1-01")].lost_tribe
    assert state.active(0).hand == 5


def test_t04_adjacent_regions_and_entry_regions_anywhere():
    state = new(2, islands="L1,S2", boards="LS", combos="humans:farmer")
    state, _ = play(state, 0, "pick 0", "conquer L1-01")
    assert cost(state, 0, "L1-05") == 3
    assert cost(state, 0, "L1-09") == 3
    assert cost(state, 0, "S2-06") == 3
    assert reason(state, 0, "conquer S2-04") == "not_adjacent"
    state, _ = play(state, 0, "conquer L1-05")
    assert cost(state, 0, "L1-09") == 2


def test_t05_seafarer_and_meeting_stone_waive_travel():
    state = new(2, islands="L1,S1", boards="LS", combos="humans:seafarer,orcs:farmer")
    state, _ = play(state, 0, "pick 0")
    assert cost(state, 0, "S1-05") == 3
    state = new(2, islands="L1,S1", boards="LS", combos="orcs:farmer")
    state, _ = play(state, 0, "pick 0")
    assert cost(state, 0, "S1-05") == 4
    state = new(2, islands="L2,M2")
    stone = give(state, 0, "humans", "farmer")
    occupy(state, stone, L2_08=2)
    face_up(state, "L2-08", "meeting_stone")
    restart(state)
    assert cost(state, 0, "M2-09") == 2
    stone.declined = True
    state.players[0].active, state.players[0].declined = None, [stone.id]
    other = give(state, 0, "orcs", "farmer")
    occupy(state, other, L2_01=1)
    assert cost(state, 0, "M2-09") == 3


# ---------------------------------------------------------------- costs (T06-T08)

def test_t06_dwarves_pay_two_less_on_mountains():
    state = new(2, islands="L1,M1")
    dwarves = give(state, 0, "dwarves", "farmer")
    occupy(state, dwarves, L1_07=2)
    orcs = give(state, 1, "orcs", "farmer")
    occupy(state, orcs, L1_11=2)
    restart(state)
    assert cost(state, 0, "L1-02") == 1
    assert cost(state, 0, "L1-11") == 3
    dwarves.power = "blacksmith"
    assert cost(state, 0, "L1-02") == 1


def test_t07_trolls_and_empty_regions():
    state = new(2, islands="L1,M1")
    trolls = give(state, 0, "trolls", "farmer")
    occupy(state, trolls, M1_05=2)
    declined = give(state, 1, "humans", "farmer", declined=True)
    occupy(state, declined, M1_08=1)
    restart(state)
    assert cost(state, 0, "M1-06") == 2
    assert cost(state, 0, "M1-07") == 2
    assert cost(state, 0, "M1-02") == 3
    assert cost(state, 0, "M1-08") == 3


def test_t08_tauren_never_place_fewer_than_two():
    state = position("""islands = ["L2", "M1"]
        [seat.0]
        race = "tauren"
        power = "blacksmith"
        regions = {"L2-06" = 2}
        hand = 3""")
    assert cost(state, 0, "L2-10") == 2
    assert cost(state, 0, "L2-01") == 2
    state, _ = play(state, 0, "conquer L2-01")
    assert state.regions[r(state, "L2-01")].tokens == 2 and state.active(0).hand == 1
    assert reason(state, 0, "conquer L2-10") == "no_tokens"
    assert reason(state, 0, "die L2-10") == "no_tokens"


def test_t09_tauren_lose_one_and_keep_two_when_readying():
    state = position("""islands = ["L2", "M1"]
        seat.0 = {race = "dwarves", power = "farmer", regions = {"L2-11" = 1}, hand = 8}
        seat.1 = {race = "tauren", power = "farmer", regions = {"L2-10" = 2, "L2-06" = 3}}""")
    assert cost(state, 0, "L2-10") == 4
    state, events = play(state, 0, "conquer L2-10")
    loss = find(events, "defender_losses")[0].params
    assert (loss["lost"], loss["withdrawn"]) == (1, 1)
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state, _ = play(state, 1, "withdraw auto")
    assert state.regions[r(state, "L2-06")].tokens == 4
    state, _ = play(state, 1, "conquer L2-01")
    assert state.regions[r(state, "L2-06")].tokens == 2


def test_t10_tauren_decline_with_two_tokens_per_region():
    state = position("""islands = ["L2", "M1"]
        [seat.0]
        race = "tauren"
        power = "farmer"
        regions = {"L2-06" = 3, "L2-10" = 2, "L2-13" = 4}""")
    tray = state.tray["tauren"]
    state, _ = play(state, 0, "decline")
    assert [state.regions[r(state, c)].tokens for c in ("L2-06", "L2-10", "L2-13")] == [2, 2, 2]
    assert state.tray["tauren"] == tray + 3
    orcs = give(state, 1, "orcs", "farmer")
    occupy(state, orcs, L2_11=1)
    assert cost(state, 1, "L2-10") == 4


# ---------------------------------------------------------------- conquest coins (T14, T36, T38)

def _attacker(state, race: str, power: str, **where):
    inst = give(state, 0, race, power)
    occupy(state, inst, **where)
    return inst


def test_t14_orcs_coins_and_faction_bonus():
    state = position("""players = 3
        islands = ["L1", "M1", "S1"]
        [seat.0]
        coins = 0
        race = "orcs"
        power = "blacksmith"
        regions = {"L1-07" = 1}
        hand = 10
        [seat.1]
        race = "worgen"
        power = "farmer"
        regions = {"L1-03" = 1, "L1-04" = 1}
        hand = 7
        declined = {race = "gnomes", power = "farmer", regions = {"L1-08" = 1}}
        [seat.2]
        race = "trolls"
        power = "farmer"
        regions = {"L1-10" = 1}
        hand = 9""")
    state, events = play(state, 0, "conquer L1-03", "conquer L1-04", "conquer L1-08",
                         "conquer L1-10")
    assert sum(e.params["coins"] for e in gains(events)) == 3
    state, events = play(state, 0, "redeploy auto", "end turn")
    score = find(events, "score")[0]
    lines = {m.params["source"].key.rsplit(".", 1)[1]: m.params["coins"]
             for m in score.params["breakdown"]}
    assert lines["faction_bonus"] == 2


def test_own_declined_race_gives_no_orc_coins_nor_faction_bonus():
    state = position("""islands = ["L1", "M1"]
        [seat.0]
        race = "orcs"
        power = "farmer"
        regions = {"L1-07" = 1}
        hand = 9
        declined = {race = "humans", power = "farmer", regions = {"L1-03" = 1}}""")
    state, events = play(state, 0, "conquer L1-03")
    assert not gains(events)
    state, events = play(state, 0, "redeploy auto", "end turn")
    breakdown = find(events, "score")[0].params["breakdown"]
    assert all(m.params["source"].key != "smallworld.score.faction_bonus" for m in breakdown)


def test_t36_empty_region_with_only_a_mountain_and_a_marker():
    state = position("""islands = ["L1", "M1"]
        seat.0 = {race = "trolls", power = "battlemaster", regions = {"L1-07" = 1}, hand = 10}
        region.L1-11 = {marker = "frostmourne"}""")
    trolls = state.active(0)
    assert cost(state, 0, "L1-11") == 3
    state, events = play(state, 0, "conquer L1-11")
    assert not gains(events) and trolls.hand >= 0


def test_t38_furious_coins_for_two_or_more_defending_tokens():
    state = position("""players = 3
        islands = ["L1", "M1", "S1"]
        seat.0 = {race = "forsaken", power = "furious", regions = {"L1-07" = 1}, hand = 19}
        seat.1 = {race = "orcs", power = "farmer", regions = {"L1-03" = 3, "L1-11" = 1}, hand = 6}
        [seat.2.declined]
        race = "tauren"
        power = "farmer"
        regions = {"L1-04" = 2}""")
    state, events = play(state, 0, "conquer L1-03")
    assert [e.params["coins"] for e in gains(events)] == [3]
    state, events = play(state, 0, "conquer L1-13")
    assert not gains(events)
    state, events = play(state, 0, "conquer L1-04")
    assert [e.params["coins"] for e in gains(events)] == [2]
    state, events = play(state, 0, "conquer L1-11")
    assert not gains(events)


def test_t43_swamp_dweller_toll_even_in_decline():
    state = position("""islands = ["L1", "M1"]
        seat.0 = {race = "humans", power = "farmer", regions = {"L1-07" = 1}, hand = 8}
        seat.1.declined = {race = "orcs", power = "swamp_dweller", regions = {"L1-08" = 1}}""")
    before = state.players[1].coins
    assert cost(state, 0, "L1-08") == 3
    state, events = play(state, 0, "conquer L1-08")
    assert find(events, "coins_paid")[0].params["coins"] == 1
    assert state.players[1].coins == before + 1


# ---------------------------------------------------------------- losses (T16, T32)

def test_t16_draenei_keep_their_first_loss_of_each_turn():
    state = position("""islands = ["L2", "M1"]
        seat.0 = {race = "forsaken", power = "farmer", regions = {"L2-02" = 1}, hand = 19}
        [seat.1]
        race = "draenei"
        power = "farmer"
        regions = {"L2-03" = 3, "L2-04" = 1, "L2-08" = 2}""")
    tray = state.tray["draenei"]
    state, events = play(state, 0, "conquer L2-03")
    assert find(events, "draenei_saved")
    assert find(events, "defender_losses")[0].params["lost"] == 0
    state, events = play(state, 0, "conquer L2-04")
    assert find(events, "defender_losses")[0].params["lost"] == 1
    assert state.tray["draenei"] == tray + 1
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state, _ = play(state, 1, "withdraw auto")
    assert state.regions[r(state, "L2-08")].tokens == 5


def test_t32_lights_hope_chapel_protects_every_region_of_its_owner():
    state = position("""islands = ["L2", "M1"]
        seat.0 = {race = "forsaken", power = "farmer", regions = {"L2-02" = 1}, hand = 19}
        seat.1 = {race = "orcs", power = "farmer", regions = {"L2-08" = 2, "L2-03" = 3}}
        region.L2-08.marker = 'lights_hope_chapel'""")
    state, events = play(state, 0, "conquer L2-03")
    assert find(events, "chapel_saved") and find(events, "defender_losses")[0].params["lost"] == 0
    state, events = play(state, 0, "conquer L2-08")
    assert find(events, "defender_losses")[0].params["lost"] == 0


# ---------------------------------------------------------------- Kobolds and Naga (T20, T21)

def test_t20_kobolds_enter_by_any_cavern():
    state = new(2, islands="L1,M2", combos="kobolds:farmer")
    state, _ = play(state, 0, "pick 0")
    assert cost(state, 0, "L1-10") == 2
    state, _ = play(state, 0, "conquer L1-10")
    humans = give(state, 1, "humans", "farmer")
    occupy(state, humans, M2_08=2)
    assert cost(state, 0, "M2-08") == 4


def test_t21_naga_take_the_sea_first_and_stay_there_in_decline():
    state = new(2, islands="L1,M1", combos="naga:farmer,orcs:ranger")
    state, _ = play(state, 0, "pick 0")
    assert cost(state, 0, "L1-12") == 2
    state, _ = play(state, 0, "conquer L1-12")
    assert cost(state, 0, "L1-13") == 3
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0")
    assert reason(state, 1, "conquer L1-12") == "water"
    state, _ = play(state, 1, "conquer L1-01", "redeploy auto", "end turn")
    state, events = play(state, 0, "decline")
    assert state.regions[r(state, "L1-12")].tokens == 1
    assert find(events, "score")[0].params["total"] == 1


# ---------------------------------------------------------------- markers (T27, T31, T33, T45)

def test_t27_conquest_reveals_the_face_down_marker():
    state = position("""islands = ["L1", "S2"]
        boards = "LS"
        markers = ["ashes_of_alar", "karazhan"]
        seat.0 = {race = "humans", power = "farmer", regions = {"L1-03" = 1}, hand = 8}""")
    state, events = play(state, 0, "conquer L1-07")
    revealed = find(events, "marker_revealed")[0]
    assert revealed.params["marker"].key.endswith("ashes_of_alar")
    assert {"id": "ashes_of_alar", "region": r(state, "L1-07"), "up": True} in state.extra[
        "markers"]


def test_t31_well_of_eternity_moves_to_the_water_and_pays_a_majority():
    state = position("""islands = ["L1", "M1"]
        markers = ["frostmourne", "well_of_eternity"]
        seat.1 = {race = "orcs", power = "farmer", regions = {"M1-03" = 1}, hand = 9}
        [seat.0]
        race = "dwarves"
        power = "farmer"
        regions = {"M1-06" = 1, "M1-09" = 1, "M1-02" = 1}
        hand = 6""")
    a = state.active(0)
    state, events = play(state, 0, "conquer M1-05")
    assert find(events, "marker_moved")[0].params["target"] == r(state, "M1-04")
    state, events = play(state, 0, "redeploy auto", "end turn")
    lines = {m.params["source"].key.rsplit(".", 1)[1]: m.params["coins"]
             for m in find(events, "score")[0].params["breakdown"]}
    assert lines["well_of_eternity"] == 2
    assert a.id in {reg.inst for reg in state.regions}


def test_the_well_on_an_island_with_two_waters_asks_where_it_goes():
    state = position("""islands = ["L1", "M1"]
        markers = ["well_of_eternity", "frostmourne"]
        seat.0 = {race = "humans", power = "farmer", regions = {"L1-03" = 1}, hand = 8}""")
    state, _ = play(state, 0, "conquer L1-07")
    assert state.pending[-1]["type"] == "well"
    assert reason(state, 0, "conquer L1-02") == "place_well_first"
    assert reason(state, 0, "well L1-01") == "not_well_water"
    state, events = play(state, 0, "well L1-12")
    assert markers.region_of(state, "well_of_eternity") == r(state, "L1-12")
    assert state.pending[-1]["type"] == "conquest"


def test_t33_spirit_healer_adds_a_token_after_conquests():
    state = position("""islands = ["L1", "M1"]
        seat.0 = {race = "humans", power = "farmer", regions = {"L1-07" = 1}, hand = 8}
        region.L1-07.marker = 'spirit_healer'""")
    state, events = play(state, 0, "conquer L1-03", "end conquest")
    a = state.active(0)
    assert find(events, "spirit_healer")
    assert a.hand + state.on_board(a.id) == 9 + 1 and state.tray["humans"] == 0


def test_t45_karazhan_and_t44_composite_scoring():
    state = position("""islands = ["L1", "S1"]
        boards = "LS"
        region.L1-07.marker = "karazhan"
        [seat.0]
        race = "blood_elves"
        power = "herbalist"
        regions = {"L1-07" = 1, "L1-04" = 1, "S1-01" = 1, "S1-07" = 1, "L1-03" = 1}
        hand = 4""")
    a = state.active(0)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    lines = {m.params["source"].key.rsplit(".", 1)[1]: m.params["coins"]
             for m in find(events, "score")[0].params["breakdown"]}
    assert lines["karazhan"] == 3
    assert lines["regions"] == 5 and lines["blood_elves"] == 1 and lines["herbalist"] == 4
    assert a.race == "blood_elves"


# ---------------------------------------------------------------- wisp walls and forts (T24, T34)

def test_t24_night_elves_raise_wisp_walls_that_outlast_their_decline():
    state = position("""islands = ["L1", "M1"]
        seat.0 = {race = "night_elves", power = "farmer", regions = {"L1-02" = 1}, hand = 7}""")
    assert cost(state, 0, "L1-03") == 1
    state, events = play(state, 0, "conquer L1-03")
    assert find(events, "wisp_wall_placed")
    orcs = give(state, 1, "orcs", "farmer")
    occupy(state, orcs, L1_04=1)
    assert cost(state, 1, "L1-03") == 4
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state, _ = play(state, 1, "end conquest", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    assert state.extra["pieces"][str(r(state, "L1-03"))] == {"wisp_wall": 1}
    assert cost(state, 1, "L1-03") == 4
    supply = state.supply["wisp_wall"]
    state, events = play(state, 1, "conquer L1-03")
    assert str(r(state, "L1-03")) not in state.extra["pieces"]
    assert state.supply["wisp_wall"] == supply + 1


def test_no_wisp_wall_when_the_supply_is_empty():
    state = new(2, islands="L1,M1")
    _attacker(state, "night_elves", "farmer", L1_02=1)
    restart(state)
    state.supply["wisp_wall"] = 0
    state, events = play(state, 0, "conquer L1-03")
    assert not find(events, "wisp_wall_placed")


def test_t34_garrison_forts_stay_in_decline_and_defend():
    state = new(2, islands="L1,M1", combos="orcs:ranger")
    _attacker(state, "night_elves", "garrison", L1_02=1)
    restart(state)
    state, events = play(state, 0, "conquer L1-03", "redeploy auto", "end turn")
    assert len(find(events, "fort_placed")) == 2
    state, _ = play(state, 1, "pick 0", "conquer L1-01", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    held = state.extra["pieces"]
    assert held[str(r(state, "L1-02"))] == {"fort": 1}
    assert held[str(r(state, "L1-03"))] == {"wisp_wall": 1, "fort": 1}
    assert cost(state, 1, "L1-02") == 2 + 1 + 1 + 1  # Mountain, fort, one declined token


# ---------------------------------------------------------------- Worgen and Forsaken (T23, T15)

def _worgen(coins: int):
    return position(f"""islands = ["L1", "S1"]
        boards = "LS"
        [seat.0]
        coins = {coins}
        race = "worgen"
        power = "farmer"
        regions = {{"S1-01" = 1}}
        hand = 8""")


def test_t23_worgen_form_costs_a_coin_and_makes_every_conquest_cheaper():
    state = _worgen(4)
    assert state.pending[-1]["type"] == "form"
    assert reason(state, 0, "conquer S1-02") == "choose_form_first"
    state, _ = play(state, 0, "form worgen")
    assert state.players[0].coins == 3
    assert cost(state, 0, "S1-02") == 1 and cost(state, 0, "S1-05") == 2
    state, _ = play(state, 0, "conquer S1-02")
    assert cost(state, 0, "S1-04") == 2


def test_t23_human_form_gains_two_coins_and_costs_stay():
    state = _worgen(4)
    state, events = play(state, 0, "form human")
    assert state.players[0].coins == 6 and cost(state, 0, "S1-02") == 2


def test_t23_no_coin_no_worgen_form_and_a_decline_turn_asks_nothing():
    state = _worgen(0)
    assert reason(state, 0, "form worgen") == "form_needs_coin"
    listed = {a.text for a in GAME.legal_actions(state, 0)}
    assert listed == {"form human", "form worgen", "decline"}
    state, events = play(state, 0, "decline")
    assert not find(events, "worgen_form") and state.players[0].active is None


def test_a_worgen_race_just_picked_chooses_its_form_first():
    state = new(2, islands="L1,M1", combos="worgen:farmer")
    state, _ = play(state, 0, "pick 0")
    assert state.pending[-1]["type"] == "form"
    assert reason(state, 0, "decline") == "choose_form_first"


def test_t15_forsaken_buy_one_token_per_token_lost_to_them():
    state = position("""islands = ["L1", "S2"]
        boards = "LS"
        seat.0 = {coins = 3, race = "forsaken", power = "farmer", regions = {"S2-02" = 1}, hand = 9}
        seat.1 = {race = "kobolds", power = "farmer", regions = {"S2-04" = 3}}""")
    state, _ = play(state, 0, "conquer S2-01", "conquer S2-04", "end conquest")
    assert state.pending[-1]["type"] == "recruit"
    assert [a.text for a in GAME.legal_actions(state, 0)] == ["recruit 0", "recruit 1", "recruit 2"]
    assert reason(state, 0, "recruit 3") == "recruit_too_many"
    assert reason(state, 0, "redeploy auto") == "recruit_first"
    hand = state.active(0).hand
    state, events = play(state, 0, "recruit 2")
    assert state.players[0].coins == 1 and state.active(0).hand == hand + 2


def test_forsaken_with_no_coin_cannot_buy():
    state = position("""islands = ["L1", "S2"]
        boards = "LS"
        seat.0 = {coins = 0, race = "forsaken", power = "farmer", regions = {"S2-02" = 1}, hand = 6}
        """)
    state, _ = play(state, 0, "conquer S2-01", "end conquest")
    assert reason(state, 0, "recruit 1") == "recruit_coins"
    state, _ = play(state, 0, "recruit 0")
    assert state.pending[-1]["type"] == "redeploy"


def test_t10_both_declined_tauren_tokens_are_discarded_when_conquered():
    state = new(2, islands="L2,M1")
    attacker = give(state, 0, "forsaken", "farmer", hand=9)
    occupy(state, attacker, L2_11=1)
    tauren = give(state, 1, "tauren", "farmer", declined=True, hand=0)
    occupy(state, tauren, L2_10=2, L2_13=2)
    restart(state)
    tray = state.tray["tauren"]
    state, events = play(state, 0, "conquer L2-10")
    assert find(events, "defender_losses")[0].params["lost"] == 2
    assert state.tray["tauren"] == tray + 2


# ---------------------------------------------------------------- power scores (T44)

def _score_lines(events) -> dict:
    return {m.params["source"].key.rsplit(".", 1)[1]: m.params["coins"]
            for m in find(events, "score")[0].params["breakdown"]}


def test_t44_explorer_fisherman_and_archaeologist():
    for power, expected in (("explorer", 2), ("fisherman", 3), ("ranger", 3)):
        state = new(2, islands="L1,S2", boards="LS")
        _attacker(state, "blood_elves", power, L1_03=1, L1_10=1, S2_03=1, S2_08=1)
        restart(state)
        state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
        assert _score_lines(events)[power] == expected, power
        assert _score_lines(events)["blood_elves"] == 3
    state = new(2, islands="L1,S2", boards="LS")
    _attacker(state, "dwarves", "archaeologist", L1_07=1, L1_03=1)
    face_up(state, "L1-07", "dark_portal")
    face_up(state, "L1-03", "frostmourne")
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert _score_lines(events)["archaeologist"] == 2
    assert _score_lines(events)["dark_portal"] == 2


# ---------------------------------------------------------------- watchtowers (T39)

def test_t39_fortified_watchtowers_follow_the_majority_around_farmland():
    state = new(2, islands="L1,M1")
    a = _attacker(state, "dwarves", "fortified", L1_05=1, L1_01=1, L1_09=1)
    b = give(state, 1, "orcs", "farmer")
    occupy(state, b, L1_10=1)
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    held = state.extra["pieces"]
    assert held[str(r(state, "L1-05"))] == {"watchtower": 1}
    assert str(r(state, "L1-09")) not in held
    assert reason(state, 1, "conquer L1-05") == "immune"
    state, _ = play(state, 1, "conquer L1-09", "end conquest", "redeploy auto", "end turn")
    state, _ = play(state, 0, "withdraw auto")
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert find(events, "watchtower_removed") and str(r(state, "L1-05")) not in state.extra.get(
        "pieces", {})
    assert a.race == "dwarves"


def test_watchtowers_go_when_their_race_declines():
    state = new(2, islands="L1,M1")
    _attacker(state, "dwarves", "fortified", L1_05=1, L1_01=1)
    restart(state)
    state, _ = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert state.extra["pieces"][str(r(state, "L1-05"))] == {"watchtower": 1}
    state, _ = play(state, 1, "pick 0", "conquer L1-13", "redeploy auto", "end turn")
    supply = state.supply["watchtower"]
    state, _ = play(state, 0, "decline")
    assert str(r(state, "L1-05")) not in state.extra.get("pieces", {})
    assert state.supply["watchtower"] == supply + 1


# ---------------------------------------------------------------- Harmony (T22)

def _pandaren_game(round_one: bool):
    later = "" if round_one else """turn = 3
        seat.1 = {race = "orcs", power = "farmer", regions = {"L1-02" = 1}, hand = 9}
        seat.2 = {race = "humans", power = "farmer", regions = {"L1-11" = 1}, hand = 8}
        seat.3 = {race = "trolls", power = "farmer", regions = {"S1-01" = 1}, hand = 9}"""
    return position(f"""players = 4
        islands = ["L1", "M1", "M2", "S1"]
        markers = ["frostmourne", "doomhammer", "karazhan", "dark_portal"]
        {later}
        [seat.0]
        race = "pandaren"
        power = "farmer"
        regions = {{"L1-07" = 1, "L1-03" = 1}}
        hand = 7""")


def test_t22_harmony_goes_to_opponents_the_pandaren_left_alone():
    state = _pandaren_game(round_one=False)
    state, _ = play(state, 0, "conquer L1-11", "redeploy auto", "end turn")
    assert sorted(state.extra["harmony"]) == [1, 3]
    coins = state.players[1].coins
    state, events = play(state, 1, "conquer L1-07")
    assert find(events, "coins_paid")[0].params["coins"] == 2
    assert state.players[1].coins == coins - 2
    state, events = play(state, 1, "conquer L1-03")
    assert not find(events, "coins_paid")


def test_t22_a_holder_without_two_coins_cannot_attack_the_pandaren():
    state = _pandaren_game(round_one=False)
    state, _ = play(state, 0, "conquer L1-11", "redeploy auto", "end turn")
    rich = {a.text for a in GAME.legal_actions(state, 1)}
    state.players[1].coins = 1
    assert reason(state, 1, "conquer L1-07") == "harmony_fee"
    assert {a.text for a in GAME.legal_actions(state, 1)} == rich  # menus hide coins


def test_t22_a_listed_attack_the_holder_cannot_pay_is_refused_when_chosen():
    """The menu lists the attack (coins are hidden), so choosing it must still be judged:
    applying the very action just listed is refused for the fee and changes nothing."""
    state = _pandaren_game(round_one=False)
    state, _ = play(state, 0, "conquer L1-11", "redeploy auto", "end turn")
    state.players[1].coins = 1
    listed = next(a for a in GAME.legal_actions(state, 1)
                  if a.text == f"conquer {r(state, 'L1-07')}")
    with pytest.raises(NotLegalNow):
        GAME.apply(state, 1, listed)
    assert state.players[1].coins == 1


def test_t22_harmony_returns_at_the_pandaren_turn_and_round_one_gives_to_all():
    state = _pandaren_game(round_one=True)
    state, _ = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert sorted(state.extra["harmony"]) == [1, 2, 3]
    for seat in (1, 2, 3):
        state, _ = play(state, seat, "pick 0", "end conquest", "redeploy auto", "end turn")
    assert state.extra["harmony"] == []


# ---------------------------------------------------------------- military objectives (T19)

def test_t19_humans_place_objectives_that_pay_non_horde_conquerors():
    state = new(4, islands="L2,M1,M2,S1", first=0,
                markers="frostmourne,doomhammer,karazhan,dark_portal")
    humans = give(state, 0, "humans", "farmer")
    occupy(state, humans, L2_01=1)
    trolls = give(state, 1, "trolls", "farmer")
    occupy(state, trolls, L2_10=1)
    dwarves = give(state, 2, "dwarves", "farmer", declined=True)
    occupy(state, dwarves, L2_03=1)
    restart(state)
    state, _ = play(state, 0, "end conquest", "redeploy auto")
    assert state.pending[-1]["type"] == "objectives"
    assert reason(state, 0, "end turn") == "objectives_first"
    assert reason(state, 0, "objective L2-03") == "objective_alliance"
    state, _ = play(state, 0, "objective L2-10", "objective L2-05", "end turn")
    assert sorted(state.extra["objectives"]["regions"]) == sorted(
        [r(state, "L2-10"), r(state, "L2-05")])
    orcs = give(state, 1, "orcs", "farmer")
    state.players[1].active = orcs.id
    trolls.declined = True
    state.players[1].declined = [trolls.id]
    occupy(state, orcs, L2_11=1)
    restart(state)
    state, events = play(state, 1, "conquer L2-10")
    assert not find(events, "objective_claimed")
    assert r(state, "L2-10") in state.extra["objectives"]["regions"]
    state, _ = play(state, 1, "end conquest", "redeploy auto", "end turn")
    kobolds = give(state, 2, "kobolds", "farmer")
    occupy(state, kobolds, L2_06=1)
    restart(state)
    before = (state.players[2].coins, state.players[0].coins)
    state, events = play(state, 2, "conquer L2-10")
    assert find(events, "objective_claimed")
    assert (state.players[2].coins, state.players[0].coins) == (before[0] + 2, before[1] + 2)
    assert state.extra["objectives"]["regions"] == [r(state, "L2-05")]


def test_objectives_leave_the_board_when_the_humans_decline():
    state = new(2, islands="L1,M1", combos="orcs:ranger")
    humans = give(state, 0, "humans", "farmer")
    occupy(state, humans, L1_09=1)
    restart(state)
    state, _ = play(state, 0, "end conquest", "redeploy auto", "objective L1-12",
                    "objectives done", "end turn")
    assert state.extra["objectives"]["regions"] == [r(state, "L1-12")]
    state, _ = play(state, 1, "pick 0", "conquer L1-13", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    assert "objectives" not in state.extra


def test_redeploy_auto_during_forsaken_conquests_skips_the_purchase():
    state = new(2, islands="L1,S2", boards="LS")
    forsaken = give(state, 0, "forsaken", "farmer", hand=10)
    occupy(state, forsaken, S2_02=1)
    restart(state)
    coins = state.players[0].coins
    state, events = play(state, 0, "conquer S2-01", "redeploy auto")
    assert not find(events, "recruited") and state.players[0].coins == coins
    assert state.pending[-1]["type"] == "end"


# ---------------------------------------------------------------- artifacts (T27, T28, T41)

def test_t27_ashes_of_alar_reach_another_island_once_a_turn():
    state = new(2, islands="L1,S2", boards="LS", markers="ashes_of_alar,karazhan")
    _attacker(state, "dwarves", "farmer", L1_03=1)
    restart(state)
    state, _ = play(state, 0, "conquer L1-07")
    assert reason(state, 0, "conquer S2-07") == "not_adjacent"
    assert cost(state, 0, "S2-07") == 3
    state, events = play(state, 0, "ashes S2-07")
    assert find(events, "conquer")[0].params["cost"] == 3
    assert markers.region_of(state, "ashes_of_alar") == r(state, "S2-07")
    assert reason(state, 0, "ashes S2-01") == "artifact_used"


def test_t28_doomhammer_costs_one_token_and_two_coins_to_its_previous_owner():
    state = new(3, islands="L2,M1,S1")
    a = _attacker(state, "dwarves", "farmer", L2_08=2)
    face_up(state, "L2-08", "doomhammer")
    state.extra["owners"] = {"doomhammer": [0]}
    c = give(state, 2, "trolls", "farmer", hand=3)
    occupy(state, c, L2_11=3)
    restart(state)
    coins = state.players[0].coins
    state, events = play(state, 0, "doomhammer L2-11")
    assert find(events, "conquer")[0].params["cost"] == 1
    assert state.players[0].coins == coins - 2
    assert markers.region_of(state, "doomhammer") == r(state, "L2-11")
    assert find(events, "defender_losses")[0].params["lost"] == 1
    state, _ = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert state.current == 1  # C has no region left: its withdrawn tokens stay in hand
    b = give(state, 1, "orcs", "farmer")
    occupy(state, b, L2_07=1)
    restart(state)
    state, _ = play(state, 1, "conquer L2-11")
    assert state.extra["owners"]["doomhammer"] == [0, 1]
    state.players[1].coins, before = 2, state.players[0].coins
    state, events = play(state, 1, "doomhammer L2-08")
    assert state.players[0].coins == before + 2
    assert state.players[1].coins == 1  # paid 2, then 1 Orc coin for the Dwarves region
    assert a.race == "dwarves"


def test_doomhammer_needs_two_coins_and_frostmourne_takes_two_off():
    state = new(2, islands="L2,M1")
    _attacker(state, "dwarves", "farmer", L2_08=2)
    face_up(state, "L2-08", "doomhammer")
    restart(state)
    state.players[0].coins = 1
    assert reason(state, 0, "doomhammer L2-11") == "doomhammer_fee"
    state = new(2, islands="L2,M1")
    _attacker(state, "humans", "farmer", L2_08=1)
    face_up(state, "L2-08", "frostmourne")
    orcs = give(state, 1, "orcs", "farmer")
    occupy(state, orcs, L2_03=3)
    restart(state)
    state, events = play(state, 0, "frostmourne L2-03")
    assert find(events, "conquer")[0].params["cost"] == 5 - 2
    assert markers.region_of(state, "frostmourne") == r(state, "L2-03")


def test_t41_ethereals_steal_a_face_up_artifact_next_to_them():
    state = new(2, islands="L2,M1")
    _attacker(state, "ethereals", "farmer", L2_08=1)
    b = give(state, 1, "orcs", "farmer")
    occupy(state, b, L2_05=2)
    face_up(state, "L2-05", "frostmourne")
    face_up(state, "L2-04", "karazhan")
    restart(state)
    assert reason(state, 0, "steal L2-04 to L2-08") == "no_artifact"
    state, events = play(state, 0, "steal L2-05 to L2-08")
    assert markers.region_of(state, "frostmourne") == r(state, "L2-08")
    assert reason(state, 0, "steal L2-05 to L2-08") == "ethereal_used"
    assert cost(state, 0, "L2-04") == 2 + 1  # Murloc, and no Ethereal discount any more
    state, events = play(state, 0, "frostmourne L2-04")
    assert find(events, "conquer")[0].params["cost"] == 1


# ---------------------------------------------------------------- Intimidating, Portal Mage

def test_t26_intimidating_fort_first_then_a_token_then_a_murloc():
    state = new(2, islands="L1,M1")
    _attacker(state, "orcs", "intimidating", L1_10=1)
    b = give(state, 1, "night_elves", "garrison")
    occupy(state, b, L1_07=2, L1_03=1)
    state.extra["pieces"] = {str(r(state, "L1-07")): {"fort": 1}}
    state.supply["fort"] -= 1
    restart(state)
    assert cost(state, 0, "L1-07") == 2 + 2 + 1
    assert reason(state, 0, "intimidate L1-07 to L1-03") == "push_destination"
    state, events = play(state, 0, "intimidate L1-07")
    assert find(events, "fort_removed")
    assert reason(state, 0, "intimidate L1-07") == "push_destination"
    state, events = play(state, 0, "intimidate L1-07 to L1-03")
    assert state.regions[r(state, "L1-03")].tokens == 2
    state, events = play(state, 0, "intimidate L1-05")
    assert find(events, "murloc_removed")
    assert cost(state, 0, "L1-07") == 3
    assert reason(state, 0, "intimidate L1-07 to L1-03") == "pushes_used"


def test_an_intimidated_token_with_nowhere_to_go_is_discarded():
    state = new(2, islands="L1,M1")
    _attacker(state, "orcs", "intimidating", L1_10=1)
    b = give(state, 1, "trolls", "farmer")
    occupy(state, b, L1_07=2)
    restart(state)
    tray = state.tray["trolls"]
    state, events = play(state, 0, "intimidate L1-07")
    assert find(events, "token_discarded") and state.tray["trolls"] == tray + 1


def test_t40_portal_mage_swaps_two_magic_regions_twice_a_turn():
    state = new(2, islands="L1,M1")
    a = _attacker(state, "orcs", "portal_mage", L1_03=1)
    b = give(state, 1, "trolls", "farmer")
    occupy(state, b, L1_08=4)
    state.extra["pieces"] = {str(r(state, "L1-08")): {"fort": 1}}
    state.supply["fort"] -= 1
    restart(state)
    state, events = play(state, 0, "swap L1-03 L1-08")
    l103, l108 = state.regions[r(state, "L1-03")], state.regions[r(state, "L1-08")]
    assert (l103.inst, l103.tokens) == (b.id, 4) and (l108.inst, l108.tokens) == (a.id, 1)
    assert state.extra["pieces"] == {str(r(state, "L1-03")): {"fort": 1}}
    assert not find(events, "defender_losses")
    state, _ = play(state, 0, "swap L1-03 L1-08")
    assert reason(state, 0, "swap L1-03 L1-08") == "swaps_used"
    assert reason(state, 0, "swap L1-03 L1-07") is not None


# ---------------------------------------------------------------- Aegis and Heart (T29, T30)

def test_t29_the_aegis_protects_its_region_until_an_opponent_pays():
    state = new(2, islands="L1,M1")
    _attacker(state, "dwarves", "farmer", L1_09=2, L1_05=1)
    face_up(state, "L1-05", "aegis_of_aggramar")
    restart(state)
    state, _ = play(state, 0, "end conquest", "redeploy auto")
    assert state.pending[-1]["type"] == "place_artifact"
    assert reason(state, 0, "end turn") == "place_artifact_first"
    state, _ = play(state, 0, "aegis L1-09", "end turn")
    assert markers.region_of(state, "aegis_of_aggramar") == r(state, "L1-09")
    state, _ = play(state, 1, "pick 0")
    assert reason(state, 1, "conquer L1-09") == "immune"
    before = state.players[0].coins
    state, events = play(state, 1, "pay aegis")
    assert state.players[0].coins == before + 2
    assert reason(state, 1, "pay aegis") == "aegis_paid"
    assert cost(state, 1, "L1-09") >= 2 + 2 + 1
    state, _ = play(state, 1, "conquer L1-09")
    assert state.extra["owners"]["aegis_of_aggramar"][-1] == 1


def test_t30_the_heart_taxes_active_neighbours_once_each():
    state = new(3, islands="L1,M1,S1")
    _attacker(state, "dwarves", "farmer", S1_06=1)
    face_up(state, "S1-06", "heart_of_azeroth")
    b = give(state, 1, "orcs", "farmer")
    occupy(state, b, S1_05=1)
    c = give(state, 2, "trolls", "farmer", declined=True)
    occupy(state, c, S1_07=1)
    restart(state)
    coins = [p.coins for p in state.players]
    state, events = play(state, 0, "end conquest", "redeploy auto", "heart S1-06")
    assert [p.coins for p in state.players] == [coins[0] + 1, coins[1] - 1, coins[2]]


# ---------------------------------------------------------------- Gnomes (T17)

def _gnomes(dice):
    state = new(4, islands="L1,M1,M2,S1", dice=dice,
                markers="frostmourne,doomhammer,karazhan,dark_portal")
    gnomes = give(state, 0, "gnomes", "farmer", hand=3)
    occupy(state, gnomes, L1_09=1)
    tauren = give(state, 1, "tauren", "farmer", declined=True, hand=0)
    occupy(state, tauren, M2_06=2)
    restart(state)
    return state


def test_t17_air_raid_then_a_final_attempt_that_fails():
    state = _gnomes((2, 0))
    assert cost(state, 0, "M2-06") == 5
    state, events = play(state, 0, "air raid M2-06")
    assert find(events, "air_raid")[0].params["need"] == 3
    assert state.pending[-1]["type"] == "air_raid"
    state, events = play(state, 0, "die M2-06")
    assert find(events, "die_failed") and state.pending[-1]["type"] == "redeploy"
    assert state.regions[r(state, "M2-06")].tokens == 2


def test_t17_air_raid_final_attempt_succeeds_or_a_big_roll_conquers_at_once():
    state = _gnomes((2, 1))
    state, _ = play(state, 0, "air raid M2-06", "die M2-06")
    assert state.regions[r(state, "M2-06")].inst == state.players[0].active
    state = _gnomes((3,))
    state, events = play(state, 0, "air raid M2-06")
    assert find(events, "conquer")[0].params["cost"] == 2
    assert state.pending[-1]["type"] == "conquest"
    assert reason(state, 0, "air raid S1-02") == "air_raid_used"


def test_air_raid_never_makes_a_first_conquest():
    state = new(2, islands="L1,M1", combos="gnomes:farmer")
    state, _ = play(state, 0, "pick 0")
    assert reason(state, 0, "air raid L1-07") == "not_first_conquest"



# ---------------------------------------------------------------- Goblins (T18)

def _goblin_game(bomb: str):
    state = new(4, islands="L1,M1,M2,S1", first=0,
                markers="frostmourne,doomhammer,karazhan,dark_portal",
                combos="goblins:farmer,trolls:ranger,dwarves:miner,naga:explorer")
    state, _ = play(state, 0, "pick 0")
    goblins = state.active(0)
    state.regions[r(state, "L1-13")].lost_tribe = True
    occupy(state, goblins, L1_10=2, L1_09=1)
    humans = give(state, 1, "humans", "farmer", declined=True, hand=0)
    occupy(state, humans, L1_05=1)
    orcs = give(state, 2, "orcs", "farmer", hand=3)
    occupy(state, orcs, L1_07=3)
    state.extra["bomb_pile"] = [bomb] + [b for b in state.extra["bomb_pile"]][1:]
    return state


def test_t18_bombs_go_only_next_to_the_goblins_on_active_opponents():
    state = _goblin_game("live")
    state, _ = play(state, 0, "end conquest", "redeploy auto")
    assert state.pending[-1]["type"] == "bombs"
    assert [a.text for a in GAME.legal_actions(state, 0)] == [
        f"bomb {r(state, 'L1-07')}", "bombs done"]
    state, events = play(state, 0, "bomb L1-07")
    assert state.pending[-1]["type"] == "end" and len(state.extra["bomb_pile"]) == 11
    view = GAME.view(state, 2).data
    assert [x["code"] for x in view["regions"] if x["bomb"]] == ["L1-07"]
    assert "'live'" not in repr(view) and "'dud'" not in repr(view)


def _to_goblin_turn(state):
    state, _ = play(state, 0, "end turn")
    for seat in (1, 2, 3):
        first = ["pick 0"] if state.active(seat) is None else []
        state, _ = play(state, seat, *first, "end conquest", "redeploy auto", "end turn")
    return state


def test_t18a_a_live_bomb_empties_the_region_at_the_goblins_next_turn():
    state = _goblin_game("live")
    state, _ = play(state, 0, "end conquest", "redeploy auto", "bomb L1-07")
    orcs_tray = state.tray["orcs"]
    state = _to_goblin_turn(state)
    reg = state.regions[r(state, "L1-07")]
    assert reg.inst is None and state.tray["orcs"] == orcs_tray + 1
    assert state.extra["bombs"] == {} and len(state.extra["bomb_pile"]) == 11


def test_t18a_a_dud_does_nothing():
    state = _goblin_game("dud")
    state, _ = play(state, 0, "end conquest", "redeploy auto", "bomb L1-07")
    state = _to_goblin_turn(state)
    assert state.regions[r(state, "L1-07")].tokens == 3 and state.extra["bombs"] == {}


def test_t18b_an_abandoned_bombed_region_gives_the_bomb_back():
    state = _goblin_game("live")
    state, _ = play(state, 0, "end conquest", "redeploy auto", "bomb L1-07", "end turn")
    state, _ = play(state, 1, "pick 0", "end conquest", "redeploy auto", "end turn")
    state, _ = play(state, 2, "abandon L1-07")
    assert state.extra["bombs"] == {} and state.extra["bomb_pile"][0] == "live"
    assert len(state.extra["bomb_pile"]) == 12


# ---------------------------------------------------------------- more of §8 (T35, T46-T49)

def test_t35_final_attempt_needs_a_shortfall_of_one_to_three():
    state = new(2, islands="L1,M1", dice=(3, 2))
    a = give(state, 0, "dwarves", "farmer", hand=2)
    occupy(state, a, L1_07=1)
    b = give(state, 1, "orcs", "farmer", hand=4)
    occupy(state, b, L1_03=3, L1_04=1)
    restart(state)
    assert cost(state, 0, "L1-03") == 5 and state.active(0).hand == 1
    assert reason(state, 0, "die L1-03") == "die_too_far"
    assert cost(state, 0, "L1-04") == 3
    state, events = play(state, 0, "die L1-04")
    assert find(events, "die_roll")[0].params["value"] == 3
    assert state.regions[r(state, "L1-04")].inst == state.players[0].active
    assert state.pending[-1]["type"] == "redeploy"


def test_t46_abandoning_everything_makes_the_next_conquest_a_first_one():
    state = new(2, islands="L1,M1")
    a = give(state, 0, "dwarves", "farmer")
    occupy(state, a, L1_07=1, L1_03=1)
    restart(state)
    state, _ = play(state, 0, "abandon L1-07", "abandon L1-03")
    assert reason(state, 0, "conquer L1-02") == "not_entry"
    assert cost(state, 0, "L1-04") == 3


def test_t47_picking_the_fourth_combo_pays_one_coin_on_each_above():
    state = new(2, islands="L1,M1")
    state.column[3][2] = 1
    state, _ = play(state, 0, "pick 3")
    assert state.players[0].coins == 5 - 3 + 1
    assert [c[2] for c in state.column[:3]] == [1, 1, 1] and len(state.column) == 6


def test_t48_tie_break_counts_race_tokens_on_the_board():
    state = new(2, islands="L1,M1")
    a = give(state, 0, "dwarves", "farmer", hand=0)
    occupy(state, a, L1_07=9, L1_03=1)
    b = give(state, 1, "orcs", "farmer", hand=0)
    occupy(state, b, M1_05=10, M1_06=1)
    for player in state.players:
        player.coins = 61
    scores = GAME.score(state)
    assert scores[0].total == scores[1].total == 61
    assert scores[0].tiebreak == (10,) and scores[1].tiebreak == (11,)


def test_t49_tauren_doomhammer_conquest_places_two_tokens():
    state = new(2, islands="L1,M1")
    tauren = give(state, 0, "tauren", "farmer", hand=6)
    occupy(state, tauren, L1_07=2)
    face_up(state, "L1-07", "doomhammer")
    orcs = give(state, 1, "orcs", "farmer", hand=4)
    occupy(state, orcs, L1_11=4)
    restart(state)
    state, events = play(state, 0, "doomhammer L1-11")
    assert find(events, "conquer")[0].params["cost"] == 2
    assert state.regions[r(state, "L1-11")].tokens == 2


# ---------------------------------------------------------------- badge reshuffle (T37)

def test_t37_badge_reshuffle_when_the_stack_is_empty():
    """T37, §3.2: the badge stack is empty, 3 badges lie in the discard pile and a combo must
    be refilled: the 3 are shuffled into a new stack whose top pairs with the new banner."""
    state = new(2, islands="L1,M1")
    discarded = list(state.power_deck[:3])
    state.discard, state.power_deck = discarded, []
    banner = state.race_deck[0]
    state, events = play(state, 0, "pick 0")
    assert find(events, "powers_reshuffled")[0].params["count"] == 3
    race, power, coins = state.column[-1]
    assert (race, coins) == (banner, 0)
    assert power in discarded
    assert sorted([power, *state.power_deck]) == sorted(discarded)
    assert state.discard == []


# ---------------------------------------------------------------- bomb and Harmony (T50)

def test_t50_bomb_on_a_harmony_protected_pandaren_region():
    """T50, §4.1 Goblins RULING, §3.11: A's Goblins bomb P's Pandaren, P hands A a Harmony
    token, A is down to 1 coin. At A's next T1b the live bomb makes A pay min(2, 1) = 1 to P
    (a consequence payment), then explodes as usual; that was A's Harmony payment for the
    turn, so A (now without coins) may still attack the Pandaren."""
    state = new(2, islands="L1,M1", combos="goblins:farmer")
    state, _ = play(state, 0, "pick 0")
    occupy(state, state.active(0), L1_10=2)
    pile = state.extra["bomb_pile"]
    pile.remove("live")
    pile.insert(0, "live")
    panda = give(state, 1, "pandaren", "farmer")
    occupy(state, panda, L1_07=3, L1_11=1)
    state, _ = play(state, 0, "end conquest", "redeploy auto", "bomb L1-07", "bombs done",
                    "end turn")
    state, events = play(state, 1, "end conquest", "redeploy auto")
    assert state.extra["harmony"] == [0]
    state.players[0].coins = 1
    defenders = state.regions[r(state, "L1-07")].tokens
    state, events = play(state, 1, "end turn")
    assert find(events, "bomb_revealed")[0].params["region"] == r(state, "L1-07")
    paid = find(events, "coins_paid")
    assert [(e.params["seat"], e.params["to_seat"], e.params["coins"])
            for e in paid] == [(0, 1, 1)]
    assert state.players[0].coins == 0 and state.players[1].earned["pandaren"] == 1
    losses = find(events, "defender_losses")[0].params
    assert (losses["lost"], losses["withdrawn"]) == (1, defenders - 1)
    assert state.regions[r(state, "L1-07")].inst is None
    assert reason(state, 0, "conquer L1-11") is None
    state, events = play(state, 0, "conquer L1-11")
    assert not find(events, "coins_paid")

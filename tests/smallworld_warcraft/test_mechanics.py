"""Pure Warcraft mechanics against the spec: set-up draw, reach and travel, faction bonus,
Karazhan and majorities (T01-T05, T11-T14, T20, T21, T27, T31, T39, T45)."""

from __future__ import annotations

import pytest

from rules.core.rng import Rng
from rules.smallworld_warcraft import archipelago, data, faction, reach, tally

BOARD = data.board(("L1", "L2", "M1", "M2", "S1", "S2"))
NONE = reach.Reach()


def r(code: str) -> int:
    return BOARD.index(code)


def owned(*codes: str) -> frozenset[int]:
    return frozenset(r(c) for c in codes)


def race_reach(race: str, **kw) -> reach.Reach:
    return reach.Reach(hooks=frozenset(data.races()[race].get("hooks", ())), **kw)


# ---------------------------------------------------------------- set-up (T01, T02)

def test_five_players_use_both_large_both_small_and_one_medium():
    for seed in range(6):
        islands = archipelago.choose_islands(Rng(seed), 5)
        assert islands[:2] in (("L1", "L2"), ("L2", "L1")) and islands[2] in ("M1", "M2")
        assert sorted(islands[3:]) == ["S1", "S2"]


def test_two_players_default_large_and_medium_option_large_and_small():
    assert [data.islands()[i].size for i in archipelago.choose_islands(Rng(3), 2)] == ["L", "M"]
    assert [data.islands()[i].size for i in
            archipelago.choose_islands(Rng(3), 2, "LS")] == ["L", "S"]
    with pytest.raises(archipelago.SetupError):
        archipelago.choose_islands(Rng(3), 2, "MM")


def test_fixed_islands_must_match_the_size_slots():
    assert archipelago.choose_islands(Rng(1), 3, fixed=["s2", "M1", "L2"]) == ("L2", "M1", "S2")
    with pytest.raises(archipelago.SetupError):
        archipelago.choose_islands(Rng(1), 3, fixed=["L1", "L2", "S1"])


def test_five_player_pieces_and_markers_match_t01():
    board = data.board(("L1", "L2", "M1", "S1", "S2"))
    murlocs, mountains = archipelago.starting_pieces(board)
    codes = [board.regions[i].code for i in murlocs]
    assert sorted(codes) == sorted(["L1-01", "L1-05", "L1-13", "L2-04", "L2-05", "L2-10",
                                    "S1-05", "S1-07", "S2-01", "S2-07", "M1-01", "M1-06",
                                    "M1-09"])
    assert sorted(board.regions[i].code for i in mountains) == sorted(
        ["L1-02", "L1-11", "L2-02", "L2-11", "S1-04", "S2-02", "M1-02", "M1-08"])
    placed, pool = archipelago.deal_markers(Rng(9), board)
    assert sorted(board.regions[i].code for i in placed) == sorted(
        ["L1-07", "L2-08", "M1-05", "S1-06", "S2-03"])
    assert len(pool) == 7 and set(pool) | set(placed.values()) == set(data.markers())


def test_fixed_marker_draw():
    board = data.board(("L1", "M1"))
    placed, pool = archipelago.deal_markers(Rng(2), board, ["frostmourne", "well_of_eternity"])
    assert placed == {board.index("L1-07"): "frostmourne",
                      board.index("M1-05"): "well_of_eternity"}
    assert len(pool) == 10
    with pytest.raises(archipelago.SetupError):
        archipelago.deal_markers(Rng(2), board, ["frostmourne"])


# ---------------------------------------------------------------- reach and travel (T03-T05)

def test_t03_first_conquest_must_be_an_entry_region_and_pays_travel():
    none = frozenset()
    assert reach.problem(BOARD, r("L1-07"), none, NONE) == "not_entry"
    assert reach.problem(BOARD, r("L1-06"), none, NONE) == "water"
    assert reach.problem(BOARD, r("L1-01"), none, NONE) is None
    assert reach.travel(BOARD, r("L1-01"), none, NONE) == 1


def test_t04_adjacent_or_any_entry_region_later():
    own = owned("L1-01")
    assert reach.travel(BOARD, r("L1-05"), own, NONE) == 0
    assert reach.travel(BOARD, r("L1-09"), own, NONE) == 1
    assert reach.travel(BOARD, r("L1-09"), owned("L1-01", "L1-05"), NONE) == 0
    assert reach.travel(BOARD, r("S2-06"), own, NONE) == 1
    assert reach.problem(BOARD, r("S2-04"), own, NONE) == "not_adjacent"
    assert reach.problem(BOARD, r("L1-01"), own, NONE) == "own_region"


def test_t05_seafarer_and_meeting_stone_waive_travel():
    none = frozenset()
    waived = reach.Reach(no_travel=True)
    assert reach.travel(BOARD, r("S1-05"), none, waived) == 0
    assert reach.travel(BOARD, r("S1-05"), none, NONE) == 1
    assert reach.travel(BOARD, r("M2-09"), owned("L2-08"), waived) == 0
    assert reach.travel(BOARD, r("M2-09"), owned("L2-08"), NONE) == 1


def test_as_if_adjacent_effects_cannot_make_a_first_conquest():
    ashes = reach.Reach(as_if_adjacent=True)
    assert reach.problem(BOARD, r("L1-01"), frozenset(), ashes) == "not_entry"
    assert reach.problem(BOARD, r("S2-07"), owned("L1-07"), ashes) is None
    assert reach.travel(BOARD, r("S2-07"), owned("L1-07"), ashes) == 0  # T27


# ---------------------------------------------------------------- Kobolds and Naga (T20, T21)

def test_t20_kobolds_and_caverns():
    kobolds = race_reach("kobolds")
    none = frozenset()
    assert reach.problem(BOARD, r("L1-10"), none, kobolds) is None
    assert reach.travel(BOARD, r("L1-10"), none, kobolds) == 0
    assert reach.problem(BOARD, r("M2-08"), owned("L1-10"), kobolds) is None
    assert reach.travel(BOARD, r("M2-08"), owned("L1-10"), kobolds) == 0
    assert reach.travel(BOARD, r("L1-04"), none, kobolds) == 0
    assert reach.adjacent_to(BOARD, r("M2-08"), owned("L1-10"), kobolds)


def test_t21_naga_and_water():
    naga = race_reach("naga")
    none = frozenset()
    assert reach.problem(BOARD, r("L1-12"), none, naga) is None
    assert reach.travel(BOARD, r("L1-12"), none, naga) == 0
    assert reach.travel(BOARD, r("L1-13"), owned("L1-12"), naga) == 0
    assert reach.problem(BOARD, r("L1-12"), owned("L1-13"), NONE) == "water"


# ---------------------------------------------------------------- faction bonus (T11-T14)

def test_t11_faction_bonus_counts_each_enemy_race_once():
    taken = [("alliance", 1), ("alliance", 2), ("neutral", 1)]
    assert faction.faction_bonus("horde", taken) == 2


def test_t12_battleground_doubles_up_to_two_per_race():
    taken = [("alliance", 1), ("alliance", 2), ("neutral", 1)]
    assert faction.faction_bonus("horde", taken, battleground=True) == 3


def test_t13_neutral_race_on_the_battleground_declares_a_side():
    taken = [("alliance", 2), ("horde", 1)]
    assert faction.faction_bonus("neutral", taken, True, "horde") == 2
    assert faction.faction_bonus("neutral", taken, True, "alliance") == 1
    assert faction.faction_bonus("neutral", taken) == 0


def test_t14_faction_bonus_counts_an_active_and_a_declined_race_apart():
    assert faction.faction_bonus("horde", [("alliance", 2), ("alliance", 1), ("horde", 1)]) == 2


# ---------------------------------------------------------------- scoring (T44, T45, T31, T39)

def test_t45_karazhan_counts_other_regions_of_its_terrain():
    own = owned("L1-07", "L1-04", "S1-01", "S1-07", "L1-03")
    assert tally.karazhan(BOARD, r("L1-07"), own) == 3


def test_t31_well_of_eternity_majority():
    well = r("M1-04")
    assert {BOARD.regions[o].code for o in BOARD.regions[well].adj} == {
        "M1-03", "M1-06", "M1-09", "M1-10"}
    assert tally.majority_holder(BOARD, well, {r("M1-06"): "A", r("M1-09"): "A",
                                               r("M1-03"): "B"}) == "A"
    assert tally.majority_holder(BOARD, well, {r("M1-06"): "A", r("M1-09"): "A",
                                               r("M1-03"): "B", r("M1-10"): "B"}) is None


def test_t39_watchtower_majority_around_farmland():
    occupant = {r("L1-05"): "A", r("L1-01"): "A", r("L1-09"): "A", r("L1-10"): "B"}
    assert tally.majority_holder(BOARD, r("L1-05"), occupant) == "A"
    assert tally.majority_holder(BOARD, r("L1-09"), occupant) is None

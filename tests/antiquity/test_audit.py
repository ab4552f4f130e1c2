"""Independent rules audit of Antiquity: edge cases the §10 scenarios do not already cover.

Each test names the section of the spec antiquity.md it locks in.
"""

from __future__ import annotations

import pytest

from rules.antiquity import famine, flow, pollution, storage, victory
from rules.antiquity.city import functioning, staff_problem
from rules.antiquity.elimination import eliminate
from rules.antiquity.influence import influence
from rules.antiquity.position import position
from rules.core import NotLegalNow
from tests.antiquity.helpers import (
    G,
    board_of,
    city_at,
    give,
    give_storage,
    goods,
    hx,
    inn_at,
    men,
    open_city,
    open_country,
    play,
    tb,
    terrain,
)
from tests.antiquity.test_phases import fill
from tests.antiquity.test_victory import every_building


def country(special=None, shops=2, players=2, explore=(), buildings=(), board=None, **kinds):
    """P1 (seat 0) city@(0,0) on TB(10), ``shops`` staffed cart shops and ``buildings``,
    phase 4 open for him (two shops by default, so that his step stays open after one
    construction); ``board``: more of the position description (pollution, grass, counters)."""
    return position({"players": players, "phase": "country", "active": 0, **(board or {}),
                     "board": board_of(10, special, explore),
                     "seat": {"0": {"cities": ["0,0"], "goods": kinds or {"wood": 6},
                                    "buildings": ["cart_shop"] * shops + list(buildings)}}})


def cells_of(state, seat, bid):
    b = state.ps[seat]["buildings"][bid]
    return [(b["city"], r, c) for r, c in b["cells"]]


# -- §2.4 influence ---------------------------------------------------------------------------

def test_other_players_city_hexes_belong_to_my_influence_mine_do_not():
    """§2.4 step 3: own anchors are not in I(P); other players' city hexes can be."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (4, 0))
    mine = influence(state, 0)
    assert (3, 0) in mine and (3, 0) in state.city_at  # P2's city hex, 2 steps away
    assert not {(0, 0), (1, 0)} & mine


def test_land_reach_passes_through_another_players_inn():
    """§2.4 step 1 (A2): only water blocks the land search; another player's inn does not."""
    from rules.antiquity.hexes import distance
    ring2 = [(q, r) for q in range(-2, 3) for r in range(-2, 3)
             if distance((0, 0), (q, r)) == 2 and (q, r) != (2, 0)]
    state = tb(10, terrain("W", ring2))
    city_at(state, 0, (0, 0))
    exit_area = {(2, 0), (3, 0), (3, -1), (2, 1)}
    assert influence(state, 0) == exit_area
    inn_at(state, 1, (2, 0))
    assert influence(state, 0) == exit_area  # through P2's inn on the only land exit


def test_stable_must_be_staffed_and_ungraved_to_reach_three():
    """§2.4 R(P), §2.10: an unstaffed or graved Stable gives reach 2 (30 hexes), else 54."""
    state = tb(8)
    city_at(state, 0, (0, 0))
    stable = give(state, 0, "stable", staffed=False)
    assert len(influence(state, 0)) == 30
    state.ps[0]["buildings"][stable]["staffed"] = True
    assert len(influence(state, 0)) == 54
    famine.place_grave(state, 0, cells_of(state, 0, stable)[0])
    assert len(influence(state, 0)) == 30


def test_harbour_part_starts_from_water_touching_an_inn():
    """§2.4 step 2: W0 = water adjacent to any anchor, inns included; the coast is added."""
    state = tb(10, terrain("W", [(6, 0), (7, 0), (7, -1)]))
    city_at(state, 0, (0, 0))
    inn_at(state, 0, (5, 0))
    assert (8, -1) not in influence(state, 0) and (7, 0) not in influence(state, 0)
    give(state, 0, "harbour")
    area = influence(state, 0)
    assert {(6, 0), (7, 0), (7, -1), (8, -1)} <= area


# -- §6 countryside ---------------------------------------------------------------------------

def test_woodcutter_skips_polluted_forest_which_stays_forest():
    """§6.2, §2.7: only unpolluted, unoccupied adjacent forest gets a token and a grass marker."""
    state = country(terrain("F", [(3, 0), (4, 0), (3, 1)]), board={"pollution": ["4,0"]})
    state, _ = play(state, 0, "woodcutter 3,0")
    b = next(iter(state.country.values()))
    assert sorted(map(tuple, b["tokens"])) == [(3, 0), (3, 1)]
    assert (4, 0) not in state.grass and state.terrain((4, 0)) == "F"


def test_a_woodcut_grass_hex_is_no_longer_forest():
    """§2.7: a forest hex with a grass marker is grassland: no woodcutter, but a farm."""
    state = country(terrain("F", [(3, 0)]), shops=2, board={"grass": ["3,0"]}, wood=1, grain=1)
    with pytest.raises(NotLegalNow):
        play(state, 0, "woodcutter 3,0")
    state, _ = play(state, 0, "farm 3,0 grain")
    assert (3, 0) in state.pollution


def test_alchemy_makes_a_polluted_printed_forest_usable_forest_again():
    """§2.7, §6.9: a polluted, never-woodcut forest hex cleaned by Alchemy is clean forest."""
    state = country(terrain("F", [(3, 0)]), buildings=["faculty_alchemy"],
                    board={"pollution": ["3,0"]}, wood=1)
    with pytest.raises(NotLegalNow):
        play(state, 0, "woodcutter 3,0")
    state, _ = play(state, 0, "alchemy 3,0", "woodcutter 3,0")
    assert (3, 0) in state.grass and (3, 0) not in state.pollution


def test_farm_spreads_onto_grass_marker_hexes_only_among_forest():
    """§6.3, §2.7: a grass-marker hex counts as grassland for the farm's tokens; forest not."""
    ring = [(3, 0), (4, 0), (4, -1), (3, -1), (2, 0), (2, 1), (3, 1)]
    state = country(terrain("F", ring), board={"grass": ["3,0", "4,0"]}, grain=1)
    state, _ = play(state, 0, "farm 3,0 grain")
    b = next(iter(state.country.values()))
    assert sorted(map(tuple, b["tokens"])) == [(3, 0), (4, 0)]


def test_a_token_on_an_exploration_hex_removes_its_counter_unseen():
    """§3.3, §6.1: a wood token placed outside the site still removes the counter, unseen."""
    state = country(terrain("F", [(3, 0), (4, 0)]), explore=((4, 0),),
                    board={"counters": {"4,0": "sheep"}})
    state, events = play(state, 0, "woodcutter 3,0")
    assert (4, 0) not in state.counters and not state.revealed
    assert not any("sheep" in repr(e.params) for e in events)
    assert G.view(state, None).data["map"]["revealed"] == {}


def test_fisherman_may_stand_on_polluted_land():
    """§6.5: the two site hexes may be polluted; they get no new marker; water tokens do."""
    state = country(terrain("W", [(-1, 4), (0, 4), (1, 4)]), board={"pollution": ["0,3", "1,3"]})
    state, _ = play(state, 0, "fisherman 0,3 1,3 fish")
    b = next(iter(state.country.values()))
    assert sorted(map(tuple, b["tokens"])) == [(-1, 4), (0, 4), (1, 4)]
    assert {(-1, 4), (0, 4), (1, 4)} <= state.pollution


def test_water_under_a_city_does_not_feed_a_fisherman():
    """§6.5, §2.2 (A3): a water hex covered by a city is not water for a fisherman."""
    state = tb(10, terrain("W", [(1, -1), (3, 0)]))
    city_at(state, 0, (0, 0))  # covers the printed water (1,-1)
    give(state, 0, "cart_shop")
    goods(state, 0, wood=1)
    open_country(state, 0)
    with pytest.raises(NotLegalNow):  # (2,-1) touches only the city's (1,-1)
        play(state, 0, "fisherman 2,0 2,-1 fish")


def test_no_inn_on_water_reached_through_the_harbour():
    """§6.6: an inn needs an unoccupied land hex, even on water that the Harbour puts in I(P)."""
    state = country(terrain("W", [(2, 0), (3, 0)]), buildings=["harbour", "brewery"], grain=1)
    assert (2, 0) in influence(state, 0)
    with pytest.raises(NotLegalNow):
        play(state, 0, "inn 2,0 grain")
    play(state, 0, "inn 4,0 grain")


def test_no_inn_when_all_sixteen_are_on_the_map():
    """§6.6, A19: at most 16 inns per player."""
    state = country(grain=1)
    give(state, 0, "brewery")
    state.ps[0]["inns_left"] = 0
    with pytest.raises(NotLegalNow):
        play(state, 0, "inn 3,0 grain")


def test_new_city_discards_pollution_and_counters_under_it():
    """§6.7: pollution markers under a new city are discarded, counters removed unseen."""
    state = country(explore=((5, -1),), board={"counters": {"5,-1": "olives"},
                                                "pollution": ["4,0", "5,0"]},
                    grain=1, wood=1, stone=1, wine=1, gold=1)
    state, _ = play(state, 0, "city 4,0 gold+grain+stone+wine+wood")
    assert not {(4, 0), (5, 0)} & state.pollution
    assert (5, -1) not in state.counters and not state.revealed


def test_new_city_may_not_cover_another_players_inn():
    """§6.7: none of the 7 hexes may be occupied (an inn occupies)."""
    state = country(grain=1, wood=1, stone=1, wine=1, gold=1)
    inn_at(state, 1, (5, 0))
    with pytest.raises(NotLegalNow):
        play(state, 0, "city 4,0 gold+grain+stone+wine+wood")


def test_an_eliminated_players_city_still_counts_for_spacing():
    """§8.3: eliminated players' cities stay as inert pieces and still count for city spacing."""
    state = country(grain=1, wood=1, stone=1, wine=1, gold=1)
    city_at(state, 1, (7, 0))
    eliminate(state, 1)
    with pytest.raises(NotLegalNow):  # (4,0) is 3 from (7,0)
        play(state, 0, "city 4,0 gold+grain+stone+wine+wood")


def test_a_city_whose_centre_lies_outside_the_influence_is_offered():
    """§6.7: a new city needs only one of its 7 hexes in I(P); (4,0) is legal (T31) although
    its centre is 3 steps out, so the listed options must offer it."""
    state = country(grain=1, wood=1, stone=1, wine=1, gold=1)
    assert (4, 0) not in influence(state, 0)
    listed = {a.move[1] for a in G.legal_actions(state, 0) if a.move[0] == "city"}
    assert (4, 0) in listed


def test_alchemy_cleans_adjacent_polluted_water():
    """§6.9: every adjacent polluted hex is cleaned, land or water."""
    state = country(terrain("W", [(3, 0)]), buildings=["faculty_alchemy"],
                    board={"pollution": ["2,0", "3,0"]})
    state, _ = play(state, 0, "alchemy 2,0")
    assert not {(2, 0), (3, 0)} & state.pollution


def test_mine_on_an_unset_range_needs_an_ore_and_a_set_range_refuses_the_other():
    """§2.5, §6.4: the first mine chooses the ore; later mines of the range must use it."""
    state = country(terrain("M", [(3, 0), (3, -1)]), shops=2, wood=2)
    with pytest.raises(NotLegalNow):
        play(state, 0, "mine 3,0")
    state, _ = play(state, 0, "mine 3,0 stone")
    assert state.ores[state.board.ranges[(3, 0)]] == "stone"


# -- §5 city buildings (phase 2) ----------------------------------------------------------

def university_city(staff_university=True, staff_theology=False):
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    uni = give(state, 0, "university", staffed=staff_university,
               city=0, cells=[(0, 3), (0, 4), (1, 3), (1, 4)])
    theo = give(state, 0, "faculty_theology", staffed=staff_theology, city=0,
                cells=[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)])
    return state, uni, theo


def test_faculty_staffed_before_its_university_keeps_its_man():
    """§5.4, A30: staffing a Faculty, then its University, is legal; both men stay."""
    state, uni, theo = university_city(staff_university=False)
    men(state, 0, 2)
    open_city(state)
    state, _ = play(state, 0, f"staff {theo}", f"staff {uni}")
    p = state.ps[0]
    assert p["buildings"][theo]["staffed"] and p["buildings"][uni]["staffed"]
    assert p["idle"] == 0 and functioning(p, theo)


def test_graved_university_breaks_the_link():
    """§5.4, §7.3: a grave on the University unstaffs it, its Faculties stop working and may
    then be staffed on their own."""
    state, uni, theo = university_city()
    p = state.ps[0]
    p["idle"] = 1
    assert functioning(p, theo) and staff_problem(p, theo) == "covered_by_university"
    p["idle"] = 0
    famine.place_grave(state, 0, cells_of(state, 0, uni)[0])
    assert not p["buildings"][uni]["staffed"] and p["idle"] == 1
    assert not functioning(p, theo)
    assert staff_problem(p, theo) is None


def test_philosophy_through_the_university_waives_different_kinds():
    """§2.8, §5.4: a Faculty of Philosophy working through its University lifts every "D"."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    give(state, 0, "university", city=0, cells=[(0, 3), (0, 4), (1, 3), (1, 4)])
    give(state, 0, "faculty_philosophy", staffed=False, city=0,
          cells=[(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)])
    goods(state, 0, grain=2)
    open_city(state)
    state, _ = play(state, 0, "house 7 0 6,6 grain+grain")
    assert 7 in state.ps[0]["houses"]


def test_no_house_on_a_cell_with_a_grave():
    """§7.3 rule 1: an empty cell with a grave can no longer be built on."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    state.ps[0]["graves"].append([0, 6, 6])
    open_city(state)
    with pytest.raises(NotLegalNow):
        play(state, 0, "house 1 0 6,6 -")


def test_a_graved_hospital_cannot_clear_graves():
    """§2.10, §4 2d: a Hospital with a grave does not function (not even on its own graves)."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    hospital = give(state, 0, "hospital", staffed=False)
    cell = cells_of(state, 0, hospital)[0]
    state.ps[0]["graves"].append(list(cell))
    men(state, 0, 1)
    open_city(state)
    with pytest.raises(NotLegalNow):
        play(state, 0, f"staff {hospital}")
    with pytest.raises(NotLegalNow):
        play(state, 0, "hospital " + ",".join(map(str, cell)))


def test_graved_cart_shop_does_not_stop_new_cart_shops():
    """§4 2a: a graved pooled piece stays; further Cart Shops may still be built."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    shop = give(state, 0, "cart_shop", staffed=False)
    state.ps[0]["graves"].append(list(cells_of(state, 0, shop)[0]))
    goods(state, 0, wood=1)
    open_city(state)
    state, _ = play(state, 0, "build cart_shop 0 5,5 r0 wood")
    assert len([b for b in state.ps[0]["buildings"].values() if b["type"] == "cart_shop"]) == 2


def test_moving_the_cathedral_is_not_building_one():
    """§4 2d, §5.5: a Cathedral moved by Santa Barbara is not "built this turn" (no fish)."""
    state = position("""famine = 2
        board = {radius = 10}
        seat.0 = {cities = ["0,0"], buildings = ["cathedral", "fountain"], saint = "santa_maria"}
        seat.1 = {cities = ["0,-8"]}""")
    cathedral, fountain = "b1", "b2"
    state, _ = play(state, 0, f"move {cathedral} 0 3,3 r0", f"move {fountain} 0 6,6 r0",
                    "ready")
    state, _ = play(state, 1, "ready")
    assert state.cathedrals_built == 0 and state.famine == 2


def test_reset_keeps_the_famine_when_a_fountain_is_undone():
    """§9.5 reset: fountains counted since the checkpoint are uncounted."""
    state = position("""famine = 3
        board = {radius = 10}
        seat.0 = {cities = ["0,0"], goods = {gold = 1}}
        seat.1 = {cities = ["0,-8"]}""")
    state, _ = play(state, 0, "build fountain 0 6,6 r0 gold", "reset", "ready")
    state, _ = play(state, 1, "ready")
    assert state.famine == 3 and state.pools["fountain"] == 32


# -- §4 phases 5, 8, 9 and §7 ------------------------------------------------------------

def test_graved_cathedral_gives_no_unlimited_storage():
    """§4 phase 5, §5.5: San Christofori's storage needs an ungraved Cathedral."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    cathedral = give(state, 0, "cathedral")
    state.ps[0]["saint"] = "san_christofori"
    give_storage(state, 0, 1, 2)
    assert storage.capacity(state, 0) > 100
    state.ps[0]["graves"].append(list(cells_of(state, 0, cathedral)[0]))
    assert storage.capacity(state, 0) == 2


def test_a_graved_granary_gives_no_relief():
    """§7.2: the Granary's −3 needs a functioning (ungraved) Granary."""
    desc = """famine = 4
        board = {radius = 10}
        seat.0 = {cities = ["0,0"], buildings = ["granary"], goods = {}, graves = [%s]}"""
    state = position(desc % "")
    assert famine.famine_graves(state, 0) == 1
    graved = position(desc % list(cells_of(state, 0, "b1")[0]))
    assert famine.famine_graves(graved, 0) == 4


def test_graves_submission_must_use_empty_cells_first_and_no_duplicates():
    """§7.3 rules 1-2: with empty cells left, a building cell is refused; one grave per cell;
    never on a house."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    shop = give(state, 0, "cart_shop")
    fill(state, 0, keep_empty=2)
    empty = [c for c in famine.all_empty_cells(state.ps[0])]
    assert len(empty) == 2
    d = {"type": "graves", "seat": 0, "due": 3, "total": 3}
    state.pending = [d]
    famine.settle_graves(state, d, [])
    assert d["due"] == 1  # both empty cells graved at once, the last one is a choice
    shop_cell = cells_of(state, 0, shop)[0]
    house_cell = next((b["city"], *b["cells"][0]) for b in state.ps[0]["buildings"].values()
                      if b["type"] == "house")
    with pytest.raises(NotLegalNow):
        play(state, 0, "grave " + ",".join(map(str, house_cell)))
    state2 = tb(10)
    city_at(state2, 0, (0, 0))
    city_at(state2, 1, (0, -8))
    give(state2, 0, "cart_shop")
    fill(state2, 0, keep_empty=3)
    d2 = {"type": "graves", "seat": 0, "due": 2, "total": 2}
    state2.pending = [d2]
    famine.settle_graves(state2, d2, [])
    assert d2["due"] == 2
    a = famine.all_empty_cells(state2.ps[0])[0]
    with pytest.raises(NotLegalNow):
        play(state2, 0, "grave " + " ".join([",".join(map(str, a))] * 2))
    with pytest.raises(NotLegalNow):
        play(state2, 0, "grave " + ",".join(map(str, shop_cell)))


def test_graved_dump_neither_relieves_nor_protects():
    """§4 phase 9, §7.2: the Dump must be staffed and ungraved for −4 and for protection."""
    state = tb(8)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (4, 0))
    dump = give(state, 1, "dump")
    shared = influence(state, 0) & influence(state, 1)
    assert pollution.amount(state, 1) == 0
    famine.place_grave(state, 1, cells_of(state, 1, dump)[0])
    assert pollution.amount(state, 1) == 3
    assert shared <= set(pollution.free_hexes(state, 0))


def test_an_eliminated_players_dump_protects_nothing():
    """§8.3: his Dump protects nothing."""
    state = tb(8, players=3)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (4, 0))
    city_at(state, 2, (0, -8))
    give(state, 1, "dump")
    shared = influence(state, 0) & influence(state, 1)
    assert not shared & set(pollution.free_hexes(state, 0))
    eliminate(state, 1)
    assert shared <= set(pollution.free_hexes(state, 0))


def test_pollution_in_turn_order_uses_up_shared_free_hexes():
    """§4 phase 9 step 4: players pollute in turn order; an earlier player's markers are no
    longer free for the next one."""
    state = tb(8, order=[1, 0])
    city_at(state, 0, (0, 0))
    city_at(state, 1, (4, 0))
    goods(state, 0)
    goods(state, 1)
    state.pending, state.queue = [], []
    flow.after_famine(state, [])
    G.settle(state, [])
    assert state.pending and state.pending[-1]["seat"] == 1
    shared = sorted(influence(state, 0) & influence(state, 1) - state.occupied())
    state, _ = play(state, 1, "pollute " + " ".join(f"{q},{r}" for q, r in shared[:3]))
    assert state.pending[-1]["seat"] == 0
    assert not set(shared[:3]) & set(pollution.free_hexes(state, 0))


# -- §8 victory ------------------------------------------------------------------------------

def test_san_giorgio_cannot_enclose_an_eliminated_player():
    """§8.2, §8.3: an eliminated player cannot be a San Giorgio target."""
    state = position("""board = {radius = 8}
        [seat.0]
        cities = ["0,7"]
        inns = ["4,0", "0,4", "-4,4", "-4,0", "0,-4", "4,-4"]
        buildings = ["cathedral", "stable"]
        saint = "san_giorgio"
        [seat.1]
        cities = ["0,0"]""")
    assert victory.meets(state, 0)
    eliminate(state, 1)
    assert not victory.meets(state, 0)


def test_santa_barbara_one_ungraved_piece_of_a_pooled_type_suffices():
    """§8.2: "at least one piece with no grave" per type: a graved Storage beside an ungraved
    one still counts."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    give(state, 0, "cathedral")
    state.ps[0]["saint"] = "santa_barbara"
    every_building(state, 0)
    graved = give_storage(state, 0, 1, 2)
    state.ps[0]["graves"].append(list(cells_of(state, 0, graved)[0]))
    assert victory.meets(state, 0)


def test_no_saint_condition_without_a_cathedral_even_if_met():
    """§8.1: only a player with a functioning Cathedral and a saint can win."""
    state = position("""board = {radius = 10}
        seat.1 = {cities = ["0,-8"]}
        [seat.0]
        cities = ["0,0"]
        saint = "san_christofori"  # a saint with no Cathedral (razed)
        [seat.0.goods]
        grain = 3
        olives = 3
        sheep = 3
        fish = 3
        wine = 3
        dye = 3
        pearls = 3
        gold = 3""")
    assert victory.winners(state) == []


# -- §9.3 hidden information ---------------------------------------------------------------

def test_a_private_phase_two_move_changes_nothing_in_the_others_views():
    """§9.3, §9.5 collection 3: while phase 2 runs the others see start records, executed
    trades and ready flags, nothing else (not even who acted last)."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    goods(state, 0, wood=2)
    open_city(state)
    before_public, before_other = G.view(state, None).data, G.view(state, 1).data
    state, events = play(state, 0, "house 1 0 6,6 -", "build cart_shop 0 0,0 r0 wood")
    assert all(e.audience == frozenset({0}) for e in events)
    assert G.view(state, None).data == before_public
    assert G.view(state, 1).data == before_other


# -- more edge cases ---------------------------------------------------------------------

def test_new_city_may_stand_on_forest_and_mountain_but_not_water():
    """§6.7: 7 hexes, none water (any land terrain is fine; only the start city may cover
    water, §3.6)."""
    pay = "city 4,0 gold+grain+stone+wine+wood"
    rich = {"grain": 1, "wood": 1, "stone": 1, "wine": 1, "gold": 1}
    state = country(terrain("W", [(5, 0)]), **rich)
    with pytest.raises(NotLegalNow):
        play(state, 0, pay)
    land = country({(4, 0): "M", (5, 0): "F", (5, -1): "M"}, **rich)
    land, _ = play(land, 0, pay)
    assert land.city_at[(5, 0)] == (0, 1)


def test_san_nicolo_with_a_graved_cathedral_gets_no_free_house():
    """§5.3, §5.5: the free house needs a functioning (ungraved) Cathedral."""
    desc = """board = {radius = 10}
        seat.1 = {cities = ["0,-8"]}
        [seat.0]
        cities = ["0,0"]
        buildings = ["cathedral"]
        saint = "san_nicolo"
        goods = {grain = 1}
        graves = [%s]"""
    ok = position(desc % "")
    graved = position(desc % list(cells_of(ok, 0, "b1")[0]))
    with pytest.raises(NotLegalNow):
        play(graved, 0, "house 5 0 6,6 grain free 1 0 6,5")
    ok, _ = play(ok, 0, "house 5 0 6,6 grain free 1 0 6,5")
    assert sorted(ok.ps[0]["houses"]) == [1, 5] and ok.ps[0]["idle"] == 2


def test_all_rise_clears_every_per_turn_use():
    """§4 phase 1: men leave city buildings; Theology/Hospital/Biology/Alchemy/Explorer and
    cart-shop "used" flags reset; Cathedrals built this turn := 0."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    shop = give(state, 0, "cart_shop")
    state.ps[0]["buildings"][shop].update(used=True, staffed=False)  # its man went out
    market = give(state, 0, "market")
    state.ps[0]["flags"] = {"theology_used": True, "hospital_used": True, "biology_used": True,
                            "alchemy_used": True}
    state.cathedrals_built = 2
    state.pending, state.queue = [], []
    flow.start_turn(state, [])
    p = state.ps[0]
    assert not p["buildings"][shop].get("used") and not p["buildings"][market]["staffed"]
    assert p["idle"] == 1  # the market's man; the used cart shop's man had already left
    assert not any(p["flags"].get(k) for k in ("theology_used", "hospital_used",
                                               "biology_used", "alchemy_used"))
    assert state.cathedrals_built == 0


def test_university_covers_faculties_of_its_own_city_only():
    """§5.4: a University makes only orthogonally adjacent Faculties of the same city work."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 0, (0, -8))
    give(state, 0, "university", city=0, cells=[(0, 3), (0, 4), (1, 3), (1, 4)])
    theo = give(state, 0, "faculty_theology", staffed=False, city=1,
                cells=[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)])
    assert not functioning(state.ps[0], theo)


def test_tie_break_counts_harbour_water():
    """§8.1, A5: water hexes in I(P) count as unpolluted hexes; so the Harbour helps."""
    state = tb(8, terrain("W", [(2, 0), (3, 0)]))
    city_at(state, 0, (0, 0))
    without, area = victory.unpolluted(state, 0), influence(state, 0)
    give(state, 0, "harbour")
    added = influence(state, 0) - area
    assert {(2, 0), (3, 0)} <= added
    assert victory.unpolluted(state, 0) == without + len(added)


def test_a_pending_player_blocks_the_next_one_in_pollution():
    """§4 phase 9 step 4: players go in turn order; a player whose graves are pending blocks
    the next (his pollution is not placed yet)."""
    state = tb(10, order=[0, 1])
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    goods(state, 0)
    goods(state, 1)
    area = sorted(influence(state, 0))
    state.pollution.update(area[1:])  # one free hex left for 3 markers
    before = set(state.pollution)
    state.pending, state.queue = [], []
    flow.after_famine(state, [])
    G.settle(state, [])
    assert state.pollution - before == {area[0]}
    assert state.pending[-1]["seat"] == 0 and state.pending[-1]["type"] == "graves"
    assert not (state.pollution - before) & influence(state, 1)  # P2 has not polluted yet
    assert G.to_act(state) == {0}


def test_a_fisherman_that_gets_no_token_does_not_strand_its_man():
    """§6.5, §2.9, §6.9: water cleaned by Alchemy under another fisherman's token is
    unpolluted but occupied, so a new fisherman beside it may be legal yet receive no token.
    Its life is then zero turns: the man must come back (and the tile return) by the end of
    the harvest, not stand there for the rest of the game."""
    state = country(terrain("W", [(-1, 4), (0, 4), (1, 4)]))
    state.country["c9"] = {"type": "fisherman", "owner": 1, "good": "fish",
                           "site": [[0, 5], [1, 5]], "tokens": [[-1, 4], [0, 4], [1, 4]]}
    state.pools["fisherman"] -= 1
    pool, idle = state.pools["fisherman"], state.ps[0]["idle"]
    try:
        state, _ = play(state, 0, "fisherman 0,3 1,3 fish")
    except NotLegalNow:
        return  # refusing the empty fisherman is a consistent reading too
    state.pending, state.queue = [], []
    flow.after_storage(state, [])
    assert not any(b["owner"] == 0 for b in state.country.values())
    assert state.pools["fisherman"] == pool and state.ps[0]["idle"] == idle + 1


def test_no_trade_with_a_player_who_has_conceded():
    """§8.3, §9.5: a conceding player leaves the game at once; his open offers cannot be
    accepted afterwards (no goods change hands with a player out of the game)."""
    from tests.antiquity.test_protocol import four
    state = four(players=3)
    state, _ = play(state, 1, "offer p1 stone for fish+fish")
    state, _ = play(state, 1, "concede")
    assert state.ps[1]["eliminated"]
    try:
        state, _ = play(state, 0, "accept t1")
    except NotLegalNow:
        pass
    assert state.ps[0]["goods"]["stone"] == 0 and state.ps[0]["goods"]["fish"] == 2


def test_san_giorgio_literal_reading_an_empty_influence_is_enclosed():
    """§8.2 (literal): the test is I(Q) minus city/inn hexes ⊆ I(P) ∪ A(P); a player Q whose
    influence is empty (his city ringed by water, no Harbour) is enclosed by anyone."""
    from rules.antiquity.hexes import distance
    ring = [(q, r) for q in range(-3, 4) for r in range(-3, 4)
            if distance((0, 0), (q, r)) == 2]
    state = position({"board": {"radius": 10, "terrain": {"W": [hx(h) for h in ring]}},
                      "seat": {"0": {"cities": ["0,-7"], "buildings": ["cathedral"],
                                     "saint": "san_giorgio"},
                               "1": {"cities": ["0,0"]}}})
    assert influence(state, 1) == set()
    assert victory.meets(state, 0)


def test_exploration_goes_in_turn_order_and_a_counter_is_taken_once():
    """§4 phase 7: in turn order; the first player's counter is gone for the next."""
    state = tb(8, order=[1, 0])
    city_at(state, 0, (0, 0))
    city_at(state, 1, (4, 0))
    goods(state, 0)
    goods(state, 1)
    shared = sorted(influence(state, 0) & influence(state, 1) - state.occupied())[0]
    state.counters = {shared: "wine"}
    give(state, 0, "explorer")
    give(state, 1, "explorer")
    state.pending, state.queue = [], []
    flow.after_harvest(state, [])
    G.settle(state, [])
    assert G.to_act(state) == {1}
    state, _ = play(state, 1, f"explore {shared[0]},{shared[1]}")
    assert state.ps[1]["goods"]["wine"] == 1
    assert 0 not in G.to_act(state)  # nothing left in reach: P1 is skipped


# -- board words (DESIGN: every word drawn comes from the catalog, in both languages) -------

def drawn_strings(view, locale):
    from rendering import common
    from rendering.registry import render
    drawn: list[str] = []
    original = common.ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    common.ImageDraw.ImageDraw.text = spy
    try:
        render(view, last_move=None, names=["アン", "ボブ", "李雷"], locale=locale)
    finally:
        common.ImageDraw.ImageDraw.text = original
    return drawn


def rich_board():
    """Every building type, houses, graves, a saint, goods, countryside pieces, an
    eliminated player and a finished game."""
    state = tb(10, players=3)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    city_at(state, 2, (8, -4))
    give(state, 0, "cathedral")
    state.ps[0]["saint"] = "santa_maria"
    every_building(state, 0)
    state.ps[0]["graves"].append([0, *state.ps[0]["buildings"]["b2"]["cells"][0]])
    goods(state, 0, **{k: 2 for k in ("grain", "olives", "sheep", "fish", "wine", "dye",
                                      "pearls", "gold", "wood", "stone")})
    inn_at(state, 0, (4, 0))
    state.pollution.add((3, -2))
    state.grass.add((2, -2))
    eliminate(state, 2)
    return state


@pytest.mark.parametrize("phase", ["city", "country", "over"])
def test_no_latin_word_on_a_japanese_antiquity_board(phase):
    """Catalog rule: a Japanese board draws only catalog words (seat names are given in
    Japanese here), numbers and symbols: no English word may slip through. Slash command
    names stay English in every language (players type them): "/board whole" is allowed."""
    import re
    state = rich_board()
    if phase == "city":
        open_city(state, [0, 1])
    elif phase == "over":
        flow.finish(state, [0], [])
    else:
        open_country(state, 0)
    words = drawn_strings(G.view(state, None), "ja")
    assert words
    latin = [w for w in words if re.search(r"[A-Za-z]{2,}", w.replace("/board whole", ""))]
    assert latin == []


def test_no_japanese_on_an_english_antiquity_board():
    """Catalog rule, the other way round: an English board draws no Japanese text other than
    the given player names."""
    import re
    state = rich_board()
    flow.finish(state, [0], [])
    words = drawn_strings(G.view(state, None), "en")
    stripped = [re.sub("アン|ボブ|李雷", "", w) for w in words]
    assert [w for w in stripped if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", w)] == []


# -- §9.3 hidden information through a random game -------------------------------------------

PUBLIC_IN_PHASE_TWO = {"ready", "unready", "traded", "traded_note", "revealed", "conceded",
                       "order", "turn", "famine", "eliminated", "game_over"}


@pytest.mark.parametrize("seed", [3, 11])
def test_secret_phase_two_actions_leave_every_other_view_unchanged(seed):
    """§9.3, §9.5: through a random game, every secret phase-2 action changes nothing that
    the other seats or the public can see, and its events reach only its author (and the
    other party of an offer)."""
    from rules.core import Rng
    state = G.new_game(seed, 3, {})
    policy = Rng(seed ^ 0x5EED)
    checked = 0
    for _ in range(500):
        if G.is_over(state):
            break
        seat = policy.choice(sorted(G.to_act(state)))
        action = policy.choice(list(G.legal_actions(state, seat)))
        secret = state.phase == "city" and G.action_is_secret(state, seat, action)
        before = {s: seen(state, s) for s in [None, *range(3)] if s != seat}
        state, events = G.apply(state, seat, action)
        if not secret or state.phase != "city":
            continue
        checked += 1
        for s, data in before.items():
            assert seen(state, s) == data, (action.text, s)
        for e in events:
            assert e.audience is not None or e.key.split(".")[-1] in PUBLIC_IN_PHASE_TWO, e.key
            if e.audience is not None:
                assert seat in e.audience and len(e.audience) <= 2
    assert checked > 10


def seen(state, seat):
    """Return everything ``seat`` (None: the public) is shown of ``state``."""
    return G.view(state, seat).data


def test_a_graved_unique_building_can_never_be_built_again():
    """§4 2a: a unique building with graves is never rebuilt, not even to replace it."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    market = give(state, 0, "market", staffed=False)
    state.ps[0]["graves"].append(list(cells_of(state, 0, market)[0]))
    goods(state, 0, wood=1)
    open_city(state)
    with pytest.raises(NotLegalNow):
        play(state, 0, "build market 0 5,5 r0 wood")


def test_raze_and_rebuild_counts_for_san_giorgio_at_the_reveal():
    """A9, §5.5: a Cathedral razed by Theology and rebuilt in the same phase counts as built
    this turn; every San Giorgio player then gains a fish in phase 6."""
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    give(state, 0, "cathedral")
    give(state, 0, "faculty_theology")
    state.ps[0]["saint"] = "san_nicolo"
    give(state, 1, "cathedral")
    state.ps[1]["saint"] = "san_giorgio"
    goods(state, 0, stone=1)
    goods(state, 1)
    open_city(state)
    state, _ = play(state, 0, "raze", "build cathedral 0 3,3 r0 stone san_giorgio", "ready")
    state, _ = play(state, 1, "ready")
    assert state.cathedrals_built == 1
    assert state.phase == "pollution"  # phases 3-8 ran on their own (nothing to choose)
    assert state.ps[0]["goods"]["fish"] == 1 and state.ps[1]["goods"]["fish"] == 1


def test_conceding_at_the_head_of_pollution_passes_to_the_next_player():
    """§8.3, §4 phase 9: a player who concedes while he must pollute leaves at once; his
    markers are not placed and the next player in turn order goes on."""
    state = tb(10, players=3, order=[0, 1, 2])
    for seat, centre in enumerate([(0, 0), (0, -8), (8, -4)]):
        city_at(state, seat, centre)
        goods(state, seat)
    state.pending, state.queue = [], []
    flow.after_famine(state, [])
    G.settle(state, [])
    assert G.to_act(state) == {0}
    before = set(state.pollution)
    state, _ = play(state, 0, "concede")
    assert state.ps[0]["eliminated"] and not (state.pollution - before) & influence(state, 0)
    assert G.to_act(state) == {1}

"""The Small World of Warcraft content files checked against the spec (§1, §2, §7)."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from rules.core.text import has_message
from rules.smallworld_warcraft import data

RACES = {  # spec §1.1: faction, banner, tray
    "blood_elves": ("horde", 5, 10), "draenei": ("alliance", 7, 12),
    "dwarves": ("alliance", 5, 10), "ethereals": ("neutral", 5, 10),
    "forsaken": ("horde", 6, 20), "gnomes": ("alliance", 5, 10),
    "goblins": ("horde", 6, 11), "humans": ("alliance", 5, 10),
    "kobolds": ("neutral", 6, 11), "naga": ("neutral", 6, 11),
    "night_elves": ("alliance", 4, 9), "orcs": ("horde", 6, 11),
    "pandaren": ("neutral", 5, 10), "tauren": ("horde", 11, 16),
    "trolls": ("horde", 6, 11), "worgen": ("alliance", 5, 10),
}
BADGES = {  # spec §1.2 (only herbalist is sourced)
    "archaeologist": 5, "battlemaster": 5, "beastmaster": 4, "blacksmith": 4, "champion": 5,
    "explorer": 5, "farmer": 4, "fisherman": 4, "fortified": 4, "furious": 4, "garrison": 3,
    "herbalist": 4, "intimidating": 5, "miner": 5, "mountaineer": 5, "portal_mage": 5,
    "ranger": 4, "seafarer": 5, "swamp_dweller": 5, "swamp_walker": 4,
}
ARTIFACTS = {"aegis_of_aggramar", "ashes_of_alar", "doomhammer", "frostmourne",
             "heart_of_azeroth"}
PLACES = {"battleground", "dark_portal", "karazhan", "lights_hope_chapel", "meeting_stone",
          "spirit_healer", "well_of_eternity"}
SUMMARY = {  # spec §7.1: regions, water, entry, magic, cavern, murloc, mountain, size_icon
    "L1": (13, 2, 4, 2, 2, 3, 2, "L1-07"), "L2": (14, 2, 4, 2, 2, 3, 2, "L2-08"),
    "M1": (10, 1, 3, 2, 1, 3, 2, "M1-05"), "M2": (9, 1, 3, 2, 2, 2, 1, "M2-05"),
    "S1": (7, 1, 3, 1, 1, 2, 1, "S1-06"), "S2": (8, 1, 3, 2, 1, 2, 1, "S2-03"),
}
SYMBOLS = {"entry", "magic", "cavern", "murloc", "mountain", "size_icon"}
RACE_HOOKS = {"first_loss_saved", "ethereal_steal", "buy_tokens_per_kill", "air_raid", "bombs",
              "military_objectives", "cavern_reach", "cavern_first_conquest", "water_conquest",
              "water_first_conquest", "wisp_walls", "alliance_conquest_coins", "harmony",
              "worgen_forms"}
POWER_HOOKS = {"coin_per_nonempty_conquest", "beasts", "champion", "watchtowers",
               "coins_per_defender", "forts", "intimidate", "portal_swap", "no_travel",
               "swamp_toll"}


def test_sixteen_races_with_faction_banner_and_tray():
    races = data.races()
    assert {r: (v["faction"], v["banner"], v["tray"]) for r, v in races.items()} == RACES
    assert sum(v["tray"] for v in races.values()) == 182
    assert Counter(v["faction"] for v in races.values()) == {"alliance": 6, "horde": 6,
                                                              "neutral": 4}


def test_every_banner_but_forsaken_is_tray_minus_five():
    for race, (_, banner, tray) in RACES.items():
        assert race == "forsaken" or banner == tray - 5, race


def test_tauren_hold_and_decline_with_two_tokens():
    tauren = data.races()["tauren"]
    assert tauren["min_tokens"] == 2 and tauren["decline_keep"] == 2
    assert all("min_tokens" not in v for r, v in data.races().items() if r != "tauren")


def test_twenty_powers_with_badges_and_provisional_marks():
    powers = data.powers()
    assert {p: v["badge"] for p, v in powers.items()} == BADGES
    assert [p for p, v in powers.items() if not v["provisional"]] == ["herbalist"]
    assert {p for p, v in powers.items() if v.get("survives_decline")} == {"garrison",
                                                                           "swamp_dweller"}
    assert powers["intimidating"]["uses"] == 3 and powers["portal_mage"]["uses"] == 2
    # every race has enough tokens for any badge (trays are banner + 5)
    assert max(BADGES.values()) <= 5


def test_hooks_come_from_the_closed_lists():
    assert {h for v in data.races().values() for h in v.get("hooks", ())} == RACE_HOOKS
    assert {h for v in data.powers().values() for h in v.get("hooks", ())} == POWER_HOOKS


def test_scores_and_discounts_use_known_kinds():
    score_kinds = {"terrain", "symbol", "islands", "next_to_water", "face_up_markers"}
    discount_kinds = {"always", "terrain", "symbol", "nonempty", "legendary_place", "worgen_form"}
    tables = list(data.races().values()) + list(data.powers().values())
    for table in tables:
        assert {s["kind"] for s in table.get("score", ())} <= score_kinds
        assert {d["kind"] for d in table.get("discount", ())} <= discount_kinds
        for rule in [*table.get("score", ()), *table.get("discount", ())]:
            if rule["kind"] == "terrain":
                assert rule["value"] in data.LAND
            if rule["kind"] == "symbol":
                assert rule["value"] in SYMBOLS


def test_twelve_markers_five_artifacts_seven_places():
    markers = data.markers()
    assert {m for m, v in markers.items() if v["kind"] == "artifact"} == ARTIFACTS
    assert {m for m, v in markers.items() if v["kind"] == "legendary_place"} == PLACES
    assert markers["frostmourne"]["discount"] == 2
    assert markers["dark_portal"]["coins"] == 2 and markers["well_of_eternity"]["coins"] == 2


def test_constants_rounds_boards_supplies():
    game = data.constants()
    assert [data.rounds(n) for n in (2, 3, 4, 5)] == [10, 10, 9, 8]
    assert data.island_sizes(2) == ("L", "M")
    assert data.island_sizes(2, "LS") == ("L", "S")
    assert [len(data.island_sizes(n)) for n in (3, 4, 5)] == [3, 4, 5]
    assert data.island_sizes(5) == ("L", "L", "M", "S", "S")
    assert game["supply"] == {"mountain": 10, "murloc": 15, "wisp_wall": 9, "fort": 10,
                              "champion": 1, "beast": 5, "bomb_live": 6, "bomb_dud": 6,
                              "harmony": 4, "watchtower": 6, "military_objective": 2}
    assert game["start_coins"] == 5 and game["die"] == [0, 0, 0, 1, 2, 3]


def test_enough_islands_of_each_size_for_five_players():
    sizes = Counter(data.island_sizes(5))
    for size, needed in sizes.items():
        assert len(data.islands_of_size(size)) >= needed


@pytest.mark.parametrize("island", sorted(SUMMARY))
def test_island_matches_the_spec_summary(island):
    regions = data.islands()[island].regions
    count, water, entry, magic, cavern, murloc, mountain, icon = SUMMARY[island]
    assert len(regions) == count
    assert sum(r.terrain in data.WATER for r in regions) == water

    def having(symbol):
        return sum(symbol in r.symbols for r in regions)

    assert (having("entry"), having("magic"), having("cavern")) == (entry, magic, cavern)
    assert (having("murloc"), having("mountain")) == (murloc, mountain)
    assert [r.code for r in regions if "size_icon" in r.symbols] == [icon]


@pytest.mark.parametrize("island", sorted(SUMMARY))
def test_island_symbols_and_terrain_are_consistent(island):
    for region in data.islands()[island].regions:
        assert region.code.startswith(island + "-")
        assert region.terrain in data.LAND | data.WATER
        assert region.symbols <= SYMBOLS
        if region.terrain in data.WATER:
            assert not region.symbols, "water regions carry no symbols (never entry regions)"
        assert ("mountain" in region.symbols) == (region.terrain == "mountain")


@pytest.mark.parametrize("island", sorted(SUMMARY))
def test_island_adjacency_is_symmetric_and_local(island):
    regions = {r.code: r for r in data.islands()[island].regions}
    for code, region in regions.items():
        assert code not in region.adj
        assert len(set(region.adj)) == len(region.adj)
        for other in region.adj:
            assert other in regions, "no edge leaves the island"
            assert code in regions[other].adj, (code, other)


def _connected(regions: dict, allowed) -> bool:
    start = next(code for code in regions if code in allowed)
    seen, queue = {start}, deque([start])
    while queue:
        for other in regions[queue.popleft()].adj:
            if other in allowed and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen == set(allowed)


@pytest.mark.parametrize("island", sorted(SUMMARY))
def test_island_is_connected_also_by_land_alone(island):
    regions = {r.code: r for r in data.islands()[island].regions}
    assert _connected(regions, set(regions))
    land = {c for c, r in regions.items() if r.terrain in data.LAND}
    assert _connected(regions, land)


@pytest.mark.parametrize("island", sorted(SUMMARY))
def test_island_has_water_for_the_well_of_eternity(island):
    assert any(r.terrain in data.WATER for r in data.islands()[island].regions)


def test_worst_five_player_board_fits_the_supplies():
    supply = data.constants()["supply"]
    for medium in data.islands_of_size("M"):
        board = data.board(("L1", "L2", medium, "S1", "S2"))
        assert len(board.with_symbol("mountain")) <= supply["mountain"]
        assert len(board.with_symbol("murloc")) <= supply["murloc"]
        assert len(board.with_symbol("size_icon")) == 5


def test_assembled_board_joins_islands_without_bridges():
    board = data.board(("L1", "M1"))
    assert len(board.regions) == 23 and board.islands == ("L1", "M1")
    assert [r.id for r in board.regions] == list(range(23))
    l1_07, m1_05 = board.index("L1-07"), board.index("M1-05")
    assert board.regions[l1_07].island == "L1" and board.regions[m1_05].island == "M1"
    for region in board.regions:
        assert all(board.regions[o].island == region.island for o in region.adj)
        assert all(board.adjacent(o, region.id) for o in region.adj)
    assert board.regions[board.index("L1-01")].entry
    assert not board.regions[board.index("L1-06")].entry and board.regions[l1_07 - 1].water


@pytest.mark.parametrize("players,low,high", [(2, 22, 24), (3, 29, 32), (4, 39, 41),
                                              (5, 51, 52)])
def test_region_totals_per_player_count(players, low, high):
    by_size = {s: data.islands_of_size(s) for s in "LMS"}
    sizes = data.island_sizes(players)
    totals = set()
    for pick in _choices(sizes, by_size):
        totals.add(len(data.board(pick).regions))
    assert min(totals) >= low and max(totals) <= high


def _choices(sizes, by_size):
    """Every way to draw distinct islands for the size slots."""
    if not sizes:
        yield ()
        return
    for rest in _choices(sizes[1:], by_size):
        for island in by_size[sizes[0]]:
            if island not in rest:
                yield (island,) + rest


def test_every_content_id_has_a_name_in_the_catalog():
    for race in data.races():
        assert has_message(f"smallworld.race.{race}")
    for power in data.powers():
        assert has_message(f"smallworld.power.{power}")
    for marker in data.markers():
        assert has_message(f"smallworld_warcraft.marker.{marker}")
    for island in data.islands().values():
        assert has_message(f"smallworld_warcraft.island.{island.id}")
        for region in island.regions:
            assert has_message(f"smallworld_warcraft.region.{region.code}")
    for faction in data.FACTIONS:
        assert has_message(f"smallworld_warcraft.faction.{faction}")


def test_every_power_is_dealt():
    from rules.core import get_game
    from rules.smallworld import data
    game = get_game("smallworld_warcraft")
    assert len(data.dealt_powers("warcraft")) == 20
    state = game.new_game(1, 2, {"combos": ["orcs:champion", "trolls:beastmaster"]})
    assert [c[:2] for c in state.column[:2]] == [["orcs", "champion"], ["trolls", "beastmaster"]]

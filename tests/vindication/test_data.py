"""Data tests: every card parses in the effect language; counts per spec 1 and 9."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from rules.vindication import data
from rules.vindication.language import (
    VISIT_KINDS,
    check_ability,
    check_clause,
    check_effect,
    check_score,
)


def test_every_card_ability_parses_in_the_effect_language():
    for cid, item in data.card_table().items():
        assert check_ability(item.get("ability")) == [], cid
        if item.get("end_game"):
            assert check_score(item["end_game"]) == [], cid


def test_quests_and_triggers_use_known_counting_keys():
    raw = data.cards()
    for quest in raw["secret_quests"]:
        assert len(quest["tiers"]) == 3
        for tier in quest["tiers"]:
            assert check_clause(tier) == [] and tier["honor"] > 0, quest["id"]
    for trigger in raw["end_game_triggers"]:
        assert all(check_clause(c) == [] for c in trigger["all"]), trigger["id"]


def test_the_checker_rejects_malformed_abilities():
    assert check_effect({"op": "teleport", "n": 1})
    assert check_effect({"op": "gain", "attr": "luck", "n": 1})
    assert check_ability({"timing": "passive", "event": "after_nap", "limit": "once_per_turn",
                          "effects": [{"op": "honor", "n": 1}]})
    assert check_ability({"timing": "static", "modifiers": [{"mod": "movement"}]})


def test_card_counts_match_spec_1_1():
    comp = data.game()["components"]
    raw = data.cards()
    colors = Counter(c["color"] for c in raw["companions"])
    assert colors == {"red": comp["companions_per_color"], "blue": 10, "yellow": 10}
    assert len(raw["traits"]) == comp["traits"] == 15
    assert len(raw["relics"]) == comp["relics"] == 15
    assert len(raw["monsters"]) == comp["monsters"] == 15
    assert len(raw["secret_quests"]) == comp["secret_quests"] == 12
    assert len(raw["end_game_triggers"]) == comp["end_game_triggers"] == 10
    assert len(data.game()["journey_cards"]) == 5
    assert len(data.game()["mastery_tiles"]) == 6
    assert len(data.modules()["wish_tokens"]) == comp["wish_tokens"] == 15


def test_companion_design_notes_hold():
    raw = data.cards()["companions"]
    assert sorted(c["initiative"] for c in raw) == list(range(1, 31))
    assert {c["id"] for c in raw if c["no_start"]} == {"R10", "B08", "B10", "Y10"}
    assert len({c["id"] for c in data.card_table().values()}) == len(data.card_table())


def test_tile_mix_and_regions():
    mix = data.game()["base_tile_mix"]
    assert sum(mix.values()) == 19 and len(mix) == 11
    assert data.swap_problems(mix) == []
    for region in data.regions().values():
        assert region["visit"]["kind"] in VISIT_KINDS | {"crystals", "jewel_exchange", "build",
                                                         "gain_missing_attribute", "menagerie",
                                                         "dormant"}
    effects = [e for r in data.game()["regions"].values() for e in r["visit"].get("effects", [])]
    for effect in effects:
        assert check_effect(effect) == []


@pytest.mark.parametrize("chosen", [["well"], ["temple"], ["stones"], ["well", "temple"],
                                    ["well", "stones"], ["well", "temple", "stones"]])
def test_module_tile_swaps_keep_19_tiles_and_the_constraints(chosen):
    mix = data.tile_mix(chosen)
    assert data.swap_problems(mix) == []
    for name in chosen:
        for region, n in data.modules()["modules"][name]["regions"].items():
            assert mix[region] == n


def test_board_geometry():
    board = data.board()
    assert len(board["hexes"]) == 19 and len(board["triangles"]) == 54
    sizes = Counter(len(t["hexes"]) for t in board["triangles"].values())
    assert sizes == {3: 24, 2: 12, 1: 18}
    for hid, hex_ in board["hexes"].items():
        assert len(hex_["triangles"]) == 6
        for tid in hex_["triangles"]:
            assert hid in board["triangles"][tid]["hexes"]
    starts = {t["start"]: tid for tid, t in board["triangles"].items() if "start" in t}
    assert starts == {1: "T26", 2: "T28", 3: "T30", 4: "T32", 5: "T34"}


def _distances(start):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        tri = queue.popleft()
        for nxt in data.neighbours(tri):
            if nxt not in dist:
                dist[nxt] = dist[tri] + 1
                queue.append(nxt)
    return dist


def test_derived_tables_of_9_3():
    assert data.neighbours("T26") == ["T14", "T38", "T44"]
    within = {t for t, d in _distances("T26").items() if 1 <= d <= 2}
    assert within == {"T14", "T38", "T44", "T08", "T13", "T27", "T43"}
    assert all(min(_distances(s)[t] for t in ["T01", "T02", "T03", "T04", "T05", "T06"]) == 3
               for s in ["T26", "T28", "T30", "T32", "T34"])
    diameter = max(max(_distances(t).values()) for t in data.board()["triangles"])
    assert diameter == 11


def test_per_player_count_table():
    for players in range(2, 6):
        row = data.game()["player_counts"][str(players)]
        assert row["journey"] == data.game()["journey_cards_by_player_count"][str(players)]
        assert row["tiles_revealed"] == 2 * players
        assert row["tiles_in_bag"] == 19 - 2 * players
        assert row["proficiency_per_attribute"] == players - 1
        triangles = [data.journey(j)["triangle"] for j in row["journey"]]
        assert triangles == row["start_triangles"]
        hexes = [h for t in triangles for h in data.triangle_hexes(t)]
        assert len(hexes) == len(set(hexes)) == 2 * players


def test_no_early_end_data_check():
    """Spec 10 test 73: every trigger has an honor clause of at least 35."""
    for trigger in data.cards()["end_game_triggers"]:
        floors = [c["at_least"] for c in trigger["all"] if c["count"] == "honor"]
        assert floors and max(floors) >= 35, trigger["id"]

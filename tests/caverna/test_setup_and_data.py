"""Set-up (spec §1.2, §11), replenishment (§2.4) and the content files against the spec."""

from __future__ import annotations

from rules.caverna import GAME, data
from rules.caverna.spaces import find
from rules.core import translate

from .helpers import finish_round as _finish_round
from .helpers import give, main_texts, new, play


def _space_ids(state) -> list[str]:
    return [s["id"] for s in state.spaces if s["round"] == 0]


def test_setup_4p_food_dwarfs_score():
    state = new(4, start=0)
    assert [p["goods"]["food"] for p in state.ps] == [1, 1, 2, 3]
    for seat, player in enumerate(state.ps):
        assert len(player["dwarfs"]) == 2 and player["discs"] == 3
        assert all(d["weapon"] == 0 for d in player["dwarfs"])
        assert player["cells"]["3,4"]["kind"] == "cavern"
        assert player["cells"]["4,4"]["furnishing"] == "entry-dwelling"
        assert GAME.score(state)[seat].total == -28


def test_setup_food_follows_start_player():
    state = new(4, start=2)
    assert [p["goods"]["food"] for p in state.ps] == [2, 3, 1, 1]


def test_setup_7p_food():
    state = new(7, start=0)
    assert [p["goods"]["food"] for p in state.ps] == [1, 1, 2, 3, 3, 3, 3]


def test_solo_setup():
    state = new(1)
    assert state.ps[0]["goods"]["food"] == 2
    assert len(_space_ids(state)) == 8
    assert state.round_cards[0] == "blacksmithing"
    assert state.round_cards == data.solo_order()
    assert state.rounds_total == 11 and state.markers == []


def test_space_counts_per_player_count():
    expected = {1: 8, 2: 12, 3: 15, 4: 13, 5: 19, 6: 19, 7: 22}
    for players, count in expected.items():
        assert len(_space_ids(new(players))) == count


def test_boards_contents():
    assert set(_space_ids(new(1))) == {"ruby-mining", "housework", "slash-and-burn", "logging",
                                       "wood-gathering", "excavation", "ore-mining", "sustenance"}
    three = set(_space_ids(new(3)))
    assert {"strip-mining", "imitation", "forest-exploration", "supplies"} <= three
    five = set(_space_ids(new(5)))
    assert {"small-scale-drift-mining", "weekly-market", "imitation-2", "depot"} <= five
    seven = set(_space_ids(new(7)))
    assert {"large-depot", "imitation-3", "extension", "drift-mining-2"} <= seven


def test_imitation_costs_per_count():
    from rules.caverna.parts import food_cost
    costs = {}
    for players in (3, 4, 5, 6, 7):
        state = new(players)
        costs[players] = sorted(food_cost(state, s) for s in state.spaces
                                if s["id"].startswith("imitation"))
    assert costs == {3: [4], 4: [2], 5: [2, 4], 6: [1, 2], 7: [0, 1, 2]}


def test_two_player_game_has_11_rounds_and_6_markers():
    state = GAME.new_game(3, 2, {})
    assert state.rounds_total == 11 and len(state.round_cards) == 11
    assert "exploration" not in state.round_cards
    assert sorted(state.markers) == ["green"] * 3 + ["red"] * 3
    assert state.round_cards[3] == "wish-for-children"


def test_random_stages_keep_cards_in_their_stage():
    state = GAME.new_game(5, 4, {})
    cards = state.round_cards
    assert set(cards[0:3]) == set(data.stage_cards(1))
    assert cards[3] == "wish-for-children"
    assert set(cards[4:6]) == {"donkey-farming", "ruby-mine-construction"}
    assert set(cards[6:9]) == set(data.stage_cards(3))
    assert set(cards[9:12]) == set(data.stage_cards(4))
    assert sorted(state.markers) == ["green"] * 4 + ["red"] * 3


def test_furnishing_data_48_tiles_27_intro():
    tiles = data.tiles()
    assert len(tiles) == 48
    assert sum(1 for t in tiles.values() if t["intro"]) == 27
    cats = [t["category"] for t in tiles.values()]
    assert (cats.count("dwelling"), cats.count("green"), cats.count("yellow")) == (6, 24, 18)
    assert tiles["dwelling"]["cost"] == {"wood": 4, "stone": 3} and tiles["dwelling"]["points"] == 3
    assert tiles["couple-dwelling"]["cost"] == {"wood": 8, "stone": 6}
    assert tiles["state-parlor"]["cost"] == {"gold": 5, "stone": 3}
    assert tiles["dog-school"]["cost"] == {}
    assert tiles["beer-parlor"]["points"] == 3


def test_intro_option_limits_supply():
    state = new(3, intro=True)
    assert len(state.tiles_left) == 27 and "work-room" not in state.tiles_left


def test_loot_table():
    items = data.loot_items()
    assert len(items) == 23
    by_id = {i["id"]: i["min"] for i in items}
    assert by_id["weapons"] == 1 and by_id["meadow"] == 11 and by_id["cavern"] == 14
    assert 13 not in by_id.values()
    assert [i["min"] for i in items] == sorted(i["min"] for i in items)


def _replenish_rounds(state, seat_moves):
    """Play whole rounds: each entry is a list of (seat, move) for the round."""
    for moves in seat_moves:
        for seat, move in moves:
            state, _ = play(state, seat, *move)
    return state


def test_logging_3_1_replenish_3p():
    state = new(3)
    assert find(state, "logging")["goods"] == {"wood": 3}
    state = _finish_round(state, avoid=("logging",))
    assert find(state, "logging")["goods"] == {"wood": 4}
    state = _finish_round(state, take=("logging",))
    assert find(state, "logging")["goods"] == {"wood": 3}
    state = _finish_round(state, avoid=("logging",))
    assert find(state, "logging")["goods"] == {"wood": 4}


def test_grain_vegetable_alternative_form_4p():
    state = new(4)
    assert find(state, "sustenance")["goods"] == {"grain": 1}
    state = _finish_round(state, avoid=("sustenance",))
    assert find(state, "sustenance")["goods"] == {"grain": 1, "vegetable": 1}
    state = _finish_round(state, avoid=("sustenance",))
    assert find(state, "sustenance")["goods"] == {"grain": 1, "vegetable": 2}
    state = _finish_round(state, take=("sustenance",))
    assert find(state, "sustenance")["goods"] == {"grain": 1}


def test_strip_mining_3p():
    state = new(3)
    assert find(state, "strip-mining")["goods"] == {"ore": 1}
    state = _finish_round(state, avoid=("strip-mining",))
    assert find(state, "strip-mining")["goods"] == {"ore": 1, "stone": 1}


def test_ruby_mining_2p_starts_round_3_but_is_playable_earlier():
    state = new(2)
    assert find(state, "ruby-mining")["goods"] == {}
    assert "place ruby-mining" in main_texts(state, 0)
    state, events = play(state, 0, "place ruby-mining")
    state = _finish_round(state)
    assert find(state, "ruby-mining")["goods"] == {}
    state = _finish_round(state)
    assert find(state, "ruby-mining")["goods"] == {"ruby": 1}


def test_give_helper_changes_only_the_seat():
    state = new(3)
    give(state, 1, wood=2, sheep=1)
    assert state.ps[1]["goods"]["wood"] == 2 and state.ps[1]["animals"]["sheep"] == 1
    assert state.ps[0]["goods"]["wood"] == 0


def test_view_is_json_safe_and_complete():
    import json

    from .helpers import finish_round
    state = finish_round(new(4))
    view = GAME.view(state, None)
    data_ = json.loads(json.dumps(view.data))
    assert data_["round"] == 2 and data_["stage"] == 1 and len(data_["seats"]) == 4
    assert [c["card"] for c in data_["round_cards"][:2]] == ["blacksmithing", "sheep-farming"]
    assert data_["round_cards"][2]["card"] is None
    assert all(m["marker"] is None for m in data_["harvest_markers"])
    seat = data_["seats"][0]
    assert len(seat["board"]["cells"]) == 24
    assert {c["kind"] for c in seat["board"]["cells"]} >= {"forest", "rock", "cavern"}
    assert seat["stables_in_supply"] == 3 and seat["discs_in_supply"] == 3
    assert any(s["id"] == "imitation" and s["imitation_cost"] == 2 for s in data_["spaces"])
    assert data_["turn"] in range(4) and data_["to_act"] == [data_["turn"]]
    assert GAME.view(state, 1).data == view.data


def test_rerandomise_keeps_revealed_cards():
    state = new(4)
    other = GAME.rerandomise_hidden(state, 0, 99)
    assert other.round_cards[0] == state.round_cards[0]
    assert other.round_cards[3] == "wish-for-children"
    assert sorted(other.round_cards) == sorted(state.round_cards)
    assert GAME.view(other, 0).data == GAME.view(state, 0).data


def test_bad_fixed_orders_are_refused():
    import pytest

    from rules.core import CannotParse
    with pytest.raises(CannotParse) as err:
        GAME.new_game(1, 3, {"rounds": ["blacksmithing"]})
    translate(err.value.msg)
    with pytest.raises(CannotParse):
        GAME.new_game(1, 3, {"harvest": ["green", "blue"]})


def test_a_harvest_option_names_markers_even_in_a_solo_game():
    """Solo has no harvest track, so a marker list waits for more players; but one that
    names no marker at all was stored and ignored (issue 19)."""
    assert GAME.check_options({"harvest": ["zzz"]}, 1).key == "caverna.error.bad_harvest"
    assert GAME.check_options({"harvest": ["red", "red"]}, 1) is None


def test_family_life_in_round_8_flips_wish_then():
    from .helpers import finish_round
    state = new(3)
    while state.round < 7:
        state = finish_round(state)
    assert not state.wish_urgent
    state = finish_round(state)
    assert state.round == 8 and state.round_cards[7] == "family-life" and state.wish_urgent
    assert find(state, "urgent-wish-for-children") is not None


def test_illegal_moves_have_translatable_reasons():
    import pytest

    from rules.core import NotLegalNow
    state = new(3)
    for text in ("place nowhere", "place blacksmithing", "tile meadow-field 1,1 right",
                 "furnish dwelling 3,4", "convert gold 5", "loot wood"):
        with pytest.raises(NotLegalNow) as err:
            GAME.play(state, 0, text)
        translate(err.value.msg)
    state, _ = play(state, 0, "place logging")
    with pytest.raises(NotLegalNow) as err:
        GAME.play(state, 1, "place logging")
    assert err.value.msg.params["reason"].key == "caverna.error.occupied"


def test_every_decision_type_has_a_prompt_and_every_space_a_name():
    from rules.caverna.game import HANDLERS
    from rules.core.text import has_message
    for kind in HANDLERS.kinds():
        assert has_message(f"caverna.prompt.{kind}"), kind
    for entry in data.spaces_file()["space"].values():
        assert has_message(f"caverna.space.{entry['id']}")
        for part in entry["parts"]:
            assert has_message(f"caverna.part.{part}"), part
    for tile_id in data.tiles():
        assert has_message(f"caverna.tile.{tile_id}")
    for item in data.loot_items():
        assert has_message(f"caverna.loot.{item['id']}")


ROUND_ONE = {
    3: {"ruby-mining": {"ruby": 1}, "drift-mining": {"stone": 1}, "logging": {"wood": 3},
        "wood-gathering": {"wood": 1}, "excavation": {"stone": 1}, "clearing": {"wood": 1},
        "starting-player": {"food": 1}, "ore-mining": {"ore": 2}, "sustenance": {"food": 1},
        "strip-mining": {"ore": 1}, "forest-exploration": {"wood": 1}},
    4: {"drift-mining": {"stone": 2}, "excavation": {"stone": 2}, "logging": {"wood": 3},
        "ore-mining": {"ore": 3}, "forest-exploration": {"wood": 2}, "clearing": {"wood": 2},
        "sustenance": {"grain": 1}, "starting-player": {"food": 1}},
    5: {"depot": {"ore": 1, "wood": 1}, "fence-building": {"wood": 1}},
    6: {"depot": {"ore": 1, "wood": 1}, "drift-mining-2": {"stone": 1},
        "fence-building": {"wood": 2}},
    7: {"large-depot": {"stone": 1, "ore": 1, "wood": 2}},
}
ROUND_TWO_UNTAKEN = {
    3: {"logging": {"wood": 4}, "ore-mining": {"ore": 3}},
    4: {"excavation": {"stone": 3}, "ore-mining": {"ore": 5}, "logging": {"wood": 6},
        "forest-exploration": {"wood": 3}, "drift-mining": {"stone": 4}},
    6: {"fence-building": {"wood": 3}},
    7: {"large-depot": {"stone": 2, "ore": 2, "wood": 3}},
}


def test_accumulation_amounts_per_player_count():
    from .helpers import finish_round
    for players, expected in ROUND_ONE.items():
        state = new(players)
        for space_id, goods in expected.items():
            assert find(state, space_id)["goods"] == goods, (players, space_id)
    for players, expected in ROUND_TWO_UNTAKEN.items():
        state = finish_round(new(players), avoid=tuple(expected))
        for space_id, goods in expected.items():
            assert find(state, space_id)["goods"] == goods, (players, space_id)

"""Weapon order, forging and expeditions (spec §2.5, §4.6, §4.7, §7; seed examples)."""

from __future__ import annotations

import pytest

from rules.caverna import GAME
from rules.core import NotLegalNow, translate

from .helpers import at, give, keys, main_texts, new, play, texts


def _rounds(first: str) -> list[str]:
    from .helpers import STAGE_ORDER
    return [first] + [c for c in STAGE_ORDER if c != first]


def test_weapon_order_and_ruby_override():
    state = at("seat.0.dwarfs = [0, 5]", rounds=_rounds("exploration"))
    assert "place exploration" not in main_texts(state, 0)
    assert not any(t.startswith("place exploration ruby") for t in texts(state, 0))
    with pytest.raises(NotLegalNow) as err:
        GAME.play(state, 0, "place exploration ruby 5")
    assert err.value.msg.params["reason"].key == "caverna.error.no_ruby"
    give(state, 0, ruby=1)
    assert "place exploration ruby 5" in texts(state, 0)
    state, events = play(state, 0, "place exploration ruby 5")
    assert state.ps[0]["goods"]["ruby"] == 0
    assert state.ps[0]["dwarfs"][1]["placed"] == "exploration"
    assert GAME.prompt(state, 0).key == "caverna.prompt.expedition"


def test_seed_example_ruby_lets_strength_14_go_first():
    state = at("""[seat.0]
        dwarfs = [0, 0, 0, 0, 14]
        goods = {ruby = 1}
        [seat.0.board]
        "3,4" = {furnishing = "dwelling"}
        "3,5" = {furnishing = "dwelling"}
        "2,4" = {furnishing = "dwelling"}""")
    state, _ = play(state, 0, "place wood-gathering ruby 14")
    assert state.ps[0]["dwarfs"][4]["placed"] == "wood-gathering"


def test_blacksmithing_forge_then_level_3_expedition():
    state = at("seat.0 = {dwarfs = [0, 2], goods = {ore = 3}}")
    state, _ = play(state, 0, "place blacksmithing")
    assert main_texts(state, 0) == [f"forge {s}" for s in (1, 2, 3)]
    state, _ = play(state, 0, "forge 3", "choose expedition-3")
    state, events = play(state, 0, "loot weapons", "loot dog", "loot wood")
    dwarfs = state.ps[0]["dwarfs"]
    assert dwarfs[0]["weapon"] == 5 and dwarfs[1]["weapon"] == 3
    assert state.ps[0]["goods"]["ore"] == 0
    assert state.ps[0]["animals"]["dog"] == 1 and state.ps[0]["goods"]["wood"] == 1
    assert "caverna.event.expedition_done" in keys(events)
    assert GAME.to_act(state) == frozenset({1})


def test_seed_example_strength_1_level_3():
    state = new(3)
    give(state, 0, ore=1)
    state, _ = play(state, 0, "place blacksmithing", "forge 1", "choose expedition-3")
    loot = [t for t in main_texts(state, 0) if t.startswith("loot")]
    assert loot == ["loot weapons", "loot dog", "loot wood"]
    state, _ = play(state, 0, "loot weapons", "loot wood", "loot dog")
    assert state.ps[0]["dwarfs"][0]["weapon"] == 3
    assert state.ps[0]["animals"]["dog"] == 1 and state.ps[0]["goods"]["wood"] == 1


def test_expedition_items_must_differ_and_can_stop_early():
    state = new(3)
    give(state, 0, ore=1)
    state, _ = play(state, 0, "place blacksmithing", "forge 1", "choose expedition-3",
                    "loot wood")
    assert "loot wood" not in texts(state, 0)
    state, _ = play(state, 0, "done")
    assert state.ps[0]["dwarfs"][0]["weapon"] == 2


def test_blacksmith_tile_free_weapons_and_max_8():
    smith = 'seat.0.board."3,4".furnishing = "blacksmith"\n'
    state = at(smith)
    state, _ = play(state, 0, "place blacksmithing")
    assert main_texts(state, 0) == ["forge 1", "forge 2"]
    state2 = at(smith + "seat.0.goods.ore = 7")
    state2, _ = play(state2, 0, "place blacksmithing")
    assert main_texts(state2, 0)[-1] == "forge 8"
    state2, _ = play(state2, 0, "forge 8")
    assert state2.ps[0]["goods"]["ore"] == 1


def test_weapon_cap_14():
    state = at("seat.0.dwarfs = [14, 14]", rounds=_rounds("exploration"))
    state, _ = play(state, 0, "place exploration", "loot weapons", "loot dog", "loot wood",
                    "loot sheep")
    assert [d["weapon"] for d in state.ps[0]["dwarfs"]] == [14, 14]


def test_unarmed_without_ore_cannot_take_blacksmithing_or_adventure():
    state = new(3)
    assert "place blacksmithing" not in main_texts(state, 0)
    with pytest.raises(NotLegalNow) as err:
        GAME.play(state, 0, "place blacksmithing")
    assert err.value.msg.params["reason"].key == "caverna.error.cannot_carry_out"
    translate(err.value.msg)
    state = new(3, rounds=_rounds("adventure"))
    assert "place adventure" not in main_texts(state, 0)
    state.ps[0]["furnishings"].append("blacksmith")
    assert "place adventure" in main_texts(state, 0)
    state, _ = play(state, 0, "place adventure", "forge 2")
    assert state.ps[0]["goods"]["ore"] == 0 and state.ps[0]["dwarfs"][0]["weapon"] == 2


def test_adventure_two_level_1_expeditions():
    state = at("seat.0.dwarfs = [1, 1]", rounds=_rounds("adventure"))
    state, _ = play(state, 0, "place adventure", "choose expedition-1", "loot wood")
    assert state.ps[0]["dwarfs"][0]["weapon"] == 2
    assert "choose expedition-1b" in main_texts(state, 0)
    state, _ = play(state, 0, "choose expedition-1b")
    assert "loot grain" in texts(state, 0) and "loot wood" in texts(state, 0)
    state, _ = play(state, 0, "loot grain")
    assert state.ps[0]["dwarfs"][0]["weapon"] == 3
    assert state.ps[0]["goods"]["grain"] == 1 and state.ps[0]["goods"]["wood"] == 1


def test_exploration_requires_armed_dwarf():
    assert "place exploration" not in main_texts(new(3, rounds=_rounds("exploration")), 0)
    state = at("seat.0.dwarfs = [3, 3]", rounds=_rounds("exploration"))
    state, _ = play(state, 0, "place exploration")
    assert GAME.prompt(state, 0).params["level"] == 4

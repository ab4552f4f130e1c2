"""Harvest: field phase, feeding, begging, gold, sowing limits, red markers, solo clearing
(spec §2.3, §4.3, §9, §11)."""

from __future__ import annotations

from rules.caverna import GAME, flow
from rules.caverna.spaces import find

from .helpers import at, finish_round, give, lay, main_texts, new, play, run_until, texts, top_is


def test_newborn_feeding_with_conversion_and_begging():
    state = at("""round = 3
        phase = "harvest"
        [seat.0]
        dwarfs = [0, 0, 0]
        newborns = 1
        goods = {food = 5}
        animals = {sheep = 1}
        board = {"3,4" = {furnishing = "dwelling"}, "3,5" = {furnishing = "dwelling"}}""")
    assert top_is("feed", 0)(state)
    assert GAME.prompt(state, 0).params["cost"] == 7
    state, events = play(state, 0, "convert sheep", "feed")
    player = state.ps[0]
    assert player["goods"]["food"] == 0 and player["begging"] == 1
    assert GAME.score(state)[0].breakdown["caverna.score.begging"] == -3


def test_round_4_feeding_one_per_dwarf():
    state = at("""round = 4
        phase = "harvest"
        seat.0 = {dwarfs = [0, 0], newborns = 1, board = {"3,4" = {furnishing = "dwelling"}}}""")
    assert top_is("feed", 0)(state)
    assert GAME.prompt(state, 0).params["cost"] == 3


def test_gold_conversion():
    state = new(3)
    give(state, 0, gold=4)
    assert {"convert gold 1", "convert gold 3"} <= set(texts(state, 0))
    food = state.ps[0]["goods"]["food"]
    state, _ = play(state, 0, "convert gold 3")
    assert state.ps[0]["goods"]["food"] == food + 3 and state.ps[0]["goods"]["gold"] == 0
    state2 = new(3)
    give(state2, 0, gold=1)
    assert not any(t.startswith("convert gold") for t in texts(state2, 0))
    state3 = new(3)
    give(state3, 0, gold=4)
    state3, _ = play(state3, 0, "convert gold 1", "convert gold 1")
    assert state3.ps[0]["goods"]["food"] == food + 2


def test_red_markers_sequence():
    state = new(3, harvest=["green", "red", "green", "red", "red", "green", "green"])
    kinds = [flow.harvest_kind(state, r) for r in range(1, 13)]
    assert kinds == ["none", "none", "normal", "feed1", "normal", "normal", "none", "normal",
                     "feed1", "choice", "normal", "normal"]


def test_third_red_each_player_chooses_field_or_breed():
    state = new(3, harvest=["green", "red", "green", "red", "red", "green", "green"])
    state = run_until(state, top_is("harvest-choice"))
    assert state.round == 10
    seat = state.pending[-1]["seat"]
    assert main_texts(state, seat) == ["harvest field", "harvest breed"]
    lay(state, seat, "4,3", "field", crop="grain", crop_count=3)
    state, _ = play(state, seat, "harvest breed")
    state = run_until(state, top_is("feed"))
    assert state.ps[seat]["cells"]["4,3"]["crop_count"] == 3  # no field phase for this player


def test_sow_limit_two_grain_fields():
    state = new(3)
    for square in ("4,1", "4,2", "4,3"):
        lay(state, 0, square, "field")
    state.ps[0]["goods"].update(grain=5, vegetable=1)
    state, _ = play(state, 0, "place slash-and-burn", "choose sow", "sow grain 4,1",
                    "sow grain 4,2")
    assert not any(t.startswith("sow grain") for t in main_texts(state, 0))
    state, _ = play(state, 0, "sow vegetable 4,3")
    cells = state.ps[0]["cells"]
    assert [cells[s]["crop_count"] for s in ("4,1", "4,2", "4,3")] == [3, 3, 2]
    assert state.ps[0]["goods"]["grain"] == 3 and state.ps[0]["goods"]["vegetable"] == 0


def test_field_phase_takes_one_crop():
    state = new(3)
    lay(state, 0, "4,3", "field", crop="grain", crop_count=3)
    lay(state, 0, "4,2", "field", crop="vegetable", crop_count=1)
    state = run_until(state, top_is("feed", 0))
    cells = state.ps[0]["cells"]
    assert cells["4,3"]["crop_count"] == 2 and cells["4,2"]["crop"] is None
    assert state.ps[0]["goods"]["grain"] >= 1 and state.ps[0]["goods"]["vegetable"] >= 1


def test_solo_six_goods_rule():
    state = new(1)
    find(state, "wood-gathering")["goods"] = {"wood": 6}
    state = finish_round(state, avoid=("wood-gathering",))
    assert find(state, "wood-gathering")["goods"] == {"wood": 1}
    state = new(1)
    find(state, "wood-gathering")["goods"] = {"wood": 6}
    give(state, 0, ruby=1)
    state = run_until(state, top_is("protect"), avoid=("wood-gathering", "ruby-mining"))
    state, _ = play(state, 0, "protect wood-gathering", "done")
    assert find(state, "wood-gathering")["goods"] == {"wood": 7}
    assert state.ps[0]["goods"]["ruby"] == 0


def test_mining_cave_and_working_cave_feeding():
    state = run_until(new(3), top_is("feed", 0))
    player = state.ps[0]
    player["furnishings"].append("working-cave")
    player["goods"].update(food=2, wood=1)
    assert "feed wood" in main_texts(state, 0)
    state, _ = play(state, 0, "feed wood")
    assert state.ps[0]["goods"]["food"] == 0 and state.ps[0]["begging"] == 0


def test_feeding_is_simultaneous():
    state = run_until(new(3), top_is("feed", 0))
    assert GAME.to_act(state) == frozenset({0, 1, 2})
    give(state, 2, grain=1)
    state, _ = play(state, 2, "convert grain", "feed")
    assert GAME.to_act(state) == frozenset({0, 1})
    state, _ = play(state, 1, "feed")
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.prompt(state, 2).key == "caverna.prompt.wait"
    state, _ = play(state, 0, "feed")
    assert state.round == 4 or GAME.to_act(state) != frozenset({0})

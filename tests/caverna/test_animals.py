"""Animal housing, pastures, dogs, mines, conversions and breeding (spec §4.13, §5, §9.5)."""

from __future__ import annotations

import pytest

from rules.caverna import GAME, animals
from rules.core import NotLegalNow

from .helpers import (
    at,
    finish_round,
    give,
    lay,
    main_texts,
    new,
    play,
    run_until,
    texts,
    top_is,
)

SHEEP_FIRST = ["sheep-farming", "blacksmithing", "ore-mine-construction", "wish-for-children",
               "donkey-farming", "ruby-mine-construction", "ore-delivery", "family-life",
               "exploration", "adventure", "ore-trading", "ruby-delivery"]


def herd(**n) -> dict:
    out = {"sheep": 0, "donkey": 0, "boar": 0, "cattle": 0, "dog": 0}
    out.update(n)
    return out


def test_sheep_farming_builds_then_takes_sheep():
    state = new(3, rounds=SHEEP_FIRST)
    state = finish_round(state)
    for square in ("3,2", "2,2", "3,3"):
        lay(state, 0, square, "meadow", bonus=None)
    state.ps[0]["goods"].update(wood=6, stone=1)
    assert state.spaces[-2]["goods"] == {"sheep": 2}
    state, _ = play(state, 0, "place sheep-farming", "choose farming-build",
                    "fence large 2,2 down", "fence small 3,3", "stable 3,3")
    assert {"done", "leave"} <= set(main_texts(state, 0))
    state, _ = play(state, 0, "done")
    player = state.ps[0]
    assert player["goods"]["wood"] == 0 and player["goods"]["stone"] == 0
    caps = sorted(u[1] for u in animals.units(player) if u[0] in ("2,2", "3,3"))
    assert caps == [4, 4]
    assert state.ps[0]["animals"]["sheep"] == 2
    assert state.spaces[-1]["goods"] == {}


def test_sheep_farming_may_build_and_leave_the_sheep_on_the_space():
    """'and then/or' (spec §4.0): build only; the sheep stay and keep accumulating."""
    state = new(3, rounds=SHEEP_FIRST)
    state = finish_round(state)
    lay(state, 0, "3,3", "meadow", bonus=None)
    give(state, 0, wood=2)
    state, events = play(state, 0, "place sheep-farming", "choose farming-build",
                         "fence small 3,3")
    if "leave" not in main_texts(state, 0):
        state, events = play(state, 0, "done")  # end the building step if it asks
    state, events = play(state, 0, "leave")
    assert state.ps[0]["animals"]["sheep"] == 0
    assert next(s for s in state.spaces if s["key"] == "sheep-farming")["goods"] == {"sheep": 2}
    assert any(e.key == "caverna.event.left_animals" for e in events)


def test_sheep_farming_without_building_takes_the_sheep():
    """With nothing to build, the only part left is taking the animals (at least one part)."""
    state = new(3, rounds=SHEEP_FIRST)
    state = finish_round(state)
    state, events = play(state, 0, "place sheep-farming")
    assert state.ps[0]["animals"]["sheep"] == 2
    assert next(s for s in state.spaces if s["key"] == "sheep-farming")["goods"] == {}


def test_only_one_small_and_one_large_pasture_per_action():
    state = new(3, rounds=SHEEP_FIRST)
    for square in ("3,2", "3,3"):
        lay(state, 0, square, "meadow", bonus=None)
    give(state, 0, wood=8, stone=1)
    state, _ = play(state, 0, "place sheep-farming", "choose farming-build", "fence small 3,3")
    assert "stable 3,2" in main_texts(state, 0)
    assert "fence small 3,2" not in main_texts(state, 0)
    with pytest.raises(NotLegalNow):
        GAME.play(state, 0, "fence small 3,2")


def test_pasture_capacities():
    """Two positions: a player owns three stables (spec 1.1), the tests need four."""
    layout = """[seat.0]
        pastures = [["1,1"], ["2,1"], ["1,2", "2,2"], ["3,1", "3,2"], ["4,1", "4,2"]]
        [seat.0.board]
        "1,1" = "meadow"
        "1,2" = "meadow"
        "2,2" = "meadow"
        "3,2" = "meadow"\n"""
    single = at(layout + """"2,1" = {kind = "meadow", stable = true}
        "3,1" = {kind = "meadow", stable = true}
        "4,1" = "meadow"
        "4,2" = 'meadow'""")
    caps = {u[0]: u[1] for u in animals.units(single.ps[0])}
    assert [caps["1,1"], caps["2,1"], caps["1,2"], caps["3,1"], caps["4,1"]] == [2, 4, 4, 8, 4]
    double = at(layout + """"2,1" = "meadow"
        "3,1" = "meadow"
        "4,1" = {kind = "meadow", stable = true}
        "4,2" = {kind = "meadow", stable = true}""")
    caps = {u[0]: u[1] for u in animals.units(double.ps[0])}
    assert [caps["1,1"], caps["2,1"], caps["1,2"], caps["3,1"], caps["4,1"]] == [2, 2, 4, 4, 16]


def test_one_type_per_unit():
    state = new(3)
    lay(state, 0, "3,3", "meadow")
    from rules.caverna import board
    board.fence(state.ps[0], ["3,3"])
    player = state.ps[0]
    assert animals.fits(player, herd(sheep=2, cattle=2))
    assert not animals.fits(player, herd(sheep=1, boar=1, cattle=2))


def test_dogs_let_meadows_and_pastures_hold_sheep():
    state = new(3)
    player = state.ps[0]
    lay(state, 0, "3,3", "meadow")
    full_dwelling = {"cattle": 2}
    assert not animals.fits(player, herd(sheep=1, **full_dwelling))
    assert animals.fits(player, herd(sheep=3, dog=2, **full_dwelling))
    assert not animals.fits(player, herd(sheep=4, dog=2, **full_dwelling))
    from rules.caverna import board
    board.fence(player, ["3,3"])
    assert animals.fits(player, herd(sheep=4, dog=3, **full_dwelling))
    assert not animals.fits(player, herd(sheep=5, dog=3, **full_dwelling))
    assert animals.fits(player, herd(sheep=2, dog=1, **full_dwelling))
    assert not animals.fits(player, herd(sheep=3, dog=1, **full_dwelling))
    layout = animals.arrange(player, herd(sheep=4, dog=3, **full_dwelling))
    assert layout["3,3"] == {"sheep": 4, "dog": 3}


def test_mines_hold_one_donkey_each_and_miner_mining_cave():
    state = at("""[seat.0]
        animals = {donkey = 2, cattle = 2}
        [seat.0.board]
        "3,5" = "ore-mine"
        "2,5" = "ruby-mine"
        "2,4" = {furnishing = "mining-cave"}
        "3,4" = {furnishing = "miner"}""")
    player = state.ps[0]
    assert animals.fits(player)
    assert not animals.fits(player, herd(donkey=3, cattle=2))
    from rules.caverna.harvest import feeding_cost
    assert feeding_cost(player, 2) == 4 - 2
    ore = player["goods"]["ore"]
    state = finish_round(state)
    assert state.ps[0]["goods"]["ore"] == ore + 1


def test_donkey_conversions_and_slaughtering_cave():
    state = new(3)
    give(state, 0, donkey=3)
    assert "convert donkeys" in texts(state, 0)
    food = state.ps[0]["goods"]["food"]
    state, _ = play(state, 0, "convert donkeys", "convert donkey")
    assert state.ps[0]["goods"]["food"] == food + 4
    state = new(3)
    give(state, 0, donkey=3)
    state.ps[0]["furnishings"].append("slaughtering-cave")
    state, _ = play(state, 0, "convert donkeys", "convert donkey")
    assert state.ps[0]["goods"]["food"] == food + 7


def test_gain_beyond_room_forces_convert_or_release():
    state = new(3)
    give(state, 0, ruby=3)
    state, _ = play(state, 0, "ruby sheep", "ruby sheep")
    assert state.pending[-1]["type"] == "turn"
    state, _ = play(state, 0, "ruby sheep")
    assert state.pending[-1]["type"] == "overflow"
    assert set(main_texts(state, 0)) >= {"release sheep"}
    state, _ = play(state, 0, "convert sheep")
    assert state.ps[0]["animals"]["sheep"] == 2 and state.pending[-1]["type"] == "turn"


def test_breeding_newborn_without_room_is_lost_not_eaten():
    state = new(3)
    player = state.ps[0]
    for square in ("3,3", "2,3", "3,2", "2,2"):
        lay(state, 0, square, "meadow", bonus=None)
    from rules.caverna import board
    board.fence(player, ["3,3"])
    board.fence(player, ["2,3"])
    player["cells"]["3,2"]["stable"] = True
    lay(state, 0, "1,1", "forest", stable=True)
    give(state, 0, sheep=2, boar=3, cattle=1, food=30)
    assert animals.fits(player)
    state = run_until(state, top_is("overflow", 0), avoid=("sustenance", "clearing"))
    assert state.round == 3
    player = state.ps[0]
    assert (player["animals"]["sheep"], player["animals"]["boar"], player["animals"]["cattle"]) \
        == (3, 4, 1)
    options = main_texts(state, 0)
    assert "convert sheep" not in texts(state, 0) and "convert boar" not in texts(state, 0)
    assert "release boar" in options
    food = player["goods"]["food"]
    state, _ = play(state, 0, "release boar")
    player = state.ps[0]
    assert (player["animals"]["sheep"], player["animals"]["boar"]) == (3, 3)
    assert player["goods"]["food"] == food


def test_donkeys_counted_in_mines_when_they_could_stand_elsewhere():
    state = new(3)
    player = state.ps[0]
    lay(state, 0, "3,5", "ore-mine")
    lay(state, 0, "2,5", "ore-mine")
    lay(state, 0, "4,3", "meadow")
    from rules.caverna import board
    board.fence(player, ["4,3"])
    give(state, 0, donkey=2)
    assert animals.donkeys_in_mines(player) == 2
    assert animals.donkeys_in_mines(player, ("ore-mine",)) == 2
    give(state, 0, donkey=2, boar=2)
    assert animals.donkeys_in_mines(player) == 2  # pasture + dwelling hold the rest


def test_arrangement_prefers_mines_for_donkeys():
    state = new(3)
    lay(state, 0, "3,5", "ore-mine")
    give(state, 0, donkey=1)
    layout = animals.arrange(state.ps[0])
    assert layout == {"3,5": {"donkey": 1}}


DONKEY_FIRST = ["donkey-farming"] + [c for c in SHEEP_FIRST if c != "donkey-farming"]


@pytest.mark.parametrize("rounds,space,animal", [(SHEEP_FIRST, "sheep-farming", "sheep"),
                                                 (DONKEY_FIRST, "donkey-farming", "donkey")])
def test_farming_animal_taken_by_itself_is_housed_at_once(rounds, space, animal):
    """Issue 7 item 11, spec §5.1 and §12.2: nothing can be built, so the space finishes by
    itself and hands over the animal; with no room the owner must convert or release it
    before the turn passes."""
    state = new(3, rounds=rounds)
    give(state, 0, boar=2)  # the entry dwelling, the only room, holds the boar
    state, _ = play(state, 0, f"place {space}")
    assert state.ps[0]["animals"][animal] == 1
    assert GAME.to_act(state) == {0} and state.pending[-1]["type"] == "overflow"
    assert {f"release {animal}", f"convert {animal}"} <= set(texts(state, 0))
    state, events = play(state, 0, f"release {animal}")
    assert state.ps[0]["animals"][animal] == 0
    assert GAME.to_act(state) == {1} and state.pending[-1]["type"] == "turn"

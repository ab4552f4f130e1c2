"""Final scoring (spec §10) and furnishing-tile effects (§6, tests #47-#52)."""

from __future__ import annotations

from rules.caverna import GAME, animals, board
from rules.caverna.scoring import score_player

from .helpers import at, finish_round, give, lay, main_texts, new, play, texts


def test_scoring_sample_totals_34():
    meadows = "\n".join(f'"{square}" = "meadow"' for square in board.squares("forest")
                        if square != "4,1")
    state = at(f"""[seat.0]
        dwarfs = [0, 0, 0, 0]
        animals = {{sheep = 3, donkey = 0, boar = 2, cattle = 1, dog = 2}}
        begging = 1
        pastures = [["1,1"], ["2,1", "3,1"]]
        [seat.0.goods]
        grain = 3
        vegetable = 2
        ruby = 3
        gold = 6
        food = 0
        [seat.0.board]
        {meadows}
        "4,1" = {{kind = "field", crop = "grain", crop_count = 2}}
        "1,4" = "ore-mine"
        "1,5" = "deep-tunnel"
        "2,4" = {{furnishing = "dwelling"}}
        "2,5" = {{furnishing = "simple-dwelling-1"}}
        "2,6" = {{furnishing = "blacksmith"}}
        "3,5" = "tunnel"
        "3,6" = "tunnel"
        "4,5" = 'tunnel'""")
    line = score_player(state, 0)
    b = {k.split(".")[-1]: v for k, v in line["breakdown"].items()}
    assert b == {"animals": 8, "missing": -2, "grain": 3, "vegetable": 2, "ruby": 3,
                 "dwarfs": 4, "unused": -2, "pastures": 6, "mines": 3, "tiles": 6, "gold": 6,
                 "begging": -3, "bonus": 0}
    assert line["total"] == 34 == GAME.score(state)[0].total


def test_writing_chamber_cancels_up_to_7():
    state = new(3)
    p = state.ps[0]
    p["furnishings"].append("writing-chamber")
    base = score_player(state, 0)
    assert base["breakdown"]["caverna.score.bonus"] == 7  # -8 missing, -22 unused already
    p["begging"] = 0
    state2 = new(3)
    state2.ps[0]["furnishings"].append("writing-chamber")
    for square in board.squares("forest") + board.squares("mountain"):
        if state2.ps[0]["cells"][square]["kind"] in ("forest", "rock"):
            lay(state2, 0, square, "meadow" if square[-1] in "123" else "tunnel")
    state2.ps[0]["animals"].update(sheep=1)
    lay(state2, 0, "1,1", "forest")
    state2.ps[0]["begging"] = 1
    # negatives: 3 missing types (-6) + 1 unused (-1) + 1 begging (-3) = -10 -> +7 (net -3)
    b = score_player(state2, 0)["breakdown"]
    assert b["caverna.score.bonus"] == 7
    assert b["caverna.score.missing"] + b["caverna.score.unused"] + b["caverna.score.begging"] \
        + b["caverna.score.bonus"] == -3


def test_broom_chamber():
    rooms = """[seat.0.board]
        "3,4" = {furnishing = "broom-chamber"}
        "1,4" = {furnishing = "dwelling"}
        "1,5" = {furnishing = "dwelling"}
        "1,6" = {furnishing = "dwelling"}
        "2,4" = {furnishing = "additional-dwelling"}\n"""
    six = at(rooms + "[seat.0]\ndwarfs = [0, 0, 0, 0, 0, 0]")
    assert score_player(six, 0)["breakdown"]["caverna.score.bonus"] == 10
    four = at(rooms + "[seat.0]\ndwarfs = [0, 0, 0, 0]")
    assert score_player(four, 0)["breakdown"]["caverna.score.bonus"] == 0


def test_state_parlor_food_and_bonus():
    state = at("""[seat.0]
        goods = {gold = 5, stone = 3, food = 0}
        board = {"4,5" = "cavern", "3,5" = {furnishing = "dwelling"}}""")
    state, _ = play(state, 0, "place housework", "choose furnish", "furnish state-parlor 4,5")
    assert state.ps[0]["goods"]["food"] == 4
    assert score_player(state, 0)["breakdown"]["caverna.score.bonus"] == 8


def test_spare_part_storage_overbuilds_trader():
    state = at('seat.0 = {goods = {wood = 2}, board = {"3,4" = {furnishing = "trader"}}}')
    state, _ = play(state, 0, "place housework", "choose furnish")
    assert "furnish spare-part-storage 3,4" in main_texts(state, 0)
    state, _ = play(state, 0, "furnish spare-part-storage 3,4")
    p = state.ps[0]
    assert "trader" not in p["furnishings"] and p["cells"]["3,4"]["furnishing"] == \
        "spare-part-storage"
    assert score_player(state, 0)["breakdown"]["caverna.score.tiles"] == 0


def test_work_room_lets_tunnels_be_furnished_blocking_the_ore_mine():
    state = at("""[seat.0]
        goods = {wood = 4, stone = 3}
        board = {"3,4" = {furnishing = "work-room"}, "2,4" = "tunnel", "2,5" = "tunnel"}""")
    state, _ = play(state, 0, "place housework", "choose furnish", "furnish dwelling 2,4")
    assert state.ps[0]["cells"]["2,4"]["furnishing"] == "dwelling"
    assert not board.has_twin(state.ps[0], "ore-mine")


def test_suppliers_and_immediate_goods():
    state = at('seat.0 = {goods = {stone = 1, wood = 1}, board = {"2,4" = "cavern"}}')
    state, _ = play(state, 0, "place housework", "choose furnish", "furnish wood-supplier 3,4")
    assert state.ps[0]["future"] == {str(r): {"wood": 1} for r in range(2, 9)}
    state, _ = play(state, 0, "done")
    wood = state.ps[0]["goods"]["wood"]
    state = finish_round(state)
    assert state.ps[0]["goods"]["wood"] >= wood + 1
    assert "2" not in state.ps[0]["future"]


def test_stone_carver_gives_stone_and_cuts_costs():
    state = new(3)
    give(state, 0, wood=1)
    state, _ = play(state, 0, "place housework", "choose furnish", "furnish stone-carver 3,4")
    assert state.ps[0]["goods"]["stone"] == 2
    from rules.caverna.furnish import cost
    assert cost(state.ps[0], "dwelling") == {"wood": 4, "stone": 2}


def test_rooms_hold_animals():
    state = at("""[seat.0.board]
        "2,4" = {furnishing = "cuddle-room"}
        "2,5" = {furnishing = "breakfast-room"}""")
    p = state.ps[0]
    herd = {"sheep": 2, "donkey": 0, "boar": 0, "cattle": 5, "dog": 0}
    assert animals.fits(p, herd)
    assert not animals.fits(p, {**herd, "sheep": 3})
    assert not animals.fits(p, {**herd, "cattle": 6})


def test_weaving_parlor_food_per_sheep():
    state = at("""[seat.0]
        animals = {sheep = 3}
        goods = {wood = 2, stone = 1}
        board = {"4,3" = {kind = "meadow", stable = true}}""")
    food = state.ps[0]["goods"]["food"]
    state, _ = play(state, 0, "place housework", "choose furnish", "furnish weaving-parlor 3,4")
    assert state.ps[0]["goods"]["food"] == food + 3
    assert score_player(state, 0)["breakdown"]["caverna.score.bonus"] == 1


def test_tile_conversions():
    state = at("""[seat.0]
        goods = {grain = 3, vegetable = 1, gold = 2, ruby = 1, ore = 1, food = 0}
        animals = {boar = 2}
        dwarfs = [0, 4]
        [seat.0.board]
        "1,4" = {furnishing = "cooking-cave"}
        "1,5" = {furnishing = "trader"}
        "1,6" = {furnishing = "hunting-parlor"}
        "2,4" = {furnishing = "beer-parlor"}
        "2,5" = {furnishing = "blacksmithing-parlor"}
        "2,6" = {furnishing = "peaceful-cave"}""")
    from rules.core import Action
    for text in ("convert cooking", "convert trader", "convert hunting", "convert beer-gold",
                 "convert beer-food", "convert blacksmithing-parlor", "convert peaceful 2"):
        assert GAME.is_legal(state, 0, Action(text)), text  # typeable even when the menu is full
    state, _ = play(state, 0, "convert cooking", "convert beer-food", "convert peaceful 2",
                    "convert hunting", "convert blacksmithing-parlor", "convert trader")
    g = state.ps[0]["goods"]
    assert g["food"] == 5 + 4 + 4 + 2 + 1
    assert (g["grain"], g["vegetable"], g["ruby"]) == (0, 0, 0)
    assert (g["gold"], g["wood"], g["stone"], g["ore"]) == (2 + 2 + 2 - 2, 1, 1, 1)
    assert state.ps[0]["dwarfs"][1]["weapon"] == 0 and state.ps[0]["animals"]["boar"] == 0


def test_builder_pays_ore_for_missing_wood_and_stone():
    state = new(3)
    p = state.ps[0]
    p["furnishings"].append("builder")
    lay(state, 0, "2,4", "cavern")
    p["goods"].update(wood=3, stone=2, ore=2)
    state, _ = play(state, 0, "place housework", "choose furnish", "furnish dwelling 2,4")
    g = state.ps[0]["goods"]
    assert (g["wood"], g["stone"], g["ore"]) == (0, 0, 0)


def test_dog_school_and_seam():
    state = new(3)
    state.ps[0]["furnishings"] += ["dog-school", "seam"]
    state, _ = play(state, 0, "place excavation", "done")
    assert state.ps[0]["goods"]["ore"] == 1  # 1 stone -> 1 ore (Seam)
    state = new(3)
    state.ps[0]["furnishings"] += ["dog-school"]
    state.tiles_left.remove("dog-school")
    state, _ = play(state, 0, "place housework")
    assert state.ps[0]["animals"]["dog"] == 1 and state.ps[0]["goods"]["wood"] == 1


def test_guest_room_wish_dwelling_then_growth():
    from .helpers import STAGE_ORDER
    rounds = ["wish-for-children"] + [c for c in STAGE_ORDER if c != "wish-for-children"]
    state = new(3, rounds=rounds)
    state.ps[0]["furnishings"].append("guest-room")
    lay(state, 0, "2,4", "cavern")
    give(state, 0, wood=4, stone=3)
    state, _ = play(state, 0, "place wish-for-children",
                    "furnish dwelling 2,4", "choose growth")
    assert len(state.ps[0]["dwarfs"]) == 3


def test_builder_typed_ore_swap():
    state = new(3)
    p = state.ps[0]
    p["furnishings"].append("builder")
    lay(state, 0, "2,4", "cavern")
    p["goods"].update(wood=4, stone=3, ore=2)
    state, _ = play(state, 0, "place housework", "choose furnish",
                    "furnish dwelling 2,4 ore-both")
    g = state.ps[0]["goods"]
    assert (g["wood"], g["stone"], g["ore"]) == (1, 1, 0)


def test_builder_ore_swaps_are_offered_in_the_menu():
    """Spec §12.2 furnish: the Builder's optional ore swaps are listed, not only typed."""
    state = new(3)
    p = state.ps[0]
    p["furnishings"].append("builder")
    lay(state, 0, "2,4", "cavern")
    p["goods"].update(wood=4, stone=3, ore=2)
    state, _ = play(state, 0, "place housework", "choose furnish")
    listed = texts(state, 0)
    assert {"furnish dwelling 2,4", "furnish dwelling 2,4 ore-wood",
            "furnish dwelling 2,4 ore-stone", "furnish dwelling 2,4 ore-both"} <= set(listed)
    p = state.ps[0]
    p["goods"]["ore"] = 1
    assert "furnish dwelling 2,4 ore-both" not in texts(state, 0)
    assert "furnish dwelling 2,4 ore-wood" in texts(state, 0)

"""Spec 7.7 and R26: Jewelcrafter & Crystal Mines (module ``crystals``)."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow
from rules.vindication.data import MODULE_NAMES, game

from .helpers import A, B, G, described, play

MODULES = ["crystals"]


def _texts(state, seat=A):
    return {a.text for a in G.legal_actions(state, seat)}


def _mines(extra: str = ""):
    return described("""hex.H07 = "crystal_mine"
        hex.H08 = "jewelcrafter"
        seat.0.triangle = "T26"
        """ + extra, modules=MODULES)


def test_the_module_puts_all_three_tiles_in_the_bag():
    state = G.new_game(4, 3, {"modules": ["crystals"]})
    tiles = state.bag + [t for t, _ in state.hexes.values() if t]
    assert tiles.count("crystal_mine") == 2 and tiles.count("jewelcrafter") == 1
    assert len(tiles) == 19 and "crystals" in MODULE_NAMES


def test_a_crystal_mine_gives_one_crystal():
    state, _ = play(_mines(), A, "visit H07")
    assert state.players[A].crystals == 1


def test_controlled_mines_add_one_each_and_control_before_counts():
    state = _mines('hex.H00 = {tile = "crystal_mine", owner = 0}\nseat.0.conviction = 1')
    state, _ = play(state, A, "visit H07 before")
    assert state.hexes["H07"][1] == A
    assert state.players[A].crystals == 1 + 2


def test_control_after_the_effect_does_not_count():
    state = _mines("seat.0.conviction = 1")
    state, _ = play(state, A, "visit H07", "control H07")
    assert state.players[A].crystals == 1 and state.hexes["H07"][1] == A


def test_spending_a_crystal_returns_two_cubes_from_one_companion():
    state = _mines("""seat.0.crystals = 2
        seat.0.influence = 3
        seat.0.companions = [{card = "R03", cubes = 3}, {card = "B03", cubes = 1}]""")
    assert {"crystal R03", "crystal B03"} <= _texts(state)
    state, _ = play(state, A, "crystal R03")
    player = state.players[A]
    assert player.crystals == 1 and player.influence == 5
    assert player.companions == [["R03", 1], ["B03", 1]]


def test_a_crystal_needs_a_companion_with_cubes():
    state = _mines("""seat.0.crystals = 1
        seat.0.companions = [{card = "R03", cubes = 0}]""")
    assert not any(t.startswith("crystal") for t in _texts(state))
    with pytest.raises(NotLegalNow):
        G.play(state, A, "crystal R03")
    empty = _mines('seat.0.companions = [{card = "R03", cubes = 2}]')
    with pytest.raises(NotLegalNow):
        G.play(empty, A, "crystal R03")


def test_jewelcrafter_trades_three_crystals_for_two_honor():
    state = _mines("seat.0.crystals = 4")
    state, _ = play(state, A, "visit H08")
    assert _texts(state) == {"jewel honor"}
    state, _ = play(state, A, "jewel honor")
    assert state.players[A].crystals == 1 and state.players[A].honor == 17


def test_jewelcrafter_infuses_a_crystal_with_three_of_one_attribute():
    state = _mines("""seat.0.crystals = 1
        seat.0.attrs = {strength = 3, vision = 2}""")
    state, _ = play(state, A, "visit H08")
    assert _texts(state) == {"jewel strength"}
    influence = state.players[A].influence
    state, _ = play(state, A, "jewel strength")
    player = state.players[A]
    assert player.infused == ["strength"] and player.crystals == 0
    assert player.attrs["strength"] == 0 and player.influence == influence + 3


def test_one_exchange_per_visit():
    """R26: with crystals for two exchanges, the visit still makes one; the turn goes on."""
    state = _mines("""seat.0.crystals = 7
        seat.0.attrs = {knowledge = 3}""")
    state, _ = play(state, A, "visit H08", "jewel honor")
    assert not any(t.startswith("jewel") for t in _texts(state))
    assert state.players[A].crystals == 4
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H08")


def test_jewelcrafter_needs_a_possible_exchange():
    state = _mines("""seat.0.crystals = 2
        seat.0.attrs = {strength = 2}""")
    assert "visit H08" not in _texts(state)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H08")


def test_an_infused_crystal_pays_one_attribute_once_per_turn():
    """A Command Post step costs 3 Strength: 2 cubes + the infused crystal pay it, the crystal
    stays; the same turn a Proficiency tile (3 Strength) needs 3 cubes again."""
    state = described("""hex.H07 = "command_post"
        seat.0 = {triangle = "T26", attrs = {strength = 4}, infused = ["strength"]}""",
                      modules=MODULES)
    state, _ = play(state, A, "visit H07 steps 1")
    player = state.players[A]
    assert player.speed == 3 and player.attrs["strength"] == 2
    assert player.infused == ["strength"] and player.infused_used == ["strength"]
    with pytest.raises(NotLegalNow):
        G.play(state, A, "proficiency strength")


def test_an_infused_crystal_pays_again_on_the_next_turn():
    state = described("""seat.0.triangle = "T26"
        seat.0.attrs = {inspiration = 2, strength = 0}
        seat.0.infused = ["strength"]""", modules=MODULES)
    state, _ = play(state, A, "convert courage")
    assert state.players[A].attrs["courage"] == 1
    assert "convert courage" not in _texts(state)
    state, _ = play(state, A, "move T14", "end")
    state, _ = play(state, B, G.legal_actions(state, B)[0].text, "end")
    assert state.players[A].infused_used == []
    state, _ = play(state, A, "convert courage")
    assert state.players[A].attrs["courage"] == 2 and state.players[A].infused == ["strength"]


def test_an_infused_crystal_pays_part_of_a_conversion():
    state = described("""seat.0.triangle = "T26"
        seat.0.attrs = {inspiration = 1}
        seat.0.infused = ["strength"]""", modules=MODULES)
    assert "convert courage" in _texts(state)
    state, _ = play(state, A, "convert courage")
    player = state.players[A]
    assert player.attrs["courage"] == 1 and player.attrs["inspiration"] == 0
    assert "convert courage" not in _texts(state)


def test_crystals_are_on_the_public_view():
    state = _mines("""seat.0.crystals = 2
        seat.0.infused = ["wisdom"]""")
    player = G.view(state, None).data["players"][A]
    assert player["crystals"] == 2 and player["infused"] == ["wisdom"]


def test_crystal_numbers_come_from_data():
    from rules.vindication.data import modules, regions
    assert regions()["crystal_mine"]["visit"]["base"] == 1
    assert modules()["crystals"]["companion_cubes"] == 2
    assert "crystal_mine" not in game()["base_tile_mix"]


def test_crystals_are_drawn_in_the_players_panel_in_both_languages():
    from PIL import Image, ImageDraw

    from rendering.common import drawing_in
    from rendering.vindication import panels
    state = _mines("""seat.0.crystals = 3
        seat.0.infused = ["strength"]""")
    player = G.view(state, None).data["players"][A]
    drawn = []

    class Spy(ImageDraw.ImageDraw):
        def text(self, xy, text, *args, **kwargs):
            drawn.append(text)
            return super().text(xy, text, *args, **kwargs)

    for locale, words in (("en", ("Crystals: 3", "Infused: Str")), ("ja", ("水晶: 3",))):
        drawn.clear()
        with drawing_in(locale):
            panels.player_panel(Spy(Image.new("RGB", (700, 400))), {"current": -1}, player,
                                0, 0, 680)
        assert any(all(w in t for w in words) for t in drawn), drawn
    off = G.view(described(""), None).data["players"][A]
    assert "crystals" not in off

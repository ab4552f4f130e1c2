"""Spec 7.9 and R27: Building Sites (module ``sites``), and building a Crystal Mine."""

from __future__ import annotations

import pytest

from rules.core import CannotParse, NotLegalNow
from rules.core.options import parse_options
from rules.vindication.data import modules

from .helpers import A, B, G, described, play

MODULES = ["sites", "crystals"]


def _texts(state, seat=A):
    return {a.text for a in G.legal_actions(state, seat)}


def _site(extra: str = "", build=("crystal_mine",)):
    state = described(f"""build = {list(build) or ["jewelcrafter"]}
        hex.H07 = "building_site"
        seat.0.triangle = "T26"
        """ + extra, modules=MODULES)
    assert state.aside == sorted(build or ["jewelcrafter"])
    if not build:
        state.aside = []  # every buildable tile already built
    return state


def test_set_up_sets_buildable_tiles_aside_and_puts_sites_in_the_bag():
    state = G.new_game(2, 3, parse_options(G.options, "modules=sites,crystals "
                                                      "build=crystal_mine,jewelcrafter"))
    tiles = state.bag + [t for t, _ in state.hexes.values() if t]
    assert state.aside == ["crystal_mine", "jewelcrafter"]
    assert tiles.count("building_site") == 2 and tiles.count("crystal_mine") == 1
    assert "jewelcrafter" not in tiles and len(tiles) == 19
    assert G.view(state, None).data["aside"] == ["crystal_mine", "jewelcrafter"]


def test_default_buildable_tile_comes_from_data():
    state = G.new_game(2, 2, {"modules": ["sites", "crystals"]})
    assert state.aside == [modules()["sites"]["default_buildable"][0]]


@pytest.mark.parametrize("text, key", [
    ("modules=sites", "vindication.error.sites_nothing"),
    ("modules=crystals build=crystal_mine", "vindication.error.build_without_sites"),
    ("modules=sites,temple build=crystal_mine", "vindication.error.build_unknown"),
    ("modules=sites,temple build=temple_ruins,temple_ruins", "vindication.error.build_too_many"),
])
def test_bad_buildable_choices_are_refused(text, key):
    with pytest.raises(CannotParse) as caught:
        G.new_game(1, 2, parse_options(G.options, text))
    assert caught.value.msg.key == key


def test_building_a_crystal_mine_without_control():
    """R27: the Conviction goes to Influence; the new Mine's visit is resolved in the same
    visit (1 crystal, no mine controlled)."""
    state = _site("seat.0.conviction = 1")
    influence = state.players[A].influence
    state, _ = play(state, A, "visit H07")
    assert _texts(state) == {"build crystal_mine", "build crystal_mine control", "build none"}
    state, _ = play(state, A, "build crystal_mine")
    assert state.hexes["H07"] == ["crystal_mine", None] and state.aside == []
    assert state.players[A].conviction == 0 and state.players[A].influence == influence + 1
    state, _ = play(state, A, "enter")
    assert state.players[A].crystals == 1
    assert not any(t.startswith("control") for t in _texts(state))


def test_building_a_crystal_mine_with_control_counts_it():
    """R27: the paid cube is the control marker (+2 honor); the Mine then counts itself."""
    state = _site("seat.0.conviction = 1")
    state, _ = play(state, A, "visit H07", "build crystal_mine control", "enter")
    player = state.players[A]
    assert state.hexes["H07"] == ["crystal_mine", A]
    assert player.conviction == 0 and player.honor == 17 and player.crystals == 2


def test_building_needs_a_conviction_and_a_tile():
    with pytest.raises(NotLegalNow):
        G.play(_site("seat.0.conviction = 0"), A, "visit H07")
    with pytest.raises(NotLegalNow):
        G.play(_site("seat.0.conviction = 1", build=()), A, "visit H07")


def test_a_site_left_unbuilt_stays_for_the_next_visitor():
    state = _site("seat.0.conviction = 1")
    state, _ = play(state, A, "visit H07", "build none")
    assert state.hexes["H07"][0] == "building_site" and state.aside == ["crystal_mine"]
    assert state.players[A].conviction == 1


def test_the_new_visit_is_offered_only_when_possible_and_may_be_skipped():
    state = _site("""seat.0.conviction = 1
        seat.0.attrs = {strength = 3}""", build=("jewelcrafter",))
    state, _ = play(state, A, "visit H07", "build jewelcrafter")
    assert "enter" not in _texts(state)  # no crystal: no Jewelcrafter exchange possible
    assert state.hexes["H07"][0] == "jewelcrafter"
    built = _site("seat.0.conviction = 1", build=("crystal_mine",))
    built, _ = play(built, A, "visit H07", "build crystal_mine", "skip")
    assert built.players[A].crystals == 0 and built.hexes["H07"][0] == "crystal_mine"


def test_a_built_region_is_an_ordinary_region_afterwards():
    """The next visitor pays the builder's toll and uses the built region's own visit."""
    state = _site("seat.0.conviction = 1")
    state, _ = play(state, A, "visit H07", "build crystal_mine control", "enter", "move T14",
                    "end")
    state.players[B].triangle = "T44"
    honor_a = state.players[A].honor
    state, _ = play(state, B, "visit H07")
    assert state.players[A].honor == honor_a + 2 and state.players[B].crystals == 1

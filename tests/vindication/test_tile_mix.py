"""Spec 7.2: the host's chosen tile mix (`remove=`), checked against constraints 1-4 and the
bag total, with a refusal naming the broken constraint; `modules=all`."""

from __future__ import annotations

import pytest

from rules.core import CannotParse
from rules.core.options import parse_options
from rules.core.text import translate
from rules.vindication import VINDICATION as G
from rules.vindication.data import MODULE_NAMES, centre_tiles, game, modules, swap_problems


def _start(text: str, players: int = 2):
    return G.new_game(5, players, parse_options(G.options, text))


def _refusal(text: str) -> str:
    with pytest.raises(CannotParse) as caught:
        _start(text)
    assert G.check_options(parse_options(G.options, text), 2) == caught.value.msg
    return caught.value.msg.key


def _tiles(state) -> dict[str, int]:
    tiles = state.bag + [t for t, _ in state.hexes.values() if t and t != "ronak"]  # 7.11
    return {t: tiles.count(t) for t in set(tiles)}


def test_a_valid_named_mix_is_used():
    state = _start("modules=stones,temple remove=command_post,shrine,monastery")
    mix = _tiles(state)
    assert sum(mix.values()) == 19
    assert mix["academy"] == 1 and mix["inn"] == 3
    assert mix["command_post"] == mix["shrine"] == mix["monastery"] == 1
    assert mix["sacred_stones"] == 2 and mix["temple_ruins"] == 1


def test_recommended_removals_without_the_option():
    mix = _tiles(_start("modules=stones"))
    assert "academy" not in mix and mix["inn"] == 2 and sum(mix.values()) == 19


@pytest.mark.parametrize("text, key", [
    ("modules=well remove=academy,inn", "vindication.error.mix_total"),
    ("remove=academy", "vindication.error.mix_total"),
    ("modules=well remove=arcane_tower", "vindication.error.mix_keep"),
    ("modules=well remove=fort", "vindication.error.mix_equal"),
    ("modules=stones remove=shrine,command_post", "vindication.error.mix_equal"),
    ("modules=stones remove=holy_spire,fort,library", "vindication.error.mix_total"),
    ("modules=well remove=tavern", "vindication.error.remove_unknown"),
    ("modules=stones remove=academy,academy", "vindication.error.remove_too_many"),
    ("modules=well remove=well_of_wishes", "vindication.error.remove_unknown"),
])
def test_a_broken_constraint_is_refused_by_name(text, key):
    assert _refusal(text) == key


def test_inn_minimum_names_two_inns():
    """Constraint 4 with two added tiles and both spare Inns named: inn 3 - 2 = 1 < 2."""
    with pytest.raises(CannotParse) as caught:
        _start("modules=well,temple remove=inn,inn")
    msg = caught.value.msg
    assert msg.key == "vindication.error.mix_min" and msg.params["n"] == 2
    assert "Inn" in translate(msg, "en", []) and translate(msg, "ja", [])


def test_refusals_read_in_both_languages():
    with pytest.raises(CannotParse) as caught:
        _start("modules=well remove=fort")
    en = translate(caught.value.msg, "en", [])
    assert "Holy Spire" in en and "Fort" in en and "Library" in en
    assert "砦" in translate(caught.value.msg, "ja", [])


def test_modules_all_means_every_module_there_is():
    state = _start("modules=all")
    assert state.options["modules"] == list(MODULE_NAMES) == list(modules()["modules"])
    added = sum(n for m in MODULE_NAMES for n in modules()["modules"][m]["regions"].values())
    mix = _tiles(state)
    centre = centre_tiles(MODULE_NAMES)  # Myths & Marvels fills the centre hex (7.11)
    assert sum(mix.values()) == 19 - centre
    assert mix.get("building_site", 0) == len(state.aside) >= ("sites" in MODULE_NAMES)
    for name in MODULE_NAMES:
        for region, n in modules()["modules"][name]["regions"].items():
            assert mix.get(region, 0) + state.aside.count(region) == n
    assert 19 - added - centre == sum(n for r, n in mix.items()
                                      if r in game()["base_tile_mix"])


def test_every_recommended_row_keeps_the_constraints():
    """The recommended removals exist for every count up to the most 7.2 allows."""
    for count, removed in modules()["tile_swaps"].items():
        mix = dict(game()["base_tile_mix"])
        for region in removed:
            mix[region] -= 1
        mix["extra"] = int(count)
        assert swap_problems(mix) == [], count

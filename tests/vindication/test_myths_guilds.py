"""Myths & Marvels (7.11) with Guilds & Monuments (7.10): Destiny's double roll holds for the
battle's dice too ("whenever you roll a die for any reason")."""

from __future__ import annotations

from .helpers import A, keys, offered, own, play, script
from .test_myths import _battle

BOTH = ("myths", "guilds")


def test_destiny_rolls_the_battle_die_twice_and_keeps_either():
    state = _battle('[seat.0]\ncompanions = ["R01"]\n', modules=BOTH)
    state = own(state, A, "O01")
    state.players[A].guild = ["destiny", "O01", state.turns_played]
    script(state, attribute_die=["vision", "wisdom"], monster_die=["blank"])
    state, events = play(state, A, "end")
    assert offered(state, A) == {"face vision", "face wisdom"}
    assert keys(events).count("rolled") == 2  # both of Destiny's rolls are told
    vision = state.players[A].attrs["vision"]
    state, _ = play(state, A, "face vision")
    assert state.players[A].attrs["vision"] == vision + 1  # gain 1 of the kept white result


def test_without_destiny_the_battle_die_is_rolled_once():
    state = _battle('[seat.0]\ncompanions = ["R01"]\n', modules=BOTH)
    state = own(state, A, "O01")
    script(state, attribute_die=["vision", "wisdom"], monster_die=["blank"])
    vision = state.players[A].attrs["vision"]
    state, events = play(state, A, "end")
    assert state.players[A].attrs["vision"] == vision + 1
    assert not any(o.startswith("face") for o in offered(state, A))

"""Spec 10, tests 32-45: control, rest, conversion, proficiency, recovery, vindication."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow
from rules.vindication.bonus import vindicate_problem
from rules.vindication.data import ATTRIBUTES
from rules.vindication.power import apply_step

from .helpers import A, B, C, G, at, described, give, keys, offered, own, play, table, tile


def _library(owner=None, players=2, **values):
    """A stands on T26 beside a Library on H07 (controlled by ``owner``); ``values``: A's
    power-board numbers and attributes."""
    attrs = {k: v for k, v in values.items() if k in ATTRIBUTES}
    seat = {"triangle": "T26", "attrs": attrs,
            **{k: v for k, v in values.items() if k not in ATTRIBUTES}}
    library = {"tile": "library"} if owner is None else {"tile": "library", "owner": owner}
    return described({"hex": {"H07": library}, "seat": {"0": seat}}, players)


def test_take_a_free_region():
    state, events = play(_library(conviction=2, influence=8), A, "visit H07 before")
    p = state.players[A]
    assert (p.conviction, state.hexes["H07"][1], p.honor) == (1, A, 17)
    assert (p.attrs["knowledge"], p.influence) == (3, 6)
    assert keys(events).index("control") < keys(events).index("gain")


def test_seize_with_toll():
    state = _library(owner=B, conviction=2, influence=5, honor=20)
    b_influence, b_honor = state.players[B].influence, state.players[B].honor
    state, _ = play(state, A, "visit H07 before")
    a, b = state.players
    assert b.honor == b_honor + 2 and b.influence == b_influence + 1
    assert (a.honor, a.conviction, a.influence, state.hexes["H07"][1]) == (22, 0, 4, A)
    assert a.attrs["knowledge"] == 3


def test_no_toll_on_own_region():
    state = _library(owner=A)
    state, events = play(state, A, "visit H07")
    assert "honor" not in keys(events)


def test_control_restrictions():
    state = tile(_library(conviction=2), "H08", "fort")
    visited, _ = play(state, A, "visit H08")
    with pytest.raises(NotLegalNow):
        G.play(visited, A, "control H07")
    rested, _ = play(state, A, "rest", "raise potential")
    with pytest.raises(NotLegalNow):
        G.play(rested, A, "control H07")
    mine = tile(_library(conviction=2), "H08", "fort", A)
    with pytest.raises(NotLegalNow):
        G.play(mine, A, "visit H08 before")
    theirs = _library(owner=B, conviction=1)
    with pytest.raises(NotLegalNow):
        G.play(theirs, A, "visit H07 before")


def test_seize_discount():
    state = own(tile(at(table(), A, "T26"), "H07", "fort", B), A, "B09")
    state = give(state, A, conviction=1)
    b_influence = state.players[B].influence
    state, _ = play(state, A, "visit H07 after")
    assert (state.players[A].conviction, state.hexes["H07"][1]) == (0, A)
    assert state.players[B].influence == b_influence + 1
    assert state.players[A].honor == 17


def test_toll_modifiers_and_passives_across_turns():
    state = tile(table(3), "H18", "inn", A)
    own(own(state, A, "Y07"), A, "G07")
    at(state, A, "T44")
    state = give(state, A)
    state, _ = play(state, A, "move T43", "end")
    at(state, B, "T24")
    state = give(state, B, strength=2)
    state, _ = play(state, B, "visit H18 red blind")
    assert state.players[A].honor == 15 + 4
    state, _ = play(state, B, "move T23", "end")
    at(state, C, "T36")
    state = give(state, C, strength=2)
    state, _ = play(state, C, "visit H18 red blind")
    assert state.players[A].honor == 15 + 8


def test_recover_the_control_cube():
    state = tile(at(table(), A, "T26"), "H07", "fort", A)
    influence = state.players[A].influence
    state, _ = play(state, A, "recover region H07")
    assert state.players[A].influence == influence + 1 and state.hexes["H07"][1] is None
    assert state.players[A].honor == 15
    state, _ = play(state, A, "move T44", "end")
    at(state, B, "T14")
    state = give(state, B, conviction=1)
    state, _ = play(state, B, "visit H07 before")
    assert state.hexes["H07"][1] == B and state.players[B].conviction == 0


def test_rest():
    state = give(table(), A, potential=7, influence=8, conviction=2, strength=2)
    after, _ = play(state, A, "rest", "raise potential")
    assert (after.players[A].potential, after.players[A].influence) == (6, 9)
    with pytest.raises(NotLegalNow):
        G.play(after, A, "rest")
    visited = tile(at(state, A, "T26"), "H07", "fort")
    visited, _ = play(visited, A, "visit H07")
    with pytest.raises(NotLegalNow):
        G.play(visited, A, "rest")


def test_conversion():
    state = give(table(), A, inspiration=1, strength=1, knowledge=0, influence=3)
    after, _ = play(state, A, "convert courage")
    p = after.players[A]
    assert (p.attrs["inspiration"], p.attrs["strength"], p.attrs["courage"], p.influence) == \
        (0, 0, 1, 4)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "convert vision")
    assert G.parse_move("split courage") is None


def test_proficiency():
    state = give(table(3), A, wisdom=3, influence=3)
    state, _ = play(state, A, "proficiency wisdom")
    p = state.players[A]
    assert (p.attrs["wisdom"], p.influence, p.proficiency["wisdom"], state.prof_supply["wisdom"]) \
        == (0, 6, 1, 1)
    give(state, A, inspiration=3)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "proficiency inspiration")
    state, _ = play(state, A, "move T14", "end")
    for seat in (B, C):
        options = sorted(t for t in offered(state, seat) if t.startswith("move"))
        state, _ = play(state, seat, options[0], "end")
    state = give(state, A, influence=4)
    state, _ = play(state, A, "discard wisdom")
    p = state.players[A]
    assert (p.attrs["wisdom"], p.influence, p.proficiency["wisdom"]) == (2, 2, 0)
    assert state.prof_supply["wisdom"] == 1 and state.prof_removed["wisdom"] == 1


def test_proficiency_supply_empty():
    state = described('seat.0.attrs.courage = 3\nseat.1.proficiency = ["courage"]')
    with pytest.raises(NotLegalNow):
        G.play(state, A, "proficiency courage")


def test_recover_from_a_companion():
    state = described("""[seat.0]
        honor = 30
        influence = 2
        companions = [{card = "R03", cubes = 3}]
        tokens = [30]""")
    after, _ = play(state, A, "recover companion R03")
    p = after.players[A]
    assert (p.influence, p.companions, p.honor, p.tokens) == (5, [], 28, [30])
    assert "R03" in after.removed
    assert G.parse_move("recover companion r03 1") is None
    empty = own(table(), A, "R04", 0)
    with pytest.raises(NotLegalNow):
        G.play(empty, A, "recover companion R04")


def test_honor_floor():
    state = own(give(table(), A, honor=1), A, "R03", 1)
    state, _ = play(state, A, "recover companion R03")
    assert state.players[A].honor == 0


def test_vindicate():
    state = give(table(), A, potential=0, honor=25, strength=9)
    up = len(state.triggers_up)
    after, events = play(state, A, "vindicate")
    p = after.players[A]
    assert p.vindicated and p.honor == 30 and p.tokens == [30]
    assert len(after.triggers_up) == up + 1 and "trigger_revealed" in keys(events)
    with pytest.raises(NotLegalNow):
        G.play(after, A, "vindicate")
    with pytest.raises(NotLegalNow):
        G.play(give(state.clone(), A, potential=1, strength=8), A, "vindicate")
    apply_step(after, A, "down", "influence", [])
    assert after.players[A].potential == 1 and after.players[A].vindicated
    assert vindicate_problem(after, A) is not None

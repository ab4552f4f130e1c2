"""Spec 10, tests 60-63 and 69: Well of Wishes, Sacred Stones, Temple Ruins."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow

from .helpers import A, G, at, described, give, play, script, table, tile

MODULES = ["well", "temple", "stones"]


def test_well_of_wishes():
    state = table(modules=MODULES)
    tile(state, "H07", "inn")
    tile(state, "H08", "inn")
    script(state, bag=["well_of_wishes"], wish=["W12", "W01", "W05", "W12"])
    state, _ = play(state, A, "move T14")
    assert state.hexes["H01"][0] == "well_of_wishes"
    assert state.wishes["H01"] == ["W12", "W01", "W05"]
    honor = state.players[A].honor
    state, _ = play(state, A, "visit H01", "wish W12")
    assert state.players[A].honor == honor + 2
    assert sorted(state.wishes["H01"]) == ["W01", "W05", "W12"]
    assert len(state.wish_pool) == 12


def _stones(owner=None):
    state = table(modules=MODULES)
    tile(state, "H02", "sacred_stones")
    tile(state, "H10", "sacred_stones", owner)
    return at(state, A, "T08")


def test_sacred_stones_without_control():
    state, _ = play(_stones(), A, "visit H02", "teleport T39")
    assert state.players[A].triangle == "T39" and state.turn["moved"]
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T28")
    moved = tile(_stones(), "H08", "fort")
    moved, _ = play(moved, A, "move T15")
    with pytest.raises(NotLegalNow):
        G.play(moved, A, "visit H02")


def test_sacred_stones_with_one_stone_controlled():
    state, _ = play(_stones(owner=A), A, "visit H02", "teleport T16")
    assert not state.turn["moved"]
    play(state, A, "move T15 T27")


def test_turn_start_triangle_is_forbidden_after_a_teleport():
    state, _ = play(_stones(owner=A), A, "visit H02", "teleport T16")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T15 T08")
    play(state, A, "move T15 T27")


def test_temple_ruins():
    state = described("""quest_deck = ["Q05", "Q09"]
        hex.H07 = "temple_ruins"
        seat.0 = {triangle = "T26", quests = ["Q01"]}
        seat.1.quests = ["Q02"]""", modules=MODULES)
    state, _ = play(state, A, "visit H07")
    assert {a.text for a in G.legal_actions(state, A)} == {"keep Q05", "keep Q09"}
    assert G.action_is_secret(state, A, G.legal_actions(state, A)[0])
    assert "Q05" not in str(G.view(state, None).data)
    state, _ = play(state, A, "keep Q09")
    assert state.players[A].quests == ["Q01", "Q09"] and "Q05" in state.quest_deck
    for hid in ("H00", "H01"):
        tile(state, hid, "fort", A)
    give(state, A)
    from rules.vindication.scoring import breakdown
    assert breakdown(state, A)["vindication.score.quests"] == 3

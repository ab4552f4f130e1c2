"""Spec 10, tests 64-67 and 70: trigger order, token order, control timing, Relic Sense,
a pending decision that survives a save."""

from __future__ import annotations

import json

import pytest

from rules.core import NotLegalNow

from .helpers import A, B, G, at, give, keys, own, play, script, stack_deck, table, tile


def _ascetic():
    state = own(own(table(), A, "Y02"), A, "G09")
    return give(state, A, influence=0, potential=5, conviction=0, inspiration=0, strength=8,
                knowledge=8)


def test_trigger_order_r35():
    state, _ = play(_ascetic(), A, "rest")
    p = state.players[A]
    assert (p.potential, p.influence) == (4, 1)
    state, _ = play(state, A, "raise influence")
    p = state.players[A]
    assert (p.influence, p.conviction, p.attrs["inspiration"]) == (0, 1, 0)
    other, _ = play(_ascetic(), A, "rest", "raise potential")
    p = other.players[A]
    assert (p.influence, p.attrs["inspiration"]) == (1, 1)


def test_token_goes_to_the_first_gain_r37():
    state = tile(at(table(), A, "T26"), "H07", "fort", B)
    state = give(state, B, honor=28)
    state = give(state, A, honor=29, conviction=2)
    state, events = play(state, A, "visit H07 before")
    assert state.players[B].tokens == [30] and state.players[A].tokens == []
    assert state.players[A].honor == 31
    assert keys(events).count("trigger_revealed") == 1


def _library():
    state = tile(at(table(), A, "T26"), "H07", "library")
    return give(state, A, conviction=1)


def test_control_right_after_the_visit_r36():
    state, _ = play(_library(), A, "visit H07")
    after, events = play(state, A, "control H07")
    assert after.hexes["H07"][1] == A and after.players[A].conviction == 0
    assert after.players[A].honor == 17
    for first in ("move T14", "activate self strength", "recover attr strength 1"):
        moved, _ = play(state, A, first)
        with pytest.raises(NotLegalNow):
            G.play(moved, A, "control H07")
    later, _ = play(state, A, "move T44", "end")
    later, _ = play(later, B, min(a.text for a in G.legal_actions(later, B)
                                  if a.text.startswith("move")), "end")
    with pytest.raises(NotLegalNow):
        G.play(later, A, "control H07")


def test_relic_sense():
    state = own(tile(at(table(), A, "T26"), "H07", "arcane_tower"), A, "G11")
    state = stack_deck(give(state, A, vision=1, influence=4), "relics", [], face_up="P13")
    after, _ = play(state, A, "visit H07 faceup")
    p = after.players[A]
    assert (p.attrs["vision"], p.influence, p.relics, p.honor) == (0, 3, [["P13", 2]], 19)
    with pytest.raises(NotLegalNow):
        G.play(give(state, A, vision=0), A, "visit H07 faceup")


def test_pending_decision_survives_a_save():
    state = own(tile(at(table(), A, "T26"), "H07", "gaping_maw"), A, "Y01")
    state = give(state, A, courage=2, conviction=1, influence=3)
    script(state, monster_die=["death"])
    state, _ = play(state, A, "visit H07 blind")
    assert G.decision(state, A)["type"] == "avoid_death"
    saved = G.load(json.loads(json.dumps(G.dump(state))))
    straight, _ = play(state, A, "pay")
    resumed, _ = play(saved, A, "pay")
    assert json.dumps(G.dump(straight), sort_keys=True) == \
        json.dumps(G.dump(resumed), sort_keys=True)

"""Concession at any time and the ready player's moves (spec §8.3, §9.5 items 4 and 6).

A player may concede whether or not he owes a decision; he is treated like an eliminated
player at once (his producers and men go, pool pieces return, he leaves the phase's queue),
and the last player standing wins when the phase ends. A ready player of phase 2 owes no
decision (he leaves ``to_act``) but may still act: ``unready``, ``decline``, ``cancel``.
"""

from __future__ import annotations

import pytest

from rules.antiquity.position import position
from rules.core import NotLegalNow, NotYourDecision
from tests.antiquity.helpers import G, city_at, goods, open_city, play, tb
from tests.platform.toy_game import TOY

THREE = """players = 3
    board = {radius = 10}
    order = [0, 1, 2]
    seat.0.cities = ["0,0"]
    seat.1.cities = ["0,-8"]
    seat.2.cities = ["8,-4"]
    seat.0.goods = {}
    seat.1.goods = {}
    seat.2.goods = {}
    """
T54 = {"tiles": ["T0:0", "T1:0", "T2:0", "T3:0"], "order": ["0", "1"], "colours": ["red", "blue"]}


def country_phase(options=T54):
    """A real 2-player game in phase 4 with seat 0 active (one staffed Cart Shop)."""
    state = G.new_game(2, 2, dict(options))
    state, _ = G.play(state, 1, "start a 0,0")
    state, _ = G.play(state, 0, "start b -1,14")
    goods(state, 0, grain=1, wood=6)
    state, _ = play(state, 0, "house 1 0 0,0 -", "build cart_shop 0 1,0 r0 wood")
    shop = next(b for b, x in state.ps[0]["buildings"].items() if x["type"] == "cart_shop")
    state, _ = play(state, 0, f"staff {shop}", "ready")
    state, _ = play(state, 1, "ready")
    assert state.phase == "country" and G.to_act(state) == {0}
    return state


def test_a_player_who_owes_nothing_may_concede_and_the_survivor_wins_at_phase_end():
    state = country_phase()
    assert G.concession(state, 1).text == "concede" and not G.may_act(state, 1)
    state, events = G.apply(state, 1, G.concession(state, 1))
    assert state.ps[1]["eliminated"] and not state.over  # checked at the end of the phase
    conceded = [e for e in events if e.key == "antiquity.event.conceded"]
    assert conceded and conceded[0].audience is None  # told to everyone
    assert G.to_act(state) == {0}
    state, _ = play(state, 0, "done")
    assert state.over and G.winners(state) == [0] and G.to_act(state) == frozenset()


def test_typed_concession_is_accepted_from_a_seat_without_a_decision():
    state = country_phase()
    state, _ = G.play(state, 1, "concede")
    assert state.ps[1]["eliminated"]


def test_a_conceded_player_cannot_concede_again_or_act():
    state = country_phase()
    state, _ = G.play(state, 1, "concede")
    assert G.concession(state, 1) is None
    with pytest.raises(NotYourDecision):
        G.play(state, 1, "concede")


def test_no_concession_once_the_game_is_over():
    state = country_phase()
    state, _ = G.play(state, 1, "concede")
    state, _ = play(state, 0, "done")
    assert G.concession(state, 0) is None


def test_a_conceding_player_leaves_the_queue_of_a_sequential_phase():
    state = position(THREE + """phase = "country"
        active = 0
        seat.0.buildings = ["cart_shop"]
        seat.2.buildings = ["cart_shop"]""")
    assert state.queue == [1, 2] and G.to_act(state) == {0}
    state, events = G.play(state, 2, "concede")
    assert state.queue == [1] and state.ps[2]["eliminated"]
    state, _ = play(state, 0, "done")
    assert all(d["seat"] != 2 for d in state.pending)
    assert not state.over  # two players are left


def test_concession_returns_the_players_pool_pieces_and_removes_his_producers():
    state = position(THREE + """seat.2.buildings = ["cart_shop"]
        seat.2.producers = [{type = "woodcutter", site = ["8,-2"], tokens = ["8,-2"]}]""")
    assert state.pools["cart_shop"] == 19 and list(state.country) == ["c1"]
    state, _ = G.play(state, 2, "concede")
    assert state.pools["cart_shop"] == 20 and not state.country
    assert state.ps[2]["idle"] == 0 and state.ps[2]["cities"]  # cities stay as inert pieces


def test_a_ready_player_leaves_to_act_but_may_still_unready():
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    open_city(state)
    state, _ = G.play(state, 0, "ready")
    assert G.to_act(state) == {1} and G.may_act(state, 0)
    assert "unready" in [a.text for a in G.legal_actions(state, 0)]
    with pytest.raises(NotLegalNow):
        G.play(state, 0, "ready")
    state, _ = G.play(state, 0, "unready")
    assert G.to_act(state) == {0, 1}


def test_a_ready_player_may_concede_and_the_phase_ends_if_the_rest_are_ready():
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    open_city(state)
    state, _ = G.play(state, 1, "ready")
    state, events = G.play(state, 1, "concede")
    assert state.ps[1]["eliminated"]
    assert not G.action_is_secret(state, 1, G.concession(state, 0))
    state, _ = G.play(state, 0, "ready")
    assert state.over and G.winners(state) == [0]


def test_the_platform_default_has_no_concession():
    state = TOY.new_game(1, 2, {})
    assert not TOY.has_concession() and TOY.concession(state, 0) is None
    assert G.has_concession()
    assert TOY.may_act(state, 0) and not TOY.may_act(state, 1)


def test_the_others_see_a_phase_two_concession_at_once_but_not_his_hidden_builds():
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    open_city(state)
    state, _ = G.play(state, 1, "house 1 0 0,0 -")  # built in secret
    state, _ = G.play(state, 1, "concede")
    seen = G.view(state, 0).data["ps"][1]
    assert seen["eliminated"] and seen["idle"] == 0
    assert seen["houses"] == []  # his secret house stays hidden
    assert G.view(state, None).data["ps"][1]["eliminated"]


def test_a_city_phase_concession_leaves_the_state_it_was_played_on_unchanged():
    """Found by the slow property test: the conceding player's public snapshot of the city
    phase is shared between copies, and retiring it changed the state the move was played
    on (apply must never mutate its input)."""
    import json

    state = G.new_game(0, 4, {})
    while state.phase != "city" or not state.phase2.get("public"):
        seat = min(G.to_act(state))
        state, _ = G.apply(state, seat, G.legal_actions(state, seat)[0])
    before = json.dumps(G.dump(state), sort_keys=True)
    after, _ = G.play(state, 0, "concede")
    assert json.dumps(G.dump(state), sort_keys=True) == before
    assert after.phase2["public"]["0"]["eliminated"]
    assert not state.phase2["public"]["0"]["eliminated"]

"""More rules through moves: Santa Barbara moves, concession, all eliminated, grammar."""

from __future__ import annotations

import pytest

from rules.antiquity import flow
from rules.antiquity import moves as grammar
from rules.antiquity.city import functioning
from rules.core import CannotParse, NotLegalNow
from tests.antiquity.helpers import G, city_at, give, goods, men, open_city, play, tb


def barbara():
    state = tb(10)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -8))
    give(state, 0, "cathedral")
    state.ps[0]["saint"] = "santa_barbara"
    return state


def test_santa_barbara_moves_a_staffed_building_keeping_its_man():
    state = barbara()
    market = give(state, 0, "market")
    open_city(state)
    state, events = play(state, 0, f"move {market} 0 5,5 r0")
    b = state.ps[0]["buildings"][market]
    assert sorted(map(tuple, b["cells"])) == [(5, 5), (5, 6), (6, 5), (6, 6)]
    assert b["staffed"] and functioning(state.ps[0], market)
    assert state.ps[0]["flags"].get("fountains", 0) == 0
    assert all(e.audience == frozenset({0}) for e in events)


def test_moving_needs_the_saint_and_empty_cells():
    state = barbara()
    market = give(state, 0, "market")
    open_city(state)
    with pytest.raises(NotLegalNow):
        play(state, 0, f"move {market} 0 0,0 r0")  # onto the Cathedral
    state.ps[0]["saint"] = "san_nicolo"
    with pytest.raises(NotLegalNow):
        play(state, 0, f"move {market} 0 5,5 r0")


def test_concession_is_an_elimination_and_the_survivor_wins():
    state = barbara()
    open_city(state)
    state, events = play(state, 1, "concede")
    assert state.ps[1]["eliminated"]
    assert any(e.key == "antiquity.event.conceded" for e in events)
    state, _ = play(state, 0, "ready")
    assert state.over and G.winners(state) == [0]


def test_nobody_wins_when_every_player_is_eliminated():
    state = tb(10)
    for seat, centre in enumerate([(0, 0), (0, -8)]):
        city_at(state, seat, centre)
        goods(state, seat)
        p = state.ps[seat]
        from rules.antiquity.city import empty_cells
        for cell in empty_cells(p, 0):
            give(state, seat, "house", city=0, cells=[cell], number=0)
    state.famine = 1
    state.pending, state.queue = [], []
    flow.after_explore(state, [])
    G.settle(state, [])
    assert all(p["eliminated"] for p in state.ps)
    assert state.over and G.winners(state) == []


def test_trades_update_what_the_others_see_during_phase_two():
    state = tb(10, players=3)
    for seat, centre in enumerate([(0, 0), (0, -8), (8, -4)]):
        city_at(state, seat, centre)
        goods(state, seat)
    give(state, 0, "market")
    goods(state, 0, fish=2)
    goods(state, 1, stone=1)
    men(state, 1, 0)
    open_city(state)
    state, _ = play(state, 1, "offer p1 stone for fish")
    state, _ = play(state, 0, "accept t1")
    seen_by_third = G.view(state, 2).data["ps"]
    assert seen_by_third[0]["goods"]["stone"] == 1 and seen_by_third[1]["goods"]["fish"] == 1


@pytest.mark.parametrize("text", [
    "start a 3,0", "build cathedral 0 0,0 r1 stone san_giorgio", "storage 0 2,3 2x3 wood",
    "house 12 0 3,3 fish+grain+olives+sheep free 9 0 3,4", "house 1 0 0,0 -", "staff b3",
    "raze", "hospital 0,1,2 0,3,3", "move b3 1 0,0 r1", "regrave 0,1,1 0,2,2",
    "bank wood+wood gold", "offer p2 stone for fish+fish",
    "offer p3 - for gold note i will not pollute you", "accept t1", "decline t2",
    "cancel t3", "reset", "ready", "unready", "concede", "woodcutter 3,0",
    "farm -2,2 grain free", "farm -2,2 grain", "mine 3,-3", "mine 3,-3 gold",
    "fisherman 0,3 1,3 fish", "inn 3,0 sheep", "city 4,0 gold+grain+stone+wine+wood",
    "alchemy 2,0", "done", "discard wood", "keep grain+wood", "keep -", "take 3,0",
    "explore 3,0", "pass",
    "grave 0,1,2", "grave 0,1,2 1,0,0", "pollute 3,0", "pollute 3,0 -4,2"])
def test_every_move_text_round_trips(text):
    move = grammar.parse(text)
    assert move is not None and grammar.text(move) == text


@pytest.mark.parametrize("text", ["build market", "house 21 0 0,0 -", "storage 0 0,0 2y3 wood",
                                  "offer p9 wood for -", "bank wood gold", "grave 1,2",
                                  "build market 0 0,0 r4 wood", "staff 3", "farm 1,x grain"])
def test_malformed_moves_are_not_moves(text):
    assert grammar.parse(text) is None
    state = barbara()
    open_city(state)
    with pytest.raises(CannotParse):
        G.play(state, 0, text)

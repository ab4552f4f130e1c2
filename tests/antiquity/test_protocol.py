"""Phase-2 protocol and hidden information (spec §9.3, §9.5, §9.6): T57, T58, T61-T63."""

from __future__ import annotations

import json

import pytest

from rules.core import NotLegalNow, NotYourDecision
from tests.antiquity.helpers import G, city_at, give, goods, men, open_city, open_country, play, tb


def four(players=4):
    state = tb(12, players=players)
    for seat, centre in enumerate([(0, 0), (0, 8), (8, 0), (-8, 0)][:players]):
        city_at(state, seat, centre)
        goods(state, seat)
    give(state, 0, "market")
    goods(state, 0, fish=2)
    goods(state, 1, stone=1)
    return open_city(state)


def test_t57_offer_seen_by_both_parties_and_trade_announced():
    state = four()
    state, events = play(state, 1, "offer p1 stone for fish+fish")
    assert all(e.audience == frozenset({0, 1}) for e in events)
    assert G.view(state, 0).data["offers"] and G.view(state, 1).data["offers"]
    assert not G.view(state, 2).data["offers"] and not G.view(state, None).data["offers"]
    state, events = play(state, 0, "accept t1")
    public = [e for e in events if e.audience is None and e.key == "antiquity.event.traded"]
    assert len(public) == 1 and public[0].params["from_seat"] == 1
    assert state.ps[0]["goods"]["stone"] == 1 and state.ps[1]["goods"]["fish"] == 2
    assert state.phase2["checkpoint"]["0"]["goods"]["stone"] == 1


def test_t58_failures_readiness_cancel_and_expiry():
    state = four()
    state, _ = play(state, 1, "offer p1 stone for fish+fish")
    spent = state.copy()
    spent.ps[0]["goods"]["fish"] = 1
    spent, events = play(spent, 0, "accept t1")
    assert [e.params["reason"].key for e in events if e.key.endswith("trade_failed")] == [
        "antiquity.reason.goods_missing"]
    ready, _ = play(state, 0, "ready")
    assert 0 not in G.to_act(ready)
    with pytest.raises(NotLegalNow):
        play(ready, 0, "accept t1")
    ready, _ = play(ready, 0, "unready", "accept t1")
    assert ready.ps[0]["goods"]["stone"] == 1
    goods(state, 2, wood=1)
    no_market, _ = play(state, 2, "offer p4 wood for -")
    no_market, events = play(no_market, 3, "accept t2")
    assert any(e.params.get("reason") and e.params["reason"].key.endswith("no_market")
               for e in events)
    cancelled, _ = play(state, 1, "cancel t1")
    with pytest.raises(NotLegalNow):
        play(cancelled, 0, "accept t1")
    for seat in range(4):
        state, events = play(state, seat, "ready")
    assert not any("traded" in e.key for e in events) and state.phase != "city"


def test_t61_reset_goes_back_to_the_latest_checkpoint():
    state = four()
    goods(state, 0, fish=2, wood=1, wine=1)
    state, _ = play(state, 0, "build cart_shop 0 3,0 r0 wood")
    assert state.pools["cart_shop"] == 19
    state, _ = play(state, 1, "offer p1 stone for fish")
    state, _ = play(state, 0, "accept t1", "build fountain 0 6,6 r0 wine")
    assert state.pools["fountain"] == 31
    state, _ = play(state, 0, "reset")
    p = state.ps[0]
    assert state.pools["fountain"] == 32 and p["goods"]["wine"] == 1
    assert state.pools["cart_shop"] == 19 and p["goods"]["stone"] == 1
    assert not [b for b in p["buildings"].values() if b["type"] == "fountain"]


def test_t62_ready_keeps_everything_done_so_far():
    state = four(players=2)
    men(state, 0, 0)
    state, _ = play(state, 0, "house 1 0 6,0 -", "house 2 0 6,1 -")
    shop = give(state, 0, "cart_shop", staffed=False)
    state, _ = play(state, 0, f"staff {shop}", "ready")
    p = state.ps[0]
    assert sorted(p["houses"]) == [1, 2] and p["buildings"][shop]["staffed"]


def test_t63_save_and_resume_mid_phase():
    state = four()
    state, _ = play(state, 1, "offer p4 stone for -")
    state, _ = play(state, 0, "ready")
    state, _ = play(state, 2, "ready")
    again = G.load(json.loads(json.dumps(G.dump(state))))
    for seat in range(4):
        assert [a.text for a in G.legal_actions(again, seat)] == [
            a.text for a in G.legal_actions(state, seat)]
    assert again.phase2["offers"]["t1"]["status"] == "open"
    assert G.to_act(again) == {1, 3}
    country = tb(8)
    city_at(country, 0, (0, 0))
    for _ in range(2):
        give(country, 0, "cart_shop")
    give(country, 0, "faculty_biology")
    open_country(country, 0)
    country, _ = play(country, 0, "farm 2,0 grain free")
    again = G.load(json.loads(json.dumps(G.dump(country))))
    assert [a.text for a in G.legal_actions(again, 0)] == [
        a.text for a in G.legal_actions(country, 0)]
    assert again.ps[0]["flags"]["biology_used"]


def test_hidden_phase_two_reaches_only_its_author():
    state = four(players=2)
    state, events = play(state, 0, "house 1 0 6,6 -")
    assert all(e.audience == frozenset({0}) for e in events)
    assert G.action_is_secret(state, 0, G.legal_actions(state, 0)[0])
    mine, theirs = G.view(state, 0).data["ps"][0], G.view(state, 1).data["ps"][0]
    assert mine["houses"] == [1] and theirs["houses"] == []
    other = G.rerandomise_hidden(state, 1, seed=5)
    assert G.view(other, 1).data == G.view(state, 1).data


def test_a_ready_player_may_not_build():
    state = four(players=2)
    state, _ = play(state, 0, "ready")
    with pytest.raises(NotLegalNow):
        play(state, 0, "house 1 0 6,6 -")
    with pytest.raises(NotLegalNow):
        G.apply(state, 0, G.legal_actions(state, 1)[0])
    over = state.copy()
    over.over = True
    with pytest.raises(NotYourDecision):
        G.play(over, 1, "ready")


def test_a_promise_note_is_announced_with_the_trade_and_never_enforced():
    state = four()
    state, _ = play(state, 1, "offer p1 stone for fish+fish note no pollution near me")
    state, events = play(state, 0, "accept t1")
    public = [e for e in events if e.audience is None and e.key.endswith("traded_note")]
    assert public and public[0].params["note"] == "no pollution near me"

"""A bank that runs short of a good (spec §2.8, A20): the builder chooses which hexes get the
last tokens, through a ``tokens`` decision with listed hexes and refusal reasons."""

from __future__ import annotations

import pytest

from rules.antiquity import harvest
from rules.core import NotLegalNow
from tests.antiquity.helpers import G, city_at, give, goods, open_country, play, tb, terrain

FOREST = [(3, 0), (4, 0), (4, -1), (3, -1), (3, 1), (2, 1)]
GRASS = [(-3, 0), (-4, 0), (-4, 1), (-3, -1), (-2, -1)]


def builder(special, bank_left: dict, explore=()):
    """Seat 0 with a city at 0,0, two cart shops and 6 wood + 1 grain; the bank then holds
    only ``bank_left`` of those kinds (the rest went to seat 1, so goods stay conserved)."""
    state = tb(8, special, explore=explore)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (0, -6))
    give(state, 0, "cart_shop")
    give(state, 0, "cart_shop")
    goods(state, 0, wood=6, grain=1)
    for kind, left in bank_left.items():
        goods(state, 1, **{**{k: state.ps[1]["goods"][k] for k in state.ps[1]["goods"]},
                           kind: state.ps[1]["goods"][kind] + state.bank[kind] - left})
    return open_country(state, 0)


def conserved(state, kind):
    """Tell whether every chit of ``kind`` is in the bank, a player's pool or on the map."""
    on_map = sum(len(b["tokens"]) for b in state.country.values() if b["good"] == kind)
    return state.bank[kind] + sum(p["goods"][kind] for p in state.ps) + on_map == 72


def tokens_of(state):
    return sorted(tuple(h) for b in state.country.values() for h in b["tokens"])


def test_woodcutter_with_too_little_wood_left_lets_the_builder_choose():
    state = builder(terrain("F", FOREST), {"wood": 4})
    state, events = play(state, 0, "woodcutter 3,0")  # the wood paid makes 5 for 6 hexes
    assert state.bank["wood"] == 5 and tokens_of(state) == []
    assert G.to_act(state) == frozenset({0})
    assert G.prompt(state, 0).key == "antiquity.prompt.tokens"
    assert G.prompt(state, 0).params["count"] == 5
    listed = [a.text for a in G.legal_actions(state, 0)]
    assert sorted(listed) == sorted(f"tokens {q},{r}" for q, r in FOREST)
    assert events[-1].key == "antiquity.event.country_built"
    assert events[-1].params["tokens"] == 5


def test_refusals_change_nothing_and_choices_go_where_asked():
    state = builder(terrain("F", FOREST), {"wood": 2})
    state, _ = play(state, 0, "woodcutter 3,0")
    assert state.bank["wood"] == 3
    with pytest.raises(NotLegalNow) as far:
        play(state, 0, "tokens 9,9")
    assert far.value.msg.params["reason"].key == "antiquity.reason.token_hex"
    with pytest.raises(NotLegalNow) as many:
        play(state, 0, "tokens 4,0 3,1 2,1 4,-1")
    assert many.value.msg.params["reason"].key == "antiquity.reason.too_many"
    with pytest.raises(NotLegalNow):
        play(state, 0, "tokens 4,0 4,0")
    state, _ = play(state, 0, "tokens 4,0")
    with pytest.raises(NotLegalNow):
        play(state, 0, "tokens 4,0")  # already has its token
    state, events = play(state, 0, "tokens 3,1 2,1")
    assert tokens_of(state) == sorted([(4, 0), (3, 1), (2, 1)])
    assert state.bank["wood"] == 0
    assert events[-1].key == "antiquity.event.tokens_placed"
    # the site keeps its grass marker (§2.7) though it has no token; unchosen forest stays
    assert {(3, 0), (4, 0), (3, 1), (2, 1)} <= state.grass
    assert state.terrain((4, -1)) == "F" and state.terrain((3, -1)) == "F"
    assert conserved(state, "wood")
    assert "done" in [a.text for a in G.legal_actions(state, 0)]  # back to phase 4


def test_farm_pollutes_only_under_chosen_tokens_and_counters_elsewhere_stay():
    state = builder(terrain("G", GRASS), {"grain": 1}, explore=[(-4, 0)])
    state.counters[(-4, 0)] = "wine"
    state, _ = play(state, 0, "farm -3,0 grain")  # the seed grain returns: 2 in the bank
    assert G.prompt(state, 0).params["count"] == 2
    state, _ = play(state, 0, "tokens -4,1 -3,-1")
    assert tokens_of(state) == sorted([(-4, 1), (-3, -1)])
    assert (-3, 0) not in state.pollution and {(-4, 1), (-3, -1)} <= state.pollution
    assert state.counters[(-4, 0)] == "wine"
    assert conserved(state, "grain")


def test_an_empty_bank_gives_no_choice_and_the_building_ends_at_once():
    state = builder(terrain("G", GRASS), {"grain": 0})
    state.ps[0]["goods"]["grain"], state.ps[1]["goods"]["grain"] = 0, state.ps[1]["goods"][
        "grain"] + 1
    give(state, 0, "faculty_biology")
    idle = state.ps[0]["idle"]
    state, events = play(state, 0, "farm -3,0 grain free")
    assert all(d["type"] != "tokens" for d in state.pending)
    assert state.country == {} and state.ps[0]["idle"] == idle + 1
    assert events[-1].params["tokens"] == 0


def test_a_site_without_token_is_harvested_around_and_the_building_then_ends():
    state = builder(terrain("F", FOREST), {"wood": 1})
    state, _ = play(state, 0, "woodcutter 3,0", "tokens 4,0")
    cid = next(iter(state.country))
    d = {"seat": 0, "takes": harvest.owed_takes(state, 0), "done": {}}
    assert harvest.eligible(state, cid) == [(4, 0)]
    harvest.auto_takes(state, d)
    assert cid not in state.country and state.ps[0]["goods"]["wood"] == 6


def test_the_decision_survives_dump_and_load():
    state = builder(terrain("F", FOREST), {"wood": 1})
    state, _ = play(state, 0, "woodcutter 3,0")
    again = G.load(G.dump(state))
    again, _ = play(again, 0, "tokens 3,-1 4,-1")
    assert tokens_of(again) == sorted([(3, -1), (4, -1)])

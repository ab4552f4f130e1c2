"""Area of influence (spec §2.4) against the hand-worked examples T21-T23 and T48."""

from __future__ import annotations

from rules.antiquity.hexes import disc, distance
from rules.antiquity.influence import influence
from tests.antiquity.helpers import city_at, give, inn_at, tb, terrain


def test_t21_one_city_stable_and_inn():
    state = tb(8)
    city_at(state, 0, (0, 0))
    area = influence(state, 0)
    assert len(area) == 30 and all(distance(h, (0, 0)) in (2, 3) for h in area)
    inn_at(state, 0, (6, 0))
    assert len(influence(state, 0)) == 48
    del state.inns[(6, 0)]
    give(state, 0, "stable")
    assert len(influence(state, 0)) == 54


def _t22():
    return tb(8, terrain("W", [h for h in disc((0, 0), 8) if h[0] == 2]))


def test_t22_water_blocks_land_reach_harbour_adds_bodies_and_coasts():
    state = _t22()
    city_at(state, 0, (0, 0))
    area = influence(state, 0)
    assert len(area) == 21 and all(q < 3 for q, _ in area)
    give(state, 0, "harbour")
    area = influence(state, 0)
    assert len(area) == 60 and all(q < 4 for q, _ in area)
    give(state, 0, "stable")
    area = influence(state, 0)
    assert len(area) == 73 and all(q < 4 for q, _ in area)


def test_t23_an_inn_works_unconnected():
    state = _t22()
    city_at(state, 0, (0, 0))
    inn_at(state, 0, (3, 0))
    area = influence(state, 0)
    expected_inn = {(3, 1), (3, -1), (3, 2), (3, -2), (4, -2), (4, -1), (4, 0), (4, 1),
                    (5, -2), (5, -1), (5, 0)}
    assert len(area) == 32 and expected_inn <= area


def test_t48_san_giorgio_enclosure_geometry():
    state = tb(8)
    city_at(state, 0, (0, 0))  # Q
    city_at(state, 1, (0, 7))  # P
    for h in [(4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)]:
        inn_at(state, 1, h)
    from rules.antiquity.influence import anchors
    covered = influence(state, 1) | anchors(state, 1)
    inns_and_cities = set(state.city_at) | set(state.inns)
    missing = {h for h in influence(state, 0) - inns_and_cities if h not in covered}
    assert missing == {(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)}
    give(state, 1, "stable")
    covered = influence(state, 1) | anchors(state, 1)
    assert not {h for h in influence(state, 0) - inns_and_cities if h not in covered}

"""The menus' and the evaluation's shared lookups (the race's reach and regions worked out
once for every region, the Well's neighbours only) give what the rule gives one region at a
time, over the positions of seeded games (spec §3.3.1, §3.3.2, §5.13)."""

from __future__ import annotations

import pytest

from rules.smallworld_warcraft import data, markers, pieces, reach, tally
from rules.smallworld_warcraft.variant import WarcraftRules, wc_board
from tests.seeded import seeded_positions


def defence_of_one(rules: WarcraftRules, state, inst, region: int) -> int:
    """§3.3.2 for one region: 2, the Mountain, the Murloc, the pieces, other races' tokens
    and the travel."""
    reg = state.regions[region]
    cost = 2 + reg.mountain + reg.lost_tribe + pieces.count(state, region)
    if reg.inst is not None and reg.inst != inst.id:
        cost += reg.tokens
    owned = frozenset(state.regions_of(inst.id))
    return cost + reach.travel(wc_board(state), region, owned, rules.reach_of(state, inst))


def well_of_one(state, seat: int) -> int:
    """§5.13 with every region's occupant listed."""
    well = markers.region_of(state, "well_of_eternity")
    if well is None:
        return 0
    occupant = {r: ("murlocs" if reg.lost_tribe else reg.inst)
                for r, reg in enumerate(state.regions)
                if reg.lost_tribe or (reg.inst is not None and reg.tokens)}
    leader = tally.majority_holder(wc_board(state), well, occupant)
    mine = {i.id for i in state.live_insts(seat)}
    return data.markers()["well_of_eternity"]["coins"] if leader in mine else 0


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (3, 3)])
def test_reach_defence_and_the_well_agree_with_the_rule_one_region_at_a_time(seed, players):
    rules, checked, wells = WarcraftRules(), 0, 0
    for _, state in seeded_positions("smallworld_warcraft", seed, players, 250):
        everywhere = range(len(state.regions))
        for seat in range(state.n):
            assert rules.well_coins(state, seat) == well_of_one(state, seat)
            wells += markers.region_of(state, "well_of_eternity") is not None
            inst = state.active(seat)
            if inst is None:
                continue
            owned = set(state.regions_of(inst.id))
            assert rules.reachable(state, inst, owned) == [
                r for r in everywhere if rules.open_problem(state, inst, r, owned) is None]
            assert rules.defences(state, inst, everywhere) == [
                defence_of_one(rules, state, inst, r) for r in everywhere]
            checked += 1
    assert checked > 200
    assert wells > 0  # the Well was face up in some of them

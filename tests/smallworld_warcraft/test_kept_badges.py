"""§3.3.4, §3.8 step 3: a Garrison or Swamp-dweller badge stays with its race in decline
(and keeps its decline effect) until that race leaves the map; then it is discarded. Every
other badge is discarded when its race declines."""

from __future__ import annotations

from rules.smallworld_warcraft import GAME
from tests.smallworld_warcraft.helpers import find, give, new, occupy, play, restart


def _declined(power: str):
    """Seat 0's Orcs with ``power`` hold L1-07 and L1-08 (a swamp) and go into decline."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", power)
    occupy(state, orcs, L1_07=2, L1_08=2)
    trolls = give(state, 1, "trolls", "farmer")
    occupy(state, trolls, M1_05=2)
    restart(state)
    state, events = play(state, 0, "decline")
    return state, events, orcs.id


def test_a_garrison_badge_stays_with_the_declined_race():
    state, events, orcs = _declined("garrison")
    assert "garrison" not in state.discard
    assert state.insts[orcs].declined and state.insts[orcs].power == "garrison"
    assert [e.key for e in find(events, "decline_keep")] == ["smallworld.event.decline_keep"]
    assert GAME.view(state, None).data["players"][0]["declined"]["power"] == "garrison"


def test_an_ordinary_badge_is_discarded_at_decline():
    state, events, _ = _declined("farmer")
    assert state.discard == ["farmer"] and find(events, "decline")


def test_the_kept_badge_is_discarded_when_a_second_decline_removes_the_race():
    """§3.8 step 1: the old declined race leaves the map and its kept badge is discarded."""
    state = new(2, islands="L1,M1")
    old = give(state, 0, "orcs", "swamp_dweller", declined=True, hand=1)
    occupy(state, old, L1_08=1)
    humans = give(state, 0, "humans", "farmer")
    occupy(state, humans, M1_01=2)
    restart(state)
    state, events = play(state, 0, "decline")
    assert state.insts[old.id].gone and sorted(state.discard) == ["farmer", "swamp_dweller"]
    assert find(events, "race_removed")


def test_a_declined_swamp_dweller_race_still_takes_the_toll_then_loses_the_badge():
    """Its decline effect stays (§3.8 step 3); its last region lost, it leaves the map and
    the badge goes to the discard pile (§3.3.4 step 2)."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 1, "orcs", "swamp_dweller", declined=True, hand=1)
    occupy(state, orcs, L1_08=1)
    trolls = give(state, 0, "trolls", "farmer")
    occupy(state, trolls, L1_07=4)
    restart(state)
    coins = [p.coins for p in state.players]
    state, events = play(state, 0, "conquer L1-08")
    assert [p.coins for p in state.players] == [coins[0] - 1, coins[1] + 1]
    assert state.insts[orcs.id].gone and state.discard == ["swamp_dweller"]

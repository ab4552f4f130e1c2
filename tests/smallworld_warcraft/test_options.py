"""The rule options of spec §6.7: each value against the other, and their validation."""

from __future__ import annotations

import pytest

from rules.smallworld_warcraft import GAME, rule_options
from rules.smallworld_warcraft import pieces as wc_pieces
from tests.smallworld_warcraft.helpers import (
    find,
    gains,
    give,
    new,
    occupy,
    play,
    r,
    reason,
    restart,
    score_lines,
)

# ---------------------------------------------------------------- validation

@pytest.mark.parametrize(("name", "value"), [
    ("faction_bonus_own_declined", "maybe"), ("air_raid_first_conquest", "2"),
    ("garrison_timing", "at_dawn"), ("portal_mage_requires_own_region", "yes please"),
    ("announce_coin_events", "loud")])
def test_a_bad_value_is_refused_with_the_option_named(name, value):
    """check_options names the option, the value and the values allowed (catalog message)."""
    msg = GAME.check_options({name: value}, 2)
    assert msg is not None and msg.key == "smallworld_warcraft.error.bad_rule_option"
    assert msg.params["option"] == name and msg.params["value"] == value


def test_good_values_and_defaults_are_accepted():
    assert GAME.check_options({}, 3) is None
    assert GAME.check_options({"garrison_timing": "on_conquest", "announce_coin_events": False,
                               "faction_bonus_own_declined": "true"}, 2) is None
    state = new(2, islands="L1,M1")
    assert state.extra["rules"] == rule_options.DEFAULTS
    assert {name: rule_options.DEFAULTS[name] for name in (
        "faction_bonus_own_declined", "air_raid_first_conquest", "garrison_timing",
        "portal_mage_requires_own_region", "announce_coin_events")} == {
        "faction_bonus_own_declined": False, "air_raid_first_conquest": False,
        "garrison_timing": "end_of_turn", "portal_mage_requires_own_region": False,
        "announce_coin_events": True}


# ---------------------------------------------------------------- faction_bonus_own_declined

def _orcs_take_own_declined_humans(**rules):
    state = new(2, islands="L1,M1", **rules)
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_03=1)
    orcs = give(state, 0, "orcs", "blacksmith")
    occupy(state, orcs, L1_07=4)
    restart(state)
    return play(state, 0, "conquer L1-03", "redeploy auto", "end turn")


def test_own_declined_race_gives_no_faction_bonus_nor_orc_coin_by_default():
    """§3.6 RULING, §4.1 Orcs: own declined Humans give nothing (default false)."""
    _, events = _orcs_take_own_declined_humans()
    assert not gains(events)
    assert "faction_bonus" not in score_lines(events)


def test_own_declined_race_gives_both_with_the_option():
    """Option true: the Orcs' coin at once and the faction bonus at the end of the turn."""
    _, events = _orcs_take_own_declined_humans(faction_bonus_own_declined=True)
    assert [e.params["coins"] for e in gains(events)] == [1]
    assert score_lines(events)["faction_bonus"] == 1


# ---------------------------------------------------------------- air_raid_first_conquest

def test_air_raid_cannot_be_the_first_conquest_by_default():
    state = new(2, islands="L1,M1", combos="gnomes:farmer", dice=[0])
    state, _ = play(state, 0, "pick 0")
    assert reason(state, 0, "air raid L1-10") == "not_first_conquest"
    assert not any(a.move[0] == "air_raid" for a in GAME.legal_actions(state, 0))


def test_air_raid_may_be_the_first_conquest_with_the_option():
    """Option true: any land region of any island, as if adjacent (no travel): L1-10 costs 2."""
    state = new(2, islands="L1,M1", combos="gnomes:farmer", dice=[0],
                air_raid_first_conquest="true")
    state, _ = play(state, 0, "pick 0")
    region = r(state, "L1-10")
    assert f"air raid {region}" in [a.text for a in GAME.legal_actions(state, 0)]
    state, events = play(state, 0, "air raid L1-10")
    assert find(events, "conquer")[0].params["cost"] == 2
    assert state.regions[region].inst == state.players[0].active
    assert reason(state, 0, "air raid L1-13") == "air_raid_used"


# ---------------------------------------------------------------- garrison_timing

def _garrison(**rules):
    state = new(2, islands="L1,M1", **rules)
    g = give(state, 0, "orcs", "garrison")
    occupy(state, g, L1_07=3)
    restart(state)
    return state


def test_garrison_forts_go_up_at_the_end_of_the_turn_by_default():
    state = _garrison()
    state, _ = play(state, 0, "conquer L1-03")
    assert not wc_pieces.of(state, r(state, "L1-03")).get("fort")
    state, _ = play(state, 0, "redeploy auto", "end turn")
    assert all(wc_pieces.of(state, r(state, c)).get("fort") for c in ("L1-03", "L1-07"))


def test_garrison_forts_go_up_on_conquest_with_the_option():
    """on_conquest: the conquered region gets its fort at once; none at the end of the turn
    (L1-07, held before, stays without)."""
    state = _garrison(garrison_timing="on_conquest")
    state, events = play(state, 0, "conquer L1-03")
    assert wc_pieces.of(state, r(state, "L1-03")).get("fort")
    assert find(events, "fort_placed")
    state, events = play(state, 0, "redeploy auto", "end turn")
    assert not find(events, "fort_placed")
    assert not wc_pieces.of(state, r(state, "L1-07")).get("fort")


# ---------------------------------------------------------------- portal_mage_requires_own_region

def _portal_mage(**rules):
    state = new(2, islands="L1,M1", **rules)
    mage = give(state, 0, "orcs", "portal_mage")
    occupy(state, mage, L1_08=2)
    other = give(state, 1, "humans", "farmer")
    occupy(state, other, L1_03=2)
    restart(state)
    return state


def test_portal_mage_swaps_any_two_magic_regions_by_default():
    state = _portal_mage()
    assert reason(state, 0, "swap L1-03 M1-03") is None


def test_portal_mage_needs_one_of_its_regions_with_the_option():
    state = _portal_mage(portal_mage_requires_own_region=True)
    assert reason(state, 0, "swap L1-03 M1-03") == "swap_needs_own_region"
    assert reason(state, 0, "swap L1-03 L1-08") is None
    swaps = [a.move for a in GAME.legal_actions(state, 0) if a.move[0] == "swap"]
    assert swaps and all(r(state, "L1-08") in move[1:] for move in swaps)


# ---------------------------------------------------------------- announce_coin_events

def _battlemaster_and_toll(**rules):
    state = new(2, islands="L1,M1", **rules)
    a = give(state, 0, "dwarves", "battlemaster")
    occupy(state, a, L1_10=4)
    b = give(state, 1, "humans", "swamp_dweller")
    occupy(state, b, L1_08=1)
    occupy(state, a, L1_11=1)
    restart(state)
    return play(state, 0, "conquer L1-05", "conquer L1-08")


def test_coin_events_are_announced_to_everybody_by_default():
    """§6.4 default: gains and payments are public, without anybody's total."""
    _, events = _battlemaster_and_toll()
    gained = gains(events)
    assert gained and all(e.audience is None and "total" not in e.params for e in gained)
    paid = find(events, "coins_paid")
    assert paid and all(e.audience is None for e in paid)


def test_coin_events_are_private_with_the_option_off():
    """Option false: a gain is told to the gainer (with the new total), a payment to both."""
    _, events = _battlemaster_and_toll(announce_coin_events=False)
    gained = gains(events)
    assert gained and all(e.audience == frozenset({0}) and "total" in e.params for e in gained)
    assert all(e.audience == frozenset({0, 1}) for e in find(events, "coins_paid"))

"""Independent rules audit of Small World of Warcraft (spec smallworld_warcraft.md): edge cases
beyond the spec's test section, each set up like the scenario tests and citing its section."""

from __future__ import annotations

from rules.smallworld_warcraft import GAME, data
from rules.smallworld_warcraft.position import position
from tests.smallworld_warcraft.helpers import (
    cost,
    face_up,
    find,
    gains,
    give,
    menu_texts,
    new,
    occupy,
    play,
    r,
    reason,
    restart,
    score_lines,
)

_lines = score_lines
_texts = menu_texts


# ---------------------------------------------------------------- set-up (§2.1, §1.5)

def test_three_and_four_players_boards_rounds_and_markers():
    """§2.1: 3 players L+M+S, 10 rounds; 4 players L+M+M+S, 9 rounds; markers = players."""
    for players, sizes, rounds in ((3, "LMS", 10), (4, "LMMS", 9)):
        for seed in (1, 2, 3):
            state = new(players, seed=seed)
            got = "".join(sorted(data.islands()[i].size for i in state.extra["islands"]))
            assert got == "".join(sorted(sizes))
            assert state.turns == rounds
            assert len(state.extra["markers"]) == players
            assert all(not m["up"] for m in state.extra["markers"])
            assert len(state.extra["pool"]) == 12 - players
            assert [p.coins for p in state.players] == [5] * players


def test_markers_lie_on_the_size_icon_of_each_island():
    """§2.2 step 6: one face-down marker on the size_icon region of every board."""
    state = new(4, seed=5)
    icons = {r(state, f"{i}-{n:02d}") for i, n in
             (("L1", 7), ("L2", 8), ("M1", 5), ("M2", 5), ("S1", 6), ("S2", 3))
             if i in state.extra["islands"]}
    assert {m["region"] for m in state.extra["markers"]} == icons


# ---------------------------------------------------------------- reach, travel, water (§3.3-§3.5)

def test_non_naga_never_conquer_water_even_with_the_ashes():
    """§3.5 and §5.3: water only for Naga, also through an "as if adjacent" effect."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, L1_07=2)
    face_up(state, "L1-07", "ashes_of_alar")
    restart(state)
    assert reason(state, 0, "conquer L1-06") == "water"
    assert reason(state, 0, "ashes M1-04") is not None


def test_naga_reach_water_of_another_island_only_by_adjacency():
    """§4.1 Naga RULING: water is never an entry region once the Naga hold a region."""
    state = new(2, islands="L1,M1")
    naga = give(state, 0, "naga", "farmer")
    occupy(state, naga, L1_12=2)
    restart(state)
    assert cost(state, 0, "L1-11") == 3
    assert reason(state, 0, "conquer M1-04") is not None
    assert reason(state, 0, "conquer L1-06") is not None


def test_kobolds_first_conquest_on_an_entry_cavern_pays_no_travel():
    """§4.1 Kobolds RULING: an entry region that is a cavern pays no travel as a first
    conquest (L1-04: entry + cavern, empty → 2, not 3)."""
    state = new(2, islands="L1,M1", combos="kobolds:farmer")
    state, _ = play(state, 0, "pick 0")
    assert cost(state, 0, "L1-04") == 2
    assert cost(state, 0, "L1-09") == 3


def test_kobolds_later_reach_any_cavern_without_travel():
    """§4.1 Kobolds: any cavern on any island is as if adjacent (no travel)."""
    state = new(2, islands="L1,M1")
    kobolds = give(state, 0, "kobolds", "farmer")
    occupy(state, kobolds, L1_09=2)
    restart(state)
    assert cost(state, 0, "M1-05") == 2
    assert cost(state, 0, "M1-07") == 3


def test_entry_region_adjacent_to_own_region_pays_no_travel():
    """§3.3.2: travel only when the entry region is not adjacent to the race."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, L1_08=2)
    restart(state)
    assert cost(state, 0, "L1-13") == 3
    assert cost(state, 0, "L1-09") == 3
    assert cost(state, 0, "M1-10") == 3


def test_declined_region_adjacency_does_not_give_reach():
    """§3.3.1: adjacency to the player's declined race does not count."""
    state = new(2, islands="L1,M1")
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_07=1)
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, M1_05=2)
    restart(state)
    assert reason(state, 0, "conquer L1-03") == "not_adjacent"
    assert reason(state, 0, "conquer L1-07") == "not_adjacent"


def test_own_declined_region_is_a_legal_target_with_its_tokens_defending():
    """§3.3.1 and §3.3.2: own declined tokens defend; conquering them sends them to the tray."""
    state = new(2, islands="L1,M1")
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_03=2)
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, L1_07=2)
    restart(state)
    tray = state.tray["humans"]
    assert cost(state, 0, "L1-03") == 4
    state, _ = play(state, 0, "conquer L1-03")
    assert state.tray["humans"] == tray + 2


def test_trolls_discount_on_own_declined_region_and_murlocs():
    """§4.1 Trolls: non-empty includes the player's own declined race and Murlocs."""
    state = new(2, islands="L1,M1")
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_03=1)
    trolls = give(state, 0, "trolls", "farmer")
    occupy(state, trolls, L1_07=2, L1_01=1)
    restart(state)
    assert cost(state, 0, "L1-03") == 2
    assert cost(state, 0, "L1-05") == 2


# ---------------------------------------------------------------- faction bonus (§3.6)

def _bonus_after(attacker: str, defender: str, declined_def=False):
    state = new(2, islands="L1,M1")
    a = give(state, 0, attacker, "farmer")
    occupy(state, a, L1_07=3)
    d = give(state, 1, defender, "farmer", declined=declined_def)
    occupy(state, d, L1_03=1)
    restart(state)
    state, events = play(state, 0, "conquer L1-03", "redeploy auto", "end turn")
    return _lines(events).get("faction_bonus", 0)


def test_faction_bonus_only_between_alliance_and_horde():
    """§3.6: neutral races never earn nor give the bonus; same faction gives nothing."""
    assert _bonus_after("orcs", "dwarves") == 1
    assert _bonus_after("dwarves", "orcs") == 1
    assert _bonus_after("dwarves", "humans") == 0
    assert _bonus_after("orcs", "trolls") == 0
    assert _bonus_after("naga", "orcs") == 0
    assert _bonus_after("orcs", "pandaren") == 0
    assert _bonus_after("orcs", "dwarves", declined_def=True) == 1


def test_murlocs_give_no_faction_bonus_nor_orc_coins():
    """§3.9, §4.1 Orcs: Murlocs are neutral."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, L1_10=4)
    restart(state)
    state, events = play(state, 0, "conquer L1-05")
    assert not gains(events)
    state, events = play(state, 0, "redeploy auto", "end turn")
    assert "faction_bonus" not in _lines(events)


def test_decline_turn_scores_no_active_bonuses():
    """§3.7 step 2 and §3.8: a declined race gets no race/power/legendary bonus."""
    state = new(2, islands="L1,M1")
    elves = give(state, 0, "blood_elves", "farmer")
    occupy(state, elves, L1_03=1, L1_05=1)
    face_up(state, "L1-03", "dark_portal")
    restart(state)
    state, events = play(state, 0, "decline")
    lines = _lines(events)
    assert "dark_portal" not in lines and "farmer" not in lines and "blood_elves" not in lines
    assert find(events, "score")[0].params["total"] == 2


# ---------------------------------------------------------------- races (§4.1)

def test_declined_draenei_tokens_are_not_saved():
    """§4.1 Draenei RULING: the save applies only while the Draenei are active."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, L1_07=4)
    draenei = give(state, 1, "draenei", "farmer", declined=True)
    occupy(state, draenei, L1_03=1)
    restart(state)
    tray = state.tray["draenei"]
    state, events = play(state, 0, "conquer L1-03")
    assert not find(events, "draenei_saved")
    assert state.tray["draenei"] == tray + 1


def test_horde_conquest_leaves_a_military_objective_in_place():
    """§4.1 Humans: a Horde race conquering an objective region gains nothing; it stays."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, L1_07=4)
    humans = give(state, 1, "humans", "farmer")
    occupy(state, humans, M1_05=2)
    state.extra["objectives"] = {"seat": 1, "regions": [r(state, "L1-03")]}
    restart(state)
    before = [p.coins for p in state.players]
    state, events = play(state, 0, "conquer L1-03")
    assert [p.coins for p in state.players] == before
    assert r(state, "L1-03") in state.extra["objectives"]["regions"]


def test_worgen_form_never_takes_a_conquest_below_one():
    """§4.1 Worgen + §3.3.2 minimum 1: Worgen form and Blacksmith on an empty region = 1."""
    state = new(2, islands="L1,M1")
    worgen = give(state, 0, "worgen", "blacksmith")
    occupy(state, worgen, L1_07=2)
    restart(state)
    state, _ = play(state, 0, "form worgen")
    assert cost(state, 0, "L1-03") == 1


def test_second_decline_removes_the_older_declined_race():
    """§3.8 step 1: a player never has two declined races; the old one goes to its tray."""
    state = new(2, islands="L1,M1")
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_13=1)
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, L1_03=3, L1_04=1)
    restart(state)
    state, _ = play(state, 0, "decline")
    assert state.regions[r(state, "L1-13")].inst is None
    assert state.tray["humans"] == data.races()["humans"]["tray"]
    assert len(state.players[0].declined) == 1
    assert state.regions[r(state, "L1-03")].tokens == 1


# ---------------------------------------------------------------- powers (§4.2)

def test_battlemaster_coin_for_a_murloc_region():
    """§4.2 Battlemaster: +1 coin for conquering a non-empty region (Murlocs make it so)."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "dwarves", "battlemaster")
    occupy(state, orcs, L1_10=4)
    restart(state)
    state, events = play(state, 0, "conquer L1-05")
    assert [e.params["coins"] for e in gains(events)] == [1]


def test_every_power_is_dealt_champion_and_beastmaster_included():
    """§1.2: all 20 powers go into the deck (issue 9 implemented the last two)."""
    from rules.smallworld import data as sw_data
    assert set(sw_data.dealt_powers("warcraft")) == set(data.powers())
    for seed in range(3):
        state = new(5, seed=seed)
        dealt = {power for _, power, _ in state.column} | set(state.power_deck)
        assert dealt == set(data.powers())


def test_beastmaster_gains_a_beast_per_hill_at_turn_start():
    """§4.2 Beastmaster: at T3 the race gains one beast per hill it occupies (supply 5); beasts
    are race tokens that conquer. With no race token in hand, 2 hills give 2 beasts, enough
    for an empty forest next to them (cost 2)."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "beastmaster", hand=0)
    occupy(state, orcs, L1_07=1, L1_04=1)
    restart(state)
    assert reason(state, 0, "conquer L1-03") is None


def test_champion_power_offers_a_champion_conquest():
    """§4.2 Champion and §6.3 CHAMPION_CONQUER: once per turn a free conquest of an adjacent
    region with the Champion alone. Some legal move must offer it."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "champion")
    occupy(state, orcs, L1_04=2)
    restart(state)
    assert any("champion" in t for t in _texts(state, 0))


def test_fortified_watchtower_blocks_intimidating():
    """§3.10: a watchtower region is immune to every targeted effect (Intimidating)."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "intimidating")
    occupy(state, a, L1_10=2)
    b = give(state, 1, "dwarves", "fortified")
    occupy(state, b, L1_05=2)
    state.extra.setdefault("pieces", {})[str(r(state, "L1-05"))] = {"watchtower": 1}
    restart(state)
    assert reason(state, 0, "intimidate L1-05") is not None
    assert reason(state, 0, "conquer L1-05") == "immune"


def test_swamp_walker_scores_swamps_only_while_active():
    """§4.2 Swamp walker: +1 per swamp of the active race."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "swamp_walker")
    occupy(state, a, L1_01=1, L1_08=1, L1_07=1)
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert _lines(events)["swamp_walker"] == 2


def test_miner_and_mountaineer_score():
    """§4.2 Miner (+1 per cavern) and Mountaineer (+1 per mountain region)."""
    for power, expected in (("miner", 2), ("mountaineer", 1)):
        state = new(2, islands="L1,M1")
        a = give(state, 0, "orcs", power)
        occupy(state, a, L1_04=1, L1_10=1, L1_11=1)
        restart(state)
        state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
        assert _lines(events)[power] == expected


# ---------------------------------------------------------------- markers (§5)

def test_archaeologist_ignores_face_down_markers():
    """§4.2 Archaeologist: only face-up markers count."""
    state = new(2, islands="L1,M1", markers="frostmourne,dark_portal")
    a = give(state, 0, "orcs", "archaeologist")
    occupy(state, a, L1_03=1)
    # L1-07 keeps its face-down marker; put the Orcs next to it without entering
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert _lines(events).get("archaeologist", 0) == 0


def test_frostmourne_never_takes_a_conquest_below_one():
    """§5.5: Frostmourne −2, minimum 1."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "farmer")
    occupy(state, a, L1_07=2)
    face_up(state, "L1-07", "frostmourne")
    restart(state)
    state, events = play(state, 0, "frostmourne L1-03")
    assert state.regions[r(state, "L1-03")].tokens == 1
    assert find(events, "conquer")[0].params["cost"] == 1


def test_frostmourne_once_per_turn():
    """§5.1: once per turn per artifact."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "farmer")
    occupy(state, a, L1_07=2)
    face_up(state, "L1-07", "frostmourne")
    restart(state)
    state, _ = play(state, 0, "frostmourne L1-03")
    assert reason(state, 0, "frostmourne L1-04") is not None


def test_doomhammer_without_previous_owner_pays_the_bank():
    """§5.4: 2 coins to the previous owner, or to the bank if there is none."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "trolls", "farmer")
    occupy(state, a, L1_07=2)
    face_up(state, "L1-07", "doomhammer")
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, L1_03=5)
    restart(state)
    before = [p.coins for p in state.players]
    state, _ = play(state, 0, "doomhammer L1-03")
    assert [p.coins for p in state.players] == [before[0] - 2, before[1]]
    assert state.regions[r(state, "L1-03")].tokens == 1


def test_dark_portal_pays_only_the_active_race():
    """§5.8: +2 at T9 to the active race occupying it; nothing to a declined race there."""
    state = new(2, islands="L1,M1")
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_03=1)
    face_up(state, "L1-03", "dark_portal")
    a = give(state, 0, "orcs", "farmer")
    occupy(state, a, M1_05=1)
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert "dark_portal" not in _lines(events)


def test_well_of_eternity_pays_a_declined_race():
    """§5.13: the Well is the only marker usable by a declined race (+2 for a majority)."""
    state = new(2, islands="L1,M1")
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_09=1, L1_11=1)
    face_up(state, "L1-12", "well_of_eternity")
    a = give(state, 0, "orcs", "farmer")
    occupy(state, a, M1_05=1)
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, L1_13=1)
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert _lines(events).get("well_of_eternity") == 2


def test_well_of_eternity_tie_pays_nobody():
    """§5.13: ties earn nothing."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "farmer")
    occupy(state, a, L1_09=1)
    face_up(state, "L1-12", "well_of_eternity")
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, L1_13=1)
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert "well_of_eternity" not in _lines(events)


def test_spirit_healer_gives_nothing_when_the_tray_is_empty():
    """§5.12: the extra token only if one is left in the tray."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "farmer", hand=0)
    occupy(state, a, L1_07=11)
    face_up(state, "L1-07", "spirit_healer")
    restart(state)
    assert state.tray["orcs"] == 0
    state, _ = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert state.tray["orcs"] == 0
    assert state.regions[r(state, "L1-07")].tokens == 11


def test_aegis_gives_no_protection_to_a_declined_owner():
    """§5.2: the Aegis protects only a region of its owner's active race."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "farmer")
    occupy(state, a, L1_07=3)
    b = give(state, 1, "dwarves", "farmer", declined=True)
    occupy(state, b, L1_03=1)
    face_up(state, "L1-03", "aegis_of_aggramar")
    restart(state)
    assert reason(state, 0, "conquer L1-03") is None


def test_ethereal_discount_on_a_face_up_legendary_place_only():
    """§4.1 Ethereals (b): −2 on a region with a face-up legendary place, not an artifact;
    declared with its conquest (``conquer R with ethereal``), then used up for the turn."""
    state = new(2, islands="L1,M1")
    e = give(state, 0, "ethereals", "farmer")
    occupy(state, e, L1_07=2)
    face_up(state, "L1-03", "frostmourne")
    face_up(state, "L1-04", "karazhan")
    restart(state)
    assert cost(state, 0, "L1-03") == 2
    assert cost(state, 0, "L1-04") == 2
    assert reason(state, 0, "conquer L1-03 with ethereal") == "ethereal_needs_place"
    assert f"conquer {r(state, 'L1-04')} with ethereal" in _texts(state, 0)
    assert f"conquer {r(state, 'L1-03')} with ethereal" not in _texts(state, 0)
    state, events = play(state, 0, "conquer L1-04 with ethereal")
    assert state.regions[r(state, "L1-04")].tokens == 1
    assert find(events, "ethereal_discount")
    face_up(state, "L1-08", "dark_portal")
    assert cost(state, 0, "L1-08") == 2
    assert reason(state, 0, "conquer L1-08 with ethereal") == "ethereal_used"


def test_ethereal_discount_is_never_taken_unless_declared():
    """§4.1 Ethereals RULING: the discount is declared with the conquest it modifies; a plain
    conquest of a legendary place pays in full and keeps the steal for later."""
    state = new(2, islands="L1,M1")
    e = give(state, 0, "ethereals", "farmer")
    occupy(state, e, L1_07=2)
    face_up(state, "L1-04", "karazhan")
    face_up(state, "L1-11", "frostmourne")
    restart(state)
    state, events = play(state, 0, "conquer L1-04")
    assert state.regions[r(state, "L1-04")].tokens == 2
    assert not find(events, "ethereal_discount")
    assert reason(state, 0, "steal L1-11 to L1-07") is None


def test_ethereal_discount_on_a_final_attempt():
    """§4.1 Ethereals RULING: (b) is also allowed on a final attempt, declared before the roll,
    and is used up even when the attempt fails. L1-04: 2 + 3 (Orcs) − 2 = 3 with 1 token in
    hand."""
    state = new(2, islands="L1,M1", dice=[0])
    e = give(state, 0, "ethereals", "farmer", hand=2)
    occupy(state, e, L1_07=1)
    orcs = give(state, 1, "orcs", "farmer")
    occupy(state, orcs, L1_04=3)
    face_up(state, "L1-04", "karazhan")
    restart(state)
    assert state.active(0).hand == 1
    assert reason(state, 0, "die L1-04 with ethereal") is None
    assert reason(state, 0, "conquer L1-04 with ethereal") == "need_tokens"
    state, events = play(state, 0, "die L1-04 with ethereal")
    assert find(events, "die_roll")[0].params["need"] == 3
    assert state.regions[r(state, "L1-04")].inst == orcs.id
    assert state.extra["turn"]["ethereal_used"]


# ---------------------------------------------------------------- end of game (§3.12)

def test_last_round_ends_the_game():
    """§2.1: 2 players play 10 rounds and the game ends after the last player's 10th turn."""
    state = new(2, islands="L1,M1", combos="orcs:farmer,dwarves:ranger")
    assert state.turns == 10
    for _ in range(10):
        for seat in (0, 1):
            if state.active(seat) is None:
                state, _ = play(state, seat, "pick 0")
                entry = next(c for c in ("L1-04", "L1-09", "M1-07", "M1-10")
                             if state.regions[r(state, c)].inst is None)
                state, _ = play(state, seat, f"conquer {entry}")
            else:
                state, _ = play(state, seat, "end conquest")
            state, _ = play(state, seat, "redeploy auto", "end turn")
            if state.pending and state.pending[-1].get("type") == "withdraw":
                state, _ = play(state, state.pending[-1]["seat"], "withdraw auto")
    assert state.over


# ---------------------------------------------------------------- second batch

def test_orcs_coin_for_an_opponents_declined_alliance_region():
    """§4.1 Orcs: +1 for a region occupied by an Alliance race, active or declined."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "farmer")
    occupy(state, orcs, L1_07=4)
    old = give(state, 1, "gnomes", "farmer", declined=True)
    occupy(state, old, L1_03=1)
    restart(state)
    state, events = play(state, 0, "conquer L1-03")
    assert [e.params["coins"] for e in gains(events)] == [1]


def test_neutral_conqueror_claims_an_objective_and_pays_the_humans_too():
    """§4.1 Humans: a non-Horde conqueror gains 2 and the Human player gains 2."""
    state = new(2, islands="L1,M1")
    naga = give(state, 0, "naga", "farmer")
    occupy(state, naga, L1_07=4)
    humans = give(state, 1, "humans", "farmer")
    occupy(state, humans, M1_05=2)
    state.extra["objectives"] = {"seat": 1, "regions": [r(state, "L1-03")]}
    restart(state)
    before = [p.coins for p in state.players]
    state, _ = play(state, 0, "conquer L1-03")
    assert [p.coins for p in state.players] == [before[0] + 2, before[1] + 2]
    assert r(state, "L1-03") not in state.extra["objectives"]["regions"]


def test_swamp_toll_with_no_coin_is_free():
    """§3.11: a consequence payment is min(amount, coins); coins never negative."""
    state = position("""islands = ["L1", "M1"]
        seat.0 = {coins = 0, race = "trolls", power = "farmer", regions = {"L1-07" = 3}, hand = 7}
        seat.1 = {race = "orcs", power = "swamp_dweller", regions = {"L1-08" = 1}, hand = 10}""")
    before = state.players[1].coins
    state, _ = play(state, 0, "conquer L1-08")
    assert state.players[0].coins == 0 and state.players[1].coins == before


def test_forsaken_count_murloc_kills():
    """§4.1 Forsaken: a Murloc discarded by their conquest allows one purchase."""
    state = new(2, islands="L1,M1")
    f = give(state, 0, "forsaken", "farmer", hand=12)
    occupy(state, f, L1_10=2)
    restart(state)
    state, _ = play(state, 0, "conquer L1-05", "end conquest")
    assert reason(state, 0, "recruit 2") is not None
    assert reason(state, 0, "recruit 1") is None


def test_meeting_stone_needs_the_owner_active_race_on_it():
    """§5.11: no waiver when the Stone lies in an empty region."""
    state = new(2, islands="L2,M2")
    a = give(state, 0, "humans", "farmer")
    occupy(state, a, L2_03=2)
    face_up(state, "L2-08", "meeting_stone")
    restart(state)
    assert cost(state, 0, "M2-09") == 3


def test_battleground_caps_at_two_per_enemy_race():
    """§5.7: up to 2 per enemy race with the Battleground (3 regions taken → 2)."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "farmer", hand=11)
    occupy(state, a, L1_07=1)
    face_up(state, "L1-07", "battleground")
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, L1_03=1, L1_04=1, L1_08=1)
    restart(state)
    state, events = play(state, 0, "conquer L1-03", "conquer L1-04", "conquer L1-08",
                         "redeploy auto", "end turn")
    assert _lines(events)["faction_bonus"] == 2


def test_karazhan_counts_other_regions_of_its_terrain():
    """§5.9: +1 per OTHER region of Karazhan's terrain (hill) held by the active race."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "farmer")
    occupy(state, a, L1_07=1, L1_04=1, M1_03=1, L1_03=1)
    face_up(state, "L1-07", "karazhan")
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert _lines(events)["karazhan"] == 2


def test_naga_that_lost_everything_start_again_from_any_water():
    """§4.1 Naga RULING: a Naga race with no region makes a new first conquest on any water."""
    state = new(2, islands="L1,M1")
    naga = give(state, 0, "naga", "farmer")
    occupy(state, naga, M1_04=0)
    state.regions[r(state, "M1-04")].inst = None
    restart(state)
    assert cost(state, 0, "L1-06") == 2
    assert cost(state, 0, "M1-04") == 2


def test_garrison_badge_stays_and_blacksmith_badge_goes_on_decline():
    """§3.8 step 3: only Garrison and Swamp-dweller badges stay with the declined race;
    the forts of a Garrison race stay and still defend."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "garrison")
    occupy(state, a, L1_07=2)
    state.extra.setdefault("pieces", {})[str(r(state, "L1-07"))] = {"fort": 1}
    restart(state)
    state, _ = play(state, 0, "decline")
    assert state.extra["pieces"][str(r(state, "L1-07"))].get("fort") == 1
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, L1_03=2)
    assert cost(state, 1, "L1-07") == 2 + 1 + 1


def test_gnome_air_raid_refuses_water_and_immune_regions():
    """§4.1 Gnomes RULING: water and immune regions are not air-raid targets."""
    state = new(2, islands="L1,M1")
    g = give(state, 0, "gnomes", "farmer")
    occupy(state, g, L1_09=2)
    b = give(state, 1, "dwarves", "fortified")
    occupy(state, b, M1_01=2)
    state.extra.setdefault("pieces", {})[str(r(state, "M1-01"))] = {"watchtower": 1}
    restart(state)
    assert reason(state, 0, "air raid M1-04") is not None
    assert reason(state, 0, "air raid M1-01") is not None
    assert reason(state, 0, "air raid M1-03") is None


def test_coins_are_hidden_from_other_players():
    """§3.7 / §6.4: coin totals are secret until the end."""
    state = position('islands = ["L1", "M1"]\nseat.0.coins = 37')
    for seat in (None, 1):
        assert "37" not in repr(GAME.view(state, seat).data)


def _finish_turn(state, seat: int):
    """End ``seat``'s turn, then let every opponent place withdrawn tokens."""
    state, _ = play(state, seat, "end conquest", "redeploy auto", "end turn")
    while state.pending and state.pending[-1].get("type") == "withdraw":
        state, _ = play(state, state.pending[-1]["seat"], "withdraw auto")
    return state


def test_a_bomb_stays_when_another_opponent_conquers_its_region():
    """§4.1 Goblins RULING: a conquest by another opponent does not empty the region, so the
    bomb stays and hits the new occupant at the Goblins' next turn."""
    state = new(3, islands="L1,M1,S1", first=0, combos="goblins:farmer",
                markers="frostmourne,doomhammer,karazhan")
    state, _ = play(state, 0, "pick 0")
    occupy(state, state.active(0), L1_10=2)
    dwarves = give(state, 1, "dwarves", "blacksmith")
    occupy(state, dwarves, L1_03=5)
    orcs = give(state, 2, "orcs", "farmer")
    occupy(state, orcs, L1_07=3)
    state.extra["bomb_pile"] = ["live"] + state.extra["bomb_pile"][1:]
    state, _ = play(state, 0, "end conquest", "redeploy auto", "bomb L1-07", "end turn")
    state, _ = play(state, 1, "conquer L1-07")
    assert str(r(state, "L1-07")) in state.extra["bombs"]
    state, _ = play(state, 1, "redeploy auto", "end turn")
    while state.pending and state.pending[-1].get("type") == "withdraw":
        state, _ = play(state, state.pending[-1]["seat"], "withdraw auto")
    state = _finish_turn(state, 2)
    reg = state.regions[r(state, "L1-07")]
    assert reg.inst is None and state.extra["bombs"] == {}


def test_chapel_save_does_not_spend_the_draenei_save():
    """§3.3.4 RULING: Chapel first; the Draenei save is spent only by a real discard. After the
    Chapel region is lost (last benefit: no loss), the next loss is still the Draenei save."""
    state = new(2, islands="L2,M1")
    attacker = give(state, 0, "forsaken", "farmer", hand=20)
    occupy(state, attacker, L2_02=1)
    draenei = give(state, 1, "draenei", "farmer", hand=0)
    occupy(state, draenei, L2_03=2, L2_04=1, L2_05=1)
    face_up(state, "L2-03", "lights_hope_chapel")
    restart(state)
    state, events = play(state, 0, "conquer L2-03")
    assert find(events, "defender_losses")[0].params["lost"] == 0
    assert not find(events, "draenei_saved")
    state, events = play(state, 0, "conquer L2-04")
    assert find(events, "draenei_saved")
    assert find(events, "defender_losses")[0].params["lost"] == 0


def test_attacking_only_a_declined_race_still_hands_out_harmony():
    """§4.1 Pandaren: attacking only that player's declined race does not count as attacking."""
    state = new(2, islands="L1,M1")
    state.turn = 3
    panda = give(state, 0, "pandaren", "farmer")
    occupy(state, panda, L1_07=3)
    orcs = give(state, 1, "orcs", "farmer")
    occupy(state, orcs, M1_05=1)
    old = give(state, 1, "humans", "farmer", declined=True)
    occupy(state, old, L1_03=1)
    restart(state)
    state, _ = play(state, 0, "conquer L1-03", "redeploy auto")
    while state.pending and state.pending[-1]["seat"] == 0 and \
            state.pending[-1]["type"] != "end":
        state, _ = play(state, 0, "end turn")
    assert 1 in state.extra.get("harmony", [])


def test_declined_tauren_intimidated_down_to_one_token_stay():
    """§4.1 Tauren RULING: "never alone" applies only to active Tauren."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "intimidating")
    occupy(state, a, L1_07=2)
    t = give(state, 1, "tauren", "farmer", declined=True, hand=0)
    occupy(state, t, L1_03=2, L1_13=2)
    restart(state)
    state, _ = play(state, 0, "intimidate L1-03 to L1-13")
    assert state.regions[r(state, "L1-03")].tokens == 1
    assert state.regions[r(state, "L1-13")].tokens == 3


def test_active_tauren_left_alone_by_intimidating_leave_the_region():
    """§4.1 Tauren: a lone active Tauren token goes to hand at once; the region empties."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "intimidating")
    occupy(state, a, L1_07=2)
    t = give(state, 1, "tauren", "farmer", hand=0)
    occupy(state, t, L1_03=2, L1_13=2)
    restart(state)
    state, _ = play(state, 0, "intimidate L1-03 to L1-13")
    assert state.regions[r(state, "L1-03")].inst is None
    state = _finish_turn(state, 0)
    assert state.regions[r(state, "L1-13")].tokens + t.hand == 4


def test_heart_payment_with_no_coin_is_free():
    """§5.6 + §3.11: the Heart payment is a consequence payment, min(1, coins)."""
    state = position("""islands = ["L1", "M1"]
        seat.0 = {race = "dwarves", power = "farmer", regions = {"L1-07" = 1}, hand = 8}
        seat.1 = {coins = 0, race = "orcs", power = "farmer", regions = {"L1-03" = 1}, hand = 9}
        region.L1-07.marker = 'heart_of_azeroth'""")
    before = state.players[0].coins
    state, _ = play(state, 0, "end conquest", "redeploy auto", "heart L1-07")
    assert state.players[1].coins == 0 and state.players[0].coins == before


def test_kobolds_later_reach_an_entry_cavern_without_travel():
    """§4.1 Kobolds + §3.3.2: a cavern is as if adjacent, so an entry cavern pays no travel."""
    state = new(2, islands="L1,M1")
    kobolds = give(state, 0, "kobolds", "farmer")
    occupy(state, kobolds, M1_07=2)
    restart(state)
    assert cost(state, 0, "L1-04") == 2


def test_ethereal_discount_that_saves_nothing_keeps_the_steal():
    """§4.1 Ethereals: the discount (b) is declared with its conquest; a conquest that does not
    declare it (here the cost is already at the minimum 1) does not use up the steal (a)."""
    state = new(2, islands="L1,M1")
    e = give(state, 0, "ethereals", "blacksmith")
    occupy(state, e, L1_07=2, L1_10=1)
    face_up(state, "L1-03", "karazhan")
    face_up(state, "L1-11", "frostmourne")
    restart(state)
    state, _ = play(state, 0, "conquer L1-03")
    assert state.regions[r(state, "L1-03")].tokens == 1
    assert reason(state, 0, "steal L1-11 to L1-07") is None


def test_fisherman_counts_a_naga_water_region_next_to_water():
    """§4.2 Fisherman RULING: a Naga water region bordering another water region counts."""
    state = new(2, islands="L1,M1")
    n = give(state, 0, "naga", "fisherman")
    occupy(state, n, L1_06=1, L1_12=1, L1_03=1)
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    # L1-06 and L1-12 border no other water; L1-03 borders none: nothing; add L1-10 (+1)
    assert _lines(events).get("fisherman", 0) == 0


def test_watchtower_kept_until_the_owner_next_end_of_turn():
    """§4.2 Fortified: a watchtower stays until the owner's next T7c even if the majority is
    lost in between."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "dwarves", "fortified", hand=3)
    occupy(state, a, L1_05=1, L1_01=1, L1_09=1)
    b = give(state, 1, "orcs", "farmer")
    occupy(state, b, L1_10=3)
    restart(state)
    state = _finish_turn(state, 0)
    tower = str(r(state, "L1-05"))
    assert state.extra["pieces"][tower] == {"watchtower": 1}
    state, _ = play(state, 1, "conquer L1-09", "conquer L1-01")
    assert state.extra["pieces"][tower] == {"watchtower": 1}
    assert reason(state, 1, "conquer L1-05") == "immune"


def test_five_player_game_has_fifty_one_or_two_regions_and_fits_supplies():
    """§7.1: 5 players use 51-52 regions; Murlocs ≤ 15 and Mountains ≤ 10."""
    for seed in (1, 2):
        state = new(5, seed=seed)
        assert len(state.regions) in (51, 52)
        assert sum(x.lost_tribe for x in state.regions) <= 15
        assert sum(x.mountain for x in state.regions) <= 10


def test_an_abandoned_watchtower_farmland_loses_its_tower():
    """§4.2 Fortified + §3.10: a watchtower protects a farmland of the Fortified race; once the
    race abandons that farmland it is empty, the tower leaves (to the supply) and the region
    can be attacked (and towers never outlive their race, §3.8)."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "dwarves", "fortified", hand=3)
    occupy(state, a, L1_05=1, L1_01=1, L1_09=1)
    b = give(state, 1, "orcs", "farmer")
    occupy(state, b, L1_10=3)
    restart(state)
    state = _finish_turn(state, 0)
    state = _finish_turn(state, 1)
    supply = state.supply["watchtower"]
    state, _ = play(state, 0, "abandon L1-05")
    state = _finish_turn(state, 0)
    assert str(r(state, "L1-05")) not in state.extra.get("pieces", {})
    assert state.supply["watchtower"] == supply + 1
    assert reason(state, 1, "conquer L1-05") is None


def test_an_abandoned_fort_region_loses_its_fort():
    """§4.2 Garrison: a fort is discarded when its region becomes empty."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "garrison", hand=2)
    occupy(state, a, L1_07=1, L1_03=1)
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, M1_05=2)
    restart(state)
    state = _finish_turn(state, 0)
    assert state.extra["pieces"][str(r(state, "L1-03"))] == {"fort": 1}
    state = _finish_turn(state, 1)
    state, _ = play(state, 0, "abandon L1-03")
    assert str(r(state, "L1-03")) not in state.extra.get("pieces", {})


def _bombed(target_race: str, power: str = "farmer", coins: int = 5):
    """Seat 0's Goblins start a turn with a live bomb on seat 1's region L1-07."""
    state = new(2, islands="L1,M1", combos="goblins:blacksmith",
                markers="frostmourne,doomhammer")
    state, _ = play(state, 0, "pick 0")
    occupy(state, state.active(0), L1_10=2)
    target = give(state, 1, target_race, power)
    occupy(state, target, L1_07=3, L1_11=1)
    state.extra["bombs"] = {str(r(state, "L1-07")): {"kind": "live", "seat": 0}}
    state.players[0].coins = coins
    return state, target


def test_t50_bomb_on_harmony_pandaren_pays_what_the_goblins_have():
    """T50, §4.1 Goblins RULING, §3.11: the Harmony fee for a bomb is a consequence payment,
    min(2, coins), and it is that turn's Harmony payment (no further fee for attacks)."""
    state, panda = _bombed("pandaren", coins=1)
    state.extra["harmony"] = [0]
    before = state.players[1].coins
    restart(state)
    assert state.players[0].coins == 0 and state.players[1].coins == before + 1
    assert state.regions[r(state, "L1-07")].inst is None
    coins = state.players[0].coins
    state, _ = play(state, 0, "conquer L1-11")
    assert state.players[0].coins == coins


def test_a_live_bomb_uses_the_draenei_save_of_the_goblin_turn():
    """§3.1 T1b and §4.1 Draenei: the bomb's loss is saved; the next loss that turn is not."""
    state, draenei = _bombed("draenei")
    tray = state.tray["draenei"]
    events = restart(state)
    assert find(events, "draenei_saved")
    assert state.tray["draenei"] == tray
    state, events = play(state, 0, "conquer L1-11")
    assert not find(events, "draenei_saved")
    assert state.tray["draenei"] == tray + 1


def test_a_live_bomb_counts_for_the_goblins_faction_bonus_and_battlemaster():
    """§3.6 RULING and §4.2 Battlemaster RULING: the explosion is a Goblin conquest."""
    state = new(2, islands="L1,M1", combos="goblins:battlemaster",
                markers="frostmourne,doomhammer")
    state, _ = play(state, 0, "pick 0")
    occupy(state, state.active(0), L1_10=2)
    target = give(state, 1, "dwarves", "farmer")
    occupy(state, target, L1_07=3)
    state.extra["bombs"] = {str(r(state, "L1-07")): {"kind": "live", "seat": 0}}
    coins = state.players[0].coins
    events = restart(state)
    assert state.players[0].coins == coins + 1
    state, events = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert _lines(events)["faction_bonus"] == 1


def test_a_live_bomb_on_a_swamp_dweller_swamp_pays_the_toll():
    """§4.2 Swamp-dweller RULING: a live bomb on such a swamp triggers the toll."""
    state = new(2, islands="L1,M1", combos="goblins:blacksmith",
                markers="frostmourne,doomhammer")
    state, _ = play(state, 0, "pick 0")
    occupy(state, state.active(0), L1_07=2)
    target = give(state, 1, "orcs", "swamp_dweller")
    occupy(state, target, L1_08=2)
    state.extra["bombs"] = {str(r(state, "L1-08")): {"kind": "live", "seat": 0}}
    coins = [p.coins for p in state.players]
    restart(state)
    assert [p.coins for p in state.players] == [coins[0] - 1, coins[1] + 1]


def test_chapel_does_not_stop_an_intimidating_discard():
    """§5.10 RULING: Light's Hope Chapel does not protect against Intimidating discards."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "intimidating")
    occupy(state, a, L1_07=2)
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, L1_03=2)
    face_up(state, "L1-03", "lights_hope_chapel")
    restart(state)
    tray = state.tray["dwarves"]
    state, _ = play(state, 0, "intimidate L1-03")
    assert state.tray["dwarves"] == tray + 1
    assert state.regions[r(state, "L1-03")].tokens == 1


def test_intimidating_acts_only_on_opponent_regions():
    """§4.2 Intimidating / §6.3: the target holds an OPPONENT's token, wall or fort, or a
    Murloc; the player's own declined region is not a target."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "intimidating")
    occupy(state, a, L1_07=2)
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_03=2, L1_13=1)
    restart(state)
    assert reason(state, 0, "intimidate L1-03 to L1-13") is not None


def test_ethereal_steal_only_artifacts_into_a_region_next_to_the_source():
    """§4.1 Ethereals: only face-up artifacts; the destination is an Ethereal region adjacent
    to the source; legendary places never move."""
    state = new(2, islands="L1,M1")
    e = give(state, 0, "ethereals", "farmer")
    occupy(state, e, L1_07=2, L1_09=1)
    face_up(state, "L1-03", "frostmourne")
    face_up(state, "L1-04", "karazhan")
    restart(state)
    assert reason(state, 0, "steal L1-03 to L1-09") is not None
    assert reason(state, 0, "steal L1-04 to L1-07") is not None
    assert reason(state, 0, "steal L1-03 to L1-07") is None
    state, _ = play(state, 0, "steal L1-03 to L1-07")
    assert reason(state, 0, "steal L1-07 to L1-07") is not None


def test_portal_swap_never_moves_a_legendary_place_or_a_mountain():
    """§4.2 Portal Mage: everything but Mountain tokens and legendary places is exchanged."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "portal_mage")
    occupy(state, a, L1_03=2)
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, M1_08=3)
    face_up(state, "L1-03", "dark_portal")
    restart(state)
    state, _ = play(state, 0, "swap L1-03 M1-08")
    assert state.regions[r(state, "M1-08")].inst == a.id
    assert state.regions[r(state, "M1-08")].mountain
    assert not state.regions[r(state, "L1-03")].mountain
    from rules.smallworld_warcraft import markers
    assert markers.region_of(state, "dark_portal") == r(state, "L1-03")


# ---------------------------------------------------------------- base Small World leaks

def test_warcraft_races_sharing_a_base_name_have_only_their_warcraft_effects():
    """§4.1: Warcraft Humans score no farmland, Orcs score no non-empty conquests, Trolls
    raise no lairs (those are base Small World effects of races of the same name)."""
    state = new(2, islands="L1,M1")
    humans = give(state, 0, "humans", "ranger")
    occupy(state, humans, L1_05=1, L1_09=2)
    restart(state)
    state, events = play(state, 0, "end conquest", "redeploy auto", "objectives done",
                         "end turn")
    assert "humans" not in _lines(events)
    for race in ("orcs", "trolls"):
        state = new(2, islands="L1,M1")
        attacker = give(state, 0, race, "ranger")
        occupy(state, attacker, L1_10=4)
        restart(state)
        state, _ = play(state, 0, "conquer L1-05")
        state, events = play(state, 0, "redeploy auto", "end turn")
        assert race not in _lines(events)
        assert not any(reg.lair for reg in state.regions)


def test_base_power_moves_are_refused():
    """§4.2: Warcraft Fortified builds watchtowers, not fortresses; no dragon, heroes,
    encampments, berserk or alliance moves exist in Warcraft."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "fortified")
    occupy(state, a, L1_07=2)
    restart(state)
    for text in ("fortress L1-07", "dragon L1-03", "hero L1-07", "encampment L1-07",
                 "berserk roll", "ally 1", "convert L1-03"):
        assert reason(state, 0, text) is not None, text
    assert not any(t.startswith(("fortress", "dragon", "hero", "encampment", "berserk"))
                   for t in _texts(state, 0))


def test_a_portal_swap_revealing_the_well_moves_it_to_the_water():
    """§5.1 (a Portal Mage swap reveals) and §5.13: on reveal the Well moves to a sea or lake
    of the same island (S2 has one sea, S2-05)."""
    from rules.smallworld_warcraft import markers
    state = new(2, islands="L1,S2", boards="LS", markers="frostmourne,well_of_eternity")
    assert markers.in_region(state, r(state, "S2-03"))
    a = give(state, 0, "orcs", "portal_mage")
    occupy(state, a, L1_03=2)
    restart(state)
    state, events = play(state, 0, "swap L1-03 S2-03")
    assert find(events, "marker_revealed")
    assert markers.region_of(state, "well_of_eternity") == r(state, "S2-05")


def test_tauren_redeployment_keeps_two_in_every_region():
    """§4.1 Tauren / §3.1 T7a: redeployment leaves at least 2 Tauren tokens per region."""
    state = new(2, islands="L2,M1")
    tauren = give(state, 0, "tauren", "farmer", hand=4)
    occupy(state, tauren, L2_06=2, L2_10=2)
    restart(state)
    state, _ = play(state, 0, "end conquest")
    assert reason(state, 0, "move 1 from L2-06 to L2-10") is not None
    assert reason(state, 0, "take 1 from L2-06") is not None


def test_declining_a_race_with_no_region_leaves_no_declined_race():
    """§3.8 step 5: a race occupying no region leaves the map at once; the player keeps the
    previous declined race removed (step 1) and has no declined race."""
    state = new(2, islands="L1,M1")
    old = give(state, 0, "humans", "farmer", declined=True)
    occupy(state, old, L1_13=1)
    give(state, 0, "orcs", "farmer")
    restart(state)
    state, _ = play(state, 0, "decline")
    assert [i for i in state.players[0].declined if not state.insts[i].gone] == []
    assert state.tray["orcs"] == data.races()["orcs"]["tray"]
    assert state.tray["humans"] == data.races()["humans"]["tray"]


def test_a_second_decline_clears_the_walls_and_forts_of_the_old_declined_race():
    """§3.8 step 1: the old declined race's regions become empty and lose walls and forts."""
    state = position("""islands = ["L1", "M1"]
        region.L1-03.wisp_wall = 1
        region.L1-10.fort = 1
        [seat.0]
        race = "orcs"
        power = "farmer"
        regions = {"M1-05" = 2}
        hand = 8
        [seat.0.declined]
        race = "night_elves"
        power = "garrison"
        regions = {"L1-03" = 1, "L1-10" = 1}""")
    state, _ = play(state, 0, "decline")
    assert state.extra.get("pieces", {}) == {}
    assert state.supply["wisp_wall"] == 9 and state.supply["fort"] == 10


def test_doomhammer_ignores_travel_but_not_reach_or_immunity_and_once_a_turn():
    """§5.4: one legally reachable region (entry anywhere, travel ignored), not immune, once
    per turn; the artifact moves into the conquered region."""
    from rules.smallworld_warcraft import markers
    state = position("""islands = ["L1", "M1"]
        seat.0 = {race = "trolls", power = "farmer", regions = {"L1-07" = 2}, hand = 8}
        region.L1-07.marker = "doomhammer"
        region.L1-13.watchtower = 1
        [seat.1]
        race = "dwarves"
        power = "fortified"
        regions = {"M1-01" = 3, "L1-13" = 2}
        hand = 4""")
    assert reason(state, 0, "doomhammer L1-13") is not None
    assert reason(state, 0, "doomhammer M1-06") is not None
    state, _ = play(state, 0, "doomhammer M1-01")
    assert state.regions[r(state, "M1-01")].tokens == 1
    assert markers.region_of(state, "doomhammer") == r(state, "M1-01")
    assert reason(state, 0, "doomhammer M1-05") is not None


def _artifact_owner(*artifacts_at: tuple[str, str], hand: int | None = None):
    state = new(2, islands="L1,M1", dice=[3])
    a = give(state, 0, "trolls", "farmer", hand=hand)
    occupy(state, a, L1_07=1, L1_04=1)
    for marker, code in artifacts_at:
        face_up(state, code, marker)
    b = give(state, 1, "dwarves", "farmer")
    occupy(state, b, L1_03=4, M1_01=4)
    restart(state)
    return state


def test_frostmourne_may_make_a_final_attempt():
    """§5.5: Frostmourne is declared with the conquest, also on a final attempt (before the
    roll). L1-03: 2 + 4 − 1 (Trolls) − 2 (Frostmourne) = 3 with 1 token in hand: shortfall 2."""
    state = _artifact_owner(("frostmourne", "L1-07"), hand=3)
    assert state.active(0).hand == 1
    from rules.smallworld_warcraft import markers
    assert reason(state, 0, "frostmourne L1-03") is None
    assert f"frostmourne {r(state, 'L1-03')}" in _texts(state, 0)
    state, events = play(state, 0, "frostmourne L1-03")
    assert find(events, "die_roll")[0].params["need"] == 3
    assert state.regions[r(state, "L1-03")].inst == state.players[0].active
    assert markers.region_of(state, "frostmourne") == r(state, "L1-03")
    assert state.active(0).conquests_over
    failed = _artifact_owner(("frostmourne", "L1-07"), hand=3)
    failed.dice = [0]
    failed, _ = play(failed, 0, "frostmourne L1-03")
    assert markers.region_of(failed, "frostmourne") == r(failed, "L1-07")
    assert failed.regions[r(failed, "L1-03")].inst != failed.players[0].active
    assert reason(failed, 0, "conquer L1-13") is not None


def test_ashes_may_be_combined_with_frostmourne():
    """§5.3: an Ashes of Al'ar conquest may be combined with Frostmourne (both once a turn):
    M1-01 from L1: 2 + 4 − 1 (Trolls) − 2 (Frostmourne) = 3, no travel; both artifacts move
    into the conquered region and both are used up."""
    from rules.smallworld_warcraft import markers
    state = _artifact_owner(("frostmourne", "L1-07"), ("ashes_of_alar", "L1-04"), hand=6)
    region = r(state, "M1-01")
    assert f"ashes {region} with frostmourne" in _texts(state, 0)
    assert reason(state, 0, "frostmourne M1-01 with ashes") is None
    hand = state.active(0).hand
    state, events = play(state, 0, "frostmourne M1-01 with ashes")
    assert find(events, "conquer")[0].params["cost"] == 3
    assert state.active(0).hand == hand - 3
    assert markers.region_of(state, "frostmourne") == region
    assert markers.region_of(state, "ashes_of_alar") == region
    assert reason(state, 0, "frostmourne L1-13") == "artifact_used"
    assert reason(state, 0, "ashes M1-10") == "artifact_used"


def test_ashes_with_frostmourne_may_be_the_final_attempt():
    """§5.3 "may be a final attempt": Ashes + Frostmourne on M1-01 (cost 3) with 1 token in
    hand, die 3: taken, both artifacts move; with die 0 it fails and they stay."""
    from rules.smallworld_warcraft import markers
    state = _artifact_owner(("frostmourne", "L1-07"), ("ashes_of_alar", "L1-04"), hand=3)
    assert state.active(0).hand == 1
    region = r(state, "M1-01")
    assert f"ashes {region} with frostmourne" in _texts(state, 0)
    won, events = play(state, 0, "ashes M1-01 with frostmourne")
    assert find(events, "die_roll")[0].params["need"] == 3
    assert won.regions[region].inst == won.players[0].active
    assert markers.region_of(won, "ashes_of_alar") == region
    assert won.active(0).conquests_over
    state.dice = [0]
    lost, _ = play(state, 0, "ashes M1-01 with frostmourne")
    assert markers.region_of(lost, "ashes_of_alar") == r(lost, "L1-04")
    assert markers.region_of(lost, "frostmourne") == r(lost, "L1-07")


def test_doomhammer_may_strike_through_the_ashes_but_not_with_frostmourne():
    """§5.4 "legally reachable (... via an as-if-adjacent effect)": Doomhammer with the Ashes
    conquers M1-06 (another island, not an entry region) with 1 token; Frostmourne adds
    nothing to its fixed cost, so that pair is refused (and never listed)."""
    state = _artifact_owner(("doomhammer", "L1-07"), ("ashes_of_alar", "L1-04"),
                            ("frostmourne", "L1-13"), hand=6)
    occupy(state, state.active(0), L1_13=1)
    region = r(state, "M1-06")
    texts = _texts(state, 0)
    assert f"doomhammer {region} with ashes" in texts
    assert not any(t.startswith("doomhammer") and "frostmourne" in t for t in texts)
    assert reason(state, 0, "doomhammer M1-06") is not None
    assert reason(state, 0, "doomhammer M1-06 with frostmourne") == "doomhammer_fixed_cost"
    state, events = play(state, 0, "doomhammer M1-06 with ashes")
    assert find(events, "conquer")[0].params["cost"] == 1


def test_every_declared_combination_is_listed():
    """§6.3 CONQUER modifiers: the menu lists each legal set of tools on each region; the
    Ethereals' discount only where a face-up legendary place lies."""
    state = new(2, islands="L1,M1")
    e = give(state, 0, "ethereals", "farmer")
    occupy(state, e, L1_07=2, L1_04=1)
    face_up(state, "L1-07", "frostmourne")
    face_up(state, "L1-04", "ashes_of_alar")
    face_up(state, "M1-05", "karazhan")
    restart(state)
    place = r(state, "M1-05")
    texts = set(_texts(state, 0))
    for combo in ("ashes {} with ethereal", "ashes {} with frostmourne",
                  "ashes {} with frostmourne and ethereal", "ashes {}"):
        assert combo.format(place) in texts, combo
    assert f"frostmourne {place}" not in texts              # not reachable without the Ashes
    assert not any("ethereal" in t and not t.endswith(f" {place} with ethereal")
                   and f" {place} " not in t for t in texts)
    state, events = play(state, 0, f"ashes {place} with frostmourne and ethereal")
    assert find(events, "conquer")[0].params["cost"] == 1   # 2 + 1 − 2 − 2, at least 1
    assert find(events, "ethereal_discount")


def test_naga_ashes_reach_water_on_another_island():
    """§5.3: Ashes of Al'ar reach any region on any island, water for Naga (no travel)."""
    state = new(2, islands="L1,M1")
    naga = give(state, 0, "naga", "farmer")
    occupy(state, naga, L1_07=2)
    face_up(state, "L1-07", "ashes_of_alar")
    restart(state)
    assert reason(state, 0, "conquer M1-04") is not None
    state, events = play(state, 0, "ashes M1-04")
    assert find(events, "conquer")[0].params["cost"] == 2
    assert state.regions[r(state, "M1-04")].inst == naga.id


def test_air_raid_on_a_far_entry_region_pays_no_travel():
    """§4.1 Gnomes: the air-raid target is treated as adjacent (no travel)."""
    state = new(2, islands="L1,M1", dice=[0])
    g = give(state, 0, "gnomes", "farmer")
    occupy(state, g, L1_09=2)
    restart(state)
    assert cost(state, 0, "M1-10") == 3
    state, events = play(state, 0, "air raid M1-10")
    assert find(events, "air_raid")[0].params["need"] == 2
    assert find(events, "conquer")[0].params["cost"] == 2
    assert state.regions[r(state, "M1-10")].inst == g.id


def test_objectives_go_on_water_or_murlocs_but_never_on_any_alliance_race():
    """§4.1 Humans RULING: any region (land or water) not held by an Alliance race, active or
    declined, any player (the Humans too), and not immune."""
    state = position("""islands = ["L1", "M1"]
        seat.0 = {race = "humans", power = "farmer", regions = {"L1-07" = 2}, hand = 7}
        region.L1-13.watchtower = 1
        [seat.1]
        race = "orcs"
        power = "fortified"
        regions = {"L1-13" = 1}
        hand = 9
        declined = {race = "gnomes", power = "farmer", regions = {"L1-03" = 1}}""")
    state, _ = play(state, 0, "end conquest", "redeploy auto")
    for code in ("L1-07", "L1-03", "L1-13"):
        assert reason(state, 0, f"objective {code}") is not None, code
    state, _ = play(state, 0, "objective L1-12", "objective L1-05")
    assert sorted(state.extra["objectives"]["regions"]) == [r(state, "L1-05"),
                                                            r(state, "L1-12")]


def test_the_chapel_also_saves_from_a_live_bomb():
    """§5.10: the Chapel protects against a conquest or a live bomb."""
    state, target = _bombed("orcs")
    face_up(state, "L1-11", "lights_hope_chapel")
    tray = state.tray["orcs"]
    events = restart(state)
    assert find(events, "chapel_saved")
    assert state.tray["orcs"] == tray
    assert state.regions[r(state, "L1-07")].inst is None


def test_the_marker_pool_aside_stays_hidden():
    """§6.4: face-down markers aside (the pool) are seen by nobody."""
    state = new(2, islands="L1,M1", markers="frostmourne,well_of_eternity")
    for seat in (None, 0, 1):
        text = repr(GAME.view(state, seat).data)
        for marker in state.extra["pool"]:
            assert marker not in text, marker


def test_frostmourne_may_follow_a_short_air_raid_roll():
    """§3.3.2 (reductions stack) and §6.3 AIR_RAID ("then CONQUER / FINAL_ATTEMPT on it"):
    after a roll of 0 leaves M1-06 (2 + 1 Murloc + 2 Orcs = 5) 2 tokens out of reach of a hand
    of 3, the Gnomes conquer it declaring Frostmourne (5 − 2 = 3), which moves there."""
    from rules.smallworld_warcraft import markers
    state = new(2, islands="L1,M1", dice=[0])
    g = give(state, 0, "gnomes", "farmer", hand=4)
    occupy(state, g, L1_07=1)
    face_up(state, "L1-07", "frostmourne")
    orcs = give(state, 1, "orcs", "farmer")
    occupy(state, orcs, M1_06=2)
    state.regions[r(state, "M1-06")].lost_tribe = True
    state.lt_removed -= 1
    restart(state)
    region = r(state, "M1-06")
    state, events = play(state, 0, "air raid M1-06")
    assert find(events, "air_raid")[0].params["need"] == 5
    assert state.pending[-1]["type"] == "air_raid"
    assert _texts(state, 0) == [f"die {region}", f"frostmourne {region}", "abort air raid"]
    state, events = play(state, 0, f"frostmourne {region}")
    assert find(events, "conquer")[0].params["cost"] == 3
    assert markers.region_of(state, "frostmourne") == region

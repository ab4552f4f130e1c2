"""The Champion and the Beastmaster (smallworld_warcraft.md §4.2, §3.1 T4, §3.3.4, §3.8,
§3.12, §6.3, §6.7) played as games: T25 with every variant, T42, and the rulings around
them (decline, Intimidating, Portal Mage, bombs, tie-break, withdrawal)."""

from __future__ import annotations

from rules.smallworld import scoring
from rules.smallworld_warcraft import GAME, beasts, champion
from tests.smallworld_warcraft.helpers import (
    cost,
    face_up,
    find,
    give,
    new,
    occupy,
    play,
    r,
    reason,
    restart,
)


def _fort(state, code: str) -> None:
    state.extra.setdefault("pieces", {})[str(r(state, code))] = {"fort": 1}
    state.supply["fort"] -= 1


def _champion_at(state, code: str) -> bool:
    return state.extra.get("champion", {}).get("region") == r(state, code)


def _t25(hand: int = 3, race: str = "blood_elves", occupied: int = 1, options=None):
    """T25 set-up: seat 0 (A) with the Champion on L1-07, seat 1 (C) Kobolds on L1-10,
    seat 2 (B) Orcs with Garrison on L1-11 (4 tokens, a Fort; L1-11 has a Mountain)."""
    state = GAME.new_game(1, 3, {"islands": ["L1", "M1", "S1"], "first_player": 0,
                                 **(options or {})})
    a = give(state, 0, race, "champion", hand=hand + occupied)
    occupy(state, a, L1_07=occupied)
    c = give(state, 1, "kobolds", "farmer", hand=8)
    occupy(state, c, L1_10=1)
    b = give(state, 2, "orcs", "garrison", hand=4)
    occupy(state, b, L1_11=4)
    _fort(state, "L1-11")
    restart(state)
    return state, a, b, c


# ---------------------------------------------------------------- T25

def test_t25_champion_conquest_places_the_champion_alone():
    state, a, b, _ = _t25()
    assert cost(state, 0, "L1-11") == 8  # 2 + Mountain + Fort + 4 Orcs
    forts = state.supply["fort"]
    state, events = play(state, 0, "champion L1-11")
    assert state.insts[a.id].hand == 3
    region = state.regions[r(state, "L1-11")]
    assert (region.inst, region.tokens) == (a.id, 1) and _champion_at(state, "L1-11")
    losses = find(events, "defender_losses")[0].params
    assert (losses["lost"], losses["withdrawn"]) == (1, 3)
    assert state.supply["fort"] == forts + 1 and state.insts[b.id].pending == 3
    assert reason(state, 0, "champion L1-08") == "champion_used"
    view = GAME.view(state, None).data["regions"][r(state, "L1-11")]
    assert (view["tokens"], view["champion"], view["race"]) == (0, True, "blood_elves")


def _after_a_turn(**kwargs):
    """A takes L1-11 with the Champion and moves 2 tokens in at T7a; C's turn starts."""
    state, a, b, c = _t25(**kwargs)
    state, _ = play(state, 0, "champion L1-11", "place 2 on L1-11", "place 1 on L1-07", "done",
                    "end turn")
    assert state.current == 1 and state.regions[r(state, "L1-11")].tokens == 3
    return state, a, b, c


def test_t25_attacking_the_champion_takes_it_hostage_for_a_ransom():
    state, a, _, c = _after_a_turn()
    assert cost(state, 1, "L1-11") == 6  # 2 + Mountain + 2 tokens + Champion
    coins_a, coins_c = state.players[0].coins, state.players[1].coins
    state, events = play(state, 1, "conquer L1-11")
    losses = find(events, "defender_losses")
    assert [(e.params["lost"], e.params["withdrawn"]) for e in losses] == [(0, 2)]
    assert find(events, "champion_hostage")
    assert state.players[0].coins == coins_a - 1 and state.players[1].coins == coins_c + 1
    assert champion.is_pending(state, state.insts[a.id]) and state.insts[a.id].pending == 3
    state, _ = play(state, 1, "end conquest", "redeploy auto", "end turn")
    assert state.pending[-1]["type"] == "withdraw" and state.pending[-1]["seat"] == 0
    state, events = play(state, 0, "champion to L1-07", "withdraw 2 to L1-07")
    assert _champion_at(state, "L1-07") and state.regions[r(state, "L1-07")].tokens == 5
    assert state.insts[a.id].pending == 0


def test_t25_with_no_coin_the_champion_comes_back_free():
    state, a, _, _ = _after_a_turn()
    state.edit_player(0).coins = 0
    coins_c = state.players[1].coins
    state, events = play(state, 1, "conquer L1-11")
    assert find(events, "champion_hostage")
    assert sum(e.params["coins"] for e in find(events, "coins_paid")) == 0
    assert state.players[1].coins == coins_c
    state, _ = play(state, 1, "end conquest", "redeploy auto", "end turn", )
    state, _ = play(state, 0, "withdraw auto")
    assert _champion_at(state, "L1-07")


def test_t25_ready_troops_keep_a_token_beside_the_champion_then_hold_it_alone():
    state, a, _, _ = _after_a_turn()
    state, _ = play(state, 1, "decline")
    state, _ = play(state, 2, "decline")
    assert state.current == 0
    assert reason(state, 0, "hold L1-07") == "hold_region"
    state, events = play(state, 0, "hold L1-11")
    region = state.regions[r(state, "L1-11")]
    assert (region.inst, region.tokens) == (a.id, 1) and _champion_at(state, "L1-11")
    assert state.insts[a.id].hand == 3  # ready troops lift 1 from L1-07 and 1 here; the hold 1
    # a later Champion conquest from the region it holds alone leaves that region empty
    state, events = play(state, 0, "champion L1-13")
    assert state.regions[r(state, "L1-11")].inst is None and _champion_at(state, "L1-13")
    assert find(events, "region_emptied")


def test_t25_hold_is_optional_and_before_the_first_conquest_only():
    state, a, _, _ = _after_a_turn()
    state, _ = play(state, 1, "decline")
    state, _ = play(state, 2, "decline")
    state, _ = play(state, 0, "conquer L1-08")
    assert state.regions[r(state, "L1-11")].tokens == 2  # 1 race token + the Champion
    assert reason(state, 0, "hold L1-11") == "abandon_after_conquest"


def test_t25_champion_conquest_needs_a_token_in_hand():
    state, _, _, _ = _t25(hand=0)
    assert reason(state, 0, "champion L1-11") == "no_tokens"


def test_t25_tauren_place_the_champion_and_two_tokens():
    state, a, _, _ = _t25(hand=1, race="tauren", occupied=2)
    assert reason(state, 0, "champion L1-11") == "no_tokens"
    state, a, _, _ = _t25(hand=2, race="tauren", occupied=2)
    state, events = play(state, 0, "champion L1-11")
    assert find(events, "champion_conquest")[0].params["tokens"] == 2
    assert state.regions[r(state, "L1-11")].tokens == 3 and state.insts[a.id].hand == 0
    assert reason(state, 0, "hold L1-11") == "hold_tauren"


def test_t25_option_puts_a_race_token_in_with_the_champion():
    state, a, _, _ = _t25(options={"champion_conquest_places_token": True})
    state, _ = play(state, 0, "champion L1-11")
    assert state.insts[a.id].hand == 2 and state.regions[r(state, "L1-11")].tokens == 2


def test_champion_option_is_checked_before_the_game_starts():
    assert GAME.check_options({"champion_conquest_places_token": "maybe"}, 2).key == \
        "smallworld_warcraft.error.bad_rule_option"
    assert GAME.check_options({"champion_conquest_places_token": True}, 2) is None


def test_champion_conquest_reach_rules():
    """§4.2: adjacent only (no far entry region), never a first conquest, once a turn."""
    state, a, _, _ = _t25()
    assert reason(state, 0, "champion L1-13") == "not_adjacent"  # an entry region, far away
    assert reason(state, 0, "champion L1-06") == "water"
    assert reason(state, 0, "champion L1-07") == "own_region"
    assert any(t == f"champion {r(state, 'L1-11')}" for t in
               (GAME.move_text(x.move) for x in GAME.legal_actions(state, 0)))
    fresh = new(2, islands="L1,M1")
    give(fresh, 0, "orcs", "champion")
    restart(fresh)
    assert reason(fresh, 0, "champion L1-04") == "champion_first_conquest"


def test_champion_redeploys_and_counts_as_the_token_of_its_region():
    """§3.1 T7a: the Champion may be moved and counts as the 1 token a region keeps."""
    state, a, _, _ = _t25()
    state, _ = play(state, 0, "champion L1-11", "place 3 on L1-07")
    assert reason(state, 0, "champion to L1-07") == "keep_one"  # L1-11 would be left empty
    state, _ = play(state, 0, "move 1 from L1-07 to L1-11", "champion to L1-07")
    assert _champion_at(state, "L1-07") and state.regions[r(state, "L1-07")].tokens == 4
    assert reason(state, 0, "move 3 from L1-07 to L1-11") is None  # the Champion stays
    assert reason(state, 0, "move 4 from L1-07 to L1-11") == "race_tokens_there"
    state, _ = play(state, 0, "move 3 from L1-07 to L1-11", "done")
    assert state.regions[r(state, "L1-07")].tokens == 1 and _champion_at(state, "L1-07")


def test_declining_removes_the_champion_and_empties_its_lone_region():
    """§3.8 step 4 RULING."""
    state, a, _, _ = _after_a_turn()
    state, _ = play(state, 1, "decline")
    state, _ = play(state, 2, "decline")
    state, _ = play(state, 0, "hold L1-11", "place 3 on L1-07", "done", "end turn")
    state, _ = play(state, 1, "pick 0")
    state, _ = play(state, 1, "end conquest", "done", "end turn")
    state, _ = play(state, 2, "pick 0", "end conquest", "done", "end turn")
    state, events = play(state, 0, "decline")
    assert state.regions[r(state, "L1-11")].inst is None
    assert "champion" not in state.extra
    assert state.regions[r(state, "L1-07")].tokens == 1


def test_intimidating_never_moves_the_champion():
    """§4.2 Intimidating: the Champion keeps holding its region."""
    state = new(2, islands="L1,M1")
    b = give(state, 1, "orcs", "champion")
    occupy(state, b, L1_07=1, L1_03=1)
    state.extra["champion"] = {"inst": b.id, "region": r(state, "L1-07")}
    state.regions[r(state, "L1-07")].tokens += 1
    a = give(state, 0, "trolls", "intimidating")
    occupy(state, a, L1_10=3)
    restart(state)
    state, _ = play(state, 0, "intimidate L1-07 to L1-03")
    assert state.regions[r(state, "L1-07")].tokens == 1 and _champion_at(state, "L1-07")
    assert reason(state, 0, "intimidate L1-07 to L1-03") == "push_target"


def test_a_bomb_on_the_champion_pays_the_ransom_to_the_goblins():
    """§6.3.1: a live bomb on the Champion's region takes it hostage (ransom to the Goblins);
    with no region left, the Champion stays in its owner's hand."""
    state = new(2, islands="L1,M1", first=0, combos="goblins:farmer")
    b = give(state, 1, "orcs", "champion", hand=2)
    occupy(state, b, L1_07=2)
    state.extra["champion"] = {"inst": b.id, "region": r(state, "L1-07")}
    state.regions[r(state, "L1-07")].tokens += 1
    state, _ = play(state, 0, "pick 0")
    occupy(state, state.active(0), L1_10=2)
    state.extra["bomb_pile"] = ["live"] + state.extra["bomb_pile"][1:]
    state, _ = play(state, 0, "end conquest", "redeploy auto", "bomb L1-07", "end turn")
    coins = state.players[1].coins
    state, events = play(state, 1, "end conquest", "redeploy auto", "end turn")
    assert find(events, "champion_hostage")
    paid = find(events, "coins_paid")[-1].params
    assert (paid["seat"], paid["to_seat"], paid["coins"]) == (1, 0, 1)
    assert state.regions[r(state, "L1-07")].inst is None
    state, _ = play(state, 0, "end conquest", "redeploy auto", "end turn")
    assert champion.in_hand(state, state.insts[b.id]) and state.players[1].coins < coins + 5


def test_tie_break_counts_beasts_but_not_the_champion():
    """§3.12, T48."""
    state = new(2, islands="L1,M1")
    a = give(state, 0, "orcs", "champion")
    occupy(state, a, L1_07=2)
    state.extra["champion"] = {"inst": a.id, "region": r(state, "L1-07")}
    state.regions[r(state, "L1-07")].tokens += 1
    assert scoring.tokens_on_board(state, 0) == 2
    other = new(2, islands="L2,M1")
    b = give(other, 0, "orcs", "beastmaster")
    occupy(other, b, L2_06=2)
    _beasts(other, b, L2_06=1)
    assert scoring.tokens_on_board(other, 0) == 3


# ---------------------------------------------------------------- T42

def _beasts(state, inst, hand: int = 0, **by_code: int) -> None:
    """Add beasts of ``inst`` to regions (``L2_06=1``, on top of its tokens) and to hand."""
    record = state.extra.setdefault("beasts", {"inst": inst.id, "regions": {}, "hand": 0,
                                               "pending": 0})
    for code, count in by_code.items():
        region = r(state, code.replace("_", "-"))
        record["regions"][str(region)] = count
        state.regions[region].inst = inst.id
        state.regions[region].tokens += count
        state.supply["beast"] -= count
    record["hand"] += hand
    inst.hand += hand
    state.supply["beast"] -= hand


def _t42():
    state = new(2, islands="L2,M1")
    a = give(state, 0, "orcs", "beastmaster", hand=0)
    occupy(state, a, L2_04=2, L2_06=1)
    _beasts(state, a, L2_06=1, L2_13=1)
    b = give(state, 1, "gnomes", "farmer", hand=6)
    occupy(state, b, L2_10=1)
    restart(state)
    return state, a


def test_t42_beasts_are_discarded_then_gained_per_hill():
    state, a = _t42()
    state, events = play(state, 0, "end conquest")
    assert find(events, "beasts_gained")[0].params["beasts"] == 2
    assert state.regions[r(state, "L2-13")].inst is None  # held by a beast only: empty
    assert state.regions[r(state, "L2-06")].tokens == 1
    assert beasts.in_hand(state, state.insts[a.id]) == 2
    assert state.insts[a.id].hand == 1 + 2  # 1 lifted from L2-04, 2 beasts
    assert state.supply["beast"] == 3


def test_t42_a_region_with_a_beast_loses_the_beast():
    state, a = _t42()
    state, _ = play(state, 0, "end conquest", "place 1 on L2-04", "place 1 beasts on L2-06",
                    "place 1 beasts on L2-04", "done", "end turn")
    assert state.regions[r(state, "L2-06")].tokens == 2
    assert cost(state, 1, "L2-06") == 4  # 2 + 1 race token + 1 beast
    tray = state.tray["orcs"]
    state, events = play(state, 1, "conquer L2-06")
    assert find(events, "beast_lost") and state.tray["orcs"] == tray
    assert state.insts[a.id].pending == 1 and beasts.in_pending(state, state.insts[a.id]) == 0
    assert state.supply["beast"] == 4


def test_beasts_conquer_when_no_race_token_is_in_hand():
    """§4.2 Beastmaster: 2 hills give 2 beasts, enough for an empty forest (cost 2)."""
    state = new(2, islands="L1,M1")
    orcs = give(state, 0, "orcs", "beastmaster", hand=0)
    occupy(state, orcs, L1_07=1, L1_04=1)
    restart(state)
    state, _ = play(state, 0, "conquer L1-03")
    assert beasts.record(state)["regions"] == {str(r(state, "L1-03")): 2}
    view = GAME.view(state, None).data["regions"][r(state, "L1-03")]
    assert (view["tokens"], view["beasts"]) == (0, 2)
    assert reason(state, 0, "move 1 from L1-03 to L1-07") == "race_tokens_there"
    state, _ = play(state, 0, "move 1 beasts from L1-03 to L1-07")
    assert reason(state, 0, "move 1 beasts from L1-03 to L1-07") == "keep_one"


def test_beasts_go_when_the_race_declines():
    """§3.8 step 4: beasts removed; a region they held alone becomes empty."""
    state = new(2, islands="L2,M1")
    a = give(state, 0, "orcs", "beastmaster", hand=0)
    occupy(state, a, L2_04=1)
    _beasts(state, a, L2_13=1, L2_04=1)
    restart(state)
    state, _ = play(state, 0, "decline")
    assert state.regions[r(state, "L2-13")].inst is None
    assert state.regions[r(state, "L2-04")].tokens == 1 and state.supply["beast"] == 5
    assert "beasts" not in state.extra


def test_intimidating_moves_a_beast():
    """Appendix B ruling: Intimidating can move beasts."""
    state = new(2, islands="L2,M1")
    b = give(state, 1, "orcs", "beastmaster", hand=0)
    occupy(state, b, L2_06=0, L2_10=1)
    state.regions[r(state, "L2-06")].inst = None
    _beasts(state, b, L2_06=1)
    a = give(state, 0, "trolls", "intimidating")
    occupy(state, a, L2_01=2)
    restart(state)
    state, _ = play(state, 0, "intimidate L2-06 to L2-10")
    assert state.regions[r(state, "L2-06")].inst is None
    assert beasts.record(state)["regions"] == {str(r(state, "L2-10")): 1}


def test_the_champion_in_hand_is_placed_at_redeployment():
    """§3.1 T7a: every hand token is placed, the Champion too (``redeploy auto`` places it)."""
    state, a, _, _ = _t25()
    state, _ = play(state, 0, "place 3 on L1-07")
    assert GAME.view(state, None).data["players"][0]["active"]["champion_in_hand"]
    assert reason(state, 0, "done") == "place_champion"
    assert "done" not in [GAME.move_text(x.move) for x in GAME.legal_actions(state, 0)]
    state, _ = play(state, 0, "champion to L1-07", "done")
    assert _champion_at(state, "L1-07")
    other, _, _, _ = _t25()
    other, _ = play(other, 0, "redeploy auto")
    assert _champion_at(other, "L1-07") and other.insts[a.id].hand == 0


def _champion_region(state, seat: int, code: str, tokens: int, race: str = "orcs"):
    """Give ``seat`` a Champion race holding ``code`` with ``tokens`` race tokens + Champion."""
    inst = give(state, seat, race, "champion", hand=tokens)
    occupy(state, inst, **{code.replace("-", "_"): tokens})
    region = r(state, code)
    state.regions[region].tokens += 1
    if tokens == 0:
        state.regions[region].inst = inst.id
    state.extra["champion"] = {"inst": inst.id, "region": region}
    return inst


def test_the_champion_defends_and_is_no_defending_token_for_furious():
    """§3.3.2 (+1 in defence), §4.2 Furious RULING (the Champion is not counted), Trolls."""
    state = new(2, islands="L1,M1")
    _champion_region(state, 1, "L1-03", 1)
    a = give(state, 0, "blood_elves", "furious", hand=6)
    occupy(state, a, L1_07=1)
    restart(state)
    assert cost(state, 0, "L1-03") == 4  # 2 + 1 token + the Champion
    state, events = play(state, 0, "conquer L1-03")
    assert not find(events, "coins_gained")  # 1 defending token only: no Furious coins


def test_a_region_held_by_the_champion_alone_is_not_empty():
    """§0.1: Trolls' discount and Battlemaster's coin apply; the race loses no token."""
    state = new(2, islands="L1,M1")
    b = _champion_region(state, 1, "L1-03", 0)
    occupy(state, b, L1_02=1)
    a = give(state, 0, "trolls", "battlemaster", hand=6)
    occupy(state, a, L1_07=1)
    restart(state)
    assert cost(state, 0, "L1-03") == 2  # 2 + the Champion - 1 (Trolls, non-empty)
    tray = state.tray["orcs"]
    state, events = play(state, 0, "conquer L1-03")
    assert state.players[0].earned["battlemaster"] == 1
    assert find(events, "champion_hostage") and state.tray["orcs"] == tray
    assert champion.is_pending(state, state.insts[b.id])


def test_portal_mage_swaps_the_champion_and_beasts():
    """§4.2 Portal Mage RULING: beasts and the Champion are exchanged with their region."""
    state = new(2, islands="L1,M1")
    b = _champion_region(state, 1, "L1-08", 1)
    a = give(state, 0, "orcs", "portal_mage")
    occupy(state, a, L1_03=1)
    restart(state)
    state, _ = play(state, 0, "swap L1-03 L1-08")
    assert _champion_at(state, "L1-03") and state.regions[r(state, "L1-03")].inst == b.id
    assert state.regions[r(state, "L1-08")].inst == a.id


def test_a_lone_tauren_beast_left_by_intimidating_is_withdrawn():
    """§4.1 Tauren with beasts (race tokens in every respect): 1 Tauren + 1 beast, the Tauren
    token pushed away, the lone beast goes to hand for T10a and the region empties."""
    state = new(2, islands="L2,M1")
    b = give(state, 1, "tauren", "beastmaster", hand=0)
    occupy(state, b, L2_06=1, L2_10=2)
    _beasts(state, b, L2_06=1)
    a = give(state, 0, "trolls", "intimidating")
    occupy(state, a, L2_01=2)
    restart(state)
    state, _ = play(state, 0, "intimidate L2-06 to L2-10")
    assert state.regions[r(state, "L2-06")].inst is None
    assert beasts.in_pending(state, state.insts[b.id]) == 1 and state.insts[b.id].pending == 1


def test_withdrawn_race_tokens_go_before_the_ransomed_champion():
    """T10a: ``withdraw N to R`` places race tokens first, the ransomed Champion last."""
    state, a, _, _ = _after_a_turn()
    state, _ = play(state, 1, "conquer L1-11", "end conquest", "redeploy auto", "end turn")
    assert reason(state, 0, "done") is not None
    state, _ = play(state, 0, "withdraw 2 to L1-07")
    assert champion.is_pending(state, state.insts[a.id]) and state.insts[a.id].pending == 1
    state, _ = play(state, 0, "withdraw 1 to L1-07")
    assert _champion_at(state, "L1-07") and state.insts[a.id].pending == 0


def test_a_champion_conquest_spends_no_ethereal_discount():
    """§4.2 Champion: free of cost, so the Ethereals' once-a-turn discount stays unused."""
    state = new(2, islands="L1,M1")
    face_up(state, "L1-07", "karazhan")
    b = give(state, 1, "orcs", "farmer", hand=2)
    occupy(state, b, L1_07=2)
    a = give(state, 0, "ethereals", "champion", hand=4)
    occupy(state, a, L1_03=1)
    restart(state)
    state, _ = play(state, 0, "champion L1-07")
    assert state.regions[r(state, "L1-07")].inst == a.id
    assert state.extra["turn"]["ethereal_used"] is False

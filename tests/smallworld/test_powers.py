"""Spec 7.9: special powers, as text moves (2p map unless stated)."""

from __future__ import annotations

from rules.smallworld import GAME, conquest
from tests.smallworld.helpers import active, find, new, play, reason, tokens


def _pass(state, seat):
    if state.phase == "pick":
        state, _ = play(state, seat, "pick 0")
    return play(state, seat, "redeploy auto", "end turn")[0]


def test_53_berserk_rolls_before_choosing_the_target():
    state = new(2, "ratmen:berserk", dice=(2, 0))
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "conquer 3", "conquer 4")
    assert active(state, 0).hand == 3
    assert reason(state, 0, "die 9") == "berserk_no_die"
    assert not any(a.text.startswith("die") for a in GAME.legal_actions(state, 0))
    state, events = play(state, 0, "berserk roll")
    assert find(events, "berserk_roll")[0].reveals
    assert reason(state, 0, "berserk roll") == "berserk_already_rolled"
    state, events = play(state, 0, "conquer 8")
    assert find(events, "conquer")[0].params["cost"] == 1 and active(state, 0).hand == 2
    state, events = play(state, 0, "berserk roll", "conquer 14")
    assert find(events, "berserk_failed") and state.regions[14].lost_tribe
    assert state.phase == "redeploy" and active(state, 0).hand == 2
    wasted = new(2, "ratmen:berserk", dice=(3,))
    wasted, _ = play(wasted, 0, "pick 0", "conquer 1", "berserk roll", "end conquest")
    assert active(wasted, 0).berserk is None and wasted.phase == "redeploy"


def _bivouac():
    state = new(2, "ratmen:bivouacking,sorcerers:alchemist")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "place 9 on 1",
                    "move 1 from 2 to 1", "encampment 2", "encampment 2")
    state, _ = play(state, 0, "encampment 1", "encampment 1", "encampment 1")
    assert reason(state, 0, "encampment 1") == "no_piece_left"
    return play(state, 0, "done", "end turn")[0]


def test_54_bivouacking_encampments():
    state = _bivouac()
    assert tokens(state, 2) == 1 and state.regions[2].encampments == 2
    state, _ = play(state, 1, "pick 0", "conquer 3")
    sorcerers = active(state, 1)
    assert reason(state, 1, "convert 2") == "convert_not_lone"
    assert conquest.cost(state, sorcerers, 2) == 5
    tray = state.tray["ratmen"]
    state, events = play(state, 1, "conquer 2", "redeploy auto", "end turn")
    assert state.tray["ratmen"] == tray + 1 and state.regions[2].encampments == 0
    assert state.phase == "withdraw" and GAME.to_act(state) == frozenset({0})
    prompt = GAME.prompt(state, 0)
    assert prompt.key == "smallworld.prompt.withdraw_camps" and prompt.params["count"] == 2
    state, _ = play(state, 0, "encampment 1", "encampment 1")
    assert state.regions[1].encampments == 5 and state.current == 0
    state, _ = play(state, 0, "decline")
    assert state.supply["encampment"] == 5
    assert not any(r.encampments for r in state.regions)


def test_55_commando():
    state = new(2, "ratmen:commando")
    state, events = play(state, 0, "pick 0", "conquer 21", "conquer 14")
    assert [e.params["cost"] for e in find(events, "conquer")] == [1, 2]


def test_56_diplomat_peace():
    state = new(3, "ratmen:diplomat,humans:swamp,elves:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 3", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 2", "redeploy auto", "end turn")
    state, _ = play(state, 2, "pick 0", "conquer 4", "redeploy auto", "end turn")
    state, _ = play(state, 0, "conquer 4", "redeploy auto")
    assert state.phase == "end"
    assert reason(state, 0, "ally 2") == "ally_attacked"
    state, events = play(state, 0, "ally 1")
    assert find(events, "ally")[0].params["ally_seat"] == 1
    state, _ = play(state, 0, "end turn")
    if state.phase == "withdraw":
        state, _ = play(state, 2, "withdraw auto")
    assert reason(state, 1, "conquer 3") == "diplomat_peace"
    state = _pass(state, 1)
    assert reason(state, 2, "conquer 3") != "diplomat_peace"
    state = _pass(state, 2)
    assert state.allies == []


def test_57_dragon_master():
    state = new(2, "humans:dragon_master,ratmen:merchant", first=1)
    state, _ = play(state, 1, "pick 1", "conquer 1", "conquer 2", "place 2 on 1",
                    "place 4 on 2", "done", "end turn")
    assert tokens(state, 1) == 4
    state, events = play(state, 0, "pick 0", "conquer 5", "dragon 1")
    assert tokens(state, 1) == 1 and state.regions[1].dragon
    losses = find(events, "defender_losses")[0].params
    assert (losses["lost"], losses["withdrawn"]) == (1, 3)
    assert reason(state, 0, "dragon 6") == "dragon_used"
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state, _ = play(state, 1, "withdraw 3 to 2")
    assert reason(state, 1, "conquer 1") == "immune"
    state = _pass(state, 1)
    state, _ = play(state, 0, "dragon 6")
    assert state.regions[6].dragon and not state.regions[1].dragon
    state, _ = play(state, 0, "redeploy auto", "end turn")
    assert reason(state, 1, "conquer 1") is None
    state = _pass(state, 1)
    state, _ = play(state, 0, "decline")
    assert state.supply["dragon"] == 1 and not any(r.dragon for r in state.regions)


def test_58_heroes():
    state = new(2, "ratmen:heroic,humans:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "redeploy auto")
    assert state.phase == "heroes"
    state, _ = play(state, 0, "hero 1")
    assert reason(state, 0, "hero 1") == "hero_there"
    state, _ = play(state, 0, "hero 2", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 5")
    assert reason(state, 1, "conquer 1") == "immune"
    state = _pass(state, 1)
    state, _ = play(state, 0, "redeploy auto", "hero 2", "hero 1", "end turn")
    state = _pass(state, 1)
    state, _ = play(state, 0, "decline")
    assert state.supply["hero"] == 2 and not any(r.hero for r in state.regions)
    one = new(2, "ratmen:heroic")
    one, _ = play(one, 0, "pick 0", "conquer 1", "redeploy auto", "hero 1")
    assert one.phase == "end"


def test_59_fortified():
    state = new(2, "ratmen:fortified,humans:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 4", "conquer 9", "fortress 9")
    assert reason(state, 0, "fortress 4") == "fortress_used"
    state, events = play(state, 0, "place 7 on 4", "move 1 from 9 to 4", "done", "end turn")
    assert find(events, "score")[0].params["total"] == 2 + 1
    state, _ = play(state, 1, "pick 0", "conquer 21")
    assert conquest.cost(state, active(state, 1), 9) == 4
    state = _pass(state, 1)
    assert reason(state, 0, "fortress 9") == "fortress_there"
    for region in (10, 3, 14, 8, 2):
        state, _ = play(state, 0, f"conquer {region}", f"fortress {region}", "redeploy auto",
                        "end turn")
        state = _pass(state, 1)
    assert state.supply["fortress"] == 0
    state, _ = play(state, 0, "conquer 1")
    assert reason(state, 0, "fortress 1") == "no_piece_left"
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state = _pass(state, 1)
    state, events = play(state, 0, "decline")
    assert find(events, "score")[0].params["total"] == 8  # 8 regions, no fortress coin
    assert state.regions[9].fortress and conquest.cost(state, active(state, 1), 9) == 4


def test_60_seafaring_tokens_stay_on_water_in_decline():
    state = new(2, "humans:seafaring,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 4")
    assert reason(state, 1, "conquer 0") == "water"
    state = play(state, 1, "redeploy auto", "end turn")[0]
    state, events = play(state, 0, "decline")
    assert tokens(state, 0) == 1 and find(events, "score")[0].params["total"] == 2


def test_61_flying_sorcerers_convert_anywhere_on_land():
    state = new(2, "humans:seafaring,sorcerers:flying", first=1)
    state, _ = play(state, 1, "pick 0", "conquer 0", "conquer 5", "conquer 1",
                    "move 1 from 0 to 5", "move 1 from 1 to 5", "place 3 on 5", "done",
                    "end turn")
    assert (tokens(state, 0), tokens(state, 1)) == (1, 1)
    state, _ = play(state, 0, "pick 0", "conquer 4")
    assert reason(state, 0, "convert 0") == "water"
    state, _ = play(state, 0, "convert 1")
    assert state.regions[1].inst == active(state, 0).id


def test_56_peace_binds_only_the_allys_active_race_against_the_diplomats_active_race():
    state = new(2, "humans:swamp,ghouls:alchemist,ratmen:diplomat,wizards:flying")
    state, _ = play(state, 0, "pick 0", "conquer 4", "conquer 9", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 10", "redeploy auto", "end turn")
    state, _ = play(state, 0, "decline")
    state, _ = play(state, 1, "decline")
    state, _ = play(state, 0, "pick 0", "conquer 3", "conquer 2", "place 8 on 2", "done",
                    "ally 1", "end turn")
    assert state.allies == [[0, 1]] and tokens(state, 3) == 3
    state, events = play(state, 1, "conquer 4", "conquer 3")
    assert state.insts[state.regions[3].inst].race == "ghouls"
    state, _ = play(state, 1, "redeploy auto", "pick 0")
    assert reason(state, 1, "conquer 2") == "diplomat_peace"
    assert reason(state, 1, "dragon 2") == "not_dragon_master"
    state, _ = play(state, 1, "conquer 9")
    assert state.insts[state.regions[9].inst].race == "wizards"

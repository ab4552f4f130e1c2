"""Spec 7.4 (losses, withdrawal, reinforcement die) and 7.5 (ready, abandon, redeploy)."""

from __future__ import annotations

from rules.smallworld import GAME
from tests.smallworld.helpers import active, find, keys, new, play, reason, tokens


def _defender(race_power: str):
    """P1 Humans hold 1 (9 tokens); P2 holds 6 with 3 tokens, 12 with 1, 11 with the rest."""
    state = new(2, f"humans:forest,{race_power}")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 11", "conquer 12", "conquer 6",
                    "move 2 from 12 to 11")
    state, _ = play(state, 1, f"place {active(state, 1).hand} on 11", "done", "end turn")
    assert (tokens(state, 6), tokens(state, 12)) == (3, 1)
    return state


def test_20_ordinary_defender():
    state = _defender("ratmen:alchemist")
    tray = state.tray["ratmen"]
    state, events = play(state, 0, "conquer 6")
    assert find(events, "conquer")[0].params["cost"] == 5
    losses = find(events, "defender_losses")[0].params
    assert (losses["lost"], losses["withdrawn"]) == (1, 2)
    assert state.tray["ratmen"] == tray + 1 and active(state, 1).pending == 2
    state, events = play(state, 0, "redeploy auto", "end turn")
    assert keys(events).index("score") < len(events) and state.phase == "withdraw"
    assert GAME.to_act(state) == frozenset({1})
    assert reason(state, 1, "done") == "pending_has"
    state, events = play(state, 1, "withdraw 2 to 12")
    assert tokens(state, 12) == 3 and state.current == 1 and state.phase == "start"


def test_21_elves_lose_nothing():
    state = _defender("elves:alchemist")
    tray = state.tray["elves"]
    state, events = play(state, 0, "conquer 6", "redeploy auto", "end turn")
    assert state.tray["elves"] == tray and active(state, 1).pending == 3
    state, _ = play(state, 1, "withdraw 3 to 12")
    assert tokens(state, 12) == 4


def test_22_last_region_lost():
    state = new(2, "ratmen:alchemist,dwarves:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 16", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 11", "redeploy auto", "end turn")
    state, events = play(state, 0, "conquer 11", "redeploy auto", "end turn")
    assert find(events, "tokens_to_hand")[0].params["tokens"] == 4
    assert active(state, 1).hand == 4 and state.current == 1
    assert reason(state, 1, "conquer 9") == "not_border"
    state, _ = play(state, 1, "conquer 4")
    assert tokens(state, 4) == 2


def test_23_in_decline_ghouls_with_several_tokens():
    state = new(2, "ratmen:alchemist,ghouls:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 19", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 18", "conquer 13", "place 1 on 18", "done",
                    "end turn")
    state, _ = play(state, 0, "redeploy auto", "end turn")
    state, _ = play(state, 1, "decline")
    assert (tokens(state, 13), tokens(state, 18)) == (3, 4)
    tray = state.tray["ghouls"]
    state, events = play(state, 0, "conquer 13")
    assert find(events, "conquer")[0].params["cost"] == 5
    assert state.tray["ghouls"] == tray + 1
    state, _ = play(state, 0, "redeploy auto", "end turn")
    assert GAME.to_act(state) == frozenset({1})
    state, events = play(state, 1, "withdraw 2 to 18")
    assert find(events, "withdraw")[0].params["tokens"] == 2
    ghouls = state.insts[state.regions[18].inst]
    assert ghouls.declined and ghouls.hand == 6 - 1  # 4 + 2, then readied by the Ghoul phase
    assert GAME.view(state, 1).data["phase"] == "ghoul_conquest"


def _short_of_13(die: int):
    state = new(2, "ratmen:merchant", dice=(die,))
    state, _ = play(state, 0, "pick 0", "conquer 11", "conquer 12", "conquer 6")
    assert active(state, 0).hand == 1
    return play(state, 0, "die 13")


def test_24_die_success():
    state, events = _short_of_13(2)
    roll = find(events, "die_roll")[0]
    assert roll.reveals and roll.params["value"] == 2
    assert tokens(state, 13) == 1 and not state.regions[13].lost_tribe
    assert state.phase == "redeploy" and active(state, 0).hand == 0
    assert reason(state, 0, "conquer 7") == "conquests_over"


def test_25_die_failure():
    state, events = _short_of_13(1)
    assert find(events, "die_failed") and state.regions[13].lost_tribe
    assert state.phase == "redeploy" and active(state, 0).hand == 1
    assert reason(state, 0, "done") == "hand_left"
    state, _ = play(state, 0, "place 1 on 12", "done")
    assert tokens(state, 12) == 4 and state.phase == "end"


def test_26_die_limits():
    state = new(2, "trolls:alchemist,ratmen:merchant", first=1)
    state, _ = play(state, 1, "pick 0", "conquer 5", "redeploy auto", "end turn")
    state, _ = play(state, 0, "pick 0", "conquer 11", "conquer 12")
    assert active(state, 0).hand == 4
    assert reason(state, 0, "die 6") == "die_not_needed"
    state, _ = play(state, 0, "conquer 6")
    assert reason(state, 0, "die 5") == "die_too_far"
    assert reason(state, 0, "die 13") is None
    state, _ = play(state, 0, "place 1 on 6")
    assert reason(state, 0, "die 13") == "conquests_over"


def test_27_withdrawal_order_is_clockwise_from_the_current_player():
    state = new(3, "dwarves:merchant,ratmen:alchemist,humans:swamp")
    state, _ = play(state, 0, "pick 0", "conquer 2", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 3", "place 10 on 3", "done", "end turn")
    state, _ = play(state, 2, "pick 0", "conquer 4", "conquer 5", "place 4 on 5", "done",
                    "end turn")
    state, _ = play(state, 0, "end conquest", "place 2 on 2", "place 1 on 1", "done",
                    "end turn")
    state, _ = play(state, 1, "conquer 2", "conquer 4", "redeploy auto", "end turn")
    assert state.phase == "withdraw" and GAME.to_act(state) == frozenset({2})
    state, _ = play(state, 2, "withdraw auto")
    assert GAME.to_act(state) == frozenset({0})
    state, _ = play(state, 0, "withdraw 2 to 1")
    assert state.current == 2


def _ready_position():
    state = new(2, "dwarves:mounted,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "conquer 6", "place 2 on 1",
                    "place 1 on 2", "move 1 from 6 to 2", "done", "end turn")
    assert [tokens(state, r) for r in (1, 2, 6)] == [3, 4, 1]
    return play(state, 1, "pick 0", "conquer 21", "redeploy auto", "end turn")[0]


def test_28_ready_troops_and_abandon():
    state = _ready_position()
    state, events = play(state, 0, "abandon 6")
    assert find(events, "ready")[0].params["tokens"] == 5
    assert active(state, 0).hand == 6 and state.regions[6].inst is None
    assert [tokens(state, r) for r in (1, 2)] == [1, 1]
    state, events = play(state, 0, "redeploy auto", "end turn")
    assert find(events, "score")[0].params["breakdown"][0].params["coins"] == 2


def test_29_abandon_only_before_the_first_conquest():
    state = _ready_position()
    state, _ = play(state, 0, "conquer 3")
    assert reason(state, 0, "abandon 1") == "abandon_after_conquest"


def test_30_redeploy_validation():
    state = _ready_position()
    state, _ = play(state, 0, "conquer 3", "end conquest")
    assert reason(state, 0, "move 1 from 1 to 2") == "keep_one"
    assert reason(state, 0, "take 1 from 1") == "keep_one"
    assert reason(state, 0, "done") == "hand_left"
    assert reason(state, 0, "place 1 on 21") == "not_your_region"
    assert reason(state, 0, "place 9 on 1") == "hand_has"


def test_31_abandon_everything_means_a_new_first_conquest():
    state = _ready_position()
    state, _ = play(state, 0, "abandon 1", "abandon 2", "abandon 6")
    assert reason(state, 0, "conquer 9") == "not_border"
    assert reason(state, 0, "conquer 4") is None

"""Spec 7.10 (column and end of game) and 7.1 turn counts: deck exhaustion, banner return,
end, tie-break and determinism. Every position is reached through legal moves from new_game
with a fixed combo order (no seed search, no state edited by hand)."""

from __future__ import annotations

from rules.smallworld import GAME, scoring
from tests.smallworld.helpers import find, new, play


def _keys(events):
    return [e.key.rsplit(".", 1)[1] for e in events]


def test_62_power_deck_exhaustion_reshuffles_the_discard():
    """3 players pick, pass, and decline empty-handed in turn: the 15th pick empties the deck.

    The column starts with 6 of the 20 badges, so 14 picks use up the power deck; the 15th
    (seat 2 in game turn 9) needs a new combo and reshuffles the 12 discarded badges.
    """
    state = new(3, "ratmen:alchemist,humans:swamp,elves:merchant,dwarves:forest,"
                   "orcs:hill,giants:commando,trolls:mounted,wizards:pillaging", first=0)
    picks = 0
    while True:
        seat = state.current
        if state.phase == "start":
            state, events = play(state, seat, "decline")
            assert "banner_returned" in _keys(events)  # a race with no region leaves at once
            continue
        before = state
        state, events = play(state, seat, "pick 0")
        picks += 1
        if picks < 15:
            assert "powers_reshuffled" not in _keys(events)
            state, _ = play(state, seat, "end conquest", "done", "end turn")
            continue
        break
    assert (before.turn, seat) == (9, 2)
    assert before.power_deck == [] and len(before.discard) == 12
    reshuffle = find(events, "powers_reshuffled")[0]
    assert reshuffle.reveals and reshuffle.params["count"] == 12
    assert state.discard == [] and len(state.column) == 6
    assert state.column[5][1] in before.discard and state.column[5][2] == 0
    assert sorted(state.power_deck + [state.column[5][1]]) == sorted(before.discard)


def test_63_a_returning_banner_refills_a_short_column():
    """5 players: after two rounds of picks the race deck is empty and the column has 4 combos;
    then an in-decline race loses its last token and its banner comes back as combo 4."""
    state = new(5, "ratmen:alchemist,humans:swamp,elves:merchant,dwarves:forest,orcs:hill,"
                   "giants:commando,trolls:mounted,wizards:pillaging,amazons:flying,"
                   "tritons:stout,skeletons:heroic,halflings:berserk,sorcerers:diplomat,"
                   "ghouls:wealthy", first=0)
    homes = [0, 4, 17, 30, 38]
    for seat in range(5):
        state, _ = play(state, seat, "pick 0", f"conquer {homes[seat]}", "redeploy auto",
                        "end turn")
    for seat in range(5):
        state, _ = play(state, seat, "decline")
    for seat in range(4):
        state, _ = play(state, seat, "pick 0", "end conquest", "done", "end turn")
    state, _ = play(state, 4, "pick 0")
    assert state.race_deck == [] and len(state.column) == 4
    old = state.insts[state.regions[0].inst]
    assert old.race == "ratmen" and old.declined
    top_power = state.power_deck[0]
    state, events = play(state, 4, "conquer 0")
    assert find(events, "banner_returned")[0].params["race"].key.endswith("ratmen")
    assert state.column[4] == ["ratmen", top_power, 0] and state.race_deck == []
    revealed = find(events, "combo_revealed")[0].params
    assert revealed["position"] == 4 and revealed["race"].key.endswith("ratmen")


def test_4_turn_counts_and_the_game_turn_marker():
    for players, turns in ((3, 10), (4, 9)):
        state = new(players)
        assert state.turns == turns
    state = new(3, first=1)
    state, _ = play(state, 1, "pick 0", "end conquest", "done", "end turn")
    assert state.turn == 1 and state.current == 2
    state, _ = play(state, 2, "pick 0", "end conquest", "done", "end turn")
    assert state.turn == 1 and state.current == 0
    state, events = play(state, 0, "pick 0", "end conquest", "done", "end turn")
    assert state.turn == 2 and state.current == 1
    assert any(e.key.endswith("game_turn") for e in events)


def test_64_end_of_game_and_tie_break():
    state = new(2, first=0)
    moves = 0
    last_mover = None
    while not state.over:
        seat = min(GAME.to_act(state))
        if state.phase != "withdraw":
            last_mover = (seat, state.turn)
        text = {"pick": "pick 0", "end": "end turn", "withdraw": "withdraw auto"}.get(
            state.phase, "redeploy auto")
        state, events = play(state, seat, text)
        moves += 1
    assert last_mover == (1, 10)
    assert [e.key.rsplit(".", 1)[1] for e in events][-3:] == ["final_coins", "final_coins",
                                                             "game_over"]
    assert all(p["coins"] is not None for p in GAME.view(state, None).data["players"])
    lines = GAME.score(state)
    for seat in (0, 1):
        assert lines[seat].tiebreak == (scoring.tokens_on_board(state, seat),)


def _two_quiet_players(combos: str):
    """Both seats pick combo 0 (free), hold one region each, and pass to the end of the game."""
    state = new(2, combos, first=0)
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 4", "redeploy auto", "end turn")
    while not state.over:
        state, events = play(state, state.current, "redeploy auto", "end turn")
    assert [p.coins for p in state.players] == [5 + 10, 5 + 10]
    return state, events


def _winners(events):
    return [m.params["seat"] for m in find(events, "game_over")[0].params["winners"]]


def test_64_equal_coins_most_tokens_wins_encampments_do_not_count():
    state, events = _two_quiet_players("elves:bivouacking,ratmen:commando")
    assert (state.regions[1].tokens, state.regions[1].encampments) == (11, 5)
    assert state.regions[4].tokens == 12
    assert GAME.score(state)[0].tiebreak == (11,) and GAME.winners(state) == [1]
    assert _winners(events) == [1]


def test_64_the_amazon_reserve_does_not_count():
    state, events = _two_quiet_players("amazons:commando,ratmen:flying")
    assert state.regions[1].tokens == 10 and state.active(0).reserve == 4
    assert GAME.winners(state) == [1] and _winners(events) == [1]


def test_64_equal_coins_and_tokens_share_the_victory():
    state, events = _two_quiet_players("elves:seafaring,giants:flying")
    assert state.regions[1].tokens == state.regions[4].tokens == 11
    assert GAME.winners(state) == [0, 1] and _winners(events) == [0, 1]


def test_64_encampments_and_the_amazon_reserve_do_not_break_ties():
    state = new(2, "amazons:bivouacking")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    amazons = state.active(0)
    assert amazons.reserve == 4 and state.regions[1].encampments == 5
    assert scoring.tokens_on_board(state, 0) == state.regions[1].tokens == 15 - 4


def test_65_determinism():
    a, b = new(2, seed=42), new(2, seed=42)
    moves = [(0, "pick 2"), (0, "conquer 21"), (0, "redeploy auto"), (0, "end turn"),
             (1, "pick 0"), (1, "conquer 3")]
    for seat, text in moves:
        a, _ = GAME.play(a, seat, text)
        b, _ = GAME.play(b, seat, text)
    assert GAME.dump(a) == GAME.dump(b)
    assert new(2, seed=43).race_deck != new(2, seed=42).race_deck or \
        new(2, seed=43).power_deck != new(2, seed=42).power_deck


def test_rerandomising_keeps_returned_banners_at_the_bottom_of_the_race_deck():
    state = new(2, "ratmen:alchemist,humans:swamp")
    state, _ = play(state, 0, "pick 0", "end conquest", "done", "end turn")
    state, _ = play(state, 1, "pick 0", "end conquest", "done", "end turn")
    state, _ = play(state, 0, "decline")  # no region: the Ratmen banner goes back at once
    assert state.race_deck[-1] == "ratmen" and state.race_deck_known == 1
    hidden = sorted(state.race_deck[:-1])
    orders = set()
    for seed in range(5):
        other = GAME.rerandomise_hidden(state, 1, seed)
        assert other.race_deck[-1] == "ratmen" and sorted(other.race_deck[:-1]) == hidden
        orders.add(tuple(other.race_deck))
    assert len(orders) > 1
    while state.race_deck_known < len(state.race_deck):  # pick, decline: banners cycle
        seat = state.current
        if state.phase == "start":
            state, _ = play(state, seat, "decline")
        else:
            state, _ = play(state, seat, "pick 0", "end conquest", "done", "end turn")
        assert state.race_deck_known <= len(state.race_deck)
    assert GAME.rerandomise_hidden(state, 0, 1).race_deck == state.race_deck

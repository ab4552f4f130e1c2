"""Spec 10, tests 53-59 and 68: condition tokens, end triggers, the end sequence, scoring."""

from __future__ import annotations

from rules.vindication.scoring import breakdown

from .helpers import A, B, G, at, give, keys, offered, own, play, table, tile


def _honor_effect(state, seat, n):
    state.pending.append({"type": "fx", "seat": seat, "source": None, "op": "honor", "n": n})
    events = []
    G.settle(state, events)
    return events


def test_passing_two_tokens_at_once():
    state = give(table(), A, honor=44)
    state.tokens_left = [45, 60]
    state.trigger_deck = ["E03", "E04", "E05"]
    events = _honor_effect(state, A, 17)
    assert state.players[A].tokens == [45, 60]
    assert keys(events).count("trigger_revealed") == 2 and state.trigger_deck == ["E05"]


def _pass(state):
    seat = state.current
    move = min(t for t in offered(state, seat) if t.startswith("move"))
    state, _ = play(state, seat, move, "end")
    return state


def _end_in_turn_of(trigger_seat):
    state = table(4)
    state.round = 5
    state.triggers_up = ["E01", "E09"]
    for _ in range(trigger_seat):
        state = _pass(state)
    seat = state.current
    for hid in ("H00", "H01", "H02"):
        tile(state, hid, {"H00": "fort", "H01": "library", "H02": "holy_spire"}[hid], seat)
    tile(state, "H12", "academy")
    at(state, seat, "T40")
    state = give(state, seat, honor=42, conviction=1)
    state, events = play(state, seat, "visit H12 before")
    assert "end_triggered" in keys(events) and state.end_round == 5
    turns = {s: 0 for s in range(4)}
    turns[seat] = 1
    first_move = min(t for t in offered(state, seat) if t.startswith("move"))
    state, _ = play(state, seat, first_move, "end")
    while not G.is_over(state):
        turns[state.current] += 1
        state = _pass(state)
    return state, turns


def test_end_sequence_four_players():
    for trigger_seat in (1, 3, 0):
        state, turns = _end_in_turn_of(trigger_seat)
        assert state.round == 6 and G.to_act(state) == frozenset()
        expected = {s: (1 if s >= trigger_seat else 0) + 1 for s in range(4)}
        expected[trigger_seat] = 2
        for s in range(trigger_seat):
            expected[s] = 1
        assert turns == expected, (trigger_seat, turns)


def test_trigger_satisfied_when_revealed():
    state = table()
    for hid in ("H00", "H01", "H02", "H03"):
        tile(state, hid, "inn", A)
    state = give(state, A, honor=43)
    state.tokens_left = [45, 60, 75]
    state.triggers_up, state.trigger_deck = ["E02", "E08"], ["E01", "E03"]
    _honor_effect(state, A, 2)
    assert state.players[A].tokens == [45] and state.end_round == state.round
    state = table()
    for hid in ("H00", "H01", "H02", "H03"):
        tile(state, hid, "inn", A)
    state = give(state, A, honor=28)
    state.triggers_up, state.trigger_deck = ["E02", "E08"], ["E01", "E03"]
    _honor_effect(state, A, 2)
    assert "E01" in state.triggers_up and state.end_round is None
    _honor_effect(state, A, 10)
    assert state.end_round == state.round


def test_mastery_majority():
    state = table()
    for r in ("P01", "P02", "P03"):
        own(state, A, r)
    for r in ("P04", "P05"):
        own(state, B, r)
    state.players[B].proficiency["vision"] = 1
    for g, seat in (("G01", A), ("G02", A), ("G03", B), ("G04", B)):
        own(state, seat, g)
    own(state, A, "Y02")
    for seat in (A, B):
        state.players[seat].quests = []
    a, b = breakdown(state, A), breakdown(state, B)
    assert b["vindication.score.mastery"] == 5
    assert a["vindication.score.mastery"] == 4


def test_quest_tiers_and_control():
    state = own(table(), A, "Q01")
    for hid in ("H00", "H01", "H02", "H03"):
        tile(state, hid, "inn", A)
    parts = breakdown(state, A)
    assert parts["vindication.score.quests"] == 6 and parts["vindication.score.regions"] == 8


def test_end_game_card_scores():
    state = own(table(), A, "R10")
    for monster in ("O12", "O02", "O01", "O03"):
        own(state, A, monster)
    state.players[A].speed = 4
    state.players[A].quests = []
    assert breakdown(state, A)["vindication.score.cards"] == 4 + 4 + 2


def _tied(a_potential, b_potential, a_tokens, b_tokens):
    state = table()
    for seat, pot, tokens in ((A, a_potential, a_tokens), (B, b_potential, b_tokens)):
        player = state.players[seat]
        player.quests = []
        give(state, seat, honor=62, conviction=3, potential=pot, strength=8 - pot)
        player.tokens = list(range(tokens))
    return state


def test_tie_breaks():
    assert G.winners(_tied(0, 1, 2, 1)) == [A]
    assert G.winners(_tied(0, 0, 2, 1)) == [B]
    assert G.winners(_tied(0, 0, 1, 1)) == [A, B]


def test_final_scoring_honor_takes_no_token():
    state = table()
    for hid in ("H00", "H01", "H02", "H03", "H04"):
        tile(state, hid, "inn", A)
    state = give(state, A, honor=58)
    state.players[A].quests = []
    state.tokens_left = [60, 75]
    up = list(state.triggers_up)
    assert G.score(state)[A].total == 68
    assert state.players[A].tokens == [] and state.triggers_up == up


def test_mastery_winners_at_once_match_each_tile_alone():
    """The shared count used by scoring and the computer players finds the same Mastery
    winners as counting each tile's color alone, over positions of seeded games."""
    from rules.core import get_game
    from rules.core.playout import random_playout
    from rules.vindication.data import game as data
    from rules.vindication.scoring import mastery_winner, mastery_winners

    seen = []
    for players in (2, 5):
        random_playout(get_game("vindication"), 40 + players, players, max_steps=400,
                       on_step=lambda state, seat, action: seen.append(state.clone()))
    colors = [t["color"] for t in data()["mastery_tiles"]]
    won = 0
    for state in seen[::7]:
        together = mastery_winners(state)
        assert together == {c: mastery_winner(state, c) for c in colors}
        won += sum(w is not None for w in together.values())
    assert won > 0  # the positions reach contested tiles

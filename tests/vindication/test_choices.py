"""Choices inside effects (spec 5.8, 8.3), the Shrine ruling (R8), the public set-up events
(2.3 step 5, 8.4) and the quests a seat returned staying fixed when hidden parts are redrawn.
"""

from __future__ import annotations

import json

import pytest

from rules.core import Msg, NotLegalNow
from rules.core.text import translate

from .helpers import A, B, G, at, described, give, offered, own, play, stack_deck, table, tile

# -- "up to N" effects: the player chooses the amount (5.8 recover, recharge) ---------------


def _healer(**cubes):
    """A owns Y03 (activate: recover up to 2 from other companions) and the given companions."""
    state = own(table(), A, "Y03")
    for cid, n in cubes.items():
        own(state, A, cid, n)
    return give(state, A, influence=4)


def test_recover_with_one_source_asks_the_amount():
    """5.8 `recover n`: "return up to n cubes". With a single companion holding cubes the
    player still chooses 0, 1 or 2 (it used to take the full 2 without asking)."""
    state, _ = play(_healer(R03=3), A, "activate Y03")
    assert offered(state, A) == {"take R03 1", "take R03 2", "done"}
    with pytest.raises(NotLegalNow):
        G.play(state, A, "take R03 3")  # more than n
    one, _ = play(state, A, "take R03 1")
    assert one.players[A].companions == [["Y03", 1], ["R03", 2]]
    assert G.decision(one, A)["type"] == "turn"  # the one cube chosen ends the effect
    none, _ = play(state, A, "done")
    assert none.players[A].companions == [["Y03", 1], ["R03", 3]]
    assert none.players[A].influence == one.players[A].influence - 1


def test_recover_amount_is_capped_by_the_cubes_there():
    state, _ = play(_healer(R03=1), A, "activate Y03")
    assert offered(state, A) == {"take R03 1", "done"}


def test_every_split_of_a_recovery_is_reachable_one_pick_at_a_time():
    """8.3 `recover_pick` asks "how to split the cubes". It is asked one pick (a companion and
    an amount) at a time, and every split of up to 2 cubes over two companions is reachable."""
    start, _ = play(_healer(R03=2, B01=2), A, "activate Y03")
    finals, frontier = set(), [start]
    while frontier:
        state = frontier.pop()
        if G.decision(state, A)["type"] == "turn":
            cubes = dict((c, n) for c, n in state.players[A].companions)
            finals.add((2 - cubes["R03"], 2 - cubes["B01"]))
            continue
        frontier += [play(state, A, text)[0] for text in offered(state, A)]
    assert finals == {(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (0, 2)}


def test_recover_excludes_its_own_card_and_a_typed_pick_defaults_to_one():
    state, _ = play(_healer(R03=1), A, "activate Y03")
    assert not any("Y03" in text for text in offered(state, A))  # exclude_self
    state, _ = play(state, A, "take R03")
    assert state.players[A].companions == [["Y03", 1], ["R03", 0]]


def test_censer_recovers_up_to_two_from_a_single_companion():
    """P08 (use: recover up to 2): one companion with 3 cubes; the player takes 2."""
    state = give(own(own(table(), A, "P08", 2), A, "R03", 3), A, influence=2)
    state, _ = play(state, A, "use P08")
    assert offered(state, A) == {"take R03 1", "take R03 2", "done"}
    state, _ = play(state, A, "take R03 2")
    p = state.players[A]
    assert (p.companions, p.relics, p.influence) == ([["R03", 1]], [["P08", 1]], 5)


def test_recharge_effect_asks_the_amount_and_may_be_declined():
    """5.8 `recharge n` (B07: up to 1); the Arcane Tower's recharge is any number (R24)."""
    state = give(own(own(table(), A, "B07"), A, "P01", 0), A, influence=4)
    state, _ = play(state, A, "activate B07")
    assert offered(state, A) == {"charge P01 1", "done"}
    declined, _ = play(state, A, "done")
    assert declined.players[A].relics == [["P01", 0]]


def test_tower_recharge_amount_is_capped_by_influence():
    state = tile(at(give(table(), A, vision=2, influence=2), A, "T26"), "H07", "arcane_tower")
    state = stack_deck(own(state, A, "P01", 0), "relics", [], face_up="P13")
    state, _ = play(state, A, "visit H07 faceup")  # pays 2 Vision (I4), P13 takes 2 (I2)
    assert state.players[A].influence == 2
    assert offered(state, A) == {"charge P01 1", "charge P01 2", "done"}


# -- the Shrine (3.5, R8) -------------------------------------------------------------------


def _shrine(**cubes):
    state = tile(at(give(table(), A, inspiration=1, conviction=2), A, "T26"), "H07", "shrine")
    for cid, n in cubes.items():
        own(state, A, cid, n)
    return give(state, A)


def test_a_shrine_with_nothing_to_recover_cannot_be_visited():
    """Ruling (R8, 3.5): the Shrine is not visitable while none of your companions holds a
    cube.

    R8 makes a visit legal only when "the region's effect [can] be performed at least once,
    paying its cost"; only free regions (Fort, Holy Spire, Library) qualify whatever happens.
    The Shrine costs 1 Inspiration and its effect is "return up to 2 cubes from your
    companions": with no cube on any companion it cannot be performed at all, exactly like a
    Command Post at speed 5 or an acquisition region with an empty deck, which R8 forbids.
    So a Shrine cannot be visited just to take control of it or to trigger Y09's passive, and a
    visit that is legal returns at least 1 cube (the effect is performed), at most 2.
    """
    empty = _shrine(Y01=0, Y09=0)
    assert not any(text.startswith("visit H07") for text in offered(empty, A))
    with pytest.raises(NotLegalNow):
        G.play(empty, A, "visit H07 before")
    assert G.explain_illegal(empty, A, "visit H07") == Msg("vindication.reason.no_effect")
    state, _ = play(_shrine(Y01=1), A, "visit H07 before")
    assert offered(state, A) == {"take Y01 1"}  # no "done" before one cube is back
    state, _ = play(state, A, "take Y01 1")
    p = state.players[A]
    assert (p.companions, p.attrs["inspiration"], state.hexes["H07"][1]) == ([["Y01", 0]], 0, A)


def test_a_shrine_visit_may_stop_after_one_cube():
    state, _ = play(_shrine(Y01=2), A, "visit H07")
    assert offered(state, A) == {"take Y01 1", "take Y01 2"}
    state, _ = play(state, A, "take Y01 1")
    assert state.players[A].companions == [["Y01", 1]]
    assert G.decision(state, A)["type"] == "turn"


# -- set-up events (2.3 step 5, 8.4) --------------------------------------------------------


def test_cards_set_aside_at_set_up_are_told_to_everyone():
    """Step 5: R10 (no_start) is turned up and set aside before R03 is kept. Everyone saw it
    (8.4), so a public event names it, with each starting companion, in start order; it comes
    with the first move (a new game returns no events) and only once."""
    state = G.new_game(2, 2, {"journey": ["J1", "J4"], "companion_tops": ["R10", "R03"]})
    state, events = G.play(state, B, G.legal_actions(state, B)[0].text)
    setup = [e for e in events if e.key.split(".")[-1] in ("set_aside", "starting_companion")]
    assert [e.key.split(".")[-1] for e in setup] == ["set_aside", "starting_companion",
                                                      "starting_companion"]
    assert all(e.audience is None for e in setup)
    aside = setup[0]
    assert aside.params["seat"] == A and [c.key for c in aside.params["cards"]] == \
        ["vindication.card.R10"]
    assert setup[1].params["card"].key == "vindication.card.R03"
    for locale in ("en", "ja"):
        assert "R10" not in translate(aside.msg, locale)  # the card's name, not its id
        assert translate(aside.msg, locale, ["Ann", "Bo"]).count("Ann") == 1
    state, events = G.play(state, A, G.legal_actions(state, A)[0].text)
    assert not [e for e in events if e.key.endswith("starting_companion")]


def test_set_up_without_a_set_aside_card_tells_only_the_companions():
    state = G.new_game(2, 2, {"journey": ["J1", "J4"], "companion_tops": ["R03"]})
    _, events = G.play(state, A, G.legal_actions(state, A)[0].text)
    assert [e.key.split(".")[-1] for e in events].count("set_aside") == 0


# -- the quest a seat returned stays fixed when hidden parts are redrawn (8.4) --------------


def _view(state, seat):
    view = G.view(state, seat)
    return json.dumps(view.data, sort_keys=True), [m.to_json() for m in view.private]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_rerandomising_before_everyone_chose_keeps_a_seats_returned_quest(players):
    """8.4: the quest a player returned is known to that player. While others still choose,
    re-randomising what that seat cannot see leaves its returned quest where it is (it used
    to be shuffled with the others' returns), and its view is unchanged."""
    state = G.new_game(4, players, {})
    state, _ = G.play(state, A, G.legal_actions(state, A)[0].text)
    returned = state.players[A].returned
    assert len(returned) == 1 and returned == state.quest_returns
    for seed in range(12):
        other = G.rerandomise_hidden(state, A, seed)
        assert other.players[A].returned == returned
        assert other.quest_returns == returned and other.players[A].quests == \
            state.players[A].quests
        assert _view(other, A) == _view(state, A)
    assert any(G.rerandomise_hidden(state, B, s).quest_returns != returned for s in range(12))


def test_rerandomising_keeps_every_link_between_hidden_quests():
    """Another seat's returned quest is redrawn under a new name, but it still lies among the
    returns (or in the deck), never in a hand."""
    state = G.new_game(4, 3, {})
    for seat in (A, B):
        state, _ = G.play(state, seat, G.legal_actions(state, seat)[0].text)
    for seed in range(12):
        other = G.rerandomise_hidden(state, 2, seed)
        for seat in (A, B):
            back = other.players[seat].returned
            assert set(back) <= set(other.quest_returns)
            assert not set(back) & set(other.players[seat].quests)
        every = other.quest_deck + other.quest_returns + [
            q for p in other.players for q in p.quests] + other.pending[-1]["dealt"]
        assert sorted(every) == sorted(set(every)) and len(every) == 12


def test_the_returned_quest_shows_in_its_owners_view_only():
    state = G.new_game(4, 2, {})
    state, _ = G.play(state, A, G.legal_actions(state, A)[0].text)
    back = state.players[A].returned[0]
    assert back in json.dumps(_view(state, A)[1])
    assert back not in json.dumps(_view(state, B)) and back not in json.dumps(_view(state, None))


# -- options computed once: the fast visit list agrees with the checker --------------------


def _every_visit(state, seat):
    """Every visit the checker accepts with its parameters given in full (colour at the
    Inn, a mode where a card is acquired): what the turn menu must list."""
    from rules.vindication.acquire import MODES
    from rules.vindication.data import triangle_hexes
    from rules.vindication.kinds import ACQUIRING, visit_problem
    from rules.vindication.regions import visit_spec
    found = []
    for hid in triangle_hexes(state.players[seat].triangle):
        if state.hexes[hid][0] is None:
            continue
        kind = visit_spec(state, hid)["kind"]
        colors = ("red", "blue", "yellow") if kind == "acquire_companion" else (None,)
        modes = (*MODES, "none") if kind in ACQUIRING else (None,)
        found += [m for color in colors for mode in modes for control in (None, "before")
                  for m in [("visit", hid, color, mode, control, None)]
                  if visit_problem(state, seat, m) is None]
    return found


@pytest.mark.parametrize("options", [{}, {"modules": ["well", "temple", "stones"]},
                                     {"arcane_tower_recharge_only": True}])
def test_listed_visits_are_exactly_the_legal_ones(options):
    from rules.core.playout import random_playout
    from rules.vindication.turn import visit_moves

    def check(state, seat, action):
        d = G.decision(state, seat)
        if d["type"] == "turn" and not state.turn["visited_or_rested"]:
            assert sorted(visit_moves(state, seat), key=str) == \
                sorted(_every_visit(state, seat), key=str)

    random_playout(G, 3, 3, options, max_steps=400, on_step=check)


# -- activations "gain up to" (5.4): every amount is listed, not only typed ----------------


def test_self_activation_lists_every_amount_it_may_gain():
    """5.4: a Vindicated player gains "up to 2": the menu lists 2 (the plain entry) and 1."""
    state = described("seat.0 = {influence = 5, vindicated = true}")
    listed = offered(state, A)
    assert {"activate self strength", "activate self strength 1"} <= listed
    assert "activate self strength 2" not in listed  # the plain entry is the full amount
    state, _ = play(state, A, "activate self strength 1")
    assert state.players[A].attrs["strength"] == 2 and state.players[A].influence == 4


def test_companion_activation_lists_smaller_gains_only_when_they_differ():
    state = give(own(table(), A, "R01"), A, influence=5)  # R01: +2 Strength, +1 movement
    assert {"activate R01", "activate R01 1", "activate R01 noability",
            "activate R01 1 noability"} <= offered(state, A)
    poor = give(own(table(), A, "R01"), A, influence=2)  # 1 cube on R01, then at most 1
    assert not any(t.startswith("activate R01 1") for t in offered(poor, A))
    state, _ = play(state, A, "activate R01 1 noability")
    p = state.players[A]
    assert (p.companions, p.attrs["strength"], p.influence) == ([["R01", 1]], 2, 3)


def test_every_listed_option_has_its_own_words_and_the_turn_is_grouped():
    """A menu shows labels: two options of one decision never read the same (en and ja), and
    the turn's options fall into the move / actions / bonus groups (one menu each when long)."""
    from rules.core.playout import random_playout
    from rules.core.text import translate
    groups = set()

    def check(state, seat, action):
        listed = G.legal_actions(state, seat)
        for locale in ("en", "ja"):
            words = [translate(a.label, locale) if a.label else a.text for a in listed]
            assert len(words) == len(set(words)), sorted(words)
        if G.decision(state, seat)["type"] == "turn":
            groups.update(a.group for a in listed)

    random_playout(G, 5, 3, {"modules": ["well", "temple", "stones"]}, max_steps=300,
                   on_step=check)
    assert groups == {"vindication.group.move", "vindication.group.actions",
                      "vindication.group.bonus"}

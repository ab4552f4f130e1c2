"""Autocomplete of phase-2 commands: every command is listed or completed from a prefix, and
typed grid placements list exactly the legal ones (spec §9.2; issue: typed coordinates)."""

from __future__ import annotations

import pytest

from rules.antiquity import phase2
from rules.antiquity.citybuild import build_problem
from rules.antiquity.menu2 import moves as listed_moves
from tests.antiquity.helpers import G, city_at, give, goods, men, open_city, play, tb


def rich_state():
    """Seat 0 (Santa Barbara, Theology, Hospital, Market, graves, idle men) in phase 2, with
    an open offer each way."""
    state = tb(8)
    city_at(state, 0, (0, -4))
    city_at(state, 1, (0, 3))
    give(state, 0, "cathedral")
    state.ps[0]["saint"] = "santa_barbara"
    give(state, 0, "faculty_theology")
    give(state, 0, "hospital")
    give(state, 0, "market")
    spare = give(state, 0, "stable", staffed=False)
    men(state, 0, 3)
    p = state.ps[0]
    p["graves"] = [[0, 6, 5], [0, 6, 6]]
    goods(state, 0, wood=4, stone=2, grain=1, fish=1, wine=1, gold=1)
    goods(state, 1, stone=1)
    open_city(state)
    state, _ = play(state, 1, "offer p1 stone for wood")
    state, _ = play(state, 0, "offer p2 gold for stone")
    return state, spare


def texts(state, typed, limit=25):
    return [a.text for a in G.complete(state, 0, typed, limit)]


def test_every_phase_two_command_is_listed_or_completed_from_its_verb():
    state, _ = rich_state()
    listed = {m[0] for m in listed_moves(state, 0)}
    for verb in sorted(phase2.CITY_VERBS - {"unready"}):
        found = texts(state, verb)
        assert verb in listed or found, verb
        assert all(t.split()[0] == verb for t in texts(state, verb + " ")), verb
    assert "reset" in texts(state, "re") and texts(state, "regrave")[0].startswith("regrave 0,6,5 ")


@pytest.mark.parametrize("typed", ["build cart_shop 0 ", "build cart_shop 0 5,", "storage 0 2,",
                                   "house 4 0 4,", "move b", "hospital ", "bank wood+",
                                   "offer p2 ", "regrave 0,6,6 0,1", "accept ", "decline ",
                                   "cancel ", "staff "])
def test_completions_are_legal_and_extend_what_was_typed(typed):
    state, _ = rich_state()
    found = G.complete(state, 0, typed, 25)
    assert found and len(found) <= 25
    for action in found:
        assert action.text.startswith(typed)
        assert G.parse_action(state, 0, action.text).move == action.move


def test_typed_placements_list_exactly_the_legal_cells():
    state, _ = rich_state()
    p = state.ps[0]
    legal = {f"build cart_shop 0 {r},{c} r{k} wood" for r in range(7) for c in range(7)
             for k in range(4)
             if build_problem(state, 0, "cart_shop", 0, (r, c), k, ("wood",), None) is None}
    assert set(texts(state, "build cart_shop 0 ", 1000)) == legal
    assert len(p["cities"]) == 1 and legal
    row5 = texts(state, "build cart_shop 0 5,", 1000)
    assert row5 and set(row5) == {t for t in legal if t.startswith("build cart_shop 0 5,")}


def test_payments_are_offered_once_the_payment_is_being_typed():
    state, _ = rich_state()
    goods(state, 0, grain=1, fish=1, olives=1, sheep=1)
    short = texts(state, "house 5 0")
    full = texts(state, "house 5 0 5,5")
    assert len([t for t in short if t.startswith("house 5 0 5,5 ")]) == 1
    assert sorted(full) == ["house 5 0 5,5 fish", "house 5 0 5,5 grain", "house 5 0 5,5 olives",
                            "house 5 0 5,5 sheep"]


def test_nothing_to_complete_outside_phase_two_or_for_a_seat_not_to_act():
    state, _ = rich_state()
    state, _ = play(state, 0, "ready")
    assert G.complete(state, 0, "build", 25) == []  # ready: frozen but for unready
    assert texts(state, "un") == ["unready"]
    country = tb(8)
    city_at(country, 0, (0, 0))
    country.phase, country.pending = "country", [{"type": "country", "seat": 0}]
    assert G.complete(country, 0, "build", 25) == []


def test_abilities_the_player_lacks_complete_to_nothing():
    state = tb(8)
    city_at(state, 0, (0, -4))
    city_at(state, 1, (0, 3))
    give(state, 0, "cart_shop")
    state.ps[0]["graves"] = [[0, 6, 6]]
    open_city(state)
    for verb in ("move b", "regrave", "hospital", "bank", "raze"):
        assert texts(state, verb) == [], verb


def test_listed_phase_two_commands_come_in_titled_groups_of_a_menu_each():
    from rules.core.text import has_message
    state, _ = rich_state()
    groups = {a.group for a in G.legal_actions(state, 0) if a.text != "concede"}
    assert groups <= {f"antiquity.group.{g}" for g in
                      ("construct", "buildings", "staff", "other", "ready")}
    assert len(groups) >= 4
    assert all(has_message(g, "en") and has_message(g, "ja") for g in groups)

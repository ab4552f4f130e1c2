"""The decision surface players get in Discord: typed forms, parse errors, reasons, menus."""

from __future__ import annotations

import re

import pytest

from rules.core.errors import CannotParse, NotLegalNow, NotYourDecision
from rules.core.text import translate
from rules.smallworld import GAME, moves
from tests.smallworld.helpers import NAMES, active, check_menu, new, play


def _documented_forms() -> list[str]:
    doc = moves.__doc__.split("Canonical forms", 1)[1]
    return re.findall(r"``([^`]+)``", doc)


def test_every_documented_form_is_a_known_action_text():
    forms = _documented_forms()
    assert len(forms) == 23
    for form in forms:
        sample = re.sub(r"\b[NRSAB]\b", "3", form)
        assert moves.parse(sample) is not None, form
        assert sample.split()[0] in GAME.verbs


def _refusal(state, seat, text):
    with pytest.raises(NotLegalNow) as refused:
        GAME.play(state, seat, text)
    msg = refused.value.msg
    assert msg.key == "core.error.not_legal_because"
    for locale in ("en", "ja"):
        translate(msg, locale, NAMES)
    return msg.params["reason"].key.rsplit(".", 1)[1]


def test_redeployment_forms_typed_in_any_case_and_spacing():
    state = new(2, "ratmen:bivouacking,humans:heroic")
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "End Conquest",
                    "place 3 on 1", " MOVE 1 from 1 to 2", "take 1 from 1", "encampment 1",
                    "encampment  off 1", "Encampment 2")
    assert [state.regions[r].tokens for r in (1, 2)] == [3, 3] and active(state, 0).hand == 7
    assert state.regions[2].encampments == 1 and state.regions[1].encampments == 0
    state, _ = play(state, 0, "place 7 on 2", "done", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 4", "conquer 9", "redeploy auto", "hero 4",
                    "hero 9", "end turn")
    assert state.current == 0


@pytest.mark.parametrize("text", ["", "attack 3", "conquer", "conquer x", "conquer 3 4",
                                  "pick -1", "place 3 21", "move 1 to 2", "berserk",
                                  "end", "withdraw", "encampment off", "ally"])
def test_malformed_input_cannot_be_parsed(text):
    state = new(2, "ratmen:merchant")
    state, _ = play(state, 0, "pick 0")
    with pytest.raises(CannotParse):
        GAME.parse_action(state, 0, text)
    assert GAME.explain_illegal(state, 0, text) is None


def test_another_seats_move_is_not_their_decision():
    state = new(2, "ratmen:merchant")
    with pytest.raises(NotYourDecision):
        GAME.play(state, 1, "pick 0")


def test_common_refusals_carry_the_rule():
    state = new(2, "ratmen:merchant,humans:heroic")
    assert _refusal(state, 0, "conquer 3") == "pick_first"
    assert _refusal(state, 0, "pick 9") == "no_such_combo"
    state, _ = play(state, 0, "pick 0")
    assert _refusal(state, 0, "conquer 9") == "not_border"
    assert _refusal(state, 0, "conquer 0") == "water"
    assert _refusal(state, 0, "conquer 40") == "no_such_region"
    assert _refusal(state, 0, "pick 0") == "pick_has_race"
    assert _refusal(state, 0, "decline") == "decline_first"
    assert _refusal(state, 0, "die 1") == "die_not_needed"
    state, _ = play(state, 0, "conquer 1", "conquer 2", "conquer 3")
    assert _refusal(state, 0, "conquer 15") == "not_adjacent"
    assert _refusal(state, 0, "conquer 1") == "own_region"
    assert _refusal(state, 0, "abandon 1") == "abandon_after_conquest"
    state, _ = play(state, 0, "conquer 4")
    assert active(state, 0).hand == 1
    assert _refusal(state, 0, "conquer 8") == "need_tokens"
    assert _refusal(state, 0, "end turn") == "finish_first"
    state, _ = play(state, 0, "end conquest")
    assert _refusal(state, 0, "done") == "hand_left"
    assert _refusal(state, 0, "conquer 4") == "conquests_over"
    assert _refusal(state, 0, "move 2 from 1 to 2") == "keep_one"
    assert _refusal(state, 0, "place 1 on 5") == "not_your_region"
    state, _ = play(state, 0, "redeploy auto")
    assert _refusal(state, 0, "end turn decline") == "not_stout"
    assert _refusal(state, 0, "ally 1") == "not_diplomat"
    state, _ = play(state, 0, "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 16", "redeploy auto")
    assert _refusal(state, 1, "end turn") == "heroes_first"
    assert _refusal(state, 1, "withdraw auto") == "not_now"
    state, _ = play(state, 1, "hero 16", "end turn")
    assert _refusal(state, 0, "conquer 16") == "immune"  # before any reach question
    state, _ = play(state, 0, "conquer 9")
    assert _refusal(state, 0, "decline") == "decline_first"


def test_menus_are_complete_unique_and_labelled_in_every_phase():
    """Flying conquest menus (every land region), a wide redeployment, withdrawals, heroes."""
    state = new(2, "amazons:flying,ratmen:heroic")
    seen = set()

    def check(state, seat):
        menu = check_menu(state, seat)
        for action in menu:
            translate(action.label, "en", NAMES)
            translate(action.label, "ja", NAMES)
        seen.add(state.phase)

    check(state, 0)
    state, _ = play(state, 0, "pick 0")
    check(state, 0)
    assert "end conquest" in [a.text for a in GAME.legal_actions(state, 0)]
    for region in (1, 2, 4, 9, 3, 6):
        state, _ = play(state, 0, f"conquer {region}")
        check(state, 0)
    state, _ = play(state, 0, "end conquest")
    check(state, 0)
    assert "redeploy auto" in {a.text for a in GAME.legal_actions(state, 0)}
    state, _ = play(state, 0, "redeploy auto", "end turn")
    check(state, 1)
    state, _ = play(state, 1, "pick 0", "conquer 16", "conquer 17", "redeploy auto")
    check(state, 1)
    state, _ = play(state, 1, "hero 16", "hero 17")
    check(state, 1)
    state, _ = play(state, 1, "end turn")
    check(state, 0)
    state, _ = play(state, 0, "conquer 12", "conquer 13", "redeploy auto", "end turn")
    check(state, 1)
    assert seen >= {"pick", "conquest", "redeploy", "heroes", "end", "start"}


def _six_regions(combos: str):
    state = new(2, combos)
    state, _ = play(state, 0, "pick 0", "conquer 1", "conquer 2", "conquer 3", "conquer 4",
                    "conquer 9", "end conquest")
    if active(state, 0).hand:
        state, _ = play(state, 0, f"place {active(state, 0).hand} on 1")
    state, _ = play(state, 0, "done", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 16", "redeploy auto", "end turn")
    state, _ = play(state, 0, "conquer 10", "end conquest")
    assert len(state.regions_of(active(state, 0).id)) == 6 and active(state, 0).hand >= 3
    menu = [a.text for a in GAME.legal_actions(state, 0)]
    assert "redeploy auto" in menu
    assert any(t.startswith(f"place {active(state, 0).hand} on") for t in menu)
    assert any(t.startswith("move") for t in menu) and any(t.startswith("take") for t in menu)
    return menu


def test_wide_redeployment_menus_still_offer_the_power_pieces():
    assert any(t.startswith("fortress") for t in _six_regions("ratmen:fortified,humans:merchant"))
    camps = _six_regions("ratmen:bivouacking,humans:merchant")
    assert any(t.startswith("encampment ") for t in camps)

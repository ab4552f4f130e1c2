"""Typed input: text that is no Caverna move is CannotParse; a well-formed move that is not
legal now is NotLegalNow with a reason; long decisions list every option."""

from __future__ import annotations

import pytest

from rules.caverna import GAME, work
from rules.core import translate
from rules.core.errors import CannotParse, NotLegalNow

from .helpers import finish_round, new, play

MALFORMED = ["", "fly away", "place", "place a b c", "tile meadow-field 1,1",
             "tile meadow-field 1,1 sideways", "furnish nonsense 1,4", "furnish dwelling",
             "forge x", "loot unicorn", "convert wood", "ruby gems", "fence medium 1,1",
             "sow rice 1,1", "breed dog", "trade", "feed gold", "harvest both", "done now"]
ILLEGAL = ["place nowhere", "forge 3", "fence small 1,1", "stable 1,1", "buy dog",
           "ruby cavern", "convert sheep", "convert gold 3", "tile meadow-field 4,3 right",
           "furnish dwelling 3,4", "loot dog", "sow grain 4,3", "trade 1", "feed",
           "harvest field", "release sheep", "imitate logging", "choose dog", "done",
           "place blacksmithing"]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_cannot_be_parsed(text):
    state = new(3)
    with pytest.raises(CannotParse):
        GAME.play(state, 0, text)


@pytest.mark.parametrize("text", ILLEGAL)
def test_well_formed_but_illegal_text_names_a_reason(text):
    state = new(3)
    with pytest.raises(NotLegalNow) as caught:
        GAME.play(state, 0, text)
    msg = caught.value.msg
    assert msg.key == "core.error.not_legal_because", text
    assert msg.params["reason"].key.startswith("caverna.error.")
    assert "caverna." not in translate(msg)


def test_seven_players_late_round_lists_every_space():
    state = new(7, start=0)
    for _ in range(11):
        state = finish_round(state)
    seat = min(GAME.to_act(state))
    assert state.round == 12 and not any(s["occupant"] is not None for s in state.spaces)
    listed = {a.text for a in GAME.legal_actions(state, seat)}
    placeable = [f"place {s}" for s, k in work.placements(state, seat) if k is None]
    assert len(placeable) > 25 and set(placeable) <= listed
    state, events = play(state, seat, placeable[-1])
    space = placeable[-1].split()[1]
    assert next(s for s in state.spaces if s["id"] == space)["occupant"]["seat"] == seat

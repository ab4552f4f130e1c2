"""The view data format agreed with the renderer (.helpers/SW_VIEW.md), prompts and menus."""

from __future__ import annotations

import json

import pytest

from rules.core.errors import CannotParse, NotLegalNow
from rules.core.text import translate
from rules.smallworld import GAME
from tests.smallworld.helpers import NAMES, new, play

REGION_KEYS = {"id", "owner", "race", "declined", "tokens", "lost_tribe", "mountain",
               "troll_lair", "fortress", "encampments", "hole", "hero", "dragon"}


def test_view_has_the_agreed_fields():
    state = new(2, "trolls:fortified,ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 4", "fortress 4")
    data = GAME.view(state, 0).data
    json.dumps(data)
    assert {"map", "turn", "turns", "current", "phase", "to_act", "highlight", "regions",
            "combos", "players", "over", "scores"} <= set(data)
    assert data["map"] == "2p" and (data["turn"], data["turns"]) == (1, 10)
    assert data["current"] == 0 and data["phase"] == "conquest" and data["to_act"] == [0]
    assert data["highlight"] == [4]
    region = data["regions"][4]
    assert REGION_KEYS <= set(region)
    assert (region["owner"], region["race"], region["tokens"]) == (0, "trolls", 2)
    assert region["troll_lair"] and region["fortress"] and not region["declined"]
    assert data["regions"][5]["mountain"] and data["regions"][3]["lost_tribe"]
    assert data["combos"][0] == {"race": "ratmen", "power": "merchant", "coins": 0, "cost": 0}
    player = data["players"][0]
    assert player["active"]["race"] == "trolls" and player["active"]["hand"] == 6
    assert player["coins"] == 5 and data["players"][1]["coins"] is None
    assert data["scores"] is None and data["over"] is False


def test_menu_labels_prompts_and_errors_translate():
    state = new(2, "ratmen:merchant")
    for text in ("pick 0", "conquer 21"):
        for seat in (0, 1):
            translate(GAME.prompt(state, seat), "en", NAMES)
        menu = GAME.legal_actions(state, 0)
        assert all(translate(a.label, "en", NAMES) for a in menu)
        state, _ = play(state, 0, text)
    labels = [translate(a.label, "en", NAMES) for a in GAME.legal_actions(state, 0)]
    assert any("(cost 3)" in label for label in labels)
    with pytest.raises(NotLegalNow) as refused:
        GAME.play(state, 0, "conquer 9")
    assert "not adjacent" in translate(refused.value.msg, "en", NAMES)
    with pytest.raises(CannotParse):
        GAME.play(state, 0, "attack 3")


def test_typed_parametric_moves_are_accepted():
    state = new(2, "ratmen:merchant")
    state, _ = play(state, 0, "pick 0", "conquer 21", "conquer 20")
    assert all(a.text != "move 1 from 20 to 21" for a in GAME.legal_actions(state, 0))
    state, _ = play(state, 0, "  Place 3 on 21 ", "MOVE 1 from 20 to 21")
    assert state.regions[21].tokens == 6 and state.regions[20].tokens == 1


def test_japanese_catalog_has_exactly_the_english_keys_and_parameters():
    from rules.core.text import catalog, template_fields
    english, japanese = catalog("en"), catalog("ja")
    en_keys = {k for k in english if k.startswith("smallworld.")}
    ja_keys = {k for k in japanese if k.startswith("smallworld.")}
    assert en_keys == ja_keys
    for key in en_keys:
        assert template_fields(japanese[key]) == template_fields(english[key]), key
    assert translate(GAME.view(new(2), 0).summary[0], "ja", NAMES).startswith("ゲームターン")

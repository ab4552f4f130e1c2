"""Guilds & Monuments on the Vindication board (spec 7.10): medals where they stand, the
fortified side, each player's medal and monument board, in English and Japanese."""

from __future__ import annotations

import pytest

from rendering.registry import render
from rendering.vindication.guilds import guild_lines
from rules.vindication import VINDICATION as G
from tests.vindication.helpers import A, B, C, table, tile


def _position():
    state = tile(tile(table(3, modules=["guilds"]), "H07", "fort", A), "H08", "inn", C)
    state.players[A].guild = ["fortify", "H07", 0]
    state.players[B].guild = ["diplomacy", "H08", 0]
    state.players[C].guild = ["obstacle", "T02", 0]
    state.players[B].monument = ["courage", "conviction", "tile_wisdom"]
    state.players[C].monument_built = True
    return state


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_medals_and_monuments_are_drawn_and_listed(locale):
    view = G.view(_position(), None)
    assert view.data["fortified"] == ["H07"]
    plain = render(G.view(table(3, modules=["guilds"]), None), locale=locale)
    image = render(view, locale=locale)
    assert image.size[0] == plain.size[0]
    assert image.tobytes() != plain.tobytes()
    players = view.data["players"]
    assert guild_lines(players[B])[1].endswith("3/9 Cou C ▣Wis")  # outside a drawing: en
    assert guild_lines(G.view(table(3), None).data["players"][A]) == []


def test_the_panel_lines_name_the_location_in_both_languages():
    from rendering.common import drawing_in
    players = G.view(_position(), None).data["players"]
    with drawing_in("en"):
        english = guild_lines(players[A]) + guild_lines(players[C])
    with drawing_in("ja"):
        japanese = guild_lines(players[A]) + guild_lines(players[C])
    assert "fortify H07" in english[0] and english[3].endswith("Monument built")
    assert "要塞化" in japanese[0] and japanese[3].endswith("記念碑完成")

"""The Vindication board image: map, offer, players, last move, one tableau, final scores."""

from __future__ import annotations

from rendering.registry import render, render_png
from rules.core.playout import random_playout
from rules.vindication import VINDICATION as G


def test_public_board_mid_game_and_a_tableau():
    playout = random_playout(G, 3, 5, {"modules": ["all"]}, max_steps=400)
    view = G.view(playout.final, None)
    image = render(view, last_move=playout.moves[-1][1], names=["A", "B", "C", "D", "E"])
    assert image.width == 1400 and 900 < image.height < 1600
    tableau = render(G.view(playout.final, 2), focus_seat=2)
    assert tableau.width == 1000 and tableau.height > 150
    assert render_png(view)[:4] == b"\x89PNG"


def test_final_board_shows_the_scores():
    playout = random_playout(G, 5, 2)
    assert G.is_over(playout.final)
    image = render(G.view(playout.final, None))
    assert image.height > 900

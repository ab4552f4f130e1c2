"""Antiquity boards drawn in several threads at once come out as drawn one at a time."""

import sys
import threading

from PIL import ImageChops

from rendering.registry import render
from rules.core import get_game
from rules.core.playout import random_playout

GAME = get_game("antiquity")


def _view():
    playout = random_playout(GAME, seed=6, players=2)
    state = GAME.new_game(6, 2, {})
    for seat, text in playout.moves[: len(playout.moves) // 2]:
        state, _ = GAME.play(state, seat, text)
    return GAME.view(state, 0)


def test_a_zoomed_board_and_a_whole_board_drawn_together_are_both_right():
    view = _view()
    wishes = [{}, {"focus_seat": 0}]
    expected = [render(view, **wish) for wish in wishes]
    wrong = []

    def draw(index):
        for _ in range(6):
            image = render(view, **wishes[index])
            if ImageChops.difference(image, expected[index]).getbbox() is not None:
                wrong.append(index)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, as a busy bot does
    try:
        threads = [threading.Thread(target=draw, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not wrong

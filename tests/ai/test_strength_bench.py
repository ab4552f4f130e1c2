"""The strength benchmark gives the same figures whether its games run side by side or not."""

from __future__ import annotations

from bench.ai_strength import pairing
from rules.core import get_game


def test_worker_processes_give_the_sequential_results():
    game = get_game("smallworld")
    alone = pairing(game, 2, "normal", "easy", 3, None, 5000, workers=1)
    together = pairing(game, 2, "normal", "easy", 3, None, 5000, workers=2)
    timing = ("cpu_max",)  # the only figure that differs between runs
    assert ({k: v for k, v in together.items() if k not in timing}
            == {k: v for k, v in alone.items() if k not in timing})
    assert alone["cpu_max"] > 0
    assert len(alone["results"]) == 3 and alone["cut"] == 0


def test_a_game_of_one_level_in_every_seat_is_timed():
    """hard:hard (here easy:easy, for speed) plays a game with no other level to beat."""
    found = pairing(get_game("caverna"), 2, "easy", "easy", 1, None, 5000)
    assert found["results"] == [(0.5, 0.0)] and found["cpu_max"] > 0

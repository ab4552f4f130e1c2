"""The strength benchmark gives the same figures whether its games run side by side or not."""

from __future__ import annotations

from bench.ai_strength import pairing
from rules.core import get_game


def test_worker_processes_give_the_sequential_results():
    game = get_game("smallworld")
    alone = pairing(game, 2, "normal", "easy", 3, None, 5000, workers=1)
    together = pairing(game, 2, "normal", "easy", 3, None, 5000, workers=2)
    assert together == alone
    assert len(alone["results"]) == 3 and alone["cut"] == 0

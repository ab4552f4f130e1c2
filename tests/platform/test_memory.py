"""The bot keeps what lives as long as the process out of the garbage collector's way
(bot/memory.py), so a full collection walks only what games made since."""

from __future__ import annotations

import gc

from bot.memory import warm_and_freeze


def test_warm_and_freeze_draws_the_static_layers_then_freezes_what_is_alive():
    try:
        before = len(gc.get_objects())
        assert "smallworld" in warm_and_freeze()
        frozen = gc.get_freeze_count()
        # the modules, data and layers alive now are no longer walked by a collection
        assert frozen > before / 2
        assert len(gc.get_objects()) < before - frozen / 2
    finally:
        gc.unfreeze()

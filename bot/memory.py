"""Short garbage-collector pauses: what lives as long as the process is frozen out of sight.

Python's cyclic collector now and then walks every container object of the process (a
"generation 2" collection). In a bot most of those objects are there from the start to the
end: modules, the rules' and boards' data, the catalog, the static board layers drawn at
start. Walking them made every such collection 15-30 ms long, and the move that happened to
trigger one (about one in a hundred, Caverna at 7 players, ``python -m bench``) was answered
that much later. :func:`warm_and_freeze` draws the static layers, collects once and moves
every object alive then into the permanent generation (:func:`gc.freeze`), which later
collections skip: measured on the same moves, those collections took 6-8 ms instead. Objects
made later (games' states, boards) are collected as before; the frozen ones are never freed,
which costs nothing for objects that live as long as the process anyway.
"""

from __future__ import annotations

import gc

from rendering.registry import preload_all


def freeze_long_lived() -> int:
    """Collect once, then keep every object alive now out of later collections; return how
    many objects are frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def warm_and_freeze() -> list[str]:
    """Draw every renderer's static layers (:func:`rendering.registry.preload_all`), then
    :func:`freeze_long_lived`; return the games warmed. Run once at the start of the bot and
    of each render worker process."""
    warmed = preload_all()
    freeze_long_lived()
    return warmed

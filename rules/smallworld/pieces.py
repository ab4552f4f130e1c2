"""Board pieces in a region (lairs, fortresses, holes, heroes, the dragon, encampments)."""

from __future__ import annotations

from .state import Instance, State
from .variant import rules_of

SUPPLY_PIECES = ("lair", "fortress", "hole", "hero", "dragon")


def clear_pieces(state: State, region: int, camps_to: Instance | None) -> None:
    """Return a region's pieces to supply (encampments to their owner's unplaced pile)."""
    rules_of(state).clear_region(state, region)
    reg = state.edit(region)
    for piece in SUPPLY_PIECES:
        if getattr(reg, piece):
            setattr(reg, piece, False)
            state.supply[piece] += 1
    if reg.encampments and camps_to is not None:
        camps_to.camps += reg.encampments
    reg.encampments = 0


def owned_by(state: State, inst: Instance, region: int) -> bool:
    """Tell whether ``region`` exists and is occupied by ``inst``."""
    return 0 <= region < len(state.regions) and state.regions[region].inst == inst.id

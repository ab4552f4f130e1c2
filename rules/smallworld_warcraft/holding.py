"""What a region's tokens are made of (spec §0.1, §4.2 Beastmaster, §4.2 Champion).

A region's ``tokens`` count every piece that occupies it for its race: race tokens, beasts
(race tokens in every respect) and the Champion (which holds a region alone, scores and
defends as 1 token). Likewise a race's ``hand`` counts its beasts in hand and its ``pending``
(withdrawn) tokens count beasts and a ransomed Champion. ``state.extra["beasts"]`` and
``state.extra["champion"]`` say how many of those are beasts or the Champion; this module
reads both, so that the rules below never confuse them.
"""

from __future__ import annotations

from rules.smallworld.pieces import clear_pieces
from rules.smallworld.state import Instance, State

from . import data, msgs


def beasts_at(state: State, region: int) -> int:
    """Return the beasts lying in ``region``."""
    record = state.extra.get("beasts")
    return record["regions"].get(str(region), 0) if record else 0


def champion_at(state: State, region: int) -> int:
    """Return 1 when the Champion lies in ``region``, else 0."""
    record = state.extra.get("champion")
    return int(bool(record) and record.get("region") == region)


def living(state: State, region: int) -> int:
    """Return the race tokens and beasts of ``region`` (everything but the Champion)."""
    return state.regions[region].tokens - champion_at(state, region)


def plain(state: State, region: int) -> int:
    """Return the race tokens of ``region`` that are neither beasts nor the Champion."""
    return living(state, region) - beasts_at(state, region)


def least(inst: Instance) -> int:
    """Return the tokens ``inst`` needs to hold a region (active Tauren 2, else 1)."""
    return 1 if inst.declined else data.races()[inst.race].get("min_tokens", 1)


def holds(inst: Instance, tokens: int, champion: bool) -> bool:
    """Tell whether ``tokens`` race tokens and beasts (with or without the Champion) may hold a
    region of ``inst``: at least its minimum, the Champion counting as 1 but never for Tauren
    (§3.1 T7a)."""
    need = least(inst)
    return tokens >= need or (need == 1 and champion)


def vacate(state: State, region: int, events: list) -> None:
    """Leave ``region`` empty: its race goes, its forts and walls return, its bomb goes back
    on the pile (the region was not conquered)."""
    reg = state.edit(region)
    reg.inst, reg.tokens = None, 0
    clear_pieces(state, region, camps_to=None)
    state.highlight.append(region)
    events.append(msgs.event("region_emptied", region=region))

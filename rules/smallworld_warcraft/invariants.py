"""Small World of Warcraft's invariants: what must hold after every move, as a list of problems.

Small World's shared ones (token conservation per race, coins never negative and conserved,
one declined race a seat) plus the Warcraft board: Murlocs and Mountains within their
supplies, wisp walls, forts and watchtowers conserved, markers never more than twelve, bombs
never more than twelve, Harmony tokens and objectives within their supplies, regions either
empty or held by tokens, Murlocs never beside a race, water held only by Naga; beasts within
their supply among their race's tokens, the Champion with its active race (race tokens are
counted without beasts and the Champion, which come from the supply).
"""

from __future__ import annotations

from rules.smallworld import invariants as base
from rules.smallworld.state import State

from . import beasts, champion, data, goblins, harmony, objectives

PIECES = ("wisp_wall", "fort", "watchtower")


def problems(state: State) -> list[str]:
    """Return every broken invariant of ``state`` (empty when all hold)."""
    return [*base.shared(state), *_pieces(state), *_board(state), *_hidden(state),
            *beasts.problems(state), *champion.problems(state)]


def _pieces(state: State) -> list[str]:
    supply = data.constants()["supply"]
    found = []
    for piece in PIECES:
        placed = sum(p.get(piece, 0) for p in state.extra.get("pieces", {}).values())
        if state.supply[piece] < 0 or placed + state.supply[piece] != supply[piece]:
            found.append(f"{piece}: {placed} placed + {state.supply[piece]} left")
    murlocs = sum(r.lost_tribe for r in state.regions)
    if murlocs + state.lt_removed != state.lt_placed or state.lt_placed > supply["murloc"]:
        found.append(f"murlocs: {murlocs} + {state.lt_removed} removed != {state.lt_placed}")
    if sum(r.mountain for r in state.regions) > supply["mountain"]:
        found.append("more mountains than the supply")
    if len(harmony.holders(state)) > supply["harmony"]:
        found.append("more Harmony tokens out than the supply")
    if len(objectives.placed(state)) > supply["military_objective"]:
        found.append("more military objectives than the supply")
    return found


def _board(state: State) -> list[str]:
    found = []
    for r, reg in enumerate(state.regions):
        inst = state.inst(reg.inst)
        found += base.holding(state, r, "a Murloc")
        water = state.board.regions[r].water
        if water and inst is not None and "water_conquest" not in data.races()[inst.race].get(
                "hooks", ()):
            found.append(f"region {r}: water held by {inst.race}")
    return found


def _hidden(state: State) -> list[str]:
    found = []
    markers = len(state.extra.get("markers", ())) + len(state.extra.get("pool", ()))
    if markers > len(data.markers()):
        found.append(f"{markers} markers")
    bombs = len(goblins.pile(state) or ()) + len(goblins.placed(state))
    supply = data.constants()["supply"]
    if bombs > supply["bomb_live"] + supply["bomb_dud"]:
        found.append(f"{bombs} bombs")
    return found

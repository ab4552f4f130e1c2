"""Warcraft pieces in regions (spec §1.4, §4): wisp walls (Night Elves), forts (Garrison)
and watchtowers (Fortified).

``state.extra["pieces"]`` maps a region (as a string) to counts such as ``{"fort": 1}``.
Walls and forts add 1 to the cost of their region and stay when their race declines; a
watchtower makes its region immune and goes when its race declines. All go back to the
supply when the region is conquered or becomes empty. Supplies are hard limits: when more
regions qualify for forts or watchtowers than the supply holds, their owner chooses where the
last ones go (``fort R`` / ``watchtower R``, one at a time until the supply is out, §1.4).
"""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.types import Action
from rules.core.verbs import VerbHandler
from rules.smallworld.state import Instance, State

from . import msgs
from .tally import majority_holder

KIND = "place_pieces"

KINDS = ("wisp_wall", "fort")       # the pieces that add to a region's cost


def of(state: State, region: int) -> dict:
    """Return the Warcraft pieces lying in ``region`` (an empty dict when none)."""
    return state.extra.get("pieces", {}).get(str(region), {})


def count(state: State, region: int) -> int:
    """Return how many defending pieces lie in ``region`` (each adds 1 to its cost)."""
    found = of(state, region)
    return sum(found.get(kind, 0) for kind in KINDS)


def put(state: State, region: int, kind: str, events: list, seat: int) -> bool:
    """Put one ``kind`` piece in ``region`` if it has none and the supply has one."""
    pieces = state.extra.setdefault("pieces", {}).setdefault(str(region), {})
    if pieces.get(kind) or state.supply.get(kind, 0) <= 0:
        return False
    pieces[kind] = 1
    state.supply[kind] -= 1
    events.append(msgs.event(f"{kind}_placed", seat=seat, region=region))
    return True


def clear(state: State, region: int) -> None:
    """Return every Warcraft piece of ``region`` to the supply."""
    found = state.extra.get("pieces", {}).pop(str(region), None)
    for kind, n in (found or {}).items():
        state.supply[kind] += n


def place_forts(state: State, inst: Instance, events: list) -> list[int]:
    """Garrison: a fort in every region of the active race that has none (supply allowing).

    Return the regions among which the owner must choose (the supply is short), else [].
    """
    wanting = [r for r in state.regions_of(inst.id) if not of(state, r).get("fort")]
    return _place_all_or_ask(state, "fort", wanting, events, inst.owner)


def _place_all_or_ask(state: State, kind: str, wanting: list[int], events: list,
                      seat: int) -> list[int]:
    if len(wanting) > state.supply.get(kind, 0) > 0:
        return wanting
    for region in wanting:
        put(state, region, kind, events, seat)
    return []


def ask(state: State, inst: Instance, kind: str, regions: list[int]) -> None:
    """Stack the owner's choice of where the short supply of ``kind`` pieces goes."""
    state.pending.append({"type": KIND, "seat": inst.owner, "inst": inst.id, "piece": kind,
                          "regions": regions})


def take(state: State, region: int, kind: str, events: list, seat: int) -> None:
    """Return the ``kind`` piece of ``region`` to the supply, if it holds one."""
    pieces = state.extra.get("pieces", {}).get(str(region), {})
    if pieces.pop(kind, 0):
        state.supply[kind] += 1
        if not pieces:
            del state.extra["pieces"][str(region)]
        events.append(msgs.event(f"{kind}_removed", seat=seat, region=region))


def immune(state: State, region: int) -> bool:
    """Tell whether a watchtower makes ``region`` immune to other players."""
    return bool(of(state, region).get("watchtower"))


def update_watchtowers(state: State, inst: Instance, events: list) -> list[int]:
    """Fortified: a tower on each farmland of the race that leads its neighbourhood alone.

    Around each farmland it occupies, the race must occupy strictly more regions than any
    other race (Murlocs count as one race); a farmland that no longer qualifies loses its
    tower first. Return the qualifying farmlands among which the owner must choose (the
    supply is short), else [].
    """
    occupant = {r: ("murlocs" if reg.lost_tribe else reg.inst)
                for r, reg in enumerate(state.regions)
                if reg.lost_tribe or (reg.inst is not None and reg.tokens)}
    wanting = []
    for region in state.regions_of(inst.id):
        if state.board.regions[region].terrain != "farmland":
            continue
        if majority_holder(state.board, region, occupant) != inst.id:
            take(state, region, "watchtower", events, inst.owner)
        elif not of(state, region).get("watchtower"):
            wanting.append(region)
    return _place_all_or_ask(state, "watchtower", wanting, events, inst.owner)


def remove_watchtowers(state: State, inst: Instance, events: list) -> None:
    """Take every watchtower of ``inst``'s regions back (its race declines)."""
    for region in state.regions_of(inst.id):
        take(state, region, "watchtower", events, inst.owner)


class PlacePiecesDecision(VerbHandler):
    """Where the short supply of forts or watchtowers goes (``fort R``, ``watchtower R``)."""

    kind = KIND

    def options(self, state, d):
        piece = d["piece"]
        return [Action(f"{piece} {r}", msgs.label(piece, region=r), None, (piece, r))
                for r in d["regions"]]

    def other_verb(self, state, d, move):
        return msgs.err("place_pieces_first", piece=msgs.piece(d["piece"]),
                        left=state.supply.get(d["piece"], 0))

    def piece_problem(self, state, d, move):
        """``fort R`` or ``watchtower R``: the piece this decision places, on a listed region."""
        if move[0] != d["piece"]:
            return self.other_verb(state, d, move)
        if move[1] not in d["regions"]:
            return msgs.err("piece_region", piece=msgs.piece(d["piece"]), region=move[1])
        return None

    def piece_effect(self, state, d, move, events):
        put(state, move[1], d["piece"], events, d["seat"])
        left = [r for r in d["regions"] if r != move[1]]
        pop(state, d)  # decisions are shared between copies: replaced, never changed
        if state.supply.get(d["piece"], 0) > 0 and left:
            state.pending.append({**d, "regions": left})

    problems = {"fort": piece_problem, "watchtower": piece_problem}
    effects = {"fort": piece_effect, "watchtower": piece_effect}

    def prompt(self, state, d):
        return msgs.prompt("place_pieces", piece=msgs.piece(d["piece"]),
                           left=state.supply.get(d["piece"], 0))

"""The placed artifacts (spec §5.2, §5.6): the Aegis of Aggramar and the Heart of Azeroth.

After each expand turn's redeployment their owner puts them in a region of the active race
(``aegis R``, ``heart R``). The Heart then makes every opponent whose active race occupies a
region next to it pay its owner 1 coin (what they can). The Aegis makes its region immune to
the other players while the owner's active race occupies it, unless a player paid the owner 2
coins this turn (``pay aegis`` during the conquests). Immune regions (a watchtower, or the
Aegis) cannot be attacked, intimidated, swapped, stolen from or receive an objective.
"""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.types import Action
from rules.core.verbs import VerbHandler
from rules.smallworld.state import Instance, State

from . import coins, data, markers, msgs, pieces

PLACED = {"aegis_of_aggramar": "aegis", "heart_of_azeroth": "heart"}
KIND = "place_artifact"


def flags(state: State) -> dict:
    """Return this turn's flags."""
    return state.extra.setdefault("turn", {})


def aegis_owner(state: State) -> int | None:
    """Return the seat the Aegis protects (its region held by that seat's active race)."""
    region = markers.region_of(state, "aegis_of_aggramar")
    if region is None:
        return None
    occupant = state.inst(state.regions[region].inst)
    if occupant is None or occupant.declined:
        return None
    return occupant.owner


def immune(state: State, region: int, seat: int) -> bool:
    """Tell whether ``region`` is immune to ``seat`` (watchtower, or an unpaid Aegis)."""
    if pieces.immune(state, region):
        return True
    owner = aegis_owner(state)
    return (owner is not None and owner != seat
            and markers.region_of(state, "aegis_of_aggramar") == region
            and seat not in flags(state).get("aegis_paid", ()))


def pay_problem(state: State, inst: Instance):
    """Return why ``inst``'s owner may not pay for the Aegis now, or None."""
    owner = aegis_owner(state)
    if owner is None or owner == inst.owner:
        return msgs.err("no_aegis")
    if inst.owner in flags(state).get("aegis_paid", ()):
        return msgs.err("aegis_paid")
    fee = data.constants()["payments"]["aegis_fee"]
    if not coins.affords(state, inst.owner, fee):
        return msgs.err("aegis_fee", coins=fee)
    return None


def pay(state: State, inst: Instance, events: list) -> None:
    """Pay the Aegis owner 2 coins: its region is open to this player for the turn."""
    fee = data.constants()["payments"]["aegis_fee"]
    coins.transfer(state, inst.owner, aegis_owner(state), fee, "aegis_of_aggramar", events)
    flags(state).setdefault("aegis_paid", []).append(inst.owner)


def ask(state: State, inst: Instance) -> None:
    """Stack the placement of each placed artifact the active ``inst`` holds."""
    for marker in PLACED:
        if markers.held_by(state, inst, marker) is not None:
            state.pending.append({"type": KIND, "seat": inst.owner, "inst": inst.id,
                                  "marker": marker})


def heart_payments(state: State, owner: int, region: int, events: list) -> None:
    """Every opponent with an active race next to the Heart pays its owner 1 coin."""
    toll = data.constants()["payments"]["heart_toll"]
    payers = set()
    for near in state.board.regions[region].adj:
        occupant = state.inst(state.regions[near].inst)
        if occupant is not None and not occupant.declined and occupant.owner != owner:
            payers.add(occupant.owner)
    for seat in sorted(payers):
        coins.transfer(state, seat, owner, toll, "heart_of_azeroth", events)


class PlaceArtifactDecision(VerbHandler):
    """Put the Aegis or the Heart in a region of the active race (``aegis R``, ``heart R``)."""

    kind = KIND

    def options(self, state, d):
        verb = PLACED[d["marker"]]
        return [Action(f"{verb} {r}", msgs.label(verb, region=r), None, (verb, r))
                for r in state.regions_of(d["inst"])]

    def other_verb(self, state, d, move):
        return msgs.err("place_artifact_first", marker=msgs.marker(d["marker"]))

    def place_problem(self, state, d, move):
        """``aegis R`` or ``heart R``: the marker this decision places, in an own region."""
        if move[0] != PLACED[d["marker"]]:
            return self.other_verb(state, d, move)
        if not 0 <= move[1] < len(state.regions) or state.regions[move[1]].inst != d["inst"]:
            return msgs.err("not_your_region", region=move[1])
        return None

    def place_effect(self, state, d, move, events):
        pop(state, d)
        markers.move_marker(state, d["marker"], move[1], events)
        if d["marker"] == "heart_of_azeroth":
            heart_payments(state, d["seat"], move[1], events)

    problems = {"aegis": place_problem, "heart": place_problem}
    effects = {"aegis": place_effect, "heart": place_effect}

    def prompt(self, state, d):
        return msgs.prompt("place_artifact", marker=msgs.marker(d["marker"]))

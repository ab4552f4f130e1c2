"""Jewelcrafter & Crystal Mines (spec 7.7, R26): crystals from the mines, the crystal bonus
action, the Jewelcrafter's exchanges (one per visit) and infused crystals.

Infused crystals pay through :func:`rules.vindication.power.spend`: when a cost asks for an
attribute, an infused crystal of it not used yet this turn pays 1 of it first (using it is
never worse than spending a cube, so the engine does not ask).
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from .data import ATTRIBUTES, modules
from .effects import push_effects
from .msgs import card_msg
from .power import attr_msg, holds, spend
from .regions import visit_spec

KINDS = ("crystals", "jewel_exchange")


def rules_of() -> dict:
    """Return the module's numbers (the crystal bonus action) from data."""
    return modules()["crystals"]


def mines_held(state, seat: int, region: str) -> int:
    """Return how many tiles of ``region`` (the Crystal Mines) ``seat`` controls."""
    return sum(1 for tile, owner in state.hexes.values() if tile == region and owner == seat)


def exchanges(state, seat: int, spec: dict) -> list[tuple]:
    """Return the Jewelcrafter exchanges ``seat`` can make now: ``("jewel", "honor")`` and
    ``("jewel", attr)`` for an infused crystal of ``attr``."""
    player = state.players[seat]
    found = []
    for option in spec["options"]:
        if player.crystals < option["crystals"]:
            continue
        if "attribute_any" in option:
            need = option["attribute_any"]
            found += [("jewel", a) for a in ATTRIBUTES if holds(player, a) >= need]
        else:
            found.append(("jewel", "honor"))
    return found


def kind_problem(state, seat: int, spec: dict) -> Msg | None:
    """Say why a Crystal Mine or Jewelcrafter visit is not legal now (R8), or None."""
    if spec["kind"] == "jewel_exchange" and not exchanges(state, seat, spec):
        return Msg("vindication.reason.no_exchange")
    return None


def resolve(state, seat: int, hid: str, spec: dict, events: list) -> None:
    """Resolve the region's effect: crystals from a mine (control taken before counts), or
    the Jewelcrafter's one exchange as a decision."""
    if spec["kind"] == "crystals":
        region = state.hexes[hid][0]
        n = spec["base"] + spec["per_controlled_mine"] * mines_held(state, seat, region)
        state.players[seat].crystals += n
        events.append(Event("vindication.event.crystals", {"seat": seat, "n": n}))
    else:
        push(state, {"type": "jewel", "seat": seat, "hex": hid})


class Jewel(VerbHandler):
    """Make the Jewelcrafter's one exchange (R26): crystals for honor, or an attribute and
    a crystal for an infused crystal of that attribute."""

    kind = "jewel"

    def options(self, state, d):
        spec = _spec(state, d)
        found = []
        for move in exchanges(state, d["seat"], spec):
            if move[1] == "honor":
                label = Msg("vindication.action.jewel_honor",
                            {"n": _option(spec, False)["crystals"]})
            else:
                label = Msg("vindication.action.jewel_infuse", {"attr": attr_msg(move[1])})
            found.append(Action(f"jewel {move[1]}", label, move=move))
        return found

    def jewel_effect(self, state, d, move, events):
        pop(state, d)
        seat, spec = d["seat"], _spec(state, d)
        player = state.players[seat]
        if move[1] == "honor":
            option = _option(spec, False)
            player.crystals -= option["crystals"]
            events.append(Event("vindication.event.jewel_honor", {"seat": seat}))
            push_effects(state, seat, option["effects"], None)
            return
        option = _option(spec, True)
        spend(state, seat, {move[1]: option["attribute_any"]})
        player.crystals -= option["crystals"]
        player.infused.append(move[1])
        events.append(Event("vindication.event.infused", {"seat": seat,
                                                          "attr": attr_msg(move[1])}))

    problems = {"jewel": must_be_listed}
    effects = {"jewel": jewel_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.jewel")


def _spec(state, d) -> dict:
    return visit_spec(state, d["hex"])


def _option(spec: dict, infuse: bool) -> dict:
    return next(o for o in spec["options"] if ("attribute_any" in o) == infuse)


# -- the crystal bonus action ----------------------------------------------------------------

def crystal_problem(state, seat: int, cid: str) -> Msg | None:
    """Say why spending a crystal on companion ``cid`` is not possible now."""
    player = state.players[seat]
    if player.crystals < rules_of()["bonus_cost"]:
        return Msg("vindication.reason.no_crystal")
    cubes = next((n for c, n in player.companions if c == cid), None)
    if cubes is None:
        return Msg("vindication.reason.not_your_companion")
    if cubes < 1:
        return Msg("vindication.reason.companion_empty")
    return None


def crystal_actions(state, seat: int) -> list[Action]:
    """List the crystal bonus actions (one per companion holding cubes)."""
    player = state.players[seat]
    if player.crystals < rules_of()["bonus_cost"]:
        return []
    return [Action(f"crystal {cid}", Msg("vindication.action.crystal", {"card": card_msg(cid)}),
                   move=("crystal", cid)) for cid, n in player.companions if n > 0]


def do_crystal(state, seat: int, cid: str, events: list) -> None:
    """Spend a crystal: up to 2 cubes go from companion ``cid`` to Influence (it stays)."""
    player = state.players[seat]
    entry = next(c for c in player.companions if c[0] == cid)
    n = min(entry[1], rules_of()["companion_cubes"])
    entry[1] -= n
    player.influence += n
    player.crystals -= rules_of()["bonus_cost"]
    events.append(Event("vindication.event.crystal_spent", {"seat": seat, "n": n,
                                                            "card": card_msg(cid)}))


HANDLERS = [Jewel()]

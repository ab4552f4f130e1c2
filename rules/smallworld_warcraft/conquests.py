"""The Warcraft conquest decision: Small World's, plus the conquests declared with artifacts
or the Ethereals' discount (``frostmourne R``, ``ashes R with frostmourne``, ``conquer R with
ethereal``..., see :mod:`artifacts`), the Ethereals' steal (``steal A to B``: the
face-up artifact of region A into their region B next to it), the Portal Mage's ``swap A B``,
Intimidating's ``intimidate R`` / ``intimidate R to D``, the Champion's ``champion R`` and
``hold R``; ``abandon R`` takes the Champion and beasts of R into hand too, and the Warcraft
redeployment moves (beasts, the Champion) typed now end the conquests first."""

from __future__ import annotations

from rules.core.types import Action
from rules.smallworld import flow
from rules.smallworld import handlers as base
from rules.smallworld.handling import delegate_effect, delegate_problem
from rules.smallworld.state import State, copy_state
from rules.smallworld.variant import rules_of

from . import (
    artifacts,
    beasts,
    champion,
    coins,
    ethereals,
    gnomes,
    holding,
    markers,
    moves,
    msgs,
    placements,
    powers,
)
from .redeploying import REDEPLOY_MOVES

ARTIFACT_MOVES = frozenset(moves.ARTIFACT_WORDS)


def declared_kind(move: tuple) -> str | None:
    """Return how a conquest declaring tools plays (``artifact``, ``conquer``, ``die``), or
    None when ``move`` declares none."""
    if move[0] in ARTIFACT_MOVES:
        return "artifact"
    return move[0] if move[0] in moves.PLAIN and len(move) > 2 else None


def option(move: tuple, label) -> Action:
    """Return the listed action of ``move`` with its canonical Warcraft text."""
    return Action(moves.text(move), label, None, move)


class WarcraftConquest(base.ConquestDecision):
    """Conquests of the active race, with the artifacts' and the Ethereals' moves."""

    accepts = base.ConquestDecision.accepts | ARTIFACT_MOVES | {
        "steal", "swap", "intimidate", "pay_aegis", "air_raid", "champion", "hold"}

    def options(self, state, d):
        with coins.menu_listing(state):
            return self._options(state, d)

    def _options(self, state, d):
        inst = state.insts[d["inst"]]
        listed = super().options(state, d) + self._declared(state, inst)
        if gnomes.is_gnome(inst) and not gnomes.flags(state).get("air_raid_used"):
            listed += [option(("air_raid", r), msgs.label("air_raid", region=r))
                       for r in range(len(state.regions))
                       if gnomes.problem(state, inst, r) is None]
        listed += [option(("champion", r), msgs.label("champion", region=r))
                   for r in champion.targets(state, inst)]
        region = champion.region_of(state, inst)
        if region is not None and champion.hold_problem(state, inst, region) is None:
            listed.append(option(("hold", region), msgs.label("hold", region=region)))
        if placements.pay_problem(state, inst) is None:
            listed.append(option(("pay_aegis",), msgs.label("pay_aegis")))
        listed += [option(("steal", a, b), msgs.label("steal", region=a, target=b))
                   for a, b in ethereals.steals(state, inst)]
        listed += [option(("swap", a, b), msgs.label("swap", region=a, target=b))
                   for a, b in powers.swaps(state, inst)]
        for region, dest in powers.pushes(state, inst):
            move = ("intimidate", region) if dest is None else ("intimidate", region, dest)
            listed.append(option(move, msgs.label(
                "intimidate" if dest is None else "intimidate_to", region=region, target=dest)))
        return listed

    def problem(self, state, d, move):
        if move[0] in REDEPLOY_MOVES:
            probe = copy_state(state)
            flow.end_conquest(probe, [])
            return delegate_problem(probe, move)
        return super().problem(state, d, move)

    @staticmethod
    def _declared(state, inst) -> list[Action]:
        """Every legal conquest declaring tools (each combination, each region)."""
        listed = []
        sets = artifacts.usable_sets(state, inst)
        places = [r for r in range(len(state.regions)) if markers.legendary_place_at(state, r)
                  ] if any("ethereal" in tools for tools in sets) else []
        for tools in sets:
            regions = places if "ethereal" in tools else range(len(state.regions))
            kinds = ("artifact",) if set(tools) & ARTIFACT_MOVES else ("conquer", "die")
            for kind in kinds:
                for r in regions:
                    if artifacts.declared_problem(state, inst, kind, tools, r) is None:
                        move = moves.declared("die" if kind == "die" else "conquer", r, tools)
                        listed.append(option(move, msgs.declared_label(move)))
        return listed

    def check(self, state: State, d: dict, move: tuple):
        inst = state.insts[d["inst"]]
        if move[0] == "champion":
            return champion.conquer_problem(state, inst, move[1])
        if move[0] == "hold":
            return champion.hold_problem(state, inst, move[1])
        kind = declared_kind(move)
        if kind is not None:
            return artifacts.declared_problem(state, inst, kind, moves.tools_of(move), move[1])
        if move[0] == "steal":
            return ethereals.steal_problem(state, inst, move[1], move[2])
        if move[0] == "pay_aegis":
            return placements.pay_problem(state, inst)
        if move[0] == "air_raid":
            return gnomes.problem(state, inst, move[1])
        if move[0] == "swap":
            return powers.swap_problem(state, inst, move[1], move[2])
        if move[0] == "intimidate":
            return powers.push_problem(state, inst, move[1], (move[2:] or (None,))[0])
        return super().check(state, d, move)

    def effect(self, state, d, move, events):
        if move[0] in REDEPLOY_MOVES:
            flow.end_conquest(state, events)
            delegate_effect(state, move, events)
            return
        inst = state.edit_inst(d["inst"])
        if move[0] == "champion":
            champion.conquer(state, inst, move[1], events)
            return
        if move[0] == "hold":
            champion.hold(state, inst, move[1], events)
            return
        if move[0] == "abandon":
            _lift_specials(state, inst, move[1], events)
        kind = declared_kind(move)
        if kind is not None:
            artifacts.conquer(state, inst, kind, moves.tools_of(move), move[1], events)
            if inst.conquests_over:
                flow.end_conquest(state, events)
            return
        if move[0] == "steal":
            ethereals.steal(state, inst, move[1], move[2], events)
            return
        if move[0] == "swap":
            powers.swap(state, inst, move[1], move[2], events)
            return
        if move[0] == "pay_aegis":
            placements.pay(state, inst, events)
            return
        if move[0] == "air_raid":
            gnomes.declare(state, inst, move[1], events)
            return
        if move[0] == "intimidate":
            powers.push(state, inst, move[1], (move[2:] or (None,))[0], events,
                        rules_of(state).discard_token)
            return
        super().effect(state, d, move, events)


def _lift_specials(state: State, inst, region: int, events: list) -> None:
    """Before abandoning ``region``: its Champion goes to hand, its beasts join the hand."""
    if champion.region_of(state, inst) == region:
        del state.extra["champion"]  # back in hand; Small World's abandon empties the region
        state.edit(region).tokens -= 1
    count = holding.beasts_at(state, region)
    if count:
        beasts.take(state, inst, count, region, events)

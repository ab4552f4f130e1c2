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
from rules.smallworld.state import State
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

    def champion_problem(self, state, d, move):
        return champion.conquer_problem(state, state.insts[d["inst"]], move[1])

    def hold_problem(self, state, d, move):
        return champion.hold_problem(state, state.insts[d["inst"]], move[1])

    def declared_problem(self, state, d, move):
        """A conquest declaring tools (artifacts, the Ethereals' legendary place)."""
        return artifacts.declared_problem(state, state.insts[d["inst"]], declared_kind(move),
                                          moves.tools_of(move), move[1])

    def conquer_problem(self, state, d, move):
        """``conquer R`` or ``die R``: declaring tools, or Small World's."""
        if declared_kind(move) is not None:
            return self.declared_problem(state, d, move)
        return base.ConquestDecision.region_problem(self, state, d, move)

    def steal_problem(self, state, d, move):
        return ethereals.steal_problem(state, state.insts[d["inst"]], move[1], move[2])

    def pay_aegis_problem(self, state, d, move):
        return placements.pay_problem(state, state.insts[d["inst"]])

    def air_raid_problem(self, state, d, move):
        return gnomes.problem(state, state.insts[d["inst"]], move[1])

    def swap_problem(self, state, d, move):
        return powers.swap_problem(state, state.insts[d["inst"]], move[1], move[2])

    def intimidate_problem(self, state, d, move):
        return powers.push_problem(state, state.insts[d["inst"]], move[1],
                                   (move[2:] or (None,))[0])

    def champion_effect(self, state, d, move, events):
        champion.conquer(state, state.edit_inst(d["inst"]), move[1], events)

    def hold_effect(self, state, d, move, events):
        champion.hold(state, state.edit_inst(d["inst"]), move[1], events)

    def abandon_effect(self, state, d, move, events):
        """Lift the Champion and the beasts first, then Small World's abandon."""
        _lift_specials(state, state.edit_inst(d["inst"]), move[1], events)
        base.ConquestDecision.region_effect(self, state, d, move, events)

    def declared_effect(self, state, d, move, events):
        inst = state.edit_inst(d["inst"])
        artifacts.conquer(state, inst, declared_kind(move), moves.tools_of(move), move[1],
                          events)
        if inst.conquests_over:
            flow.end_conquest(state, events)

    def conquer_effect(self, state, d, move, events):
        """``conquer R`` or ``die R``: declaring tools, or Small World's."""
        if declared_kind(move) is not None:
            self.declared_effect(state, d, move, events)
        else:
            base.ConquestDecision.region_effect(self, state, d, move, events)

    def steal_effect(self, state, d, move, events):
        ethereals.steal(state, state.edit_inst(d["inst"]), move[1], move[2], events)

    def swap_effect(self, state, d, move, events):
        powers.swap(state, state.edit_inst(d["inst"]), move[1], move[2], events)

    def pay_aegis_effect(self, state, d, move, events):
        placements.pay(state, state.edit_inst(d["inst"]), events)

    def air_raid_effect(self, state, d, move, events):
        gnomes.declare(state, state.edit_inst(d["inst"]), move[1], events)

    def intimidate_effect(self, state, d, move, events):
        powers.push(state, state.edit_inst(d["inst"]), move[1], (move[2:] or (None,))[0],
                    events, rules_of(state).discard_token)

    problems = {
        **base.ConquestDecision.problems, "conquer": conquer_problem, "die": conquer_problem,
        **dict.fromkeys(ARTIFACT_MOVES, declared_problem), "champion": champion_problem,
        "hold": hold_problem, "steal": steal_problem, "pay_aegis": pay_aegis_problem,
        "air_raid": air_raid_problem, "swap": swap_problem, "intimidate": intimidate_problem,
        # beasts and the Champion moved in redeployment end the conquests first
        **dict.fromkeys(REDEPLOY_MOVES, base.ConquestDecision.redeploying_problem),
    }
    effects = {
        **base.ConquestDecision.effects, "abandon": abandon_effect, "conquer": conquer_effect,
        "die": conquer_effect, **dict.fromkeys(ARTIFACT_MOVES, declared_effect),
        "champion": champion_effect, "hold": hold_effect, "steal": steal_effect,
        "pay_aegis": pay_aegis_effect, "air_raid": air_raid_effect, "swap": swap_effect,
        "intimidate": intimidate_effect,
        **dict.fromkeys(REDEPLOY_MOVES, base.ConquestDecision.redeploying_effect),
    }


def _lift_specials(state: State, inst, region: int, events: list) -> None:
    """Before abandoning ``region``: its Champion goes to hand, its beasts join the hand."""
    if champion.region_of(state, inst) == region:
        del state.extra["champion"]  # back in hand; Small World's abandon empties the region
        state.edit(region).tokens -= 1
    count = holding.beasts_at(state, region)
    if count:
        beasts.take(state, inst, count, region, events)

"""The Warcraft conquest decision: Small World's, plus the artifact conquests
(``frostmourne R``, ``ashes R``, ``doomhammer R``) and the Ethereals' steal
(``steal A to B``: the face-up artifact of region A into their region B next to it)."""

from __future__ import annotations

from rules.smallworld import flow
from rules.smallworld import handlers as base
from rules.smallworld.state import State

from . import artifacts, ethereals, msgs

ARTIFACT_MOVES = {"frostmourne": "frostmourne", "ashes": "ashes_of_alar",
                  "doomhammer": "doomhammer"}


class WarcraftConquest(base.ConquestDecision):
    """Conquests of the active race, with the artifacts' and the Ethereals' moves."""

    accepts = base.ConquestDecision.accepts | frozenset(ARTIFACT_MOVES) | {"steal"}

    def options(self, state, d):
        inst = state.insts[d["inst"]]
        listed = super().options(state, d)
        for verb, marker in ARTIFACT_MOVES.items():
            if artifacts.problem(state, inst, marker, None) is None:
                listed += [base.option((verb, r), msgs.label(verb, region=r))
                           for r in range(len(state.regions))
                           if artifacts.problem(state, inst, marker, r) is None]
        listed += [base.option(("steal", a, b), msgs.label("steal", region=a, target=b))
                   for a, b in ethereals.steals(state, inst)]
        return listed

    def check(self, state: State, d: dict, move: tuple):
        inst = state.insts[d["inst"]]
        if move[0] in ARTIFACT_MOVES:
            return artifacts.problem(state, inst, ARTIFACT_MOVES[move[0]], move[1])
        if move[0] == "steal":
            return ethereals.steal_problem(state, inst, move[1], move[2])
        return super().check(state, d, move)

    def effect(self, state, d, move, events):
        inst = state.insts[d["inst"]]
        if move[0] in ARTIFACT_MOVES:
            artifacts.conquer(state, inst, ARTIFACT_MOVES[move[0]], move[1], events)
            if inst.conquests_over:
                flow.end_conquest(state, events)
            return
        if move[0] == "steal":
            ethereals.steal(state, inst, move[1], move[2], events)
            return
        super().effect(state, d, move, events)

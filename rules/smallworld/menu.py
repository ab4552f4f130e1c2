"""The short list of legal actions offered for the current decision (at most 25).

Parametric moves (``move N from A to B``, ``place N on R``...) are offered as a sensible
subset; any other legal typed form is accepted through :func:`actions.problem`.
"""

from __future__ import annotations

from rules.core.types import Action

from . import actions, conquest, msgs, pending, redeploy, turn
from .state import State, copy_state

LIMIT = 25


def legal(state: State, seat: int) -> list[Action]:
    """Return the menu of ``seat``'s current decision."""
    if seat not in actions.to_act(state):
        return []
    if state.phase == "start":
        probe = copy_state(state)
        turn.begin(probe, [])
        first = [Action("decline", msgs.label("decline"))]
        return first + legal(probe, seat)[:LIMIT - 1]
    builder = _BUILDERS[state.phase]
    return [a for a in builder(state, seat) if _ok(state, seat, a.text)][:LIMIT]


def _ok(state: State, seat: int, text: str) -> bool:
    return actions.problem(state, seat, actions.parse(text)) is None


def _pick(state: State, seat: int) -> list[Action]:
    return [Action(f"pick {i}", msgs.label("pick", index=i, race=msgs.race(race),
                                           power=msgs.power(power), coins=coins, cost=i))
            for i, (race, power, coins) in enumerate(state.column)]


def _conquest(state: State, seat: int) -> list[Action]:
    inst = state.insts[state.acting]
    ok = lambda text: _ok(state, seat, text)  # noqa: E731
    regions = range(len(state.regions))
    conquer = sorted((conquest.cost(state, inst, r), r) for r in regions
                     if ok(f"conquer {r}"))
    roll = inst.berserk or 0
    groups = [
        [Action(f"conquer {r}", msgs.label("conquer", region=r, cost=max(1, c - roll)))
         for c, r in conquer],
        [Action(f"die {r}", msgs.label("die", region=r, cost=conquest.cost(state, inst, r)))
         for r in regions if ok(f"die {r}")],
        [Action(f"convert {r}", msgs.label("convert", region=r)) for r in regions
         if ok(f"convert {r}")],
        [Action(f"dragon {r}", msgs.label("dragon", region=r)) for r in regions
         if ok(f"dragon {r}")],
        [Action(f"fortress {r}", msgs.label("fortress", region=r))
         for r in state.regions_of(inst.id) if ok(f"fortress {r}")][:3],
        [Action(f"abandon {r}", msgs.label("abandon", region=r))
         for r in state.regions_of(inst.id) if ok(f"abandon {r}")][:5],
    ]
    fixed = [Action("berserk roll", msgs.label("berserk"))] if ok("berserk roll") else []
    fixed.append(Action("end conquest", msgs.label("end_conquest")))
    return fixed + _interleave(groups, LIMIT - len(fixed))


def _interleave(groups: list[list[Action]], room: int) -> list[Action]:
    """Take from each group in turn (first group first) until ``room`` is filled."""
    caps = [0] * len(groups)
    total = 0
    while total < room and any(caps[i] < len(g) for i, g in enumerate(groups)):
        for i, group in enumerate(groups):
            share = 3 if i == 0 else 1
            for _ in range(share):
                if caps[i] < len(group) and total < room:
                    caps[i] += 1
                    total += 1
    return [a for i, g in enumerate(groups) for a in g[:caps[i]]]


def _redeploy(state: State, seat: int) -> list[Action]:
    inst = state.insts[state.acting]
    owned = state.regions_of(inst.id)
    targets = redeploy.threatened(state, inst) if owned else []
    fixed = [Action("redeploy auto", msgs.label("redeploy_auto"))]
    if _ok(state, seat, "done"):
        fixed.append(Action("done", msgs.label("done")))
    groups: list[list[Action]] = [[] for _ in range(7)]
    if inst.hand:
        groups[0] = [Action(f"place {inst.hand} on {r}", msgs.label(
            "place", tokens=inst.hand, region=r)) for r in owned]
        groups[3] = [Action(f"place 1 on {r}", msgs.label("place", tokens=1, region=r))
                     for r in targets if inst.hand > 1]
    if owned:
        rich = max(owned, key=lambda r: (state.regions[r].tokens, -r))
        groups[1] = [Action(f"fortress {r}", msgs.label("fortress", region=r)) for r in owned]
        groups[2] = [Action(f"encampment {r}", msgs.label("encampment", region=r))
                     for r in targets]
        groups[4] = [Action(f"move 1 from {rich} to {r}", msgs.label(
            "move", tokens=1, from_region=rich, to_region=r)) for r in targets if r != rich]
        groups[5] = [Action(f"take 1 from {r}", msgs.label("take", tokens=1, region=r))
                     for r in owned]
        groups[6] = [Action(f"encampment off {r}", msgs.label("encampment_off", region=r))
                     for r in owned]
    groups = [[a for a in g if _ok(state, seat, a.text)] for g in groups]
    return fixed + _interleave(groups, LIMIT - len(fixed))


def _heroes(state: State, seat: int) -> list[Action]:
    inst = state.insts[state.acting]
    return [Action(f"hero {r}", msgs.label("hero", region=r)) for r in state.regions_of(inst.id)]


def _end(state: State, seat: int) -> list[Action]:
    out = [Action("end turn", msgs.label("end_turn")),
           Action("end turn decline", msgs.label("end_turn_decline"))]
    return out + [Action(f"ally {s}", msgs.label("ally", ally_seat=s)) for s in range(state.n)]


def _withdraw(state: State, seat: int) -> list[Action]:
    inst = pending.head(state)
    owned = state.regions_of(inst.id)
    fixed = [Action("withdraw auto", msgs.label("withdraw_auto"))]
    if _ok(state, seat, "done"):
        fixed.append(Action("done", msgs.label("done")))
    groups: list[list[Action]] = [[], [], []]
    if inst.pending:
        groups[0] = [Action(f"withdraw {inst.pending} to {r}", msgs.label(
            "withdraw", tokens=inst.pending, region=r)) for r in owned]
        groups[2] = [Action(f"withdraw 1 to {r}", msgs.label("withdraw", tokens=1, region=r))
                     for r in owned if inst.pending > 1]
    groups[1] = [Action(f"encampment {r}", msgs.label("encampment", region=r)) for r in owned]
    groups = [[a for a in g if _ok(state, seat, a.text)] for g in groups]
    return fixed + _interleave(groups, LIMIT - len(fixed))


_BUILDERS = {"pick": _pick, "conquest": _conquest, "redeploy": _redeploy, "heroes": _heroes,
             "end": _end, "withdraw": _withdraw}

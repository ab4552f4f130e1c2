"""Defenders' withdrawals at the end of a turn (3.13): decisions owed by other seats.

Phase ``withdraw``: the owner of the first race in ``state.withdraw_queue`` acts, clockwise
from the current player. Actions: ``withdraw N to R`` (pending tokens into one of that race's
regions), ``encampment R`` (re-place a knocked-out encampment), ``withdraw auto`` (spread
evenly, re-place encampments, finish), ``done`` (once no token is pending). A race with no
region left keeps its tokens in hand (no decision).
"""

from __future__ import annotations

from . import msgs
from .state import Instance, State


def build_queue(state: State) -> None:
    """Queue every race with pending tokens or knocked-out encampments, clockwise."""
    waiting = [i for i in state.insts
               if not i.gone and (i.pending or i.knocked_camps)]
    waiting.sort(key=lambda i: ((i.owner - state.current) % state.n, i.declined, i.id))
    state.withdraw_queue = [i.id for i in waiting]


def settle_automatic(state: State, events: list) -> None:
    """Resolve queue heads that owe no decision; stop at the first real decision."""
    while state.withdraw_queue:
        inst = state.insts[state.withdraw_queue[0]]
        if inst.gone:
            state.withdraw_queue.pop(0)
        elif not state.regions_of(inst.id):
            _to_hand(inst, events)
            state.withdraw_queue.pop(0)
        elif inst.pending == 0 and inst.knocked_camps == 0:
            state.withdraw_queue.pop(0)
        else:
            return


def _to_hand(inst: Instance, events: list) -> None:
    if inst.pending:
        events.append(msgs.event("tokens_to_hand", seat=inst.owner,
                                 race=msgs.race(inst.race), tokens=inst.pending))
    inst.hand += inst.pending
    inst.pending = 0
    inst.knocked_camps = 0


def head(state: State) -> Instance | None:
    """Return the race whose owner owes the current withdrawal decision."""
    return state.insts[state.withdraw_queue[0]] if state.withdraw_queue else None


def withdraw_problem(state: State, inst: Instance, count: int, region: int):
    """Return why ``withdraw count to region`` is illegal, or None."""
    if count < 1 or count > inst.pending:
        return msgs.err("pending_has", have=inst.pending)
    if not 0 <= region < len(state.regions) or state.regions[region].inst != inst.id:
        return msgs.err("not_your_region", region=region)
    return None


def withdraw(state: State, inst: Instance, count: int, region: int, events: list) -> None:
    """Put ``count`` pending tokens into ``region``."""
    inst.pending -= count
    state.regions[region].tokens += count
    state.highlight.append(region)
    events.append(msgs.event("withdraw", seat=inst.owner, race=msgs.race(inst.race),
                             tokens=count, region=region))


def auto(state: State, inst: Instance, events: list) -> None:
    """Spread the pending tokens evenly and re-place knocked-out encampments."""
    from . import powers, redeploy
    while inst.pending:
        region = min(state.regions_of(inst.id), key=lambda r: (state.regions[r].tokens, r))
        withdraw(state, inst, 1, region, events)
    targets = redeploy.threatened(state, inst)
    while inst.knocked_camps and powers.encampment_problem(state, inst, targets[0],
                                                           False) is None:
        region = min(targets, key=lambda r: (state.regions[r].encampments, r))
        powers.encampment(state, inst, region, False, events)
    inst.knocked_camps = 0

"""Defenders' withdrawals at the end of a turn (3.13): decisions owed by other seats.

After the current player's scoring, every race with withdrawn (pending) tokens or knocked-out
encampments owes a ``withdraw`` decision, clockwise from the current player (see
:func:`waiting`). Moves: ``withdraw N to R`` (pending tokens into one of that race's regions),
``encampment R`` (re-place a knocked-out encampment), ``withdraw auto`` (spread evenly,
re-place encampments, finish), ``done`` (once no token is pending). A race with no region
left keeps its tokens in hand (no decision).
"""

from __future__ import annotations

from . import msgs, powers, redeploy
from .pieces import owned_by
from .state import Instance, State


def waiting(state: State) -> list[Instance]:
    """Return every race with pending tokens or knocked-out encampments, clockwise."""
    found = [i for i in state.insts if not i.gone and (i.pending or i.knocked_camps)]
    found.sort(key=lambda i: ((i.owner - state.current) % state.n, i.declined, i.id))
    return found


def resolve_without_choice(state: State, inst: Instance, events: list) -> bool:
    """Settle ``inst``'s withdrawal when it owes no decision; return True if it did."""
    if inst.gone:
        return True
    if not any(reg.inst == inst.id for reg in state.regions):
        _to_hand(inst, events)
        return True
    return inst.pending == 0 and inst.knocked_camps == 0


def _to_hand(inst: Instance, events: list) -> None:
    if inst.pending:
        events.append(msgs.event("tokens_to_hand", seat=inst.owner,
                                 race=msgs.race(inst.race), tokens=inst.pending))
    inst.hand += inst.pending
    inst.pending = 0
    inst.knocked_camps = 0


def withdraw_problem(state: State, inst: Instance, count: int, region: int):
    """Return why ``withdraw count to region`` is illegal, or None."""
    if count < 1 or count > inst.pending:
        return msgs.err("pending_has", have=inst.pending)
    if not owned_by(state, inst, region):
        return msgs.err("not_your_region", region=region)
    return None


def done_problem(state: State, inst: Instance):
    """Return why the withdrawal cannot finish yet (tokens still pending), or None."""
    return msgs.err("pending_has", have=inst.pending) if inst.pending else None


def withdraw(state: State, inst: Instance, count: int, region: int, events: list) -> None:
    """Put ``count`` pending tokens into ``region``."""
    inst.pending -= count
    state.edit(region).tokens += count
    state.highlight.append(region)
    events.append(msgs.event("withdraw", seat=inst.owner, race=msgs.race(inst.race),
                             tokens=count, region=region))


def auto(state: State, inst: Instance, events: list) -> None:
    """Spread the pending tokens evenly and re-place knocked-out encampments (one event per
    region)."""
    start = len(events)
    while inst.pending:
        region = min(state.regions_of(inst.id), key=lambda r: (state.regions[r].tokens, r))
        withdraw(state, inst, 1, region, events)
    targets = redeploy.threatened(state, inst)
    while inst.knocked_camps and powers.encampment_problem(state, inst, targets[0],
                                                           False) is None:
        region = min(targets, key=lambda r: (state.regions[r].encampments, r))
        powers.encampment(state, inst, region, False, events)
    inst.knocked_camps = 0
    msgs.fold(events, start)

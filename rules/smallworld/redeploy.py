"""Redeployment of the acting race after its conquests (3.9), with an automatic default.

Actions (phase ``redeploy``): ``place N on R`` (tokens from hand), ``move N from A to B``,
``take N from R`` (back to hand; only Amazons may empty a region, and only when keeping 1 per
region is impossible after setting aside their reserve), ``redeploy auto`` (spread the hand
evenly onto threatened regions, place free encampments, finish) and ``done``.
Amazons finish with exactly min(4, tokens) in hand: those go to the reserve.
"""

from __future__ import annotations

from . import msgs, powers, races
from .pieces import clear_pieces, owned_by
from .state import Instance, State
from .variant import rules_of

_owned = owned_by


def place_problem(state: State, inst: Instance, count: int, region: int):
    """Return why ``place count on region`` is illegal, or None."""
    if count < 1 or count > inst.hand:
        return msgs.err("hand_has", have=inst.hand)
    if not _owned(state, inst, region):
        return msgs.err("not_your_region", region=region)
    return None


def move_problem(state: State, inst: Instance, count: int, source: int, target: int):
    """Return why ``move count from source to target`` is illegal, or None."""
    if not _owned(state, inst, source):
        return msgs.err("not_your_region", region=source)
    if not _owned(state, inst, target):
        return msgs.err("not_your_region", region=target)
    keep = rules_of(state).min_tokens(state, inst)
    if source == target or count < 1 or state.regions[source].tokens - count < keep:
        return msgs.err("keep_one", region=source)
    return None


def take_problem(state: State, inst: Instance, count: int, region: int):
    """Return why ``take count from region`` is illegal, or None."""
    if not _owned(state, inst, region):
        return msgs.err("not_your_region", region=region)
    left = state.regions[region].tokens - count
    too_few = 0 < left < rules_of(state).min_tokens(state, inst)
    if count < 1 or left < 0 or too_few or (left == 0 and not _must_abandon(state, inst)):
        return msgs.err("keep_one", region=region)
    return None


def must_abandon(state: State, inst: Instance) -> bool:
    """Tell whether the Amazons must empty a region to keep their reserve aside."""
    return _must_abandon(state, inst)


def _must_abandon(state: State, inst: Instance) -> bool:
    need = races.reserve_needed(state, inst)
    if need == 0:
        return False
    total = state.on_board(inst.id) + inst.hand
    return total - need < len(state.regions_of(inst.id))


def done_problem(state: State, inst: Instance, owned: list[int] | None = None):
    """Return why the redeployment cannot finish yet, or None."""
    if not (state.regions_of(inst.id) if owned is None else owned):
        return None
    need = races.reserve_needed(state, inst)
    if inst.hand < need:  # Amazons short of their reserve: tokens must come off the board
        return msgs.err("reserve_take", have=inst.hand, keep=need, missing=need - inst.hand)
    if inst.hand != need:
        return msgs.err("hand_left", have=inst.hand, keep=need)
    return None


def place(state: State, inst: Instance, count: int, region: int, events: list) -> None:
    """Put ``count`` tokens from hand into ``region``."""
    inst.hand -= count
    state.edit(region).tokens += count
    state.highlight.append(region)
    events.append(msgs.event("tokens_placed", seat=inst.owner, tokens=count, region=region))


def move(state: State, inst: Instance, count: int, source: int, target: int,
         events: list) -> None:
    """Move ``count`` tokens between two regions of the race."""
    state.edit(source).tokens -= count
    state.edit(target).tokens += count
    state.highlight.extend([source, target])
    events.append(msgs.event("tokens_moved", seat=inst.owner, tokens=count,
                             from_region=source, to_region=target))


def take(state: State, inst: Instance, count: int, region: int, events: list) -> None:
    """Lift ``count`` tokens of ``region`` into hand (abandoning it if emptied)."""
    reg = state.edit(region)
    reg.tokens -= count
    inst.hand += count
    state.highlight.append(region)
    events.append(msgs.event("tokens_taken", seat=inst.owner, tokens=count, region=region))
    if reg.tokens == 0:
        reg.inst = None
        clear_pieces(state, region, camps_to=inst)
        events.append(msgs.event("abandon", seat=inst.owner, race=msgs.race(inst.race),
                                 region=region))


def finish(state: State, inst: Instance, events: list) -> None:
    """Close the redeployment: Amazons set their reserve aside."""
    if races.reserve_needed(state, inst) and state.regions_of(inst.id):
        inst.reserve, inst.hand = inst.hand, 0
        events.append(msgs.event("amazon_reserve", seat=inst.owner, tokens=inst.reserve))
    events.append(msgs.event("redeployed", seat=inst.owner, race=msgs.race(inst.race)))


# -- the automatic default --------------------------------------------------------------------
def threatened(state: State, inst: Instance, owned: list[int] | None = None) -> list[int]:
    """Return the race's regions next to a region it does not hold (all of them if none)."""
    owned = state.regions_of(inst.id) if owned is None else owned
    mine = set(owned)
    statics = state.board.regions
    edge = [r for r in owned if not statics[r].adj <= mine]
    return edge or owned


def spread(state: State, inst: Instance, count: int, events: list,
           targets: list[int] | None = None) -> None:
    """Place ``count`` hand tokens one by one on the weakest threatened region (``targets``:
    the threatened regions, when the caller has them)."""
    targets = threatened(state, inst) if targets is None else targets
    placed: dict[int, int] = {}
    for _ in range(count):
        region = min(targets, key=lambda r: (state.regions[r].tokens, r))
        state.edit(region).tokens += 1
        placed[region] = placed.get(region, 0) + 1
    inst.hand -= count
    for region, tokens in sorted(placed.items()):
        state.highlight.append(region)
        events.append(msgs.event("tokens_placed", seat=inst.owner, tokens=tokens,
                                 region=region))


def auto(state: State, inst: Instance, events: list) -> None:
    """Redeploy sensibly in one step: reserve, spread the hand, place encampments (told as
    one event per region, not one per token or encampment)."""
    start = len(events)
    if state.regions_of(inst.id):
        need = races.reserve_needed(state, inst)
        _collect_reserve(state, inst, need, events)
        targets = threatened(state, inst)  # placing tokens and camps keeps them threatened
        spread(state, inst, inst.hand - need, events, targets)
        _auto_camps(state, inst, events, targets)
    msgs.fold(events, start)
    finish(state, inst, events)


def _collect_reserve(state: State, inst: Instance, need: int, events: list) -> None:
    while inst.hand < need:
        owned = state.regions_of(inst.id)
        richest = max(owned, key=lambda r: (state.regions[r].tokens, -r))
        if state.regions[richest].tokens > 1 or _must_abandon(state, inst):
            take(state, inst, 1, richest, events)
        else:
            return


def _auto_camps(state: State, inst: Instance, events: list, targets: list[int]) -> None:
    while targets and powers.encampment_problem(state, inst, targets[0], False) is None:
        region = min(targets, key=lambda r: (state.regions[r].encampments, r))
        powers.encampment(state, inst, region, False, events)

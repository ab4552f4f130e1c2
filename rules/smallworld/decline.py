"""Going into decline (3.12): remove older in-decline races, flip the banner, shed tokens.

Actions: ``decline`` (first action of a turn, race not picked this turn) and, for Stout,
``end turn decline`` (after the turn's scoring).
"""

from __future__ import annotations

from . import combos, msgs
from .pieces import clear_pieces
from .state import Instance, State
from .variant import rules_of


def decline_problem(state: State, seat: int):
    """Return why ``decline`` is illegal for ``seat`` now, or None."""
    if state.active(seat) is None:
        return msgs.err("no_active_race")
    if state.current != seat or state.phase != "start":
        return msgs.err("decline_first")
    return None


def go_into_decline(state: State, seat: int, events: list) -> None:
    """Put ``seat``'s active race into decline (3.12 steps 1-4)."""
    player = state.edit_player(seat)
    inst = state.edit_inst(player.active)
    if not inst.has_spirit:
        for old in [state.insts[i] for i in player.declined]:
            if not old.has_spirit:
                remove_race(state, state.edit_inst(old.id), events)
    kept = combos.keeps_badge(state, inst)
    if not kept:
        state.discard = [*state.discard, inst.power]
    _remove_power_pieces(state, inst)
    rules_of(state).before_decline(state, inst, events)
    _shed_tokens(state, inst)
    inst.declined = True
    inst.berserk = None
    player.active = None
    player.declined.append(inst.id)
    state.allies = [pair for pair in state.allies if pair[0] != seat]
    key = "decline_spirit" if inst.has_spirit else "decline_keep" if kept else "decline"
    events.append(msgs.event(key, seat=seat, race=msgs.race(inst.race),
                             power=msgs.power(inst.power)))
    if not state.regions_of(inst.id):
        combos.return_banner(state, inst, events)


def _remove_power_pieces(state: State, inst: Instance) -> None:
    for r in state.regions_of(inst.id):
        reg = state.edit(r)
        for piece in ("dragon", "hero", "hole"):
            if getattr(reg, piece):
                setattr(reg, piece, False)
                state.supply[piece] += 1
        inst.camps += reg.encampments
        reg.encampments = 0
    if inst.camps:
        state.supply["encampment"] += inst.camps
    inst.camps = inst.knocked_camps = 0


def _shed_tokens(state: State, inst: Instance) -> None:
    keep = rules_of(state).tokens_kept_in_decline(state, inst)
    for r in state.regions_of(inst.id):
        reg = state.edit(r)
        if keep is not None and reg.tokens > keep:
            state.tray[inst.race] += reg.tokens - keep
            reg.tokens = keep
    state.tray[inst.race] += inst.hand + inst.pending + inst.reserve
    inst.hand = inst.pending = inst.reserve = 0


def remove_race(state: State, inst: Instance, events: list) -> None:
    """Take an in-decline race off the board entirely and return its banner (3.12 step 1)."""
    for r in state.regions_of(inst.id):
        reg = state.edit(r)
        state.tray[inst.race] += reg.tokens
        reg.tokens, reg.inst = 0, None
        clear_pieces(state, r, camps_to=None)
        state.highlight.append(r)
    state.tray[inst.race] += inst.hand + inst.pending + inst.reserve
    inst.hand = inst.pending = inst.reserve = 0
    events.append(msgs.event("race_removed", seat=inst.owner, race=msgs.race(inst.race)))
    combos.return_banner(state, inst, events)

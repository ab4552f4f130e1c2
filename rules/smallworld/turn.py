"""The turn state machine (3.2): start, Ghoul phase, pick, conquest, redeploy, end, withdrawals.

Phases: ``start`` (only ``decline`` or the first action of the next step; troops are readied
when that first action arrives), ``pick``, ``conquest`` and ``redeploy`` (of ``state.acting``:
in-decline Ghouls first, then the active race), ``heroes``, ``end`` (``ally S``, ``end turn``,
``end turn decline`` for Stout), ``withdraw`` (defenders' decisions), ``over``.
"""

from __future__ import annotations

from . import conquest, decline, msgs, pending, powers, races, redeploy, scoring
from .state import State


def start_turn(state: State, events: list) -> None:
    """Begin the current player's turn: end his peace, reset flags, maybe wait for decline."""
    seat = state.current
    state.allies = [pair for pair in state.allies if pair[0] != seat]
    state.attacked = []
    for inst in state.live_insts(seat):
        inst.conquered, inst.converted = [], []
        inst.dragon_used = inst.fortress_used = inst.conquests_over = False
        inst.berserk = None
    state.phase, state.acting, state.fresh = "start", None, True
    events.append(msgs.event("turn_start", seat=seat, turn=state.turn))
    if state.active(seat) is None:
        begin(state, events)


def begin(state: State, events: list) -> None:
    """Leave the start step: queue the Ghoul phase, then go to the next step."""
    state.fresh = False
    state.ghoul_queue = [i.id for i in state.live_insts(state.current)
                         if races.acts_in_decline(state, i)
                         and (state.regions_of(i.id) or i.hand)]
    next_stage(state, events)


def next_stage(state: State, events: list) -> None:
    """Go to the next acting race's conquest, or to pick, or to the end step."""
    player = state.players[state.current]
    if state.ghoul_queue:
        state.acting = state.ghoul_queue.pop(0)
        state.phase = "conquest"
        conquest.ready(state, state.insts[state.acting], events)
    elif player.active is not None:
        state.acting, state.phase = player.active, "conquest"
        conquest.ready(state, state.insts[player.active], events)
    elif state.column:
        state.acting, state.phase = None, "pick"
    else:
        state.acting, state.phase = None, "end"


def after_pick(state: State) -> None:
    """The new race starts conquering."""
    state.acting, state.phase = state.players[state.current].active, "conquest"


def end_conquest(state: State, events: list) -> None:
    """Close the acting race's conquests and open its redeployment (Skeleton bonus)."""
    inst = state.insts[state.acting]
    inst.berserk = None
    inst.conquests_over = True
    state.phase = "redeploy"
    races.redeploy_bonus(state, inst, events)


def after_redeploy(state: State, events: list) -> None:
    """After a redeployment: next acting race, or the end-of-turn placements."""
    inst = state.insts[state.acting]
    if inst.declined:
        next_stage(state, events)
        return
    state.heroes_left = powers.heroes_to_place(state, inst)
    if state.heroes_left:
        powers.lift_heroes(state, inst)
        state.phase = "heroes"
    else:
        state.phase = "end"


def end_turn(state: State, stout: bool, events: list) -> None:
    """Score, maybe decline (Stout), then run the defenders' withdrawals."""
    scoring.score_turn(state, state.current, events)
    if stout:
        decline.go_into_decline(state, state.current, events)
    open_withdrawals(state, events)


def declined_turn(state: State, events: list) -> None:
    """A decline turn: decline, score, end (3.12 step 5)."""
    state.fresh = False
    decline.go_into_decline(state, state.current, events)
    scoring.score_turn(state, state.current, events)
    open_withdrawals(state, events)


def open_withdrawals(state: State, events: list) -> None:
    """Queue the defenders' decisions; advance when none is owed."""
    state.acting = None
    pending.build_queue(state)
    continue_withdrawals(state, events)


def continue_withdrawals(state: State, events: list) -> None:
    """Settle automatic withdrawals; wait for a decision or move to the next player."""
    pending.settle_automatic(state, events)
    if state.withdraw_queue:
        state.phase = "withdraw"
    else:
        advance(state, events)


def advance(state: State, events: list) -> None:
    """Pass the turn clockwise; advance the game turn marker; end the game after the last."""
    state.current = (state.current + 1) % state.n
    if state.current == state.first:
        state.turn += 1
        if state.turn > state.turns:
            finish(state, events)
            return
        events.append(msgs.event("game_turn", turn=state.turn))
    start_turn(state, events)


def finish(state: State, events: list) -> None:
    """End the game and reveal every coin total."""
    state.turn = state.turns
    state.over, state.phase, state.acting = True, "over", None
    events.extend(scoring.game_over_events(state))


def finish_redeploy(state: State, events: list, auto: bool) -> None:
    """Close the acting race's redeployment (automatically or as placed) and move on."""
    inst = state.insts[state.acting]
    if auto:
        redeploy.auto(state, inst, events)
    else:
        redeploy.finish(state, inst, events)
    after_redeploy(state, events)

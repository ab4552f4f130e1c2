"""The turn's phase machine (3.2): which decision is owed next, kept on the decision stack.

Decision kinds (``state.pending`` holds the current one; withdrawals stack one per race):
``start`` (only ``decline`` or the first move of the next step; troops are readied when that
first move arrives), ``pick``, ``conquest`` and ``redeploy`` (of the decision's ``inst``:
in-decline Ghouls first, then the active race), ``heroes``, ``end`` (``ally S``, ``end turn``,
``end turn decline`` for Stout), ``withdraw`` (defenders' decisions, other seats). When the
stack is empty the turn passes (:func:`advance`).
"""

from __future__ import annotations

from . import conquest, decline, msgs, powers, races, redeploy, scoring, withdraw
from .state import State
from .variant import rules_of


def decide(state: State, kind: str, inst: int | None = None) -> None:
    """Make ``kind`` (of race instance ``inst``) the current player's decision."""
    state.pending = [{"type": kind, "seat": state.current, "inst": inst}]


def start_turn(state: State, events: list) -> None:
    """Begin the current player's turn: end his peace, reset flags, maybe wait for decline."""
    seat = state.current
    state.allies = [pair for pair in state.allies if pair[0] != seat]
    state.attacked = []
    for live in state.live_insts(seat):
        inst = state.edit_inst(live.id)
        inst.conquered, inst.converted = [], []
        inst.dragon_used = inst.fortress_used = inst.conquests_over = False
        inst.berserk = None
    decide(state, "start")
    events.append(msgs.event("turn_start", seat=seat, turn=state.turn))
    rules_of(state).upkeep(state, seat, events)
    if state.active(seat) is None:
        begin(state, events)


def begin(state: State, events: list) -> None:
    """Leave the start step: queue the Ghoul phase, then go to the next step."""
    state.ghoul_queue = [i.id for i in state.live_insts(state.current)
                         if races.acts_in_decline(state, i)
                         and (state.regions_of(i.id) or i.hand)]
    next_stage(state, events)


def next_stage(state: State, events: list) -> None:
    """Go to the next acting race's conquest, or to pick, or to the end step."""
    player = state.players[state.current]
    if state.ghoul_queue:
        acting, state.ghoul_queue = state.ghoul_queue[0], state.ghoul_queue[1:]
        decide(state, "conquest", acting)
        conquest.ready(state, state.edit_inst(acting), events)
    elif player.active is not None:
        decide(state, "conquest", player.active)
        conquest.ready(state, state.edit_inst(player.active), events)
    elif state.column:
        decide(state, "pick")
    else:
        decide(state, "end")


def after_pick(state: State) -> None:
    """The new race starts conquering (after the variant's start-of-race steps, if any)."""
    active = state.players[state.current].active
    decide(state, "conquest", active)
    rules_of(state).after_pick(state, state.insts[active])


def end_conquest(state: State, events: list) -> None:
    """Close the acting race's conquests and open its redeployment (Skeleton bonus)."""
    inst = state.edit_inst(state.acting)
    inst.berserk = None
    inst.conquests_over = True
    decide(state, "redeploy", inst.id)
    races.redeploy_bonus(state, inst, events)
    rules_of(state).after_conquests(state, inst, events)


def after_redeploy(state: State, events: list) -> None:
    """After a redeployment: next acting race, or the end-of-turn placements."""
    inst = state.insts[state.acting]
    if inst.declined:
        next_stage(state, events)
        return
    state.heroes_left = powers.heroes_to_place(state, inst)
    if state.heroes_left:
        powers.lift_heroes(state, inst)
        decide(state, "heroes", inst.id)
    else:
        decide(state, "end", inst.id)
        rules_of(state).end_placements(state, inst, events)


def end_turn(state: State, stout: bool, events: list) -> None:
    """Score, maybe decline (Stout), then open the defenders' withdrawals."""
    scoring.score_turn(state, state.current, events)
    if stout:
        decline.go_into_decline(state, state.current, events)
    open_withdrawals(state)


def declined_turn(state: State, events: list) -> None:
    """A decline turn: decline, score, end (3.12 step 5)."""
    decline.go_into_decline(state, state.current, events)
    scoring.score_turn(state, state.current, events)
    open_withdrawals(state)


def open_withdrawals(state: State) -> None:
    """Stack the defenders' decisions, the first to act on top (settling resolves the rest)."""
    state.pending = [{"type": "withdraw", "seat": inst.owner, "inst": inst.id}
                     for inst in reversed(withdraw.waiting(state))]


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
    state.over, state.pending = True, []
    events.extend(scoring.game_over_events(state))


def finish_redeploy(state: State, events: list, auto: bool) -> None:
    """Close the acting race's redeployment (automatically or as placed) and move on."""
    inst = state.edit_inst(state.acting)
    if auto:
        redeploy.auto(state, inst, events)
    else:
        redeploy.finish(state, inst, events)
    after_redeploy(state, events)

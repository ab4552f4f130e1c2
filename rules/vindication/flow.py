"""The turn loop (spec 8.6) and the end of the game (6.1, 6.2, R14, R15)."""

from __future__ import annotations

from rules.core import Event
from rules.core.decisions import push

from .effects import fire
from .msgs import card_msg
from .scoring import trigger_met
from .state import fresh_turn


def flow_step(state, events: list) -> bool:
    """Start the next turn when nothing is pending; False once the game is over."""
    if state.over:
        return False
    start_turn(state, events)
    return True


def start_turn(state, events: list) -> None:
    """Reset the turn flags, count the round, push the turn decision, fire ``turn_start``."""
    seat = state.current
    state.started = True
    if seat == state.first_seat:
        state.round += 1
    state.turn = fresh_turn(state.players[seat].triangle)
    state.players[seat].infused_used = []
    events.append(Event("vindication.event.turn", {"seat": seat, "round": state.round}))
    push(state, {"type": "turn", "seat": seat})
    fire(state, seat, "turn_start", {}, events)


def end_turn(state, events: list) -> None:
    """Finish the turn: end the game after the last turn of the extra round, else pass on."""
    seat = state.current
    state.turns_played += 1
    last_seat = (state.first_seat - 1) % len(state.players)
    if state.end_round is not None and seat == last_seat and state.round == state.end_round + 1:
        state.over = True
        events.append(Event("vindication.event.game_over"))
        return
    state.current = (seat + 1) % len(state.players)


def check_triggers(state, events: list) -> None:
    """Trigger the end when any face-up trigger is met by any player (checked continuously)."""
    if state.end_round is not None or state.over:
        return
    for trigger in state.triggers_up:
        if trigger_met(state, trigger):
            state.end_round = state.round
            events.append(Event("vindication.event.end_triggered",
                                {"trigger": card_msg(trigger), "round": state.round}))
            return

"""The core decision engine: stack, simultaneous blocks, any-time moves, parse once."""

from __future__ import annotations

import pytest

from rules.core import Action, Msg, NotLegalNow, NotYourDecision
from rules.core.decisions import (
    NOT_AN_OPTION,
    AnytimeHandler,
    Handler,
    Handlers,
    decision_for,
    open_block,
    pop,
    push,
)
from tests.platform.toy_game import TOY, ToyGame, TurnDecision, VoteDecision


def test_registry_refuses_a_kind_twice():
    with pytest.raises(ValueError):
        Handlers([TurnDecision(), TurnDecision()])


def test_simultaneous_block_is_the_run_of_same_kind_decisions_on_top():
    class State:
        pending = [{"type": "turn", "seat": 0}, {"type": "vote", "seat": 2},
                   {"type": "vote", "seat": 1}]

    handlers = TOY.handlers
    block = open_block(State, handlers)
    assert [d["seat"] for d in block] == [1, 2]
    assert decision_for(State, handlers, 0) is None
    assert decision_for(State, handlers, 2)["type"] == "vote"


def test_one_seat_voting_leaves_the_other_seats_decisions_unchanged():
    state = TOY.new_game(1, 3, {"goal": 2})
    while not state.voting:
        state, _ = TOY.play(state, min(TOY.to_act(state)), "hop 2")
    assert TOY.to_act(state) == {0, 1, 2}
    state, _ = TOY.play(state, 1, "vote yes")
    assert TOY.to_act(state) == {0, 2}
    assert [a.text for a in TOY.legal_actions(state, 0)] == ["vote yes", "vote no"]
    with pytest.raises(NotYourDecision):
        TOY.play(state, 1, "vote no")


def test_typed_move_is_parsed_once_and_judged_by_its_handler():
    state = TOY.new_game(1, 2, {})
    action = TOY.parse_action(state, 0, "  HOP   1 ")
    assert action.text == "hop 1" and action.move == ("hop", 1)
    with pytest.raises(NotLegalNow) as refused:
        TOY.parse_action(state, 0, "hop 3")
    assert refused.value.msg.params["reason"].key == "toy.error.hop_range"


def test_unlisted_move_of_another_decision_is_refused_without_a_made_up_reason():
    state = TOY.new_game(1, 2, {})
    with pytest.raises(NotLegalNow) as refused:
        TOY.play(state, 0, "vote yes")
    assert refused.value.msg.key == "core.error.not_legal"


def test_settle_drops_a_decision_with_nothing_to_choose():
    class Empty(Handler):
        kind = "empty"

    class Game(ToyGame):
        handlers = Handlers([TurnDecision(), VoteDecision(), Empty()])

    game = Game()
    state = game.new_game(1, 2, {})
    push(state, {"type": "empty", "seat": 1})
    game.settle(state, [])
    assert state.pending[-1]["type"] == "turn"


def test_anytime_moves_are_listed_and_applied_without_ending_the_decision():
    class Cheer(AnytimeHandler):
        kind = "cheer"

        def owns(self, move):
            return move == ("cheer",)

        def options(self, state, d):
            return [Action("cheer", move=("cheer",))]

        def effect(self, state, d, move, events):
            state.positions[d["seat"]] += 0

    class Game(ToyGame):
        handlers = Handlers([TurnDecision(), VoteDecision()], anytime=[Cheer()])

        def parse_move(self, text):
            return ("cheer",) if text == "cheer" else super().parse_move(text)

    game = Game()
    state = game.new_game(1, 2, {})
    assert "cheer" in [a.text for a in game.legal_actions(state, 0)]
    state, _ = game.play(state, 0, "cheer")
    assert game.to_act(state) == {0}


def test_pop_refuses_a_decision_that_is_not_on_the_stack():
    state = TOY.new_game(1, 2, {})
    with pytest.raises(ValueError):
        pop(state, {"type": "turn", "seat": 0})


def test_not_an_option_reason_is_a_catalog_message():
    assert isinstance(NOT_AN_OPTION, Msg)


def test_after_step_runs_between_settling_steps_and_may_push_the_next_decision():
    """The hook runs after the move's effect and after every flow step; a decision it
    pushes is owed before the game goes on (Caverna houses animals this way)."""

    class Checked(ToyGame):
        def __init__(self):
            self.seen = []

        def after_step(self, state, events):
            self.seen.append([d["type"] for d in state.pending])
            if state.positions[0] == 1 and not state.voting and not state.votes:
                state.voting = True
                push(state, {"type": "vote", "seat": 0})

    game = Checked()
    state = game.new_game(1, 2, {"first": 0})
    game.seen.clear()
    state, _ = game.play(state, 0, "step")
    assert game.seen[0] == []  # after the move's effect, before the flow gave seat 1 a turn
    assert game.to_act(state) == {0} and state.pending[-1]["type"] == "vote"


def test_a_verb_handler_judges_and_carries_out_each_verb_by_its_table():
    game = ToyGame()
    state = game.new_game(1, 2, {})
    handler, d = TurnDecision(), state.pending[-1]
    assert handler.problem(state, d, ("hop", 3)).key == "toy.error.hop_range"
    assert handler.problem(state, d, ("hop", 2)) is None
    assert handler.problem(state, d, ("vote", "yes")) is NOT_AN_OPTION  # not a verb of turns
    events = []
    handler.effect(state, d, ("hop", 2), events)
    assert state.positions[d["seat"]] == 2 and events[0].key == "toy.event.moved"

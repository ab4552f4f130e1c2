"""The Antiquity Game object: the platform contract on the decision engine."""

from __future__ import annotations

from typing import Any, Mapping

from rules.core import Action, OptionSpec, Rng
from rules.core.decisions import DecisionGame

from . import complete as completion
from . import flow, invariants, moves, phase2, scoring, serial, setup
from . import view as views
from .handlers import HANDLERS
from .state import plain_copy

SECRET_PUBLIC = frozenset({"ready", "unready", "concede"})


class Antiquity(DecisionGame):
    """Antiquity (Splotter Spellen, 2004), 2-4 players."""

    name = "antiquity"
    title = "antiquity.title"
    min_players = 2
    max_players = 4
    from . import evaluate as evaluator  # computer players (rules.core.ai)
    options = (
        OptionSpec("variant", "choice", "full", "antiquity.option.variant",
                   choices=("full", "intro")),
        OptionSpec("alchemy", "choice", "seed", "antiquity.option.alchemy",
                   choices=("seed", "fan")),
        OptionSpec("tiles", "list", [], "antiquity.option.tiles"),
        OptionSpec("counters", "list", [], "antiquity.option.counters"),
        OptionSpec("order", "list", [], "antiquity.option.order"),
        OptionSpec("colours", "list", [], "antiquity.option.colours"),
    )
    verbs = moves.VERBS
    handlers = HANDLERS
    # Random games of the introductory variant never end (no graves, so no elimination; random
    # play meets no saint's condition): the contract checks them for a bounded number of steps,
    # and tests/antiquity/test_intro_end.py shows that such a game does end.
    contract_open_options = ({"variant": "intro"},)

    # -- set-up and flow ---------------------------------------------------------------
    def new_game(self, seed: int, players: int, options: Mapping[str, Any]) -> Any:
        state = setup.new_state(seed, players, dict(options))
        events: list = []
        flow.begin(state, events)
        self.settle(state, events)
        return state

    def flow_step(self, state, events) -> bool:
        return flow.step(state, events)

    def parse_move(self, text: str):
        return moves.parse(text)

    def move_text(self, move) -> str:
        return moves.text(move)

    def copy(self, state):
        return state.copy()

    # -- who acts: a ready player leaves to_act but may still unready ------------------
    def to_act(self, state) -> frozenset[int]:
        return frozenset(s for s in super().to_act(state) if not self._frozen(state, s))

    def _frozen(self, state, seat: int) -> bool:
        return state.phase == "city" and phase2.is_ready(state, seat)

    def may_act(self, state, seat: int) -> bool:
        """A ready player of phase 2 owes nothing but may still unready, decline or cancel."""
        return seat in super().to_act(state)

    def concession(self, state, seat: int):
        """Any player still in the game may concede at any time (spec §8.3)."""
        if state.over or not 0 <= seat < state.players or state.ps[seat]["eliminated"]:
            return None
        return Action("concede", move=("concede",))

    def after_move(self, state, seat: int, events) -> None:
        state.last = {"seat": seat, "phase": state.phase}
        if state.phase == "city" and state.phase2:  # phase 2: each seat sees only his own
            own = {**state.phase2.get("own_last", {}), str(seat): state.last}
            state.phase2["own_last"] = own

    def action_is_secret(self, state, seat: int, action: Action) -> bool:
        move = action.move if action.move is not None else moves.parse(action.text)
        return state.phase == "city" and (move is None or move[0] not in SECRET_PUBLIC)

    def complete(self, state, seat: int, typed: str, limit: int):
        """Phase 2: the legal commands that complete ``typed`` (typed grid cells and more)."""
        if self.is_over(state) or not self.may_act(state, seat):
            return []
        return moves.as_actions(completion.complete(state, seat, typed, limit))

    def private_decision(self, state, seat: int) -> bool:
        """City building (phase 2) is planned in secret: its options are offered privately."""
        return state.phase == "city"

    # -- information ---------------------------------------------------------------------
    def view(self, state, seat):
        return views.build_view(self, state, seat)

    def check_invariants(self, state) -> list[str]:
        return invariants.problems(state)

    def is_over(self, state) -> bool:
        return state.over

    def score(self, state):
        return scoring.score(state)

    def winners(self, state) -> list[int]:
        return sorted(state.winners)

    def dump(self, state) -> dict:
        return serial.dump(state)

    def load(self, data):
        return serial.load(data)

    def rerandomise_hidden(self, state, seat, seed):
        """Re-draw face-down counters and, in phase 2, every other seat's hidden record."""
        other = state.copy()
        rng = Rng(seed)
        kinds = rng.shuffle(list(other.counters.values()) + list(other.unused_counters))
        hexes = sorted(other.counters)
        other.counters = dict(zip(hexes, kinds, strict=False))
        other.unused_counters = sorted(kinds[len(hexes):])
        if other.phase == "city" and other.phase2:
            _forget_others(other, seat)
        return other


def _forget_others(state, seat) -> None:
    for s in range(state.players):
        public = state.phase2["public"].get(str(s))
        if s != seat and public is not None:
            state.ps[s] = {**plain_copy(public), "flags": {}}
    state.phase2["offers"] = {oid: o for oid, o in state.phase2["offers"].items()
                              if seat in (o["from"], o["to"])}

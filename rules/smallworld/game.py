"""The Small World game object: the platform contract on the core decision engine."""

from __future__ import annotations

from typing import Any, Mapping

from rules.core.decisions import NOT_AN_OPTION, DecisionGame, Handlers
from rules.core.game import normalise
from rules.core.rng import Rng
from rules.core.text import Msg
from rules.core.types import Action, OptionSpec, ScoreLine, View

from . import flow, handlers, invariants, moves, msgs, scoring, setup, view
from . import state as state_mod
from .state import PROBE

_NOBODY = frozenset()
_ONE_SEAT = tuple(frozenset((seat,)) for seat in range(8))  # to_act answers, made once


class SmallWorld(DecisionGame):
    """Small World (base game) for 2-5 players.

    A variant subclasses it with its own ``name``, ``variant`` (the data folder and the
    :class:`rules.smallworld.variant.Rules` registered under that name) and, when it adds
    decisions, its own ``handlers`` (``handlers.BASE_HANDLERS`` plus its own, registered for
    the variant with :func:`rules.smallworld.handlers.register_handlers`).
    """

    name = "smallworld"
    title = "smallworld.title"
    min_players = 2
    max_players = 5
    variant = "base"
    verbs = moves.VERBS
    handlers: Handlers = handlers.HANDLERS
    from . import evaluate as evaluator  # computer players (rules.core.ai)
    options = (
        OptionSpec("combos", "list", [], "smallworld.option.combos"),
        OptionSpec("first_player", "int", -1, "smallworld.option.first_player",
                   minimum=-1, maximum=4),
        OptionSpec("dice", "list", [], "smallworld.option.dice"),
    )

    def new_game(self, seed: int, players: int, options: Mapping[str, Any]) -> state_mod.State:
        """Return the starting state (options: combos, first_player, dice)."""
        state = setup.new_game(seed, players, options or {}, self.variant)
        self.settle(state, [])
        return state

    # -- the decision engine's parts --------------------------------------------------------
    def parse_move(self, text: str) -> tuple | None:
        """Read normalised ``text`` as a structured move (see :mod:`moves`)."""
        return moves.parse(text)

    def move_text(self, move: tuple) -> str:
        """Return the canonical text of ``move``."""
        return moves.text(move)

    def flow_step(self, state, events: list) -> bool:
        """Pass the turn once every decision of this one (withdrawals included) is made."""
        if state.over or state.pending:
            return False
        flow.advance(state, events)
        return True

    def settle(self, state, events: list) -> None:
        """Settle the game (only withdrawals resolve by themselves, or an empty stack)."""
        if state.pending and state.pending[-1]["type"] != "withdraw":
            return  # every other decision always has options and never resolves itself
        super().settle(state, events)

    def problem(self, state, seat: int, action: Action) -> Msg | None:
        """Return why ``action`` is refused for ``seat`` now (game over, not on turn...)."""
        if state.over:
            return msgs.err("game_over")
        d = self.decision(state, seat)
        if d is None:
            return msgs.err("not_your_turn")
        move = action.move if action.move is not None else self.parse_move(normalise(action.text))
        if move is None:
            return NOT_AN_OPTION
        for extra in self.handlers.anytime:
            if extra.owns(move):
                return extra.problem(state, d, move)
        return handlers.handler_of(state, d).problem(state, d, move)

    def apply(self, state, seat: int, action: Action) -> tuple[Any, list]:
        """Check ``action`` once, then play it on a copy; return the new state and events.

        The first move of a turn, just listed exactly for this very state, is played on a
        copy of the start probe the listing made (troops already readied), so the start step
        is not played twice.
        """
        begun = state.__dict__.get(PROBE)
        if (begun is not None and self.just_listed(state, seat, action)
                and state.pending[-1]["type"] == "start" and action.move[0] != "decline"):
            return self._play_started(begun, seat, action)
        return super().apply(state, seat, action)

    def _play_started(self, begun: tuple, seat: int, action: Action) -> tuple[Any, list]:
        probe, start_events, start_highlight = begun
        state = state_mod.copy_state(probe)
        events = start_events + self.apply_unchecked(state, seat, action)
        if start_highlight:
            state.highlight = sorted(set(state.highlight) | set(start_highlight))
        return state, events

    def apply_unchecked(self, state, seat: int, action: Action) -> list:
        """Play a legal action in place (then settle) and return its events."""
        state.__dict__.pop(PROBE, None)  # the position changes: forget the start probe
        state.highlight = []
        events = super().apply_unchecked(state, seat, action)
        if state.highlight:
            state.highlight = sorted(set(state.highlight))
        return events

    def decision(self, state, seat: int) -> dict | None:
        """Return the decision ``seat`` owes now (one seat decides at a time)."""
        if not state.pending or state.over:
            return None
        top = state.pending[-1]
        return top if top["seat"] == seat else None

    def to_act(self, state) -> frozenset[int]:
        """Return the seat owing the decision on top (a defender during withdrawals)."""
        if state.over or not state.pending:
            return _NOBODY
        return _ONE_SEAT[state.pending[-1]["seat"]]

    def prompt(self, state, seat: int) -> Msg:
        """Describe the decision ``seat`` owes now."""
        return view.prompt(state, seat)

    # -- information -------------------------------------------------------------------------
    def view(self, state, seat: int | None) -> View:
        """Return what ``seat`` may see."""
        return view.build(state, seat)

    def is_over(self, state) -> bool:
        """Tell whether the last game turn has been played."""
        return state.over

    def score(self, state) -> Mapping[int, ScoreLine]:
        """Return coins with their breakdown; tie-break = race tokens on the board."""
        return scoring.final_scores(state)

    def copy(self, state):
        """Return an independent copy of ``state`` (only what moves change is copied)."""
        return state_mod.copy_state(state)

    def dump(self, state) -> dict:
        """Return the JSON-safe state."""
        return state_mod.dump(state)

    def load(self, data: Mapping):
        """Rebuild a state from :meth:`dump` output."""
        return state_mod.load(dict(data))

    def check_invariants(self, state) -> list[str]:
        """Return every broken invariant of spec 5.8 (empty when the state is sound)."""
        return invariants.problems(state)

    def rerandomise_hidden(self, state, seat: int | None, seed: int):
        """Re-draw other seats' coins and the hidden deck order from ``seed``.

        Returned banners lie face down at the bottom of the race deck in an order everybody
        saw, so only the part above them is shuffled.
        """
        out = self.copy(state)
        rng = Rng(seed)
        hidden = len(out.race_deck) - out.race_deck_known
        out.race_deck = rng.shuffle(out.race_deck[:hidden]) + out.race_deck[hidden:]
        out.power_deck = rng.shuffle(list(out.power_deck))
        if not out.over:
            for s in range(out.n):
                if s != seat:
                    out.edit_player(s).coins = rng.randint(0, 120)
        return out

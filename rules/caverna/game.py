"""The Caverna Game object: the platform contract on the core decision engine.

Every decision handler is registered here, in one place; text becomes a structured move
once, in :mod:`moves`.
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core import Msg, OptionSpec, Rng, ScoreLine, View
from rules.core.decisions import DecisionGame, Handlers

from . import breeding, flow, invariants, moves, msgs, setup, view
from . import state as state_mod
from .convert import Conversions
from .expedition import BreedDecision, ExpeditionDecision
from .fences import FenceDecision
from .furnish import FurnishDecision
from .harvest import ChoiceDecision, FeedDecision, FinalDecision
from .scoring import score_player
from .sowing import SowDecision
from .spaces import ImitateDecision, SpaceDecision
from .tiles import RubyMineDecision, SingleDecision, TwinDecision
from .trades import ForgeDecision, MarketDecision, TradeDecision
from .work import TurnDecision

HANDLERS = Handlers(
    [TurnDecision(), SpaceDecision(), ImitateDecision(), TwinDecision(), SingleDecision(),
     RubyMineDecision(), FenceDecision(), FurnishDecision(), ForgeDecision(),
     MarketDecision(), TradeDecision(), SowDecision(), ExpeditionDecision(), BreedDecision(),
     FeedDecision(), ChoiceDecision(), breeding.OverflowDecision(), FinalDecision(),
     flow.ProtectDecision()],
    anytime=[Conversions()])


class Caverna(DecisionGame):
    """Caverna: The Cave Farmers, 1-7 players."""

    name = "caverna"
    from . import evaluate as evaluator  # computer players (rules.core.ai)
    title = "caverna.title"
    min_players = 1
    max_players = 7
    options = (
        OptionSpec("intro", "bool", False, "caverna.option.intro"),
        OptionSpec("rounds", "list", [], "caverna.option.rounds"),
        OptionSpec("harvest", "list", [], "caverna.option.harvest"),
        OptionSpec("start", "int", -1, "caverna.option.start", minimum=-1, maximum=6),
    )
    verbs = moves.VERBS
    handlers = HANDLERS

    def new_game(self, seed: int, players: int, options: Mapping[str, Any]) -> Any:
        state = setup.new_state(seed, players, options)
        events: list = []
        flow.start_round(state, events)
        self.settle(state, events)
        return state

    def flow_step(self, state, events: list) -> bool:
        return flow.step(state, events)

    def parse_move(self, text: str):
        return moves.parse(text)

    def move_text(self, move) -> str:
        return moves.text(move)

    def after_step(self, state, events: list) -> None:
        """House animals before the next step, after every step that added animals or took
        room away (spec §12.2): the steps mark the seat in ``state.unhoused``."""
        while state.unhoused:
            breeding.house(state, state.unhoused.pop())

    def prompt(self, state, seat: int) -> Msg:
        d = self.decision(state, seat)
        if d is None:
            return msgs.prompt("wait", seat=seat)
        return self.handlers[d["type"]].prompt(state, d)

    def view(self, state, seat: int | None) -> View:
        summary = [msgs.summary_round(state.round, state.rounds_total)]
        for s in sorted(self.to_act(state)):
            summary.append(self.prompt(state, s))
        return View(self.name, seat, view.build(state, seat, self.to_act(state)), [], summary)

    def is_over(self, state) -> bool:
        return state.phase == "over"

    def score(self, state) -> Mapping[int, ScoreLine]:
        out = {}
        for seat in range(state.players):
            line = score_player(state, seat)
            out[seat] = ScoreLine(line["total"], line["breakdown"])
        return out

    def copy(self, state) -> Any:
        return state_mod.copy_state(state)

    def rerandomise_hidden(self, state, seat: int | None, seed: int) -> Any:
        """Reshuffle the face-down round cards within their stages and the hidden markers."""
        new = self.copy(state)
        new.round_cards = list(state.round_cards)
        new.markers = list(state.markers)
        rng = Rng(seed)
        hidden = [i for i in range(state.round, len(new.round_cards))
                  if new.round_cards[i] != "wish-for-children"]
        for stage in (1, 2, 3, 4):
            slots = [i for i in hidden if flow.stage_of(new, i + 1) == stage]
            cards = rng.shuffle([new.round_cards[i] for i in slots])
            for i, card in zip(slots, cards, strict=True):
                new.round_cards[i] = card
        slots = [i for i in range(len(new.markers)) if i + 6 > state.round]
        markers = rng.shuffle([new.markers[i] for i in slots])
        for i, marker in zip(slots, markers, strict=True):
            new.markers[i] = marker
        return new

    def check_invariants(self, state) -> list[str]:
        """Return every broken invariant of ``state`` (see :mod:`invariants`)."""
        return invariants.problems(state)

    def dump(self, state) -> dict:
        return state_mod.dump(state)

    def load(self, data: Mapping) -> Any:
        return state_mod.load(data)

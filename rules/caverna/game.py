"""The Caverna Game object: contract methods wired to the engine modules."""

from __future__ import annotations

import pickle
from typing import Any, Mapping

from rules.core import Action, Game, Msg, OptionSpec, ScoreLine, View, normalise
from rules.core.errors import cannot_parse

from . import convert, engine, expedition, flow, grammar, harvest, setup, spaces, tiles, view, work  # noqa: F401  (register handlers)
from . import state as state_mod
from .explain import explain


class Caverna(Game):
    """Caverna: The Cave Farmers, 1-7 players."""

    name = "caverna"
    title = "caverna.title"
    min_players = 1
    max_players = 7
    options = (
        OptionSpec("intro", "bool", False, "caverna.option.intro"),
        OptionSpec("rounds", "list", [], "caverna.option.rounds"),
        OptionSpec("harvest", "list", [], "caverna.option.harvest"),
        OptionSpec("start", "int", -1, "caverna.option.start", minimum=-1, maximum=6),
    )
    verbs = frozenset({"place", "choose", "done", "tile", "furnish", "fence", "stable",
                       "ruby-mine", "sow", "forge", "loot", "buy", "trade", "imitate",
                       "convert", "ruby", "release", "feed", "harvest", "breed", "protect",
                       "cancel"})

    def new_game(self, seed: int, players: int, options: Mapping[str, Any]) -> Any:
        state = setup.new_state(seed, players, options)
        events: list = []
        flow.start_round(state, events)
        self._settle(state, events)
        return state

    def _settle(self, state, events: list) -> None:
        engine.settle(state, events, flow.step)

    def to_act(self, state) -> frozenset[int]:
        return flow.to_act(state)

    def legal_actions(self, state, seat: int) -> list[Action]:
        d = engine.decision_for(state, seat)
        if d is None:
            return []
        return menu(engine.HANDLERS[d["type"]].options(state, d), convert.actions(state, seat))

    def prompt(self, state, seat: int) -> Msg:
        d = engine.decision_for(state, seat)
        if d is None:
            return Msg("caverna.prompt.wait", {"seat": seat})
        return engine.HANDLERS[d["type"]].prompt(state, d)

    def is_legal(self, state, seat: int, action: Action) -> bool:
        text = normalise(action.text)
        d = engine.decision_for(state, seat)
        if d is None:
            return False
        if any(normalise(a.text) == text for a in self.legal_actions(state, seat)):
            return True
        if engine.HANDLERS[d["type"]].accepts(state, d, text):
            return True
        if convert.is_conversion(text):
            return any(a.text == text for a in convert.actions(state, seat))
        return _typed_gold(state, seat, text)

    def parse_action(self, state, seat: int, text: str) -> Action:
        """Refuse text that is no Caverna move (CannotParse) before judging legality."""
        wanted = normalise(text)
        if not grammar.well_formed(wanted):
            raise cannot_parse(text)
        return super().parse_action(state, seat, text)

    def explain_illegal(self, state, seat: int, text: str) -> Msg | None:
        return explain(state, seat, normalise(text))

    def apply_unchecked(self, state, seat: int, action: Action) -> list:
        text = normalise(action.text)
        events: list = []
        d = engine.decision_for(state, seat)
        own = engine.HANDLERS[d["type"]]
        listed = {normalise(a.text) for a in own.options(state, d)}
        if convert.is_conversion(text) and text not in listed:
            convert.apply(state, seat, text, events)
        else:
            own.apply(state, d, text, events)
        if harvest.needs_overflow(state, seat):
            engine.push(state, {"type": "overflow", "seat": seat, "frozen": []})
        self._settle(state, events)
        return events

    def view(self, state, seat: int | None) -> View:
        summary = [Msg("caverna.summary.round", {"round": state.round,
                                                 "total": state.rounds_total})]
        for s in sorted(self.to_act(state)):
            summary.append(self.prompt(state, s))
        return View(self.name, seat, view.build(state, seat), [], summary)

    def is_over(self, state) -> bool:
        return state.phase == "over"

    def score(self, state) -> Mapping[int, ScoreLine]:
        from .scoring import score_player
        out = {}
        for seat in range(state.players):
            line = score_player(state, seat)
            out[seat] = ScoreLine(line["total"], line["breakdown"])
        return out

    def copy(self, state) -> Any:
        return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))

    def rerandomise_hidden(self, state, seat: int | None, seed: int) -> Any:
        """Reshuffle the face-down round cards within their stages and the hidden markers."""
        from rules.core import Rng
        new = self.copy(state)
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

    def dump(self, state) -> dict:
        return state_mod.dump(state)

    def load(self, data: Mapping) -> Any:
        return state_mod.load(data)


def menu(main: list[Action], extra: list[Action]) -> list[Action]:
    """Return every option of the step: its own options first (ruby-paid placements last),
    then the any-time conversions. The platform fits long lists into Discord's menus and
    autocomplete searches all of them."""
    first = [a for a in main if a.group != "ruby"]
    rest = [a for a in main if a.group == "ruby"]
    listed: dict[str, Action] = {}
    for action in first + rest + extra:  # a step option may also be an any-time conversion
        listed.setdefault(action.text, action)
    return list(listed.values())


def _typed_gold(state, seat: int, text: str) -> bool:
    words = text.split()
    if len(words) != 3 or words[:2] != ["convert", "gold"] or not words[2].isdigit():
        return False
    k = int(words[2])
    return k >= 1 and state.ps[seat]["goods"]["gold"] >= k + 1

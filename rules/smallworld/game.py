"""The Small World game object: the platform contract wired to the mechanic modules."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rules.core.errors import cannot_parse, not_legal
from rules.core.game import Game, normalise
from rules.core.rng import Rng
from rules.core.text import Msg
from rules.core.types import Action, OptionSpec, ScoreLine, View

from . import actions, menu, scoring, setup, view
from . import state as state_mod


class SmallWorld(Game):
    """Small World (base game) for 2-5 players."""

    name = "smallworld"
    title = "smallworld.title"
    min_players = 2
    max_players = 5
    variant = "base"
    verbs = actions.VERBS
    options = (
        OptionSpec("combos", "list", [], "smallworld.option.combos"),
        OptionSpec("first_player", "int", -1, "smallworld.option.first_player",
                   minimum=-1, maximum=4),
        OptionSpec("dice", "list", [], "smallworld.option.dice"),
    )

    def new_game(self, seed: int, players: int, options: Mapping[str, Any]) -> state_mod.State:
        """Return the starting state (options: combos, first_player, dice)."""
        return setup.new_game(seed, players, options or {}, self.variant)

    def to_act(self, state) -> frozenset[int]:
        """Return the seats owing a decision (a defender during withdrawals)."""
        return actions.to_act(state)

    def legal_actions(self, state, seat: int) -> Sequence[Action]:
        """Return the short menu of the current decision."""
        return menu.legal(state, seat)

    def prompt(self, state, seat: int) -> Msg:
        """Describe the decision ``seat`` owes now."""
        return view.prompt(state, seat)

    def is_legal(self, state, seat: int, action: Action) -> bool:
        """Tell whether the typed or listed ``action`` is legal for ``seat`` now."""
        cmd = actions.parse(normalise(action.text))
        return cmd is not None and actions.problem(state, seat, cmd) is None

    def explain_illegal(self, state, seat: int, text: str) -> Msg | None:
        """Return the rule that forbids ``text`` now."""
        cmd = actions.parse(normalise(text))
        return None if cmd is None else actions.problem(state, seat, cmd)

    def parse_action(self, state, seat: int, text: str) -> Action:
        """Turn typed text into an action, or raise CannotParse / NotLegalNow."""
        wanted = normalise(text)
        cmd = actions.parse(wanted)
        if cmd is None:
            raise cannot_parse(text)
        reason = actions.problem(state, seat, cmd)
        if reason is not None:
            raise not_legal(text, reason)
        for action in self.legal_actions(state, seat):
            if action.text == wanted:
                return action
        return Action(wanted)

    def apply_unchecked(self, state, seat: int, action: Action) -> list:
        """Play a legal action in place and return its events."""
        return actions.execute(state, seat, actions.parse(normalise(action.text)))

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
        """Return an independent copy of ``state``."""
        return state_mod.copy_state(state)

    def dump(self, state) -> dict:
        """Return the JSON-safe state."""
        return state_mod.dump(state)

    def load(self, data: Mapping):
        """Rebuild a state from :meth:`dump` output."""
        return state_mod.load(dict(data))

    def rerandomise_hidden(self, state, seat: int | None, seed: int):
        """Re-draw other seats' coins and the hidden deck order from ``seed``.

        Returned banners lie face down at the bottom of the race deck in an order everybody
        saw, so only the part above them is shuffled.
        """
        out = self.copy(state)
        rng = Rng(seed)
        hidden = len(out.race_deck) - out.race_deck_known
        out.race_deck[:hidden] = rng.shuffle(out.race_deck[:hidden])
        out.power_deck = rng.shuffle(out.power_deck)
        if not out.over:
            for s, player in enumerate(out.players):
                if s != seat:
                    player.coins = rng.randint(0, 120)
        return out

"""The one interface every game implements, with the checks every game shares."""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from typing import Any, Mapping, Sequence

from .errors import NotYourDecision, RulesError, cannot_parse, not_legal
from .text import Msg
from .types import Action, Event, OptionSpec, ScoreLine, View


def normalise(text: str) -> str:
    """Fold case and white space so typed text compares with canonical action text."""
    return " ".join(text.strip().lower().split())


class Game(ABC):
    """A board game as pure functions of its state.

    States are plain objects with an ``rng`` attribute (a :class:`rules.core.rng.Rng`).
    ``apply`` never mutates its input; ``apply_unchecked`` (mutating, no checks) is the fast
    path used for replay and by ``apply`` itself on a copy.
    """

    name: str = ""
    title: str = ""  # catalog key of the game's display name
    min_players: int = 1
    max_players: int = 1
    options: tuple[OptionSpec, ...] = ()
    verbs: frozenset[str] = frozenset()  # first words of every action text this game accepts
    # the module judging positions for computer players (``rules/<game>/evaluate.py``):
    # ``evaluate(state, seat)`` and optional hooks read by :mod:`rules.core.ai`
    evaluator: Any = None

    # -- set-up and flow -------------------------------------------------------------------
    @abstractmethod
    def new_game(self, seed: int, players: int, options: Mapping[str, Any]) -> Any:
        """Return the starting state for ``players`` seats."""

    @abstractmethod
    def to_act(self, state: Any) -> frozenset[int]:
        """Return the seats that owe a decision now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> Sequence[Action]:
        """List the options of ``seat``'s current decision (empty if it owes none).

        List every option of the current step; the platform fits long lists into menus and
        autocomplete searches them all. A menu posted in the channel must not depend on the
        seat's hidden information, so an option that only hidden information forbids (a combo
        the player cannot afford) is listed and refused with its reason when chosen. Only
        where a step's typed forms are too many to enumerate (moving N tokens between any two
        regions) list a sensible selection and accept the rest through :meth:`is_legal`.
        """

    @abstractmethod
    def prompt(self, state: Any, seat: int) -> Msg:
        """Describe the decision ``seat`` owes now ("Choose a region to conquer").

        Do not name the seat: the platform puts the player's name or mention in front.
        """

    @abstractmethod
    def apply_unchecked(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Play a legal action on ``state`` in place and return what happened."""

    # -- information -----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: Any, seat: int | None) -> View:
        """Return what ``seat`` may see (``None``: the public)."""

    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """Tell whether the game has ended."""

    @abstractmethod
    def score(self, state: Any) -> Mapping[int, ScoreLine]:
        """Return each seat's score with its breakdown (final once the game is over)."""

    @abstractmethod
    def dump(self, state: Any) -> dict:
        """Return a JSON-safe dict holding the whole state."""

    @abstractmethod
    def load(self, data: Mapping) -> Any:
        """Rebuild a state from :meth:`dump` output."""

    # -- shared behaviour (override where a game needs more) ------------------------------
    def check_options(self, options: Mapping[str, Any], players: int) -> Msg | None:
        """Say why ``options`` cannot start a game of ``players`` seats (None when they can).

        The platform asks again whenever the lobby's seats change, so options that depend on
        the number of players (a start seat, a harvest track) are reported before the host
        presses Start. The default sets a game up and returns what it refuses; a game whose
        set-up is costly may override it with a direct check.
        """
        try:
            self.new_game(0, players, options)
        except RulesError as error:
            return error.msg
        return None

    def winners(self, state: Any) -> list[int]:
        """Return the seats with the best (total, tiebreak); several on a shared win."""
        scores = self.score(state)
        best = max((line.total, line.tiebreak) for line in scores.values())
        return sorted(seat for seat, line in scores.items() if (line.total, line.tiebreak) == best)

    def copy(self, state: Any) -> Any:
        """Return an independent copy of ``state``."""
        return copy.deepcopy(state)

    def is_legal(self, state: Any, seat: int, action: Action) -> bool:
        """Tell whether ``action`` is legal for ``seat`` now (default: it is listed)."""
        wanted = normalise(action.text)
        return any(normalise(a.text) == wanted for a in self.legal_actions(state, seat))

    def complete(self, state: Any, seat: int, typed: str, limit: int) -> list[Action]:
        """Return up to ``limit`` legal actions whose text begins with ``typed`` (normalised).

        Autocomplete for steps that list only a selection (typed coordinates on a big grid):
        the legal completions of what the player has typed so far, beyond the listed
        options. Default: none (every option is listed).
        """
        return []

    def explain_illegal(self, state: Any, seat: int, text: str) -> Msg | None:
        """Say why a well-formed action is not legal now, when the engine can tell."""
        return None

    def parse_action(self, state: Any, seat: int, text: str) -> Action:
        """Turn typed text into an action of the current decision, or raise the right error."""
        wanted = normalise(text)
        for action in self.legal_actions(state, seat):
            if normalise(action.text) == wanted:
                return action
        words = wanted.split()
        if not words or (self.verbs and words[0] not in self.verbs):
            raise cannot_parse(text)
        candidate = Action(wanted)
        if self.is_legal(state, seat, candidate):
            return candidate
        raise not_legal(text, self.explain_illegal(state, seat, wanted))

    def may_act(self, state: Any, seat: int) -> bool:
        """Tell whether ``seat`` may send a move now (its options are ``legal_actions``).

        The default: exactly the seats that owe a decision (``to_act``). A game overrides it
        where a seat that owes nothing may still act: in a simultaneous phase, a player who
        declared himself ready leaves ``to_act`` (the phase waits for the others, not for
        him) yet may take it back. The platform serves every such seat: its options, menus,
        buttons, ``/move`` and the private "My turn" answer.
        """
        return seat in self.to_act(state)

    def concession(self, state: Any, seat: int) -> Action | None:
        """Return the move by which ``seat`` concedes now, or None if it cannot.

        The default: the game has no concession (see :meth:`has_concession`). A game that
        has one returns its move whenever the seat is still in the game, whether or not it
        owes a decision, and :meth:`apply` accepts that move from the seat at any time.
        """
        return None

    def has_concession(self) -> bool:
        """Tell whether this game lets a player concede (it overrides :meth:`concession`)."""
        return type(self).concession is not Game.concession

    def is_concession(self, state: Any, seat: int, action: Action) -> bool:
        """Tell whether ``action`` is ``seat``'s concession now."""
        conceding = self.concession(state, seat)
        return conceding is not None and normalise(conceding.text) == normalise(action.text)

    def check_actor(self, state: Any, seat: int, action: Action | None = None) -> None:
        """Refuse a move from a seat that may not act now (a concession always may)."""
        if self.may_act(state, seat):
            return
        if action is not None and self.is_concession(state, seat, action):
            return
        raise NotYourDecision(Msg("core.error.not_your_decision", {"seat": seat}))

    def apply(self, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]:
        """Check and play ``action`` for ``seat`` on a copy; return the new state and events."""
        self.check_actor(state, seat, action)
        if not self.is_legal(state, seat, action):
            raise not_legal(action.text, self.explain_illegal(state, seat, action.text))
        new_state = self.copy(state)
        events = self.apply_unchecked(new_state, seat, action)
        return new_state, events

    def play(self, state: Any, seat: int, text: str) -> tuple[Any, list[Event]]:
        """Parse ``text`` for ``seat`` and apply it (what the service and tests call)."""
        self.check_actor(state, seat, Action(text))
        return self.apply(state, seat, self.parse_action(state, seat, text))

    def action_is_secret(self, state: Any, seat: int, action: Action) -> bool:
        """Tell whether other seats must not learn ``action`` when it is made.

        True for hidden simultaneous choices (bids, secret builds): the platform then
        announces only that the seat has decided, and the game reveals what it must through
        public events when the phase resolves. ``state`` is the state before the action.
        """
        return False

    def check_invariants(self, state: Any) -> list[str]:
        """Return what is wrong with ``state`` (broken conservation, limits...); empty if sound.

        The property tests call it after every move of random games. A game overrides it with
        the invariants its spec states (token, goods and coin conservation, supply limits).
        """
        return []

    def private_decision(self, state: Any, seat: int) -> bool:
        """Tell whether ``seat``'s current options show what other seats must not see.

        True for decisions over hidden things (hidden orders in a simultaneous phase, a pick
        among cards only this seat has seen): the platform then offers the options only
        privately (the "My turn" button, ``/me``), even when this seat is the only one to
        act, and posts no prompt or option count in the channel.
        """
        return False

    def evaluation(self, state: Any, seat: int) -> float:
        """Return how good ``state`` is for ``seat`` (higher is better), for computer players.

        The game's ``evaluator`` module judges it (current score plus potential, from what
        ``seat`` can see or expected values); without one, the seat's current score total.
        """
        if self.evaluator is not None:
            return float(self.evaluator.evaluate(state, seat))
        return float(self.score(state)[seat].total)

    def rerandomise_hidden(self, state: Any, seat: int | None, seed: int) -> Any:
        """Return a copy where everything hidden from ``seat`` is re-drawn from ``seed``.

        Used by the contract test that checks views hide what they must. Games with no
        hidden information keep the default (an unchanged copy).
        """
        return self.copy(state)

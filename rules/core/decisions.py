"""One decision engine for every game: pending decisions kept in the state as data.

A game's state holds ``pending``, a stack (list) of decisions. Each decision is a JSON-safe
dict with at least ``type`` (a handler kind) and ``seat`` (who owes it), plus whatever fields
its handler needs. The decision on top is the one being made; when the top handler is
``simultaneous``, the run of same-type decisions beneath it is owed at the same time (feeding,
hidden orders, votes) and each seat answers its own.

A :class:`Handler` gives each decision type the same three parts:

* ``options(state, d)``: every legal choice, as :class:`Action` objects carrying a structured
  ``move`` beside their text;
* ``problem(state, d, move)``: why a move is not legal now (``None`` when it is) - the refusal
  reason lives beside the rule;
* ``effect(state, d, move, events)``: carry the move out (pop or update ``d`` as it needs).

Every game writes its handlers as :class:`rules.core.verbs.VerbHandler`: moves are tuples
led by a verb, and ``problems`` / ``effects`` are explicit tables from each verb to its
refusal and its effect.

``auto`` lets a decision resolve itself when nothing is left to choose. A :class:`Handlers`
registry lists a game's handlers explicitly. :class:`DecisionGame` implements the platform
contract on top: text is parsed once at the edge (``parse_move``), everything inside works on
moves, and :meth:`DecisionGame.settle` advances the game until some seat owes a real decision.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from .errors import cannot_parse, not_legal
from .game import Game, normalise
from .text import Msg
from .types import Action, Event

NOT_AN_OPTION = Msg("core.reason.not_an_option")
SETTLE_LIMIT = 100_000


class Handler:
    """Behaviour of one decision type; subclasses override what applies."""

    kind: str = ""
    simultaneous: bool = False  # several seats owe decisions of this kind at once
    # every option ``options`` lists is legal as listed, so playing one of them just listed
    # for the same state needs no second check (the contract tests verify the claim)
    exact_options: bool = False

    def options(self, state: Any, d: dict) -> list[Action]:
        """Return every legal choice of decision ``d`` (each with its structured move)."""
        return []

    def lists_exactly(self, state: Any, d: dict) -> bool:
        """Tell whether every option listed for ``d`` now is legal as listed."""
        return self.exact_options

    def has_options(self, state: Any, d: dict) -> bool:
        """Tell whether ``d`` has anything to choose (override when cheaper than options)."""
        return bool(self.options(state, d))

    def problem(self, state: Any, d: dict, move: Any) -> Msg | None:
        """Return why ``move`` is not legal for ``d`` now, or None when it is.

        The default accepts exactly the listed moves; handlers that accept typed forms
        beyond their list, or can say why, override it.
        """
        if any(action.move == move for action in self.options(state, d)):
            return None
        return NOT_AN_OPTION

    def effect(self, state: Any, d: dict, move: Any, events: list[Event]) -> None:
        """Carry out the legal ``move`` of ``d`` in place, appending what happened."""
        raise NotImplementedError(f"{type(self).__name__}.effect")

    def auto(self, state: Any, d: dict, events: list[Event]) -> bool:
        """Resolve ``d`` without a choice when possible; return True if it did something."""
        return False

    def prompt(self, state: Any, d: dict) -> Msg:
        """Describe the decision (without naming the seat: the platform adds the mention)."""
        raise NotImplementedError(f"{type(self).__name__}.prompt")


class AnytimeHandler(Handler):
    """Moves a seat may make whenever it owes any decision (Caverna's conversions).

    Its ``options``, ``problem`` and ``effect`` receive the seat's current decision ``d``;
    ``owns`` tells which moves are its own. With ``outside_decisions`` its moves are also
    judged for a seat that owes no decision (a concession); ``d`` is then a stand-in
    ``{"type": kind, "seat": seat}`` that is on no stack.
    """

    outside_decisions: bool = False

    def owns(self, move: Any) -> bool:
        """Tell whether ``move`` is one of this handler's moves."""
        return False


class Handlers:
    """A game's decision handlers, registered explicitly by kind."""

    def __init__(self, handlers: Iterable[Handler], anytime: Iterable[AnytimeHandler] = ()):
        self._by_kind: dict[str, Handler] = {}
        for handler in handlers:
            if not handler.kind or handler.kind in self._by_kind:
                raise ValueError(f"handler kind missing or registered twice: {handler.kind!r}")
            self._by_kind[handler.kind] = handler
        self.anytime: tuple[AnytimeHandler, ...] = tuple(anytime)
        self.of = self._by_kind.__getitem__  # the handler of a kind (KeyError if none), fast

    def __getitem__(self, kind: str) -> Handler:
        return self._by_kind[kind]

    def __contains__(self, kind: str) -> bool:
        return kind in self._by_kind

    def kinds(self) -> list[str]:
        """Return every registered decision kind."""
        return list(self._by_kind)


# -- the stack ------------------------------------------------------------------------------

def top(state: Any) -> dict | None:
    """Return the decision on top of the stack, if any."""
    return state.pending[-1] if state.pending else None


def push(state: Any, decision: dict) -> dict:
    """Put ``decision`` on top of the stack and return it."""
    state.pending.append(decision)
    return decision


def pop(state: Any, decision: dict) -> None:
    """Remove ``decision`` (the very object) from the stack."""
    for index in range(len(state.pending) - 1, -1, -1):
        if state.pending[index] is decision:
            del state.pending[index]
            return
    raise ValueError("decision not on the stack")


def open_block(state: Any, handlers: Handlers) -> list[dict]:
    """Return the decisions owed now: the top one, or the run of simultaneous ones on top."""
    if not state.pending:
        return []
    first = state.pending[-1]
    block = [first]
    if handlers[first["type"]].simultaneous:
        for d in reversed(state.pending[:-1]):
            if d["type"] != first["type"]:
                break
            block.append(d)
    return block


def decision_for(state: Any, handlers: Handlers, seat: int) -> dict | None:
    """Return the decision ``seat`` owes now, if any."""
    return next((d for d in open_block(state, handlers) if d["seat"] == seat), None)


# -- the game contract on top of the engine -------------------------------------------------

class DecisionGame(Game):
    """A :class:`Game` whose turns are pending decisions run by registered handlers.

    A subclass provides ``handlers``, ``parse_move(text)`` (the whole game's grammar: text to
    a structured move, or None), ``move_text(move)`` (the canonical text), ``flow_step``
    (advance the game when no decision is pending) and the information methods (``view``,
    ``score``, ``dump``, ``load``, ``is_over``).
    """

    handlers: Handlers
    # the last exact listing: (state, seat, its actions)
    _listed: tuple = (None, None, ())

    # -- what a subclass provides -----------------------------------------------------------
    def parse_move(self, text: str) -> Any | None:
        """Read normalised ``text`` as a structured move of this game, or return None."""
        raise NotImplementedError

    def move_text(self, move: Any) -> str:
        """Return the canonical text of ``move`` (what a player types and the log stores)."""
        raise NotImplementedError

    def flow_step(self, state: Any, events: list[Event]) -> bool:
        """Advance the game when nothing is pending; return False when there is nothing to do."""
        return False

    # -- the engine -------------------------------------------------------------------------
    def settle(self, state: Any, events: list[Event]) -> None:
        """Run automatic steps and the game flow until a seat owes a real decision."""
        for _ in range(SETTLE_LIMIT):
            self.after_step(state, events)
            d = top(state)
            if d is None:
                if not self.flow_step(state, events):
                    return
                continue
            handler = self.handlers[d["type"]]
            if handler.auto(state, d, events):
                continue
            if not handler.has_options(state, d):
                pop(state, d)
                continue
            return
        raise RuntimeError(f"{self.name}: settle did not converge")

    def decision(self, state: Any, seat: int) -> dict | None:
        """Return the decision ``seat`` owes now, if any."""
        return decision_for(state, self.handlers, seat)

    def handler_for(self, state: Any, seat: int, move: Any) -> tuple[Handler, dict] | None:
        """Return the handler that judges ``move`` for ``seat`` and the decision it is for."""
        d = self.decision(state, seat)
        if d is None:
            return self._outside_handler(seat, move)
        for extra in self.handlers.anytime:
            if extra.owns(move):
                return extra, d
        return self.handlers.of(d["type"]), d

    def _outside_handler(self, seat: int, move: Any) -> tuple[Handler, dict] | None:
        """The any-time handler that judges ``move`` for a seat owing no decision, if any."""
        for extra in self.handlers.anytime:
            if extra.outside_decisions and extra.owns(move):
                return extra, {"type": extra.kind, "seat": seat}
        return None

    # -- the platform contract --------------------------------------------------------------
    def to_act(self, state: Any) -> frozenset[int]:
        """Return the seats of the open block of decisions (empty when the game is over)."""
        if self.is_over(state):
            return frozenset()
        return frozenset(d["seat"] for d in open_block(state, self.handlers))

    def legal_actions(self, state: Any, seat: int) -> Sequence[Action]:
        """List the options of ``seat``'s decision, then its any-time moves.

        When every handler involved lists exact options, the listing is remembered (for this
        very state object), so :meth:`apply` of one of these actions does not judge it again.
        """
        d = self.decision(state, seat)
        if d is None:
            return []
        handler = self.handlers.of(d["type"])
        listed = handler.options(state, d)
        exact = handler.lists_exactly(state, d)
        anytime = self.handlers.anytime
        if anytime:
            listed = list(listed)
            for extra in anytime:
                listed.extend(extra.options(state, d))
                exact = exact and extra.lists_exactly(state, d)
        listed = tuple(listed)  # immutable: what apply trusts cannot be edited by a caller
        if exact:
            self._listed = (state, seat, listed)
        return listed

    def just_listed(self, state: Any, seat: int, action: Action) -> bool:
        """Tell whether ``action`` is one of the exact options just listed for ``seat`` in
        this very ``state`` (so it is legal without a second check)."""
        listed_state, listed_seat, listed = self._listed
        if listed_state is not state or listed_seat != seat:
            return False
        for candidate in listed:
            if candidate is action:
                return True
        return False

    def prompt(self, state: Any, seat: int) -> Msg:
        """Describe the decision ``seat`` owes now."""
        d = self.decision(state, seat)
        if d is None:
            return Msg("core.prompt.wait")
        return self.handlers[d["type"]].prompt(state, d)

    def parse_action(self, state: Any, seat: int, text: str) -> Action:
        """Parse ``text`` once into a structured move and judge it for ``seat``."""
        move = self.parse_move(normalise(text))
        if move is None:
            raise cannot_parse(text)
        action = Action(self.move_text(move), move=move)
        reason = self.problem(state, seat, action)
        if reason is not None:
            raise not_legal(text, None if reason is NOT_AN_OPTION else reason)
        return action

    def problem(self, state: Any, seat: int, action: Action) -> Msg | None:
        """Return why ``action`` is not legal for ``seat`` now, or None when it is."""
        move = self._move_of(action)
        if move is None:
            return NOT_AN_OPTION
        found = self.handler_for(state, seat, move)
        if found is None:
            return NOT_AN_OPTION
        handler, d = found
        return handler.problem(state, d, move)

    def is_legal(self, state: Any, seat: int, action: Action) -> bool:
        """Tell whether ``action`` is legal for ``seat`` now."""
        return self.problem(state, seat, action) is None

    def explain_illegal(self, state: Any, seat: int, text: str) -> Msg | None:
        """Say why the move written as ``text`` is not legal now."""
        move = self.parse_move(normalise(text))
        if move is None:
            return None
        reason = self.problem(state, seat, Action(text, move=move))
        return None if reason is NOT_AN_OPTION else reason

    def apply(self, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]:
        """Check ``action`` once, then play it on a copy; return the new state and events."""
        if self.just_listed(state, seat, action):
            new_state = self.copy(state)
            return new_state, self.apply_unchecked(new_state, seat, action)
        self.check_actor(state, seat, action)
        move = self._move_of(action)
        if move is not None and action.move is None:
            action = Action(action.text, action.label, action.group, move)
        reason = self.problem(state, seat, action)
        if reason is not None:
            raise not_legal(action.text, None if reason is NOT_AN_OPTION else reason)
        new_state = self.copy(state)
        return new_state, self.apply_unchecked(new_state, seat, action)

    def play(self, state: Any, seat: int, text: str) -> tuple[Any, list[Event]]:
        """Parse ``text`` for ``seat`` and apply it (parsing and checking once each)."""
        self.check_actor(state, seat, Action(text))
        action = self.parse_action(state, seat, text)
        new_state = self.copy(state)
        return new_state, self.apply_unchecked(new_state, seat, action)

    def apply_unchecked(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Carry out a legal action in place, then settle; return what happened."""
        if self._listed[0] is state:  # the position changes in place: forget its listing
            self._listed = DecisionGame._listed
        move = action.move if action.move is not None else self._move_of(action)
        handler, d = self.handler_for(state, seat, move)
        events: list[Event] = []
        handler.effect(state, d, move, events)
        self.after_move(state, seat, events)
        self.settle(state, events)
        return events

    def after_move(self, state: Any, seat: int, events: list[Event]) -> None:
        """Hook run after every move's effect and before settling (default: nothing)."""

    def after_step(self, state: Any, events: list[Event]) -> None:
        """Hook run before each settling step: after a move's effect and after every
        automatic step or flow step (default: nothing). A game checks here what must hold
        between steps (Caverna houses animals gained by an automatic step at once); it may
        push a decision, which is then the one owed."""

    def _move_of(self, action: Action) -> Any | None:
        if action.move is not None:
            return action.move
        return self.parse_move(normalise(action.text))


def listed(game: DecisionGame, moves: Iterable[Any], label=None, group=None) -> list[Action]:
    """Build actions for ``moves`` with their canonical texts (``label(move)`` optional)."""
    return [Action(game.move_text(m), None if label is None else label(m), group, m)
            for m in moves]

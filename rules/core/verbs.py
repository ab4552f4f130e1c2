"""The one shape of a game's decision handlers: verbs, and explicit tables of their
refusals and effects (see :class:`VerbHandler`)."""

from __future__ import annotations

from typing import Any

from .decisions import NOT_AN_OPTION, AnytimeHandler, Handler
from .text import Msg
from .types import Event


class VerbHandler(Handler):
    """A handler whose moves are tuples led by a verb, judged and carried out verb by verb.

    Every game writes its decisions in this one shape. ``problems`` and ``effects`` are
    explicit tables, verb -> function, written in the class body below the functions they
    name, so a plain search for a verb finds its refusal and its effect::

        def move_problem(self, state, d, move): ...      # Msg or None
        def move_effect(self, state, d, move, events): ...
        problems = {"move": move_problem, "end": must_be_listed}
        effects = {"move": move_effect, "end": end_effect}

    A move whose verb has no entry in ``problems`` is refused by :meth:`other_verb` (the
    general refusal by default; a game says "finish this step first" there, or judges a
    move of the step that follows and plays it in :meth:`other_effect`). Never look a
    function up by a name built at run time.
    """

    problems: dict = {}  # verb -> problem(self, state, d, move) -> Msg | None
    effects: dict = {}  # verb -> effect(self, state, d, move, events)

    def problem(self, state: Any, d: dict, move: Any) -> Msg | None:
        """Judge ``move`` by the problem of its verb, or refuse a verb ``d`` does not take."""
        judge = self.problems.get(move[0])
        if judge is None:
            return self.other_verb(state, d, move)
        return judge(self, state, d, move)

    def other_verb(self, state: Any, d: dict, move: Any) -> Msg:
        """Return why a move whose verb this decision does not take is refused."""
        return NOT_AN_OPTION

    def is_listed(self, state: Any, d: dict, move: Any) -> bool:
        """Tell whether ``move`` is among the options of ``d`` now (override when cheaper)."""
        for action in self.options(state, d):
            if action.move == move:
                return True
        return False

    def unlisted(self, state: Any, d: dict, move: Any) -> Msg:
        """Return why a move of an own verb that is not among the options is refused."""
        return NOT_AN_OPTION

    def effect(self, state: Any, d: dict, move: Any, events: list[Event]) -> None:
        """Carry out ``move`` by the effect of its verb."""
        carry_out = self.effects.get(move[0])
        if carry_out is None:
            self.other_effect(state, d, move, events)
        else:
            carry_out(self, state, d, move, events)

    def other_effect(self, state: Any, d: dict, move: Any, events: list[Event]) -> None:
        """Carry out a legal move whose verb has no effect here: only a decision whose
        ``other_verb`` accepts a later step's moves (Small World's first move of a turn)
        overrides this."""
        raise KeyError(f"{type(self).__name__}: no effect for {move[0]!r}")


def must_be_listed(handler: VerbHandler, state: Any, d: dict, move: Any) -> Msg | None:
    """The problem of a verb whose moves are legal exactly when listed (a ``problems`` entry);
    an unlisted one gets the handler's ``unlisted`` reason."""
    if handler.is_listed(state, d, move):
        return None
    return handler.unlisted(state, d, move)


def no_problem(handler: VerbHandler, state: Any, d: dict, move: Any) -> None:
    """The problem of a verb that is legal whenever its decision is owed (``done``)."""
    return None


class AnytimeVerbHandler(VerbHandler, AnytimeHandler):
    """Any-time moves in the verb shape: the handler owns the verbs of its ``problems``."""

    def owns(self, move: Any) -> bool:
        """Tell whether ``move``'s verb is one of this handler's."""
        return move[0] in self.problems

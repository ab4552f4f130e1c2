"""Antiquity's decision handlers in the core shape, with their options computed as moves."""

from __future__ import annotations

from rules.core.decisions import NOT_AN_OPTION
from rules.core.verbs import VerbHandler

from . import msgs as M
from .moves import as_actions

prompt_msg = M.KEYS.table("prompt")  # ``prompt_msg(key, **params)``: a decision's prompt


def refusal(why: str | None):
    """Return the refusal of a rule's reason key (``not_now``: the general one), or None."""
    if why is None:
        return None
    return NOT_AN_OPTION if why == "not_now" else M.reason(why)


class MoveHandler(VerbHandler):
    """A :class:`VerbHandler` whose options are listed as moves (tuples); the game turns them
    into actions."""

    def moves(self, state, d) -> list[tuple]:
        """Return the listed moves of ``d``."""
        return []

    def options(self, state, d):
        return as_actions(self.moves(state, d))

    def has_options(self, state, d):
        return bool(self.moves(state, d))

    def is_listed(self, state, d, move):
        return move in self.moves(state, d)

"""The base of Antiquity's decision handlers: options computed as moves (tuples)."""

from __future__ import annotations

from rules.core.decisions import NOT_AN_OPTION, Handler

from . import msgs as M
from .moves import as_actions

prompt_msg = M.KEYS.table("prompt")  # ``prompt_msg(key, **params)``: a decision's prompt


class MoveHandler(Handler):
    """A handler whose options are computed as moves; the game turns them into actions."""

    verbs: frozenset = frozenset()

    def moves(self, state, d) -> list[tuple]:
        """Return the listed moves of ``d``."""
        return []

    def options(self, state, d):
        return as_actions(self.moves(state, d))

    def has_options(self, state, d):
        return bool(self.moves(state, d))

    def check(self, state, d, move) -> str | None:
        """Return a reason key why ``move`` is illegal, or None (default: must be listed)."""
        return None if move in self.moves(state, d) else "not_now"

    def problem(self, state, d, move):
        if move[0] not in self.verbs:
            return NOT_AN_OPTION
        why = self.check(state, d, move)
        return None if why is None else (NOT_AN_OPTION if why == "not_now" else M.reason(why))

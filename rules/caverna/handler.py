"""Caverna's decisions in the core shape (:class:`rules.core.verbs.VerbHandler`).

Each handler's ``problems`` and ``effects`` tables name the verbs of its own moves. A move
with another verb gets the general refusal (finish the current step first); an own move that
is not listed gets the handler's own ``refusal`` reason. Handlers that can judge a move
without listing every option (placements, tiles, fences) give that verb the rule's direct
check instead of :func:`rules.core.verbs.must_be_listed`.
"""

from __future__ import annotations

from rules.core import Action, Msg
from rules.core.verbs import VerbHandler

from . import msgs
from .moves import Move

DONE = Action("done", msgs.DONE, move=("done",))  # every step's "done" (immutable, shared)


class Step(VerbHandler):
    """A Caverna decision: options, problem (refusal beside the rule), effect, by verb."""

    # catalog key under caverna.error for an own move that is not legal now
    refusal = ""
    # every Caverna handler lists only moves its problems accept (a listed action is
    # played without a second check; the contract tests verify it at every step)
    exact_options = True

    def prompt(self, state, d: dict) -> Msg:
        """Describe the decision (its catalog prompt)."""
        return msgs.prompt(self.kind, **self.prompt_params(state, d))

    def prompt_params(self, state, d: dict) -> dict:
        """Parameters of the prompt message."""
        return {"seat": d["seat"]}

    def other_verb(self, state, d: dict, move: Move) -> Msg:
        """A move of another step: finish this one first."""
        if move[0] == "done":
            return msgs.error("not_done")
        return msgs.error("wrong_step", prompt=self.prompt(state, d))

    def unlisted(self, state, d: dict, move: Move) -> Msg:
        """The reason an own move is refused."""
        if self.refusal:
            return msgs.error(self.refusal)
        return msgs.error("not_possible", prompt=self.prompt(state, d))

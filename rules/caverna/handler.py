"""The shape every Caverna decision handler shares on top of :class:`rules.core.decisions.Handler`.

A handler names the verbs of its own moves. A move with another verb gets the general
refusal (finish the current step first); a move with its own verb is judged by
:meth:`Step.judge`, which by default accepts exactly the listed moves and otherwise gives
the handler's own ``refusal`` reason. Handlers that can judge a move without listing every
option (placements, tiles, fences) override ``judge`` with the rule's direct check.
"""

from __future__ import annotations

from rules.core import Action, Msg
from rules.core.decisions import Handler

from . import msgs
from .moves import Move

DONE = Action("done", msgs.DONE, move=("done",))  # every step's "done" (immutable, shared)


class Step(Handler):
    """A Caverna decision: options, problem (refusal beside the rule), effect."""

    verbs: tuple[str, ...] = ()
    refusal = ""
    # every Caverna handler lists only moves its ``judge`` accepts (a listed action is
    # played without a second check; the contract tests verify it at every step)
    exact_options = True  # catalog key under caverna.error for an own move that is not legal now

    def prompt(self, state, d: dict) -> Msg:
        """Describe the decision (its catalog prompt)."""
        return msgs.prompt(self.kind, **self.prompt_params(state, d))

    def prompt_params(self, state, d: dict) -> dict:
        """Parameters of the prompt message."""
        return {"seat": d["seat"]}

    def problem(self, state, d: dict, move: Move) -> Msg | None:
        """Refuse moves of other steps; judge the handler's own moves."""
        if move[0] not in self.verbs:
            if move[0] == "done":
                return msgs.error("not_done")
            return msgs.error("wrong_step", prompt=self.prompt(state, d))
        return self.judge(state, d, move)

    def judge(self, state, d: dict, move: Move) -> Msg | None:
        """Return why an own ``move`` is not legal now (default: it must be listed)."""
        if any(action.move == move for action in self.options(state, d)):
            return None
        return self.refused(state, d, move)

    def refused(self, state, d: dict, move: Move) -> Msg:
        """The reason an own move is refused."""
        if self.refusal:
            return msgs.error(self.refusal)
        return msgs.error("not_possible", prompt=self.prompt(state, d))

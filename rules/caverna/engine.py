"""The pending-decision stack: handler registry, the current decision, and auto-advance.

Every decision is a dict on ``state.pending`` with ``type`` and ``seat``. A handler
(registered with :func:`handler`) lists its options, accepts typed parametric forms,
applies a choice, and may resolve itself automatically (``auto``) when nothing is left
to choose. :func:`settle` runs ``auto`` steps and the round flow until some seat owes a
real decision.
"""

from __future__ import annotations

from typing import Callable

from rules.core import Action, Msg

HANDLERS: dict[str, "Handler"] = {}


class Handler:
    """Behaviour of one decision type (override what applies)."""

    kind = ""
    prompt_key = ""

    def options(self, state, d: dict) -> list[Action]:
        """Return the listed actions of decision ``d``."""
        return []

    def accepts(self, state, d: dict, text: str) -> bool:
        """Tell whether an unlisted typed ``text`` is a legal choice of ``d``."""
        return False

    def apply(self, state, d: dict, text: str, events: list) -> None:
        """Carry out the choice ``text`` of ``d``."""
        raise NotImplementedError

    def auto(self, state, d: dict, events: list) -> bool:
        """Resolve ``d`` without a choice when possible; return True if it did something."""
        return False

    def prompt(self, state, d: dict) -> Msg:
        """Describe the decision."""
        return Msg(f"caverna.prompt.{self.kind}", self.prompt_params(state, d))

    def prompt_params(self, state, d: dict) -> dict:
        """Parameters of the prompt message."""
        return {"seat": d["seat"]}


def handler(cls: type) -> type:
    """Register a Handler subclass under its ``kind``."""
    HANDLERS[cls.kind] = cls()
    return cls


def top(state) -> dict | None:
    """Return the decision on top of the stack, if any."""
    return state.pending[-1] if state.pending else None


SIMULTANEOUS = ("feed", "harvest-choice", "final")


def open_block(state) -> list[dict]:
    """Return the decisions owed at once: the top one, or the run of same-type
    simultaneous decisions (feeding, 3rd-red choice, final conversions) on top."""
    if not state.pending:
        return []
    block = [state.pending[-1]]
    if block[0]["type"] in SIMULTANEOUS:
        for d in reversed(state.pending[:-1]):
            if d["type"] != block[0]["type"]:
                break
            block.append(d)
    return block


def decision_for(state, seat: int) -> dict | None:
    """Return the decision ``seat`` owes now, if any."""
    return next((d for d in open_block(state) if d["seat"] == seat), None)


def push(state, decision: dict) -> dict:
    """Put a new decision on top of the stack and return it."""
    state.pending.append(decision)
    return decision


def pop(state, decision: dict) -> None:
    """Remove ``decision`` (which must be on the stack)."""
    for i in range(len(state.pending) - 1, -1, -1):
        if state.pending[i] is decision:
            del state.pending[i]
            return


def settle(state, events: list, flow_step: Callable) -> None:
    """Run automatic steps until a decision is owed or the game is over."""
    for _ in range(10000):
        d = top(state)
        if d is not None:
            handler_ = HANDLERS[d["type"]]
            if handler_.auto(state, d, events):
                continue
            if not handler_.options(state, d):
                pop(state, d)  # nothing left to choose (e.g. goods converted away)
                continue
            return
        if not flow_step(state, events):
            return
    raise RuntimeError("caverna: settle did not converge")

"""The three ways a submitted action can fail; each carries a catalog message, never prose."""

from __future__ import annotations

from .text import Msg


class RulesError(Exception):
    """Base class: an action was refused and the state is unchanged."""

    def __init__(self, msg: Msg):
        super().__init__(msg.key)
        self.msg = msg


class CannotParse(RulesError):
    """The text is not an action of this game at all."""


class NotLegalNow(RulesError):
    """The text is an action of this game but the rules forbid it now (the message says why)."""


class NotYourDecision(RulesError):
    """The seat that sent the action owes no decision now."""


def cannot_parse(text: str) -> CannotParse:
    """Build the standard 'not an action' error for ``text``."""
    return CannotParse(Msg("core.error.cannot_parse", {"text": text}))


def not_legal(text: str, reason: Msg | None = None) -> NotLegalNow:
    """Build a 'not legal now' error, with the rule's reason when the engine knows it."""
    if reason is None:
        return NotLegalNow(Msg("core.error.not_legal", {"text": text}))
    return NotLegalNow(Msg("core.error.not_legal_because", {"text": text, "reason": reason}))

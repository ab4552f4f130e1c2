"""The registry of Small World's decision handlers (explicit, one per decision kind).

The decisions of a turn: ``start``, ``pick``, ``conquest``, ``redeploy``, ``heroes``, ``end``
and ``withdraw`` (see :mod:`flow`); their handlers live in :mod:`turn_decisions` and
:mod:`board_decisions`, their shared parts in :mod:`handling`. A variant lists
``BASE_HANDLERS`` plus its own and registers them with :func:`register_handlers`.
"""

from __future__ import annotations

from rules.core.decisions import Handlers

from .board_decisions import ConquestDecision, RedeployDecision
from .handling import handler_of, register_handlers
from .turn_decisions import (
    EndDecision,
    HeroesDecision,
    PickDecision,
    StartDecision,
    WithdrawDecision,
)

BASE_HANDLERS = (StartDecision(), PickDecision(), ConquestDecision(), RedeployDecision(),
                 HeroesDecision(), EndDecision(), WithdrawDecision())
HANDLERS = Handlers(BASE_HANDLERS)
register_handlers("base", HANDLERS)

__all__ = ["BASE_HANDLERS", "HANDLERS", "handler_of", "register_handlers"]

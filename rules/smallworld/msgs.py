"""Build Small World catalog messages and events (keys under ``smallworld.``)."""

from __future__ import annotations

from functools import lru_cache

from rules.core.namespace import Namespace
from rules.core.text import Msg

NS = Namespace("smallworld")

err = NS.table("error")  # ``err(key, **params)``: a refusal, ``smallworld.error.<key>``
event = NS.event  # ``event(key, audience=None, reveals=False, **params)``; None: everyone
label = NS.table("action")  # ``label(key, **params)``: an action label
prompt = NS.table("prompt")  # ``prompt(key, **params)``: a decision's prompt
_race, _power = NS.table("race"), NS.table("power")


@lru_cache(maxsize=None)
def race(race_id: str) -> Msg:
    """Return the display name of a race (one shared message per race: messages are never
    changed)."""
    return _race(race_id)


@lru_cache(maxsize=None)
def power(power_id: str) -> Msg:
    """Return the display name of a power (one shared message per power)."""
    return _power(power_id)

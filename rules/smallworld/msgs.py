"""Build Small World catalog messages and events (keys under ``smallworld.``)."""

from __future__ import annotations

from functools import lru_cache

from rules.core.text import Msg
from rules.core.types import Event


def err(key: str, **params) -> Msg:
    """Return the error message ``smallworld.error.<key>``."""
    return Msg(f"smallworld.error.{key}", params)


@lru_cache(maxsize=None)
def race(race_id: str) -> Msg:
    """Return the display name of a race (one shared message per race: messages are never
    changed)."""
    return Msg(f"smallworld.race.{race_id}")


@lru_cache(maxsize=None)
def power(power_id: str) -> Msg:
    """Return the display name of a power (one shared message per power)."""
    return Msg(f"smallworld.power.{power_id}")


def event(key: str, *, audience=None, reveals: bool = False, **params) -> Event:
    """Return the event ``smallworld.event.<key>``."""
    return Event(f"smallworld.event.{key}", params, audience, reveals)


def label(key: str, **params) -> Msg:
    """Return the action label ``smallworld.action.<key>``."""
    return Msg(f"smallworld.action.{key}", params)


def prompt(key: str, **params) -> Msg:
    """Return the prompt ``smallworld.prompt.<key>``."""
    return Msg(f"smallworld.prompt.{key}", params)

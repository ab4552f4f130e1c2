"""Catalog messages of Antiquity: names of things, reasons, events (keys only, no prose)."""

from __future__ import annotations

from rules.core import Event, Msg

NS = "antiquity"


def reason(key: str) -> Msg:
    """Return the refusal reason ``key`` as a message."""
    return Msg(f"{NS}.reason.{key}")


def building(kind: str) -> Msg:
    """Return the name of a city building type."""
    return Msg(f"{NS}.building.{kind}")


def good(kind: str) -> Msg:
    """Return the name of a goods kind."""
    return Msg(f"{NS}.good.{kind}")


def saint(name: str | None) -> Msg:
    """Return the name of a patron saint (or "none")."""
    return Msg(f"{NS}.saint.{name or 'none'}")


def phase(name: str) -> Msg:
    """Return the name of a phase."""
    return Msg(f"{NS}.phase.{name}")


def event(key: str, audience=None, reveals: bool = False, **params) -> Event:
    """Return an Antiquity event (``audience`` None = everyone)."""
    return Event(f"{NS}.event.{key}", params,
                 None if audience is None else frozenset(audience), reveals)


def goods_list(payment) -> list[Msg]:
    """Return a payment as a list of goods names (for a message parameter)."""
    return [good(k) for k in payment] or [Msg(f"{NS}.misc.nothing")]


def misc(key: str) -> Msg:
    """Return a small word of the catalog ("nothing")."""
    return Msg(f"{NS}.misc.{key}")


def seat_name(seat: int) -> Msg:
    """Return a message naming ``seat`` (the player's name)."""
    return Msg(f"{NS}.misc.player", {"seat": seat})

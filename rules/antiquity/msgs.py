"""Catalog messages of Antiquity: names of things, reasons, events (keys only, no prose)."""

from __future__ import annotations

from rules.core import Msg
from rules.core.namespace import Namespace

NS = "antiquity"
KEYS = Namespace(NS)

# Names of things and words: ``building("temple")`` is the message ``antiquity.building.temple``.
reason = KEYS.table("reason")  # the reason a move is refused
building = KEYS.table("building")  # a city building type
good = KEYS.table("good")  # a goods kind
phase = KEYS.table("phase")  # a phase
misc = KEYS.table("misc")  # a small word of the catalog ("nothing")
event = KEYS.event  # ``event(key, audience=None, reveals=False, **params)``; None: everyone


def saint(name: str | None) -> Msg:
    """Return the name of a patron saint (or "none")."""
    return Msg(f"{NS}.saint.{name or 'none'}")


def goods_list(payment) -> list[Msg]:
    """Return a payment as a list of goods names (for a message parameter)."""
    return [good(k) for k in payment] or [misc("nothing")]


def seat_name(seat: int) -> Msg:
    """Return a message naming ``seat`` (the player's name)."""
    return Msg(f"{NS}.misc.player", {"seat": seat})

"""One game's part of the message catalog, as builders of its messages and events.

A game's keys all start with its namespace (the stem of ``data/messages/<locale>/<ns>.toml``)
and mostly name an entry of one table: ``caverna.space.forest``, ``antiquity.reason.no_room``.
A game's ``msgs`` module makes one :class:`Namespace` and takes a builder per table from it
(``space = NS.table("space")``) instead of spelling each key in a function of its own.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from .text import Msg
from .types import Event


class Namespace:
    """The catalog keys under ``name.``: plain messages, tables of messages, and events."""

    def __init__(self, name: str) -> None:
        self.name = name

    def msg(self, key: str, /, **params: Any) -> Msg:
        """Return the message ``<name>.<key>`` with ``params``."""
        return Msg(f"{self.name}.{key}", params)

    def table(self, table: str) -> Callable[..., Msg]:
        """Return the builder of table ``table``'s messages: ``build(entry, **params)`` is the
        message ``<name>.<table>.<entry>`` with ``params`` (a name takes none)."""
        prefix = f"{self.name}.{table}."

        def build(entry: str, /, **params: Any) -> Msg:
            return Msg(prefix + entry, params)

        build.__name__ = build.__qualname__ = table
        build.__doc__ = f"Return the message ``{prefix}<entry>`` with its parameters."
        return build

    def event(self, key: str, /, audience: Iterable[int] | None = None, reveals: bool = False,
              **params: Any) -> Event:
        """Return the event ``<name>.event.<key>`` with ``params``, seen by the seats of
        ``audience`` (None: everyone); ``reveals`` marks chance or newly shown information."""
        return Event(f"{self.name}.event.{key}", params,
                     None if audience is None else frozenset(audience), reveals)

"""Data types a game exchanges with the platform: actions, events, views, scores, options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .text import Msg


@dataclass(frozen=True)
class Action:
    """One legal choice of the current decision.

    ``text`` is the canonical short form a player types, autocomplete offers and the log
    stores ("conquer 12"); ``label`` is the catalog message shown to people; ``group``
    optionally clusters long lists (a select menu per group); ``move`` is the structured
    move the engine works on (a tuple or frozen dataclass), parsed once at the edge.
    """

    text: str
    label: Msg | None = None
    group: str | None = None
    move: Any = field(default=None, compare=False)


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, as data. ``audience`` None means everyone may see it.

    ``reveals`` marks chance outcomes and newly revealed information: a move that
    produced one cannot be undone.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    reveals: bool = False

    def __init__(self, key: str, params: Mapping[str, Any] | None = None,
                 audience: frozenset[int] | None = None, reveals: bool = False):
        # fills the fields directly: a frozen dataclass's generated __init__ sets each one
        # through object.__setattr__, which makes events a visible part of every move's cost
        self.__dict__.update(key=key, params={} if params is None else params,
                             audience=audience, reveals=reveals)

    @property
    def msg(self) -> Msg:
        """The catalog message describing this event."""
        return Msg(self.key, self.params)

    def visible_to(self, seat: int | None) -> bool:
        """Tell whether ``seat`` (None = the public channel) may see this event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict:
        """Return a JSON-safe form."""
        return {
            "msg": self.msg.to_json(),
            "audience": None if self.audience is None else sorted(self.audience),
            "reveals": self.reveals,
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "Event":
        """Rebuild an event from :meth:`to_json` output."""
        msg = Msg.from_json(data["msg"])
        audience = data.get("audience")
        return cls(msg.key, msg.params, None if audience is None else frozenset(audience),
                   bool(data.get("reveals")))


@dataclass
class View:
    """What one seat (or the public, ``seat=None``) may know of a game.

    ``data`` is a JSON-safe dict the game's renderer reads; ``private`` holds text lines shown
    only to the seat itself (``/me``); ``summary`` holds public text lines (``/game status``).
    """

    game: str
    seat: int | None
    data: dict
    private: list[Msg] = field(default_factory=list)
    summary: list[Msg] = field(default_factory=list)


@dataclass(frozen=True)
class ScoreLine:
    """A seat's final score: total, breakdown by category (catalog keys), and tie-break key."""

    total: int
    breakdown: Mapping[str, int] = field(default_factory=dict)
    tiebreak: tuple[int, ...] = ()


@dataclass(frozen=True)
class OptionSpec:
    """One game option a host may set in ``/game new``.

    ``kind`` is ``int``, ``bool``, ``choice`` (one of ``choices``) or ``list`` (comma-separated
    words, e.g. a fixed deck order). ``help`` is a catalog key.
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

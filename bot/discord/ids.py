"""Encode and decode the custom ids of persistent buttons and menus (no Discord import).

A custom id carries everything a click needs after a restart: the game id, the version the
component was posted for, and the option. Formats (all under Discord's 100-character limit):

- ``tt:act:<game>:<version>:<seat>:<index>`` a button for option ``index`` of ``seat``'s decision
- ``tt:sel:<game>:<version>:<seat>:<part>`` a select menu whose values are action texts
- ``tt:lobby:<game>:join|leave|start``      the lobby buttons
- ``tt:me:<game>``                          "My turn / My info"
- ``tt:abort:<game>:<version>:yes|no``      the abort confirmation
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_CUSTOM_ID = 100
INDEX_PREFIX = "#"

ACT_TEMPLATE = r"tt:act:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):(?P<index>\d+)"
SELECT_TEMPLATE = r"tt:sel:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):(?P<part>\d+)"
LOBBY_TEMPLATE = r"tt:lobby:(?P<game>\d+):(?P<verb>join|leave|start)"
ME_TEMPLATE = r"tt:me:(?P<game>\d+)"
ABORT_TEMPLATE = r"tt:abort:(?P<game>\d+):(?P<version>\d+):(?P<answer>yes|no)"

LOBBY_VERBS = ("join", "leave", "start")


@dataclass(frozen=True)
class ActId:
    """A button for one option of one seat's decision at one version of a game."""

    game: int
    version: int
    seat: int
    index: int

    def encode(self) -> str:
        """Return the custom id."""
        return _checked(f"tt:act:{self.game}:{self.version}:{self.seat}:{self.index}")


@dataclass(frozen=True)
class SelectId:
    """A select menu (``part`` numbers several menus of one message) of one seat's decision."""

    game: int
    version: int
    seat: int
    part: int = 0

    def encode(self) -> str:
        """Return the custom id."""
        return _checked(f"tt:sel:{self.game}:{self.version}:{self.seat}:{self.part}")


def lobby_id(game: int, verb: str) -> str:
    """Return the custom id of a lobby button (``verb``: join, leave or start)."""
    if verb not in LOBBY_VERBS:
        raise ValueError(f"unknown lobby verb {verb!r}")
    return _checked(f"tt:lobby:{game}:{verb}")


def me_id(game: int) -> str:
    """Return the custom id of the "My turn / My info" button."""
    return _checked(f"tt:me:{game}")


def abort_id(game: int, version: int, confirm: bool) -> str:
    """Return the custom id of a button of the abort confirmation."""
    return _checked(f"tt:abort:{game}:{version}:{'yes' if confirm else 'no'}")


def option_value(text: str, index: int) -> str:
    """Return a select option's value: the action text, or ``#index`` if the text is too long."""
    return text if 0 < len(text) <= MAX_CUSTOM_ID and not text.startswith(INDEX_PREFIX) \
        else f"{INDEX_PREFIX}{index}"


def value_index(value: str) -> int | None:
    """Return the option index a ``#index`` value stands for, or None for a plain action text."""
    if value.startswith(INDEX_PREFIX) and value[1:].isdigit():
        return int(value[1:])
    return None


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom id longer than {MAX_CUSTOM_ID}: {custom_id!r}")
    return custom_id

"""What each persistent button or menu carries, as typed keys (no Discord import).

A key holds everything a click needs after a restart. The DynamicItem of each kind
(:mod:`bot.discord.components`) writes its key into its custom id and reads it back from the
id's regular-expression match; the specs (:mod:`bot.discord.specs`) name components by key.

Decision components carry their seat's decision stamp (``Table.stamp``) rather than the game's
version, so one player's choice does not outdate another player's buttons.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_CUSTOM_ID = 100
INDEX_PREFIX = "#"
LOBBY_VERBS = ("join", "leave", "start")


@dataclass(frozen=True)
class ActKey:
    """A button for option ``index`` of ``seat``'s decision, posted when it had ``stamp``."""

    game: int
    seat: int
    stamp: str
    index: int


@dataclass(frozen=True)
class SelectKey:
    """A select menu (``part`` numbers several menus of one message) of ``seat``'s decision."""

    game: int
    seat: int
    stamp: str
    part: int = 0


@dataclass(frozen=True)
class LobbyKey:
    """Join, Leave or Start of a lobby."""

    game: int
    verb: str

    def __post_init__(self) -> None:
        if self.verb not in LOBBY_VERBS:
            raise ValueError(f"unknown lobby verb {self.verb!r}")


@dataclass(frozen=True)
class MeKey:
    """"My turn / My info" of a game."""

    game: int


@dataclass(frozen=True)
class AbortKey:
    """Yes or No of the abort confirmation, bound to the game's version when asked."""

    game: int
    version: int
    confirm: bool


@dataclass(frozen=True)
class ConcedeKey:
    """Yes or No of ``seat``'s concession confirmation in a game.

    Not bound to a version: other players' moves meanwhile do not void the question.
    """

    game: int
    seat: int
    confirm: bool


@dataclass(frozen=True)
class SureKey:
    """Confirm or Cancel of a final option (``index`` of ``seat``'s decision at ``stamp``),
    asked before it is played; the same stamp check as its button's refuses a stale one."""

    game: int
    seat: int
    stamp: str
    index: int
    confirm: bool


Key = ActKey | SelectKey | LobbyKey | MeKey | AbortKey | ConcedeKey | SureKey


def checked(custom_id: str) -> str:
    """Return ``custom_id``, or raise ValueError if Discord would refuse its length."""
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom id longer than {MAX_CUSTOM_ID}: {custom_id!r}")
    return custom_id


def option_value(text: str, index: int) -> str:
    """Return a select option's value: the action text, or ``#index`` if the text is too long."""
    return text if 0 < len(text) <= MAX_CUSTOM_ID and not text.startswith(INDEX_PREFIX) \
        else f"{INDEX_PREFIX}{index}"


def value_index(value: str) -> int | None:
    """Return the option index a ``#index`` value stands for, or None for a plain action text."""
    if value.startswith(INDEX_PREFIX) and value[1:].isascii() and value[1:].isdigit():
        return int(value[1:])
    return None

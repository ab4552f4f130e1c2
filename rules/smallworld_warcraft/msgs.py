"""Build Small World of Warcraft catalog messages (keys under ``smallworld_warcraft.``)."""

from __future__ import annotations

from rules.core.text import Msg
from rules.core.types import Event

from .moves import MARKER_OF

PREFIX = "smallworld_warcraft"


def err(key: str, **params) -> Msg:
    """Return the error message ``smallworld_warcraft.error.<key>``."""
    return Msg(f"{PREFIX}.error.{key}", params)


def event(key: str, *, audience=None, reveals: bool = False, **params) -> Event:
    """Return the event ``smallworld_warcraft.event.<key>``."""
    return Event(f"{PREFIX}.event.{key}", params, audience, reveals)


def marker(marker_id: str) -> Msg:
    """Return the display name of an artifact or legendary place."""
    return Msg(f"{PREFIX}.marker.{marker_id}")


def faction(faction_id: str) -> Msg:
    """Return the display name of a faction."""
    return Msg(f"{PREFIX}.faction.{faction_id}")


def label(key: str, **params) -> Msg:
    """Return the action label ``smallworld_warcraft.action.<key>``."""
    return Msg(f"{PREFIX}.action.{key}", params)


def prompt(key: str, **params) -> Msg:
    """Return the prompt ``smallworld_warcraft.prompt.<key>``."""
    return Msg(f"{PREFIX}.prompt.{key}", params)


def tool(tool_id: str) -> Msg:
    """Return the display name of a tool declared with a conquest (an artifact, the
    Ethereals' discount)."""
    if tool_id in MARKER_OF:
        return marker(MARKER_OF[tool_id])
    return Msg(f"{PREFIX}.tool.{tool_id}")


def piece(piece_id: str) -> Msg:
    """Return the display name of a special token (fort, watchtower...)."""
    return Msg(f"{PREFIX}.piece.{piece_id}")

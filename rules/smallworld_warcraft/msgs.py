"""Build Small World of Warcraft catalog messages (keys under ``smallworld_warcraft.``)."""

from __future__ import annotations

from rules.core.text import Msg
from rules.core.types import Event

from .moves import ARTIFACT_WORDS, MARKER_OF, tools_of

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


def declared_label(move: tuple) -> Msg:
    """Return the menu label of a conquest declaring tools (artifacts, the Ethereals'
    discount)."""
    tools = tools_of(move)
    if len(tools) == 1 and move[0] in ARTIFACT_WORDS:
        return label(move[0], region=move[1])
    key = "die_with" if move[0] == "die" else "conquer_with"
    return label(key, region=move[1], tools=[tool(t) for t in tools])

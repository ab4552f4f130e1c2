"""Build Small World of Warcraft catalog messages (keys under ``smallworld_warcraft.``)."""

from __future__ import annotations

from rules.core.namespace import Namespace
from rules.core.text import Msg

from .moves import ARTIFACT_WORDS, MARKER_OF, tools_of

NS = Namespace("smallworld_warcraft")

err = NS.table("error")  # ``err(key, **params)``: a refusal, ``smallworld_warcraft.error.<key>``
event = NS.event  # ``event(key, audience=None, reveals=False, **params)``; None: everyone
label = NS.table("action")  # ``label(key, **params)``: an action label
prompt = NS.table("prompt")  # ``prompt(key, **params)``: a decision's prompt
marker = NS.table("marker")  # the name of an artifact or legendary place
faction = NS.table("faction")  # the name of a faction
piece = NS.table("piece")  # the name of a special token (fort, watchtower...)
_tool = NS.table("tool")


def tool(tool_id: str) -> Msg:
    """Return the display name of a tool declared with a conquest (an artifact, the
    Ethereals' discount)."""
    if tool_id in MARKER_OF:
        return marker(MARKER_OF[tool_id])
    return _tool(tool_id)


def declared_label(move: tuple) -> Msg:
    """Return the menu label of a conquest declaring tools (artifacts, the Ethereals'
    discount)."""
    tools = tools_of(move)
    if len(tools) == 1 and move[0] in ARTIFACT_WORDS:
        return label(move[0], region=move[1])
    key = "die_with" if move[0] == "die" else "conquer_with"
    return label(key, region=move[1], tools=[tool(t) for t in tools])

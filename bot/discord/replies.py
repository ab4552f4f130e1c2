"""Answer interactions: defer at once, then private (ephemeral) and public followups.

A slash command is deferred as an ephemeral "thinking" reply, so a refusal is seen only by
the caller; public results are then posted as separate followups in the channel. A click is
deferred silently (no visible reply) and answered the same way.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.utils import MISSING

from bot.presenter import clip, say

from .specs import Row

if TYPE_CHECKING:  # typing only: the bot module imports the flows that import this one
    from .app import TabletopBot

    Interaction = discord.Interaction[TabletopBot]

log = logging.getLogger(__name__)

UPLOAD_LIMIT = 8 * 1024 * 1024
BOARD_FILENAME = "board.png"


def board_file(png: bytes | None, limit: int = UPLOAD_LIMIT) -> discord.File | None:
    """Wrap PNG bytes as an upload, or None when there is no image or it is too large."""
    if not png:
        return None
    if len(png) > limit:
        log.warning("board image of %d bytes exceeds the %d byte upload limit", len(png), limit)
        return None
    return discord.File(io.BytesIO(png), filename=BOARD_FILENAME)


def content(lines: list[str] | str) -> str:
    """One message text within Discord's 2,000 characters, whatever the lines hold."""
    return clip([lines] if isinstance(lines, str) else lines)


def view_for(interaction: Interaction, rows: list[Row] | None) -> discord.ui.View | None:
    """The bot's persistent components for ``rows`` (built by the bot that got the click)."""
    return interaction.client.view_for(rows or [])


def upload_limit(interaction: Interaction) -> int:
    """The largest file this interaction may upload (never above 8 MB)."""
    return min(UPLOAD_LIMIT, getattr(interaction, "filesize_limit", UPLOAD_LIMIT) or UPLOAD_LIMIT)


class Reply:
    """The answers of one interaction, in the order Discord requires."""

    def __init__(self, interaction: Interaction, locale: str = "en"):
        self.interaction = interaction
        self.locale = locale
        self._pending = False

    @property
    def is_click(self) -> bool:
        """True for a button or menu interaction."""
        return self.interaction.type is discord.InteractionType.component

    async def begin(self) -> None:
        """Acknowledge within Discord's 3 seconds: silently for a click, thinking otherwise."""
        if self.interaction.response.is_done():
            return
        if self.is_click:
            await self.interaction.response.defer()
        else:
            await self.interaction.response.defer(ephemeral=True, thinking=True)
            self._pending = True

    async def private(self, lines: list[str] | str, rows: list[Row] | None = None,
                      png: bytes | None = None) -> None:
        """Send ``lines`` (and components, image) to the caller only."""
        text = content(lines)
        view = view_for(self.interaction, rows)
        file = board_file(png, upload_limit(self.interaction))
        if self._pending:
            self._pending = False
            await self.interaction.edit_original_response(
                content=text, view=view,
                attachments=[file] if file else MISSING)
            return
        await self.interaction.followup.send(text, ephemeral=True, **_extras(view, file))

    async def public(self, lines: list[str] | str, rows: list[Row] | None = None,
                     png: bytes | None = None) -> discord.WebhookMessage:
        """Post ``lines`` (and components, image) in the channel; return the message."""
        if self._pending:
            await self.private(say("posted", self.locale))
        view = view_for(self.interaction, rows)
        file = board_file(png, upload_limit(self.interaction))
        return await self.interaction.followup.send(content(lines), wait=True,
                                                    **_extras(view, file))

    async def attachment(self, lines: list[str] | str, data: bytes, filename: str,
                         public: bool = False) -> None:
        """Send ``lines`` with a file (an export, a replay) to the caller or the channel."""
        if public and self._pending:
            await self.private(say("posted", self.locale))
        content = lines if isinstance(lines, str) else clip(lines)
        file = discord.File(io.BytesIO(data), filename=filename)
        if self._pending:
            self._pending = False
            await self.interaction.edit_original_response(content=content, attachments=[file])
            return
        await self.interaction.followup.send(content, file=file, ephemeral=not public)

    async def edit_clicked(self, lines: list[str] | str | None = None,
                           rows: list[Row] | None = None) -> None:
        """Replace the clicked message's components (and text when given); clicks only."""
        if not self.is_click:
            return
        kwargs: dict[str, Any] = {"view": view_for(self.interaction, rows)}
        if lines is not None:
            kwargs["content"] = content(lines)
        try:
            await self.interaction.edit_original_response(**kwargs)
        except discord.HTTPException:
            log.info("could not edit the clicked message", exc_info=True)

    async def finish(self) -> None:
        """Close a thinking reply that nothing answered yet."""
        if self._pending:
            await self.private(say("posted", self.locale))


def _extras(view: discord.ui.View | None, file: discord.File | None) -> dict[str, Any]:
    extras: dict[str, Any] = {}
    if view is not None:
        extras["view"] = view
    if file is not None:
        extras["file"] = file
    return extras


async def edit_message(interaction: Interaction, message_id: str | None,
                       lines: list[str] | str | None = None,
                       rows: list[Row] | None = None) -> bool:
    """Edit a message the bot posted earlier in this channel; False if that failed."""
    channel = interaction.channel
    if not message_id or channel is None or not hasattr(channel, "get_partial_message"):
        return False
    kwargs: dict[str, Any] = {"view": view_for(interaction, rows)}
    if lines is not None:
        kwargs["content"] = content(lines)
    try:
        await channel.get_partial_message(int(message_id)).edit(**kwargs)
    except (discord.HTTPException, ValueError):
        log.info("could not edit message %s", message_id, exc_info=True)
        return False
    return True

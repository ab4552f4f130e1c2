"""Answer interactions: defer at once, then private (ephemeral) and public followups.

A slash command is deferred as an ephemeral "thinking" reply, so a refusal is seen only by
the caller; public results are then posted as separate followups in the channel. A click is
deferred silently (no visible reply) and answered the same way.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord.utils import MISSING

from bot.presenter import MAX_MESSAGE, clip, say
from rendering.registry import fit_png

from .client import Interaction
from .posting import POST_ERRORS, PostFailed, with_retry
from .specs import Row

log = logging.getLogger(__name__)

UPLOAD_LIMIT = 8 * 1024 * 1024
BOARD_FILENAME = "board.png"


def board_file(png: bytes | None, limit: int = UPLOAD_LIMIT) -> discord.File | None:
    """Wrap PNG bytes as an upload (re-encoded smaller if needed), or None if it cannot fit."""
    if not png:
        return None
    fitted = fit_png(png, limit)
    if fitted is None:
        log.warning("board image of %d bytes does not fit the %d byte upload limit",
                    len(png), limit)
        return None
    return discord.File(io.BytesIO(fitted), filename=BOARD_FILENAME)


def content(lines: list[str] | str) -> str:
    """One message text within Discord's 2,000 characters, whatever the lines hold."""
    return clip([lines] if isinstance(lines, str) else lines)


def view_for(interaction: Interaction, rows: list[Row] | None) -> discord.ui.View | None:
    """The bot's persistent components for ``rows`` (built by the bot that got the click)."""
    return interaction.client.view_for(rows or [])


def upload_limit(interaction: Interaction) -> int:
    """The largest file this interaction may upload (never above 8 MB)."""
    return min(UPLOAD_LIMIT, getattr(interaction, "filesize_limit", UPLOAD_LIMIT) or UPLOAD_LIMIT)


class Board:
    """A board image fitted to an upload limit; a new upload object for every attempt."""

    def __init__(self, png: bytes | None, limit: int):
        self.png = None if not png else fit_png(png, limit)
        self.dropped = bool(png) and self.png is None
        if self.dropped:
            log.warning("board image of %d bytes does not fit the %d byte upload limit",
                        len(png or b""), limit)

    def file(self) -> discord.File | None:
        """A fresh upload of the image (None without one)."""
        return None if self.png is None else discord.File(io.BytesIO(self.png),
                                                          filename=BOARD_FILENAME)

    def note(self, locale: str) -> list[str]:
        """The line telling players the picture could not be uploaded (if so)."""
        return [say("board_too_large", locale)] if self.dropped else []


def content_of(lines: list[str] | str, board: Board, locale: str) -> str:
    """Message text: ``lines`` clipped to Discord's limit, with the board note if any."""
    lines = [lines] if isinstance(lines, str) else list(lines)
    note = board.note(locale)
    if not note:
        return clip(lines)
    return clip(lines, MAX_MESSAGE - 1 - len(note[0])) + "\n" + note[0]


class Reply:
    """The answers of one interaction, in the order Discord requires."""

    def __init__(self, interaction: Interaction, locale: str = "en"):
        self.interaction = interaction
        self.locale = locale
        self._pending = False
        self._said_posted = False

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
        """Send ``lines`` (and components, image) to the caller only; log if that fails."""
        board = Board(png, upload_limit(self.interaction))
        content = content_of(lines, board, self.locale)
        view = view_for(self.interaction, rows)
        try:
            if self._pending:
                self._pending = False
                await with_retry(lambda: self.interaction.edit_original_response(
                    content=content, view=view,
                    attachments=[board.file()] if board.png else MISSING), "private reply")
                return
            await with_retry(lambda: self.interaction.followup.send(
                content, ephemeral=True, **_extras(view, board.file())), "private reply")
        except PostFailed:
            log.warning("could not answer interaction %s privately", self.interaction.id)

    async def public(self, lines: list[str] | str, rows: list[Row] | None = None,
                     png: bytes | None = None) -> discord.WebhookMessage:
        """Post ``lines`` (and components, image) in the channel; return the message.

        Transient failures are retried; a lasting one raises :class:`PostFailed`.
        """
        if self._pending:
            await self.private(say("posted", self.locale))
            self._said_posted = True
        board = Board(png, upload_limit(self.interaction))
        content = content_of(lines, board, self.locale)
        view = view_for(self.interaction, rows)
        return await with_retry(lambda: self.interaction.followup.send(
            content, wait=True, **_extras(view, board.file())), "channel post")

    async def tell(self, text: str) -> None:
        """Tell the caller ``text`` privately, correcting an earlier "Posted" if there was one."""
        if self._said_posted:
            self._said_posted = False
            try:
                await with_retry(lambda: self.interaction.edit_original_response(content=text),
                                 "correction")
                return
            except PostFailed:
                pass
        await self.private(text)

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
                           rows: list[Row] | None = None) -> bool:
        """Replace the clicked message's components (and text when given); clicks only."""
        if not self.is_click:
            return False
        kwargs: dict[str, Any] = {"view": view_for(self.interaction, rows)}
        if lines is not None:
            kwargs["content"] = content(lines)
        try:
            await with_retry(lambda: self.interaction.edit_original_response(**kwargs),
                             "edit of the clicked message")
        except PostFailed:
            return False
        return True

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


async def edit_board(interaction: Interaction, message_id: str | None, lines: list[str],
                     rows: list[Row], png: bytes | None) -> bool:
    """Replace an earlier turn message's text, components and board; False if that failed.

    An edit pings nobody: the players it mentions were pinged when it was posted.
    """
    channel = interaction.channel
    if not message_id or channel is None or not hasattr(channel, "get_partial_message"):
        return False
    file = board_file(png, upload_limit(interaction)) if png else None
    if png and file is None:
        return False  # the board needs the oversize handling of a new post
    try:
        await channel.get_partial_message(int(message_id)).edit(
            content=content(lines), view=view_for(interaction, rows),
            attachments=[file] if file is not None else [],
            allowed_mentions=discord.AllowedMentions.none())  # mentioned once, when posted
    except (*POST_ERRORS, ValueError) as error:
        log.info("could not edit turn message %s: %r", message_id, error)
        return False
    return True


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
    except (*POST_ERRORS, ValueError) as error:
        log.info("could not edit message %s: %r", message_id, error)
        return False
    return True

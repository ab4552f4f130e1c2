"""Posting after a saved change: retry what may pass on a second try, name what did not.

A move or a new table is saved before anything is posted, so a failed post must never be
answered with "nothing was changed". :func:`with_retry` retries rate limits (waiting as long
as Discord asks, within reason) and broken connections; anything else, or a
failure that outlasts the retries, becomes :class:`PostFailed`, whose ``reason`` is a catalog
key saying why. What is missing is posted again later (``/board``, the next command, or the
next start of the bot).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable, TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)

T = TypeVar("T")
PAUSES = (0.5, 1.5)  # seconds before the second and the third attempt
LONGEST_WAIT = 5.0  # a rate limit asking for longer is not waited out inside an interaction
NETWORK_ERRORS = (aiohttp.ClientError, OSError, asyncio.TimeoutError)
POST_ERRORS = (discord.HTTPException, *NETWORK_ERRORS)


def needs_post(record) -> bool:
    """True if an open game's channel message does not show its current version."""
    return record.status in ("lobby", "active") and (
        record.board_message_id is None or record.board_version != record.version)


class PostFailed(Exception):
    """A post failed for good; ``reason`` is a ``core.ui`` catalog key saying why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def reason_of(error: BaseException) -> str:
    """The catalog key that tells a user why a post failed."""
    if isinstance(error, discord.Forbidden):
        return "post_reason_permissions"
    if isinstance(error, discord.HTTPException):
        if error.status == 429:
            return "post_reason_rate_limited"
        return "post_reason_discord" if error.status >= 500 else "post_reason_other"
    return "post_reason_network"


def retry_after(error: BaseException) -> float | None:
    """Seconds Discord asked to wait (429), else None."""
    if not isinstance(error, discord.HTTPException) or error.status != 429:
        return None
    headers = getattr(error.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After", "1"))
    except ValueError:
        return 1.0


def is_transient(error: BaseException) -> bool:
    """True for failures a later attempt may not meet: a 429 and network errors.

    discord.py itself waits out the rate limits Discord's API answers (those carry a ``Via``
    header) and retries 5xx answers five times; what reaches us is a 429 from Discord's edge
    (Cloudflare), a broken connection, or a server error that outlasted those retries.
    """
    if isinstance(error, discord.HTTPException):
        return error.status == 429
    return isinstance(error, NETWORK_ERRORS)


async def with_retry(send: Callable[[], Awaitable[T]], what: str = "post") -> T:
    """Run ``send`` up to three times while it fails transiently; else raise PostFailed."""
    for pause in (*PAUSES, None):
        try:
            return await send()
        except POST_ERRORS as error:
            wait = retry_after(error) or pause
            if pause is None or not is_transient(error) or (wait or 0) > LONGEST_WAIT:
                log.warning("%s failed for good: %r", what, error)
                raise PostFailed(reason_of(error)) from error
            log.info("%s failed (%r); trying again in %.1f s", what, error, wait)
            await asyncio.sleep(wait or 0)
    raise AssertionError("unreachable")

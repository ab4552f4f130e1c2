"""Posting after a saved change: what is retried, what is named, what must be re-posted."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import discord
import pytest
from PIL import Image

from bot.discord import posting
from bot.discord.permissions import missing_permissions
from bot.presenter import clip
from rendering.registry import fit_png


class _Response:
    def __init__(self, status: int, headers: dict | None = None):
        self.status = status
        self.reason = "test"
        self.headers = headers or {}


def _error(status: int, headers: dict | None = None) -> discord.HTTPException:
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(_Response(status, headers), {"message": "no", "code": 0})


@pytest.fixture(autouse=True)
def no_pauses(monkeypatch):
    monkeypatch.setattr(posting, "PAUSES", (0.0, 0.0))


async def _failing(errors: list):
    calls = []

    async def send():
        calls.append(1)
        if errors:
            raise errors.pop(0)
        return "sent"
    return send, calls


@pytest.mark.parametrize("error", [_error(429, {"Retry-After": "0"}),
                                   aiohttp.ServerDisconnectedError(), asyncio.TimeoutError()])
async def test_rate_limits_and_network_errors_are_retried(error):
    send, calls = await _failing([error])
    assert await posting.with_retry(send) == "sent" and len(calls) == 2


@pytest.mark.parametrize("status, reason", [(403, "post_reason_permissions"),
                                            (503, "post_reason_discord"),
                                            (400, "post_reason_other")])
async def test_other_failures_are_named_at_once(status, reason):
    send, calls = await _failing([_error(status)])
    with pytest.raises(posting.PostFailed) as failed:
        await posting.with_retry(send)
    assert failed.value.reason == reason and len(calls) == 1


async def test_a_lasting_rate_limit_gives_up_after_three_tries():
    send, calls = await _failing([_error(429, {"Retry-After": "0"}) for _ in range(5)])
    with pytest.raises(posting.PostFailed) as failed:
        await posting.with_retry(send)
    assert failed.value.reason == "post_reason_rate_limited" and len(calls) == 3


async def test_a_long_rate_limit_is_not_waited_out():
    send, calls = await _failing([_error(429, {"Retry-After": "60"})])
    with pytest.raises(posting.PostFailed):
        await posting.with_retry(send)
    assert len(calls) == 1


class _Record:
    def __init__(self, status, message, board_version, version):
        self.status, self.board_message_id = status, message
        self.board_version, self.version = board_version, version


def test_needs_post():
    assert posting.needs_post(_Record("active", "1", 3, 4))
    assert posting.needs_post(_Record("lobby", None, None, 0))
    assert not posting.needs_post(_Record("active", "1", 4, 4))
    assert not posting.needs_post(_Record("over", "1", 3, 4))


def test_a_first_line_too_long_is_cut_not_dropped():
    text = clip(["word " * 500, "second"])
    assert len(text) <= 2000 and text.startswith("word word") and text.endswith("…")
    assert clip(["x" * 2500]) == "x" * 1999 + "…"
    assert clip(["short", "y" * 2500]) == "short\n…"


def test_a_board_is_re_encoded_to_fit_or_dropped():
    image = Image.effect_noise((900, 700), 80).convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    png = buffer.getvalue()
    assert fit_png(png, len(png)) == png
    smaller = fit_png(png, len(png) // 3)
    assert smaller is not None and len(smaller) <= len(png) // 3
    assert Image.open(io.BytesIO(smaller)).width >= 480
    assert fit_png(png, 1000) is None


class _Interaction:
    def __init__(self, value: int, channel=None):
        self.app_permissions = discord.Permissions(value)
        self.channel = channel


def test_missing_permissions_are_listed():
    everything = discord.Permissions(view_channel=True, send_messages=True, attach_files=True,
                                     embed_links=True).value
    assert missing_permissions(_Interaction(everything)) == []
    lacking = discord.Permissions(view_channel=True, send_messages=True).value
    assert missing_permissions(_Interaction(lacking)) == ["attach_files", "embed_links"]

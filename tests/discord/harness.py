"""A Discord without network: real interactions built from payloads, HTTP replaced by a recorder.

Interactions are ``discord.Interaction`` objects made from the payload dictionaries Discord
sends (type 2 command, 3 component, 4 autocomplete) over the bot's real ``ConnectionState``.
Commands run through the real command tree (``tree._call``), clicks through the view store's
dynamic-item dispatch. Every answer goes through the webhook adapter (``async_context``) or the
bot's HTTP client, both replaced here by a recorder that keeps each message as Discord would.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.webhook.async_ import async_context

from bench.standin.server import command_body

GUILD = 1000
CHANNEL = 2000
APP_ID = 3000
BOT_ID = 3001
EPHEMERAL = 64
MANAGE_CHANNELS = 16
# View Channel, Send Messages, Embed Links, Attach Files, Send Messages in Threads
BOT_PERMISSIONS = 1 << 10 | 1 << 11 | 1 << 14 | 1 << 15 | 1 << 38


@dataclass
class Sent:
    """One message as the channel (or one user) sees it."""

    id: int
    kind: str  # "followup", "original" (a deferred reply) or "response"
    token: str
    content: str = ""
    flags: int = 0
    components: list = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)
    edits: int = 0
    channel: int = CHANNEL

    @property
    def ephemeral(self) -> bool:
        """True if only the caller sees it."""
        return bool(self.flags & EPHEMERAL)

    def custom_ids(self) -> list[str]:
        """Every component custom id, row by row."""
        return [c["custom_id"] for row in self.components for c in row["components"]]

    def component(self, prefix: str) -> dict:
        """The first component whose custom id starts with ``prefix``."""
        for row in self.components:
            for component in row["components"]:
                if component["custom_id"].startswith(prefix):
                    return component
        raise AssertionError(f"no component {prefix!r} in {self.custom_ids()}")

    def payload(self) -> dict:
        """This message as a Discord message payload (for a component interaction)."""
        return {
            "id": str(self.id), "channel_id": str(self.channel), "type": 0,
            "content": self.content,
            "author": _user(BOT_ID, "tabletop", bot=True), "attachments": [], "embeds": [],
            "mentions": [], "mention_roles": [], "pinned": False, "tts": False,
            "mention_everyone": False, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "flags": self.flags, "components": self.components,
        }


def _user(user_id: int, name: str, bot: bool = False) -> dict:
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name,
            "avatar": None, "bot": bot}


THREADS = range(5000, 6000)  # channel ids in this range are threads


def _channel(channel: int) -> dict:
    if channel in THREADS:
        return {"id": str(channel), "type": 11, "guild_id": str(GUILD), "name": "a game",
                "parent_id": str(CHANNEL), "owner_id": "1", "message_count": 0,
                "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
                "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                                    "archive_timestamp": "2026-01-01T00:00:00+00:00",
                                    "locked": False}}
    return {"id": str(channel), "type": 0, "guild_id": str(GUILD), "name": "games",
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}


def _decode(payload: dict | None, multipart: list | None, files) -> tuple[dict, list]:
    if multipart:
        payload = json.loads(multipart[0]["value"])
    found = []
    for file in files or []:
        position = file.fp.tell()
        found.append((file.filename, file.fp.read()))
        file.fp.seek(position)
    return payload or {}, found


class Recorder:
    """The fake webhook adapter and HTTP edits: keeps every message by id."""

    def __init__(self) -> None:
        self.ids = itertools.count(900_000)
        self.numbers = itertools.count(1)  # interaction ids and tokens, unique across bots
        self.messages: dict[int, Sent] = {}
        self.order: list[Sent] = []
        self.originals: dict[str, int] = {}  # interaction token -> its original message id
        self.responses: list[tuple[str, dict]] = []  # (token, raw interaction response)
        self.edits: list[tuple[int, dict]] = []
        self.touched: dict[str, list[int]] = {}  # token -> ids it created or edited, in order
        self.channels: dict[str, int] = {}  # token -> channel of the interaction
        self.threads: dict[int, tuple[int, str]] = {}  # threads the bot opened: parent, name
        self.thread_ids = itertools.count(5900)  # in THREADS

    def _touch(self, token: str, sent: Sent) -> Sent:
        ids = self.touched.setdefault(token, [])
        if sent.id not in ids:
            ids.append(sent.id)
        return sent

    # -- helpers -------------------------------------------------------------------------
    def _new(self, kind: str, token: str, payload: dict, files: list) -> Sent:
        sent = Sent(next(self.ids), kind, token, payload.get("content") or "",
                    payload.get("flags") or 0, payload.get("components") or [], files,
                    channel=self.channels.get(token, CHANNEL))
        self.messages[sent.id] = sent
        self.order.append(sent)
        return self._touch(token, sent)

    def _update(self, sent: Sent, payload: dict, files: list) -> Sent:
        if "content" in payload:
            sent.content = payload["content"] or ""
        if "components" in payload:
            sent.components = payload["components"] or []
        if files:
            sent.files = files
        sent.edits += 1
        return sent

    # -- adapter methods -----------------------------------------------------------------
    async def create_interaction_response(self, interaction_id, token, *, session, proxy=None,
                                          proxy_auth=None, params) -> dict:
        payload, files = _decode(params.payload, params.multipart, params.files)
        self.responses.append((token, payload))
        kind = payload.get("type")
        data = payload.get("data") or {}
        if kind == 5:  # deferred channel message: an original reply, "thinking"
            sent = self._new("original", token, {"flags": data.get("flags", 0)}, [])
            self.originals[token] = sent.id
        elif kind == 4:  # immediate message
            sent = self._new("response", token, data, files)
            self.originals[token] = sent.id
        return {"interaction": {"id": str(interaction_id), "type": 2}}

    async def execute_webhook(self, webhook_id, token, *, session, proxy=None, proxy_auth=None,
                              payload=None, multipart=None, files=None, thread_id=None,
                              wait=False, with_components=False) -> dict:
        payload, found = _decode(payload, multipart, files)
        return self._new("followup", token, payload, found).payload()

    async def edit_original_interaction_response(self, application_id, token, *, session,
                                                 proxy=None, proxy_auth=None, payload=None,
                                                 multipart=None, files=None) -> dict:
        payload, found = _decode(payload, multipart, files)
        sent = self._touch(token, self.messages[self.originals[token]])
        return self._update(sent, payload, found).payload()

    async def get_original_interaction_response(self, application_id, token, *, session,
                                                proxy=None, proxy_auth=None) -> dict:
        return self.messages[self.originals[token]].payload()

    async def delete_original_interaction_response(self, application_id, token, *, session,
                                                   proxy=None, proxy_auth=None) -> None:
        self.messages.pop(self.originals[token], None)

    async def edit_message(self, channel_id, message_id, *, params) -> dict:
        """The bot HTTP client's message edit (used for messages of earlier interactions)."""
        payload, found = _decode(params.payload, params.multipart, params.files)
        self.edits.append((int(message_id), payload))
        sent = self.messages.get(int(message_id))
        if sent is None or sent.channel != int(channel_id):
            raise discord.NotFound(_Response(404), {"message": "Unknown Message", "code": 10008})
        return self._update(sent, payload, found).payload()

    async def get_message(self, channel_id, message_id) -> dict:
        """The bot HTTP client's read of one channel message."""
        sent = self.messages.get(int(message_id))
        if sent is None or sent.channel != int(channel_id) or sent.ephemeral:
            raise discord.NotFound(_Response(404), {"message": "Unknown Message", "code": 10008})
        return sent.payload()

    async def start_thread_without_message(self, channel_id, *, name, auto_archive_duration,
                                           type, invitable=True, rate_limit_per_user=None,
                                           reason=None) -> dict:
        """The bot HTTP client's thread opening, with Discord's rules: a text channel only,
        a name of 1 to 100 characters."""
        if int(channel_id) in THREADS:
            raise discord.HTTPException(_Response(400), {
                "message": "Cannot execute action on this channel type", "code": 50024})
        if not 1 <= len(name) <= 100 or auto_archive_duration not in (60, 1440, 4320, 10080):
            raise discord.HTTPException(_Response(400), {"message": "Invalid Form Body",
                                                         "code": 50035})
        thread = next(self.thread_ids)
        self.threads[thread] = (int(channel_id), name)
        return {**_channel(thread), "name": name, "parent_id": str(channel_id)}

    async def send_message(self, channel_id, *, params) -> dict:
        """The bot HTTP client's channel post (the story threads)."""
        payload, found = _decode(params.payload, params.multipart, params.files)
        if len(payload.get("content") or "") > 2000:
            raise discord.HTTPException(_Response(400), {"message": "Invalid Form Body",
                                                         "code": 50035})
        sent = Sent(next(self.ids), "channel", "", payload.get("content") or "", 0,
                    payload.get("components") or [], found, channel=int(channel_id))
        self.messages[sent.id] = sent
        self.order.append(sent)
        return sent.payload()

    def in_thread(self, thread: int) -> list[Sent]:
        """The messages of a thread the bot opened, in order."""
        return [m for m in self.order if m.channel == thread and m.id in self.messages]

    # -- reading ----------------------------------------------------------------------------
    def by_token(self, token: str) -> list[Sent]:
        """Every message an interaction produced, in order."""
        return [self.messages[i] for i in self.touched.get(token, []) if i in self.messages]

    def public(self) -> list[Sent]:
        """Every message the whole channel sees (not those of the threads the bot opened)."""
        return [m for m in self.order if not m.ephemeral and m.id in self.messages
                and m.channel not in self.threads]


class _Response:
    def __init__(self, status: int):
        self.status = status
        self.reason = "fake"


@dataclass
class Result:
    """What one interaction produced."""

    token: str
    messages: list[Sent]
    raw: list[dict]

    @property
    def private(self) -> list[Sent]:
        """Messages only the caller sees."""
        return [m for m in self.messages if m.ephemeral]

    @property
    def public(self) -> list[Sent]:
        """Messages the channel sees."""
        return [m for m in self.messages if not m.ephemeral]

    @property
    def text(self) -> str:
        """All message texts joined."""
        return "\n".join(m.content for m in self.messages)

    def choices(self) -> list[dict]:
        """Autocomplete choices answered (interaction response type 8)."""
        return next(p["data"]["choices"] for p in self.raw if p.get("type") == 8)


class FakeDiscord:
    """Drive a bot's commands and components as users in one guild channel."""

    def __init__(self, bot: discord.Client, recorder: Recorder):
        self.bot = bot
        self.recorder = recorder
        self.numbers = recorder.numbers
        self.attachment_limit = 25 * 1024 * 1024
        self.app_permissions = BOT_PERMISSIONS
        state = bot._connection
        state.user = discord.ClientUser(state=state, data={**_user(BOT_ID, "tabletop", bot=True),
                                                           "verified": True,
                                                           "mfa_enabled": False})
        bot.http.edit_message = recorder.edit_message  # type: ignore[method-assign]
        bot.http.get_message = recorder.get_message  # type: ignore[method-assign]
        bot.http.start_thread_without_message = (  # type: ignore[method-assign]
            recorder.start_thread_without_message)
        bot.http.send_message = recorder.send_message  # type: ignore[method-assign]
        bot.tree.on_error = _raise  # type: ignore[method-assign]

    def _payload(self, user: tuple[int, str], kind: int, data: dict, *, manage: bool = False,
                 locale: str = "en-US", message: dict | None = None,
                 channel: int = CHANNEL) -> dict:
        number = next(self.numbers)
        user_id, name = user
        payload = {
            "id": str(10_000 + number), "application_id": str(APP_ID), "type": kind,
            "token": f"token-{number}", "version": 1, "guild_id": str(GUILD),
            "channel_id": str(channel),
            "channel": _channel(channel),
            "member": {"user": _user(user_id, name), "roles": [], "nick": None,
                       "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                       "permissions": str(MANAGE_CHANNELS if manage else 0), "flags": 0},
            "locale": locale, "app_permissions": str(self.app_permissions),
            "attachment_size_limit": self.attachment_limit,
            "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
            "data": data,
        }
        if message is not None:
            payload["message"] = message
        self.recorder.channels[payload["token"]] = channel
        return payload

    def _result(self, token: str, before: int) -> Result:
        raw = [p for t, p in self.recorder.responses[before:] if t == token]
        return Result(token, self.recorder.by_token(token), raw)

    async def command(self, user, name: str, /, *, manage: bool = False, locale: str = "en-US",
                      channel: int = CHANNEL, **options: Any) -> Result:
        """Run ``/name`` (``"game new"`` for a subcommand) with ``options`` as ``user``."""
        payload = self._payload(user, 2, _command_data(name, options), manage=manage,
                                locale=locale, channel=channel)
        return await self._run_command(payload)

    async def autocomplete(self, user, name: str, focused: str, /, channel: int = CHANNEL,
                           **options: Any) -> Result:
        """Ask the autocomplete of option ``focused`` of ``/name`` as ``user``."""
        data = _command_data(name, options, focused=focused)
        return await self._run_command(self._payload(user, 4, data, channel=channel))

    async def _run_command(self, payload: dict) -> Result:
        install(self.recorder)
        before = len(self.recorder.responses)
        interaction = discord.Interaction(data=payload, state=self.bot._connection)
        await self.bot.tree._call(interaction)
        return self._result(payload["token"], before)

    async def click(self, user, message: Sent, custom_id: str, values: list[str] | None = None,
                    *, manage: bool = False, channel: int = CHANNEL) -> Result:
        """Click component ``custom_id`` of ``message`` (choosing ``values`` in a menu)."""
        component = next((c for row in message.components for c in row["components"]
                          if c["custom_id"] == custom_id), None)
        kind = component["type"] if component else (3 if values is not None else 2)
        data: dict = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        payload = self._payload(user, 3, data, manage=manage, message=message.payload(),
                                channel=channel)
        self.recorder.originals[payload["token"]] = message.id
        install(self.recorder)
        before = len(self.recorder.responses)
        interaction = discord.Interaction(data=payload, state=self.bot._connection)
        store = self.bot._connection._view_store
        for pattern, factory in list(store._dynamic_items.items()):
            match = pattern.fullmatch(custom_id)
            if match:
                await store.schedule_dynamic_item_call(kind, factory, interaction, custom_id,
                                                       match)
        return self._result(payload["token"], before)


def _command_data(name: str, options: dict, focused: str | None = None) -> dict:
    return {"id": "4000", **command_body(name, options, focused, _user_option)}


def _user_option(value: Any) -> tuple[int, dict, dict] | None:
    if not isinstance(value, tuple):  # a user option is (id, name), as in conftest's players
        return None
    member = {"roles": [], "nick": None, "flags": 0,
              "joined_at": "2026-01-01T00:00:00+00:00", "permissions": "0"}
    return value[0], _user(value[0], value[1]), member


async def _raise(interaction, error):
    raise error


def install(recorder: Recorder):
    """Route every webhook call (interaction replies and followups) to ``recorder``."""
    return async_context.set(recorder)


def find(messages: list[Sent], pattern: str) -> list[Sent]:
    """Messages whose text matches the regular expression ``pattern``."""
    return [m for m in messages if re.search(pattern, m.content)]


def check_limits(message: Sent) -> None:
    """Assert a message respects Discord's limits on text and components."""
    assert len(message.content) <= 2000, len(message.content)
    assert len(message.components) <= 5
    for row in message.components:
        assert row["type"] == 1 and 1 <= len(row["components"]) <= 5
        for component in row["components"]:
            assert len(component["custom_id"]) <= 100
            if component["type"] == 3:
                assert len(row["components"]) == 1
                assert 1 <= len(component["options"]) <= 25
                assert len(component.get("placeholder", "")) <= 150
                values = [o["value"] for o in component["options"]]
                assert len(set(values)) == len(values)
                for option in component["options"]:
                    assert 1 <= len(option["label"]) <= 100
                    assert 1 <= len(option["value"]) <= 100
                    assert len(option.get("description") or "") <= 100
            else:
                assert 1 <= len(component["label"]) <= 80

"""The stand-in server and the simulated users' side: send interactions, read what they saw."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Callable

from aiohttp import web

from .gateway import Gateway
from .model import (
    APP_ID,
    BOT_NEEDS,
    EPHEMERAL,
    GUILD,
    MANAGE_CHANNELS,
    TOKEN,
    Channel,
    Fault,
    Interaction,
    Message,
    snowflake,
    user_json,
)
from .rest import Rest, error, guild_payload, json_response, read_body

UPLOAD_LIMIT = 10 * 1024 * 1024
MAX_GUILDS_PER_SHARD = 2500  # Discord's limit of guilds per shard
CHANNEL = 2000


@dataclass
class Request:
    """One REST request as the stand-in saw it."""

    method: str
    path: str
    status: int
    at: float
    seconds: float


@dataclass
class User:
    """A simulated Discord user."""

    id: int
    name: str
    locale: str = "en-US"
    manage: bool = False

    def member(self) -> dict:
        """The guild member object sent with their interactions."""
        return {"user": user_json(self.id, self.name), "roles": [], "nick": None,
                "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                "permissions": str((1 << 10 | 1 << 11) | (MANAGE_CHANNELS if self.manage else 0)),
                "flags": 0}


class StandIn:
    """A Discord for one bot on 127.0.0.1: guilds (one unless :meth:`add_guild`), text
    channels, simulated users; the bot's gateway sessions may be shards (``gateway``)."""

    def __init__(self, shard_count: int = 1, max_guilds_per_shard: int = MAX_GUILDS_PER_SHARD
                 ) -> None:
        self.guilds: list[int] = [GUILD]
        self.shard_count = shard_count  # what GET /gateway/bot recommends
        self.max_guilds_per_shard = max_guilds_per_shard  # more: IDENTIFY closed with 4011
        self.channels: dict[int, Channel] = {CHANNEL: Channel(CHANNEL)}
        self.messages: dict[int, Message] = {}
        self.by_channel: dict[int, list[Message]] = {}
        self.interactions: dict[str, Interaction] = {}
        self.channel_interactions: dict[int, list[Interaction]] = {}
        self.commands: dict[str, list] = {}
        self.syncs: list[tuple[str, list]] = []
        self.faults: list[Fault] = []
        self.requests: list[Request] = []
        self.violations: list[str] = []
        self.upload_limit = UPLOAD_LIMIT
        self.guild_locale = "en-US"
        self.gateway = Gateway(self)
        self.rest = Rest(self)
        self.port = 0
        self._runner: web.AppRunner | None = None
        self.listeners: list = []  # callables(message) told of every new or edited message

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> "StandIn":
        """Listen on a free port of 127.0.0.1."""
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.add_routes([web.get("/gateway", self.gateway.handle), *self.rest.routes()])
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        """Close every connection and stop listening."""
        await self.gateway.drop(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def url(self) -> str:
        """The REST base the bot must use (in place of https://discord.com/api/v10)."""
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The gateway address (READY's resume_gateway_url and /gateway/bot's url)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    def guild_payload(self, guild: int = GUILD) -> dict:
        """The guild as GUILD_CREATE sends it."""
        return {**guild_payload(self.channels, guild), "preferred_locale": self.guild_locale}

    def add_guild(self, guild: int, channels: list[int] = ()) -> None:
        """Add a guild the bot is in, with text channels numbered ``channels`` (before the
        bot identifies: the stand-in does not send GUILD_CREATE for a guild joined later)."""
        if guild not in self.guilds:
            self.guilds.append(guild)
        for channel in channels:
            self.channels[channel] = Channel(channel, f"table-{channel}", guild=guild)

    def violate(self, what: str) -> None:
        """Record a breach of Discord's rules by the bot."""
        self.violations.append(what)

    # -- faults and the request log ----------------------------------------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler) -> web.StreamResponse:
        started = time.monotonic()
        path = request.path.removeprefix("/api/v10")
        target = path + (f"?{request.query_string}" if request.query_string else "")
        fault = await self._fault(request, target)
        if fault is not None:
            fault.hits += 1
            if fault.delay:
                await asyncio.sleep(fault.delay)
        if fault is not None and fault.status is not None:
            response = await self._fail(request, fault)
        else:
            response = await handler(request)
        if path != "/gateway":
            self.requests.append(Request(request.method, path, response.status, started,
                                         time.monotonic() - started))
        return response

    async def _fault(self, request: web.Request, target: str) -> Fault | None:
        for fault in self.faults:
            if not fault.matches(request.method, target):
                continue
            if fault.public is not None:
                payload, _ = await read_body(request)
                public = not (isinstance(payload, dict) and (payload.get("flags") or 0)
                              & EPHEMERAL)
                if public != fault.public:
                    continue
            return fault
        return None

    async def _fail(self, request: web.Request, fault: Fault) -> web.StreamResponse:
        await read_body(request)
        if fault.status == 0:
            assert request.transport is not None
            request.transport.close()
            return web.Response(status=599)
        if fault.status == 429:
            headers = {"Retry-After": str(fault.retry_after), "X-RateLimit-Scope": "user",
                       "X-RateLimit-Remaining": "0", "X-RateLimit-Bucket": "standin",
                       "X-RateLimit-Limit": "5",
                       "X-RateLimit-Reset-After": str(fault.retry_after)}
            if fault.via:
                headers["Via"] = "1.1 google"
            return json_response({"message": "You are being rate limited.",
                                      "retry_after": fault.retry_after, "global": False},
                                     status=429, headers=headers)
        codes = {403: (50013, "Missing Permissions"), 404: (10008, "Unknown Message")}
        code, text = codes.get(fault.status, (0, "Server error"))
        return error(fault.status, code, text)

    # -- messages ----------------------------------------------------------------------------
    def new_message(self, interaction: Interaction | None, data: dict, files: list, flags: int,
                    channel_id: int | None = None) -> Message:
        """Create a message (ephemeral ones are visible to the interaction's user only)."""
        message = Message(snowflake(), channel_id or interaction.channel_id,  # type: ignore
                          data.get("content") or "", data.get("components") or [], flags,
                          list(files))
        channel = self.channels.get(message.channel_id)
        message.guild = channel.guild if channel is not None else GUILD
        if interaction is not None:
            message.interaction_id = interaction.id
            if flags & EPHEMERAL:
                message.visible_to = interaction.user_id
            interaction.messages.append(message)
        self.messages[message.id] = message
        self.by_channel.setdefault(message.channel_id, []).append(message)
        self._tell(message)
        return message

    def update_message(self, message: Message, data: dict, files: list) -> Message:
        """Apply an edit (content, components, attachments)."""
        if "content" in data:
            message.content = data["content"] or ""
        if "components" in data:
            message.components = data["components"] or []
        if files or "attachments" in data:
            message.files = list(files)
        if files:
            message.pictured = time.monotonic()
        message.edits += 1
        self._tell(message)
        return message

    def _tell(self, message: Message) -> None:
        for listener in self.listeners:
            listener(message)

    def channel_messages(self, channel: int = CHANNEL) -> list[Message]:
        """The public messages of a channel, oldest first."""
        return [m for m in self.by_channel.get(channel, ())
                if not m.ephemeral and not m.loading and m.id in self.messages]

    def last(self, channel: int = CHANNEL) -> Message:
        """The newest public message of a channel."""
        return self.channel_messages(channel)[-1]

    # -- simulated users ---------------------------------------------------------------------
    def _interaction(self, user: User, kind: int, data: dict, channel: int,
                     message: Message | None = None) -> tuple[Interaction, dict]:
        number = snowflake()
        limit = self.upload_limit
        record = Interaction(number, f"token-{number}", kind, channel, user.id, limit,
                             message_id=None if message is None else message.id)
        app_permissions = self.channels[channel].permissions
        guild = self.channels[channel].guild
        payload = {
            "id": str(number), "application_id": str(APP_ID), "type": kind,
            "token": record.token, "version": 1, "guild_id": str(guild),
            "channel_id": str(channel), "channel": self.channels[channel].payload(),
            "member": user.member(), "locale": user.locale, "guild_locale": "en-US",
            "app_permissions": str(app_permissions), "attachment_size_limit": limit,
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild)},
            "context": 0, "data": data,
        }
        if isinstance(data.get("guild_id"), str):  # a command's data names its guild too
            data["guild_id"] = str(guild)
        if message is not None:
            payload["message"] = message.payload()
        self.interactions[record.token] = record
        self.channel_interactions.setdefault(channel, []).append(record)
        return record, payload

    async def send(self, user: User, kind: int, data: dict, channel: int = CHANNEL,
                   message: Message | None = None) -> Interaction:
        """Dispatch INTERACTION_CREATE and return its record (answers arrive later)."""
        record, payload = self._interaction(user, kind, data, channel, message)
        record.sent_at = time.monotonic()
        await self.gateway.dispatch("INTERACTION_CREATE", payload,
                                    guild=self.channels[channel].guild)
        return record

    async def command(self, user: User, name: str, channel: int = CHANNEL,
                      **options: Any) -> Interaction:
        """``/name`` (``"game new"`` for a subcommand) with ``options``."""
        return await self.send(user, 2, command_data(name, options), channel)

    async def autocomplete(self, user: User, name: str, focused: str, channel: int = CHANNEL,
                           **options: Any) -> Interaction:
        """The autocomplete of option ``focused`` of ``/name``."""
        return await self.send(user, 4, command_data(name, options, focused), channel)

    async def click(self, user: User, message: Message, custom_id: str,
                    values: list[str] | None = None) -> Interaction:
        """Click component ``custom_id`` of ``message`` (choosing ``values`` in a menu)."""
        item = next((c for row in message.components for c in row["components"]
                     if c.get("custom_id") == custom_id), None)
        kind = item["type"] if item else (3 if values is not None else 2)
        data: dict = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        return await self.send(user, 3, data, message.channel_id, message)

    def registered(self) -> list[dict]:
        """The commands the bot has synced (global and every guild)."""
        return [c for scope in self.commands.values() for c in scope]


UserOption = Callable[[Any], "tuple[int, dict, dict] | None"]


def command_body(name: str, options: dict, focused: str | None,
                 user_option: UserOption) -> dict:
    """The ``name``, ``type``, ``options`` and ``resolved`` users of a command's ``data``.

    ``name`` is ``"game new"`` for a subcommand; options that are None are left out;
    ``focused`` names the option being autocompleted (sent empty when not in ``options``).
    ``user_option(value)`` returns (id, user object, member object without its user) when
    an option's value stands for a user, else None. The stand-in and the in-process test
    harness (tests/discord) share it, each with its own users.
    """
    words = name.split()
    values = []
    users: dict = {}
    members: dict = {}
    for key, value in options.items():
        if value is None:
            continue
        kind = 4 if isinstance(value, int) and not isinstance(value, bool) else 3
        user = user_option(value)
        if user is not None:
            kind, value = 6, str(user[0])
            users[value], members[value] = user[1], user[2]
        option = {"type": kind, "name": key, "value": value}
        if key == focused:
            option["focused"] = True
        values.append(option)
    if focused is not None and focused not in options:
        values.append({"type": 3, "name": focused, "value": "", "focused": True})
    if len(words) == 2:
        values = [{"type": 1, "name": words[1], "options": values}]
    body = {"name": words[0], "type": 1, "options": values}
    if users:
        body["resolved"] = {"users": users, "members": members}
    return body


def command_data(name: str, options: dict, focused: str | None = None) -> dict:
    """The ``data`` of an application command interaction (users are :class:`User`)."""
    return {"id": str(snowflake()), **command_body(name, options, focused, _user_option),
            "guild_id": str(GUILD)}


def _user_option(value: Any) -> tuple[int, dict, dict] | None:
    if not isinstance(value, User):
        return None
    member = value.member()
    member.pop("user")
    return value.id, user_json(value.id, value.name), member


__all__ = ["BOT_NEEDS", "CHANNEL", "Fault", "Message", "StandIn", "TOKEN", "User"]

"""The REST half of the stand-in: login, command sync, interaction callbacks, webhooks, messages.

Rules enforced (Discord developer docs, "Receiving and Responding"): the first callback must
arrive within 3 seconds, an interaction takes one callback, follow-ups and edits need a
callback first, the first follow-up after a deferred reply replaces the "thinking" message
(and keeps the deferral's ephemerality), and uploads must not exceed the interaction's
``attachment_size_limit``. Each breach is answered as Discord answers it and recorded.
"""

from __future__ import annotations

import json
import time

from aiohttp import web

from . import limits
from .model import (
    APP_ID,
    ATTACH_FILES,
    BOT_ID,
    CREATE_PUBLIC_THREADS,
    EPHEMERAL,
    GUILD,
    LOADING,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    THREAD_ARCHIVE_MINUTES,
    TOKEN,
    VIEW_CHANNEL,
    Channel,
    Message,
    snowflake,
    user_json,
)

BODY = web.RequestKey("body", tuple)
ACK_SECONDS = 3.0
TOKEN_SECONDS = 15 * 60
MESSAGE_TYPES = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


def json_response(data, status: int = 200, headers: dict | None = None) -> web.Response:
    """JSON with the exact content type discord.py checks for (no charset suffix)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers=headers,
                        content_type="application/json")


def error(status: int, code: int, message: str) -> web.Response:
    """A Discord JSON error."""
    return json_response({"code": code, "message": message}, status=status)


async def read_body(request: web.Request) -> tuple[dict | list, list[tuple[str, int]]]:
    """The JSON body (or multipart ``payload_json``) and the uploaded files' names and sizes."""
    if BODY not in request:
        request[BODY] = await _read_body(request)
    return request[BODY]


async def _read_body(request: web.Request) -> tuple[dict | list, list[tuple[str, int]]]:
    if not request.content_type.startswith("multipart/"):
        text = await request.text()
        return (json.loads(text) if text else {}), []
    payload: dict = {}
    files = []
    reader = await request.multipart()
    async for part in reader:
        body = await part.read()
        if part.name == "payload_json":
            payload = json.loads(body)
        else:
            files.append((part.filename or part.name or "file", len(body)))
    return payload, files


class Rest:
    """Route handlers over the stand-in's state (``standin``)."""

    def __init__(self, standin) -> None:
        self.s = standin

    def routes(self) -> list[web.RouteDef]:
        """Every REST route, under /api/v10."""
        p = "/api/v10"
        app, hook = p + "/applications/{app}", p + "/webhooks/{app}/{token}"
        return [
            web.get(p + "/users/@me", self.me),
            web.get(p + "/oauth2/applications/@me", self.application),
            web.get(p + "/applications/@me", self.application),
            web.get(p + "/gateway/bot", self.gateway_bot),
            web.get(p + "/guilds/{guild}", self.guild),
            web.get(p + "/gateway", self.gateway_bot),
            web.put(app + "/commands", self.put_commands),
            web.get(app + "/commands", self.get_commands),
            web.put(app + "/guilds/{guild}/commands", self.put_commands),
            web.get(app + "/guilds/{guild}/commands", self.get_commands),
            web.post(p + "/interactions/{id}/{token}/callback", self.callback),
            web.post(hook, self.followup),
            web.get(hook + "/messages/{message}", self.get_webhook_message),
            web.patch(hook + "/messages/{message}", self.edit_webhook_message),
            web.delete(hook + "/messages/{message}", self.delete_webhook_message),
            web.post(p + "/channels/{channel}/messages", self.post_message),
            web.post(p + "/channels/{channel}/threads", self.start_thread),
            web.get(p + "/channels/{channel}/messages/{message}", self.get_message),
            web.patch(p + "/channels/{channel}/messages/{message}", self.edit_message),
        ]

    # -- login -------------------------------------------------------------------------------
    async def me(self, request: web.Request) -> web.Response:
        """GET /users/@me."""
        return json_response({**user_json(BOT_ID, "tabletop", bot=True), "verified": True,
                                  "mfa_enabled": False, "flags": 0, "locale": "en-US"})

    async def application(self, request: web.Request) -> web.Response:
        """GET /oauth2/applications/@me."""
        return json_response({
            "id": str(APP_ID), "name": "tabletop", "description": "", "icon": None,
            "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
            "owner": user_json(1, "owner"), "flags": 0, "team": None,
            "summary": "", "rpc_origins": [], "interactions_endpoint_url": None})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """GET /gateway/bot."""
        return json_response({"url": self.s.gateway_url, "shards": self.s.shard_count,
                                  "session_start_limit": {"total": 1000, "remaining": 999,
                                                          "reset_after": 0,
                                                          "max_concurrency": 1}})

    async def guild(self, request: web.Request) -> web.Response:
        """GET /guilds/{id} (the one guild)."""
        guild = request.match_info["guild"]
        if not guild.isdigit() or int(guild) not in self.s.guilds:
            return error(404, 10004, "Unknown Guild")
        payload = self.s.guild_payload(int(guild))
        return json_response(payload)

    # -- commands ----------------------------------------------------------------------------
    def _scope(self, request: web.Request) -> str:
        return request.match_info.get("guild", "global")

    async def put_commands(self, request: web.Request) -> web.Response:
        """PUT (bulk overwrite) the global or one guild's commands, checking Discord's limits."""
        body, _ = await read_body(request)
        problems = limits.command_problems(body)
        if problems:
            self.s.violate("command JSON: " + "; ".join(problems))
            return error(400, 50035, "Invalid Form Body")
        scope = self._scope(request)
        saved = [{**c, "id": str(snowflake()), "application_id": str(APP_ID),
                  "version": str(snowflake()), "default_member_permissions": None,
                  "dm_permission": True, "nsfw": False, "type": c.get("type", 1),
                  **({} if scope == "global" else {"guild_id": scope})} for c in body]
        self.s.commands[scope] = saved
        self.s.syncs.append((scope, body))
        return json_response(saved)

    async def get_commands(self, request: web.Request) -> web.Response:
        """GET the global or one guild's commands."""
        return json_response(self.s.commands.get(self._scope(request), []))

    # -- interactions ------------------------------------------------------------------------
    async def callback(self, request: web.Request) -> web.Response:
        """POST an interaction response (once, within 3 s)."""
        interaction = self.s.interactions.get(request.match_info["token"])
        if interaction is None or str(interaction.id) != request.match_info["id"]:
            return error(404, 10062, "Unknown interaction")
        body, files = await read_body(request)
        late = time.monotonic() - interaction.sent_at > ACK_SECONDS
        if late:
            self.s.violate(f"interaction {interaction.id} acknowledged after 3 s")
            return error(404, 10062, "Unknown interaction")
        if interaction.callback is not None:
            self.s.violate(f"interaction {interaction.id} got a second callback")
            return error(400, 40060, "Interaction has already been acknowledged.")
        kind = body.get("type")
        if kind not in MESSAGE_TYPES.get(interaction.type, set()):
            self.s.violate(f"callback type {kind} for interaction type {interaction.type}")
            return error(400, 50035, "Invalid Form Body")
        data = body.get("data") or {}
        problem = self._check_message(interaction, data, files)
        if problem is not None:
            return problem
        if kind == 8:
            problems = limits.choice_problems(data.get("choices") or [])
            if problems:
                self.s.violate("autocomplete: " + "; ".join(problems))
                return error(400, 50035, "Invalid Form Body")
            interaction.choices = data.get("choices") or []
        interaction.callback, interaction.callback_at = kind, time.monotonic()
        resource = self._apply_callback(interaction, kind, data, files)
        interaction.answered.set()
        answer = {"interaction": {"id": str(interaction.id), "type": interaction.type,
                                  "response_message_loading": kind == 5,
                                  "response_message_ephemeral": bool(
                                      (data.get("flags") or 0) & EPHEMERAL)}}
        if resource is not None:
            answer["interaction"]["response_message_id"] = str(resource.id)
            answer["resource"] = {"type": kind, "message": resource.payload()}
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(answer)
        return web.Response(status=204)

    def _apply_callback(self, interaction, kind: int, data: dict, files) -> Message | None:
        if kind in (4, 5):
            flags = (data.get("flags") or 0) & EPHEMERAL
            message = self.s.new_message(interaction, data if kind == 4 else {},
                                         files, flags | (LOADING if kind == 5 else 0))
            interaction.original = message
            return message
        if kind in (6, 7):
            interaction.original = self.s.messages.get(interaction.message_id)
            if kind == 7 and interaction.original is not None:
                self.s.update_message(interaction.original, data, files)
            return interaction.original
        return None

    async def _checked_body(self, request: web.Request, interaction):
        """Read a message body; return it with the error response its limits call for."""
        data, files = await read_body(request)
        return data, files, self._check_message(interaction, data, files)

    def _check_message(self, interaction, data: dict, files) -> web.Response | None:
        problems = limits.message_problems(data)
        if problems:
            self.s.violate("message: " + "; ".join(problems))
            return error(400, 50035, "Invalid Form Body")
        size = sum(s for _, s in files)
        if interaction is not None and size > interaction.size_limit:
            self.s.violate(f"upload of {size} bytes over {interaction.size_limit}")
            return error(413, 40005, "Request entity too large")
        return None

    def _hook(self, request: web.Request):
        """The interaction behind a webhook URL, or an error response."""
        interaction = self.s.interactions.get(request.match_info["token"])
        if interaction is None or request.match_info["app"] != str(APP_ID):
            return None, error(404, 10015, "Unknown Webhook")
        if time.monotonic() - interaction.sent_at > TOKEN_SECONDS:
            return None, error(401, 50027, "Invalid Webhook Token")
        if interaction.callback is None:
            self.s.violate(f"webhook call before interaction {interaction.id} was acknowledged")
            return None, error(404, 10015, "Unknown Webhook")
        return interaction, None

    async def followup(self, request: web.Request) -> web.Response:
        """POST a follow-up; the first after a deferred reply replaces "thinking"."""
        interaction, failed = self._hook(request)
        if failed is not None:
            return failed
        data, files, problem = await self._checked_body(request, interaction)
        if problem is not None:
            return problem
        original = interaction.original
        if interaction.callback == 5 and original is not None and original.loading:
            original.flags &= ~LOADING
            message = self.s.update_message(original, data, files)
        else:
            flags = (data.get("flags") or 0) & EPHEMERAL
            message = self.s.new_message(interaction, data, files, flags)
        return json_response(message.payload())

    def _webhook_message(self, request: web.Request):
        """The interaction and the message (original or follow-up) a webhook URL names."""
        interaction, failed = self._hook(request)
        if failed is not None:
            return None, None, failed
        key = request.match_info["message"]
        if key == "@original":
            message = interaction.original
        else:
            message = self.s.messages.get(int(key)) if key.isdigit() else None
            message = message if message in interaction.messages else None
        if message is None:
            return None, None, error(404, 10008, "Unknown Message")
        return interaction, message, None

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        """GET the original response or a follow-up."""
        _, message, failed = self._webhook_message(request)
        if failed is not None:
            return failed
        return json_response(message.payload())

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        """PATCH the original response (the clicked message for a component) or a follow-up."""
        interaction, message, failed = self._webhook_message(request)
        if failed is not None:
            return failed
        data, files, problem = await self._checked_body(request, interaction)
        if problem is not None:
            return problem
        message.flags &= ~LOADING
        return json_response(self.s.update_message(message, data, files).payload())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        """DELETE the original response or a follow-up."""
        _, message, failed = self._webhook_message(request)
        if failed is not None:
            return failed
        self.s.messages.pop(message.id, None)
        return web.Response(status=204)

    # -- channel messages (bot token) --------------------------------------------------------
    def _channel(self, request: web.Request, need: int):
        if request.headers.get("Authorization") != f"Bot {TOKEN}":
            return None, error(401, 0, "401: Unauthorized")
        channel = self.s.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return None, error(404, 10003, "Unknown Channel")
        if not channel.permissions & VIEW_CHANNEL:
            return None, error(403, 50001, "Missing Access")
        if channel.permissions & need != need:
            return None, error(403, 50013, "Missing Permissions")
        return channel, None

    async def post_message(self, request: web.Request) -> web.Response:
        """POST a message with the bot token (needs Send Messages, Attach Files for files)."""
        data, files = await read_body(request)
        channel, failed = self._channel(request, ATTACH_FILES if files else 0)
        if failed is not None:
            return failed
        send = SEND_MESSAGES if channel.parent is None else SEND_MESSAGES_IN_THREADS
        if channel.permissions & send != send:
            return error(403, 50013, "Missing Permissions")
        problem = self._check_message(None, data, files)
        if problem is not None:
            return problem
        if sum(s for _, s in files) > self.s.upload_limit:
            self.s.violate("channel upload over the limit")
            return error(413, 40005, "Request entity too large")
        message = self.s.new_message(None, data, files, 0, channel_id=channel.id)
        return json_response(message.payload())

    async def start_thread(self, request: web.Request) -> web.Response:
        """POST a public thread without a starting message: in a text channel only (never in
        a thread), with Create Public Threads, a name of 1 to 100 characters and one of the
        auto-archive durations Discord takes."""
        data, _ = await read_body(request)
        channel, failed = self._channel(request, CREATE_PUBLIC_THREADS)
        if failed is not None:
            return failed
        if channel.parent is not None:
            self.s.violate("a thread opened inside a thread")
            return error(400, 50024, "Cannot execute action on this channel type")
        name = data.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100 or data.get("type") not in (
                11, None) or data.get("auto_archive_duration", 4320) not in THREAD_ARCHIVE_MINUTES:
            self.s.violate(f"thread: bad name, type or archive duration in {data}")
            return error(400, 50035, "Invalid Form Body")
        thread = Channel(snowflake(), name, channel.permissions, parent=channel.id,
                         guild=channel.guild)
        self.s.channels[thread.id] = thread
        return json_response(thread.payload(), status=201)

    def _channel_message(self, request: web.Request):
        """The bot's channel message a request names (with the token and access checked)."""
        channel, failed = self._channel(request, 0)
        if failed is not None:
            return None, failed
        message = self.s.messages.get(int(request.match_info["message"]))
        if message is None or message.channel_id != channel.id or message.ephemeral:
            return None, error(404, 10008, "Unknown Message")
        return message, None

    async def get_message(self, request: web.Request) -> web.Response:
        """GET a channel message."""
        message, failed = self._channel_message(request)
        if failed is not None:
            return failed
        return json_response(message.payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        """PATCH a message the bot posted in a channel."""
        message, failed = self._channel_message(request)
        if failed is not None:
            return failed
        data, files, problem = await self._checked_body(request, None)
        if problem is not None:
            return problem
        return json_response(self.s.update_message(message, data, files).payload())


def guild_payload(channels, guild: int = GUILD) -> dict:
    """The GUILD_CREATE payload of ``guild`` (its channels among ``channels``)."""
    channels = {i: c for i, c in channels.items() if c.guild == guild}
    everyone = {"id": str(guild), "name": "@everyone", "permissions": str(1 << 10 | 1 << 11),
                "position": 0, "color": 0, "hoist": False, "managed": False,
                "mentionable": False, "flags": 0}
    return {"id": str(guild), "name": "Board games", "icon": None, "owner_id": "1",
            "unavailable": False, "member_count": 10, "large": False, "roles": [everyone],
            "emojis": [], "stickers": [], "features": [], "members": [],
            "threads": [c.payload() for c in channels.values() if c.parent is not None],
            "channels": [c.payload() for c in channels.values() if c.parent is None],
            "voice_states": [],
            "presences": [], "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0,
            "preferred_locale": "en-US", "system_channel_flags": 0, "nsfw_level": 0,
            "joined_at": "2026-01-01T00:00:00+00:00"}

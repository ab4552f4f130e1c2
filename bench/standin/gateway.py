"""The v10 gateway: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, RESUME, dispatch, shards.

Events are numbered and kept per session, so a client that lost its connection and sends
RESUME with its last sequence number gets every event it missed, then RESUMED (Discord
"Gateway" page).

Sharding as Discord does it ("Gateway" page, Sharding): IDENTIFY may carry ``shard: [id,
count]`` (absent: ``[0, 1]``); each shard is a session of its own, and a guild's events
(GUILD_CREATE, INTERACTION_CREATE) go only to the session of shard ``(guild_id >> 22) %
count``; events of no guild go to shard 0. An IDENTIFY with a malformed shard or an id not
below its count is closed with 4010 (Invalid shard); one whose count leaves a shard more guilds
than :attr:`StandIn.max_guilds_per_shard` with 4011 (Sharding required).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math

from aiohttp import WSMsgType, web

from .model import APP_ID, BOT_ID, TOKEN, user_json

HELLO, IDENTIFY, RESUME, HEARTBEAT, HEARTBEAT_ACK, DISPATCH, INVALID_SESSION = 10, 2, 6, 1, 11, 0, 9
HEARTBEAT_MS = 41250
SESSION = "standin-session"
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011

log = logging.getLogger(__name__)


def shard_of(guild_id: int, count: int) -> int:
    """The shard of ``guild_id`` among ``count`` (Discord's rule)."""
    return (guild_id >> 22) % count


class ShardSession:
    """One identified shard: its numbered events and its live websocket (if any)."""

    def __init__(self, shard: int, count: int) -> None:
        self.shard = shard
        self.count = count
        self.session_id = SESSION if (shard, count) == (0, 1) else f"{SESSION}-{shard}-{count}"
        self.sequence = 0
        self.events: list[dict] = []
        self.socket: web.WebSocketResponse | None = None

    def receives(self, guild: int | None) -> bool:
        """Whether the events of ``guild`` (None: of no guild) come to this session."""
        if guild is None:
            return self.shard == 0
        return shard_of(guild, self.count) == self.shard


class Gateway:
    """The bot's gateway sessions, one per shard; each at most one live websocket at a time."""

    def __init__(self, standin) -> None:
        self.standin = standin
        self.sessions: dict[int, ShardSession] = {}
        self.identified = asyncio.Event()  # set by every IDENTIFY (any shard)
        self.shards_identified: dict[int, asyncio.Event] = {}
        self.identify: dict | None = None  # the last IDENTIFY's payload
        self.refused: list[tuple[object, int]] = []  # (shard sent, close code) refused
        self.undelivered: list[dict] = []  # events whose shard had no session
        self.connections = 0
        self.resumes = 0
        self.heartbeats = 0

    def shard_ready(self, shard: int) -> asyncio.Event:
        """The event set when shard ``shard`` identifies (clear it to wait for a new one)."""
        return self.shards_identified.setdefault(shard, asyncio.Event())

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Serve one websocket connection until it closes."""
        socket = web.WebSocketResponse(autoping=True)
        await socket.prepare(request)
        self.connections += 1
        await self._send(socket, {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}})
        async for frame in socket:
            if frame.type is not WSMsgType.TEXT:
                break
            await self._receive(socket, json.loads(frame.data))
        for session in self.sessions.values():
            if session.socket is socket:
                session.socket = None
        return socket

    async def _receive(self, socket: web.WebSocketResponse, message: dict) -> None:
        op, data = message.get("op"), message.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            await self._send(socket, {"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(socket, data)
        elif op == RESUME:
            await self._resume(socket, data)

    def _check_shard(self, shard) -> tuple[int, int] | int:
        """The (id, count) IDENTIFY asked for, or the close code refusing it."""
        if shard is None:
            shard = [0, 1]
        if not (isinstance(shard, list) and len(shard) == 2
                and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)):
            return INVALID_SHARD
        number, count = shard
        if count < 1 or not 0 <= number < count:
            return INVALID_SHARD
        if math.ceil(len(self.standin.guilds) / self.standin.max_guilds_per_shard) > count:
            return SHARDING_REQUIRED
        return number, count

    async def _identify(self, socket: web.WebSocketResponse, data: dict) -> None:
        if data.get("token") != TOKEN:
            await socket.close(code=4004, message=b"Authentication failed.")
            return
        checked = self._check_shard(data.get("shard"))
        if isinstance(checked, int):
            self.refused.append((data.get("shard"), checked))
            reason = b"Invalid shard." if checked == INVALID_SHARD else b"Sharding required."
            await socket.close(code=checked, message=reason)
            return
        number, count = checked
        self.identify = data
        session = ShardSession(number, count)
        self.sessions[number] = session
        session.socket = socket
        guilds = [g for g in self.standin.guilds if session.receives(g)]
        ready = {"v": 10, "user": {**user_json(BOT_ID, "tabletop", bot=True), "verified": True,
                                   "mfa_enabled": False, "flags": 0},
                 "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                 "session_id": session.session_id, "session_type": "normal",
                 "resume_gateway_url": self.standin.gateway_url, "shard": [number, count],
                 "application": {"id": str(APP_ID), "flags": 0}}
        await self._dispatch_to(session, "READY", ready)
        for guild in guilds:
            await self._dispatch_to(session, "GUILD_CREATE", self.standin.guild_payload(guild))
        self.identified.set()
        self.shard_ready(number).set()

    async def _resume(self, socket: web.WebSocketResponse, data: dict) -> None:
        session = next((s for s in self.sessions.values()
                        if s.session_id == data.get("session_id")), None)
        if data.get("token") != TOKEN or session is None:
            await self._send(socket, {"op": INVALID_SESSION, "d": False})
            return
        self.resumes += 1
        session.socket = socket
        missed = [e for e in session.events if e["s"] > (data.get("seq") or 0)]
        for event in missed:
            await self._send(socket, event)
        await self._dispatch_to(session, "RESUMED", {})

    async def dispatch(self, name: str, data: dict, guild: int | None = None) -> None:
        """Send event ``name`` of ``guild`` (None: of no guild) to the session of its shard
        now, or keep it for that session's RESUME if it is away. An event whose shard never
        identified is kept in :attr:`undelivered` (Discord would drop it)."""
        targets = [s for s in self.sessions.values() if s.receives(guild)]
        if not targets:
            self.undelivered.append({"t": name, "d": data, "guild": guild})
        for session in targets:
            await self._dispatch_to(session, name, data)

    async def _dispatch_to(self, session: ShardSession, name: str, data: dict) -> None:
        session.sequence += 1
        event = {"op": DISPATCH, "t": name, "s": session.sequence, "d": data}
        session.events.append(event)
        if session.socket is not None and not session.socket.closed:
            await self._send(session.socket, event)

    async def drop(self, code: int = 4000) -> None:
        """Close every live connection as Discord does on a server-side failure (resumable)."""
        for session in self.sessions.values():
            socket, session.socket = session.socket, None
            if socket is not None:
                await socket.close(code=code, message=b"Unknown error")

    @staticmethod
    async def _send(socket: web.WebSocketResponse, payload: dict) -> None:
        try:
            await socket.send_str(json.dumps(payload))
        except (ConnectionError, RuntimeError):
            log.info("gateway send failed; the client will resume")

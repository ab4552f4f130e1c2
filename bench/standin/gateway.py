"""The v10 gateway: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, RESUME and dispatch.

Events are numbered and kept, so a client that lost its connection and sends RESUME with its
last sequence number gets every event it missed, then RESUMED (Discord "Gateway" page).
"""

from __future__ import annotations

import asyncio
import json
import logging

from aiohttp import WSMsgType, web

from .model import APP_ID, BOT_ID, GUILD, TOKEN, user_json

HELLO, IDENTIFY, RESUME, HEARTBEAT, HEARTBEAT_ACK, DISPATCH, INVALID_SESSION = 10, 2, 6, 1, 11, 0, 9
HEARTBEAT_MS = 41250
SESSION = "standin-session"

log = logging.getLogger(__name__)


class Gateway:
    """One bot session; at most one live websocket at a time."""

    def __init__(self, standin) -> None:
        self.standin = standin
        self.sequence = 0
        self.events: list[dict] = []
        self.socket: web.WebSocketResponse | None = None
        self.identified = asyncio.Event()
        self.identify: dict | None = None
        self.connections = 0
        self.resumes = 0
        self.heartbeats = 0

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Serve one websocket connection until it closes."""
        socket = web.WebSocketResponse(autoping=True)
        await socket.prepare(request)
        self.connections += 1
        self.socket = socket
        await self._send(socket, {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}})
        async for frame in socket:
            if frame.type is not WSMsgType.TEXT:
                break
            await self._receive(socket, json.loads(frame.data))
        if self.socket is socket:
            self.socket = None
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

    async def _identify(self, socket: web.WebSocketResponse, data: dict) -> None:
        if data.get("token") != TOKEN:
            await socket.close(code=4004, message=b"Authentication failed.")
            return
        self.identify = data
        ready = {"v": 10, "user": {**user_json(BOT_ID, "tabletop", bot=True), "verified": True,
                                   "mfa_enabled": False, "flags": 0},
                 "guilds": [{"id": str(GUILD), "unavailable": True}],
                 "session_id": SESSION, "session_type": "normal",
                 "resume_gateway_url": self.standin.gateway_url, "shard": [0, 1],
                 "application": {"id": str(APP_ID), "flags": 0}}
        await self.dispatch("READY", ready)
        await self.dispatch("GUILD_CREATE", self.standin.guild_payload())
        self.identified.set()

    async def _resume(self, socket: web.WebSocketResponse, data: dict) -> None:
        if data.get("token") != TOKEN or data.get("session_id") != SESSION:
            await self._send(socket, {"op": INVALID_SESSION, "d": False})
            return
        self.resumes += 1
        missed = [e for e in self.events if e["s"] > (data.get("seq") or 0)]
        for event in missed:
            await self._send(socket, event)
        await self.dispatch("RESUMED", {})

    async def dispatch(self, name: str, data: dict) -> None:
        """Send event ``name`` now, or keep it for the client's RESUME if it is away."""
        self.sequence += 1
        event = {"op": DISPATCH, "t": name, "s": self.sequence, "d": data}
        self.events.append(event)
        if self.socket is not None and not self.socket.closed:
            await self._send(self.socket, event)

    async def drop(self, code: int = 4000) -> None:
        """Close the live connection as Discord does on a server-side failure (resumable)."""
        socket, self.socket = self.socket, None
        if socket is not None:
            await socket.close(code=code, message=b"Unknown error")

    @staticmethod
    async def _send(socket: web.WebSocketResponse, payload: dict) -> None:
        try:
            await socket.send_str(json.dumps(payload))
        except (ConnectionError, RuntimeError):
            log.info("gateway send failed; the client will resume")

"""The Discord client as the flows see it: its service and its declared working state.

A leaf of the Discord layer (it imports only discord.py, the service and the component
specs), so every module can name the client and its interactions without importing the app
module that builds commands and components on top of it.
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from typing import Any, Callable, Protocol

import discord

from bot.service import Service, Table

from .specs import Row


class ComputerPlayers(Protocol):
    """What the flows ask of the computer players' driver (:mod:`bot.discord.robots`)."""

    def kick(self, table: Table, locale: str | None = None) -> None:
        """Start moving ``table``'s computer seats if one owes a decision."""

ViewBuilder = Callable[[list[Row]], "discord.ui.View | None"]


class TabletopClient(discord.Client):
    """A Discord client around a :class:`Service`, with the counters the flows keep.

    ``build_view`` lays out rows of component specs as persistent Discord components (the
    app passes the builder of :mod:`bot.discord.components`).
    """

    def __init__(self, service: Service, build_view: ViewBuilder, **options: Any):
        super().__init__(**options)
        self.service: Service = service
        self.in_flight: set[asyncio.Task] = set()  # interactions being handled right now
        self.posting: Counter[int] = Counter()  # game ids whose new message is being posted
        self.warming: threading.Thread | None = None  # renderers warming up after a start
        # each user's own Discord language as last seen (for their direct messages)
        self.user_locales: dict[str, str] = {}
        self._build_view = build_view
        self.robots: ComputerPlayers | None = None  # moves computer seats (the app sets it)

    def view_for(self, rows: list[Row]) -> discord.ui.View | None:
        """This bot's persistent components laid out as ``rows`` (None when there are none)."""
        return self._build_view(rows)


Interaction = discord.Interaction[TabletopClient]

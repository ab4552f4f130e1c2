"""What the stand-in remembers: users, channels, messages, interactions and injected faults."""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from dataclasses import dataclass, field

EPHEMERAL = 64
LOADING = 128
APP_ID = 3000
BOT_ID = 3001
GUILD = 1000
TOKEN = "fake"

# Permission bits (Discord "Permissions" page).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_HISTORY = 1 << 16
MANAGE_CHANNELS = 1 << 4
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
BOT_NEEDS = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_HISTORY
THREAD_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)  # the auto-archive durations Discord takes

_snowflakes = itertools.count(1_300_000_000_000_000_000)


def snowflake() -> int:
    """A fresh id, unique in this process."""
    return next(_snowflakes)


def user_json(user_id: int, name: str, bot: bool = False) -> dict:
    """A Discord user object."""
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name,
            "avatar": None, "bot": bot, "public_flags": 0}


@dataclass
class Channel:
    """A text channel of a guild, and what the bot may do there."""

    id: int
    name: str = "games"
    permissions: int = BOT_NEEDS | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS
    parent: int | None = None  # a public thread's channel (None: a text channel)
    guild: int = GUILD  # the guild (server) the channel is in

    def payload(self) -> dict:
        """The channel object (GUILD_CREATE and interaction payloads)."""
        if self.parent is not None:
            return {"id": str(self.id), "type": 11, "guild_id": str(self.guild), "name": self.name,
                    "parent_id": str(self.parent), "owner_id": str(BOT_ID),
                    "message_count": 0, "member_count": 1, "rate_limit_per_user": 0,
                    "flags": 0, "thread_metadata": {
                        "archived": False, "auto_archive_duration": 10080, "locked": False,
                        "archive_timestamp": "2026-01-01T00:00:00+00:00"}}
        return {"id": str(self.id), "type": 0, "guild_id": str(self.guild), "name": self.name,
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                "rate_limit_per_user": 0, "topic": None, "last_message_id": None}


@dataclass
class Message:
    """A message as Discord keeps it: public, or ephemeral (seen by ``visible_to`` only)."""

    id: int
    channel_id: int
    content: str = ""
    components: list = field(default_factory=list)
    flags: int = 0
    files: list[tuple[str, int]] = field(default_factory=list)
    visible_to: int | None = None
    interaction_id: int | None = None
    edits: int = 0
    created: float = field(default_factory=time.monotonic)
    first_components: list = field(default_factory=list)  # as posted, before any edit
    pictured: float | None = None  # when it last got a picture (posted or edited with a file)
    guild: int = GUILD  # the guild of its channel

    def __post_init__(self) -> None:
        self.first_components = list(self.components)
        if self.files:
            self.pictured = self.created

    @property
    def ephemeral(self) -> bool:
        """True if only one user sees it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while it is a deferred "thinking" reply."""
        return bool(self.flags & LOADING)

    def custom_ids(self) -> list[str]:
        """Every component custom id, row by row."""
        return [c.get("custom_id", "") for row in self.components for c in row["components"]]

    def component(self, prefix: str) -> dict:
        """The first component whose custom id starts with ``prefix``."""
        for row in self.components:
            for item in row["components"]:
                if item.get("custom_id", "").startswith(prefix):
                    return item
        raise AssertionError(f"no component {prefix!r} in {self.custom_ids()}")

    def payload(self) -> dict:
        """The message object Discord returns and embeds in component interactions."""
        data = {
            "id": str(self.id), "channel_id": str(self.channel_id), "type": 0,
            "content": self.content, "author": user_json(BOT_ID, "tabletop", bot=True),
            "attachments": [{"id": str(snowflake()), "filename": name, "size": size,
                             "url": f"https://cdn.invalid/{name}", "proxy_url": ""}
                            for name, size in self.files],
            "embeds": [], "mentions": [], "mention_roles": [], "pinned": False, "tts": False,
            "mention_everyone": False, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "flags": self.flags, "components": self.components,
            "guild_id": str(self.guild),
        }
        if self.interaction_id is not None:
            data["webhook_id"] = str(APP_ID)
            data["application_id"] = str(APP_ID)
        return data


@dataclass
class Interaction:
    """One interaction sent to the bot, and how the bot answered it."""

    id: int
    token: str
    type: int
    channel_id: int
    user_id: int
    size_limit: int
    message_id: int | None = None
    sent_at: float = field(default_factory=time.monotonic)
    callback: int | None = None
    callback_at: float | None = None
    original: Message | None = None
    messages: list[Message] = field(default_factory=list)
    choices: list | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def ack_ms(self) -> float | None:
        """Milliseconds from dispatch to callback."""
        return None if self.callback_at is None else (self.callback_at - self.sent_at) * 1000

    @property
    def private(self) -> list[Message]:
        """Messages of this interaction only its user sees."""
        return [m for m in self.messages if m.ephemeral]

    @property
    def public(self) -> list[Message]:
        """Messages of this interaction the channel sees."""
        return [m for m in self.messages if not m.ephemeral]

    @property
    def text(self) -> str:
        """Every text this interaction produced, joined."""
        return "\n".join(m.content for m in self.messages)


@dataclass
class Fault:
    """Make requests matching ``route`` (regex on "METHOD /path?query") fail ``times`` times.

    ``status``: 429 (with ``retry_after``; ``via=False`` makes it a Cloudflare-style 429 that
    discord.py does not retry), 403, 404, 5xx, or 0 to cut the connection. ``delay`` only slows
    the request down (no failure when ``status`` is None). ``public``: only messages the whole
    channel sees (True) or only ephemeral ones (False).
    """

    route: str
    status: int | None = 500
    times: int = 1
    delay: float = 0.0
    retry_after: float = 0.2
    via: bool = True
    public: bool | None = None
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        """True if this fault still applies to ``method path``."""
        return self.hits < self.times and re.search(self.route, f"{method} {path}") is not None

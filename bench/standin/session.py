"""Simulated players at one table: send interactions, wait for the bot, read what they saw."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .driver import BotProcess
from .model import Interaction, Message
from .server import CHANNEL, StandIn, User

DECISION_PREFIXES = ("tt:act:", "tt:sel:", "tt:me:")


class Session:
    """The stand-in and the bot process, driven as users would drive Discord."""

    def __init__(self, standin: StandIn, bot: BotProcess, channel: int = CHANNEL):
        self.standin = standin
        self.bot = bot
        self.channel = channel

    async def command(self, user: User, name: str, **options) -> Interaction:
        """Run ``/name`` and wait until the bot has finished with it."""
        return await self.bot.done(await self.standin.command(user, name, self.channel,
                                                              **options))

    async def click(self, user: User, message: Message, custom_id: str,
                    values: list[str] | None = None) -> Interaction:
        """Click a component and wait until the bot has finished with it."""
        return await self.bot.done(await self.standin.click(user, message, custom_id, values))

    async def autocomplete(self, user: User, name: str, focused: str, **options) -> list:
        """The autocomplete choices offered for option ``focused`` of ``/name``."""
        done = await self.bot.done(await self.standin.autocomplete(user, name, focused,
                                                                   self.channel, **options))
        return done.choices or []

    def public(self) -> list[Message]:
        """The channel's messages, oldest first."""
        return self.standin.channel_messages(self.channel)

    def turn(self) -> Message:
        """The newest channel message carrying decision components."""
        for message in reversed(self.public()):
            if any(i.startswith(DECISION_PREFIXES) for i in message.custom_ids()):
                return message
        raise AssertionError("no turn message in the channel")

    def lobby(self) -> Message:
        """The newest channel message with lobby buttons."""
        for message in reversed(self.public()):
            if any(i.startswith("tt:lobby:") for i in message.custom_ids()):
                return message
        raise AssertionError("no lobby message in the channel")

    def moves(self) -> list[tuple]:
        """Every saved move of this channel (game id, seq, seat, action), from the database."""
        return rows(self.bot.database, "SELECT game_id, seq, seat, action FROM moves JOIN games"
                                       " ON games.id = moves.game_id WHERE games.channel ="
                                       f" '{self.channel}' ORDER BY game_id, seq")

    def game(self) -> dict:
        """The newest game row of this channel."""
        [row] = rows(self.bot.database, "SELECT id, status, version, board_message_id,"
                                        f" board_version FROM games WHERE channel = "
                                        f"'{self.channel}' ORDER BY id DESC LIMIT 1")
        names = ("id", "status", "version", "board_message_id", "board_version")
        return dict(zip(names, row, strict=True))


def rows(database: Path, sql: str) -> list[tuple]:
    """Run a read-only query on the bot's SQLite database (WAL allows it while it runs)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def option_id(message: Message, label_or_text: str) -> str:
    """The custom id of the button whose label contains ``label_or_text``."""
    for row in message.components:
        for item in row["components"]:
            if item["type"] == 2 and label_or_text.lower() in item.get("label", "").lower():
                return item["custom_id"]
    raise AssertionError(f"no button {label_or_text!r} in {message.custom_ids()}")

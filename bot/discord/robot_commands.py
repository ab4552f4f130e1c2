"""Slash commands for computer players: ``/game addbot|removebot|replace``, and the ``/game
new`` choices of a table's computer-seat rules. Docstrings and ``describe`` texts are the
help users see."""

from __future__ import annotations

import discord
from discord import app_commands

from . import flows, robot_flows

Choice = app_commands.Choice
LEVEL_CHOICES = [Choice(name="easy", value="easy"), Choice(name="normal", value="normal"),
                 Choice(name="hard", value="hard")]
SEAT_CHOICES = [Choice(name="the player it replaced", value="replaced"),
                Choice(name="anyone", value="anyone")]


def add_to_game_group(group: app_commands.Group) -> None:
    """Add ``addbot``, ``removebot`` and ``replace`` to the ``/game`` group."""

    @group.command(name="addbot")
    @app_commands.describe(level="How strong: easy, normal or hard")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(interaction: discord.Interaction, level: str = "normal") -> None:
        """Seat a computer player in the lobby (host only)."""
        await flows.add_computer(interaction, level)

    @group.command(name="removebot")
    async def removebot(interaction: discord.Interaction) -> None:
        """Unseat the lobby's last computer player (host only)."""
        await flows.remove_computer(interaction)

    @group.command(name="replace")
    @app_commands.describe(player="The player whose seat a computer player takes over",
                           level="How strong the computer player is (default normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def replace(interaction: discord.Interaction, player: discord.Member,
                      level: str = "normal") -> None:
        """Hand a player's seat to a computer player (host, or a majority vote of the others)."""
        await robot_flows.hand_over(interaction, str(player.id), level)

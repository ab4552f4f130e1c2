"""Slash commands about finished games: ``/game history|export|replay``, ``/stats`` and
``/leaderboard``. Docstrings and ``describe`` texts are the help users see."""

from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands

from bot.service import Service

from . import history_flows

GameId = app_commands.Range[int, 1, 2**53]  # Discord integers stop at 2^53


def add_to_game_group(group: app_commands.Group) -> None:
    """Add ``history``, ``export`` and ``replay`` to the ``/game`` group."""

    @group.command(name="history")
    async def history(interaction: discord.Interaction) -> None:
        """List the games finished in this channel, with their results."""
        await history_flows.history(interaction)

    @group.command(name="export")
    @app_commands.describe(game_id="Which finished game (default: the newest); see /game history")
    async def export(interaction: discord.Interaction, game_id: Optional[GameId] = None) -> None:
        """Get a finished game's file (options, seed, moves) to replay it exactly."""
        await history_flows.export(interaction, game_id)

    @group.command(name="replay")
    @app_commands.describe(game_id="Which finished game (default: the newest); see /game history")
    async def replay(interaction: discord.Interaction, game_id: Optional[GameId] = None) -> None:
        """Post an animated replay of a finished game, one frame per turn."""
        await history_flows.replay(interaction, game_id)


def rating_commands(service: Service, choices: list) -> list[app_commands.Command]:
    """The ``/stats`` and ``/leaderboard`` commands."""

    @app_commands.command(name="stats")
    @app_commands.guild_only()
    @app_commands.describe(player="Whose ratings (default: yours)", game="Only this game")
    @app_commands.choices(game=choices)
    async def stats(interaction: discord.Interaction, player: Optional[discord.Member] = None,
                    game: Optional[str] = None) -> None:
        """Show a player's ratings on this server."""
        user_id = None if player is None else str(player.id)
        name = None if player is None else player.display_name
        await history_flows.stats(interaction, user_id, name, game)

    @app_commands.command(name="leaderboard")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=choices)
    async def leaderboard(interaction: discord.Interaction, game: str) -> None:
        """Show the best-rated players of a game on this server."""
        await history_flows.leaderboard(interaction, game)

    return [stats, leaderboard]

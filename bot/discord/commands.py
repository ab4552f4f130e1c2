"""The slash commands: ``/game new|join|leave|start|abort|concede|status``, ``/move``, ``/board``,
``/me``, ``/undo`` and ``/log``. Docstrings (a :func:`plain_command`'s description) and
``describe`` texts are the help users see.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Optional

import discord
from discord import app_commands

from bot.errors import UserError
from bot.service import Place, Service
from rules.core import Msg, translate

from . import flows, history_commands, robot_commands, specs
from .client import Interaction
from .context import where

Choice = app_commands.Choice
PlayerCount = app_commands.Range[int, 1, 100]
Duration = app_commands.Range[str, 2, 6]


def game_choices(service: Service) -> list[Choice[str]]:
    """One choice per registered game: its English title, its name as value (at most 25)."""
    choices = []
    for name, game in sorted(service.games.items()):
        title = translate(Msg(game.title)) if game.title else name
        choices.append(Choice(name=specs.clip_text(title, specs.CHOICE_TEXT), value=name))
    return choices[: specs.MAX_OPTIONS]


def build_commands(service: Service) -> list[app_commands.Command | app_commands.Group]:
    """Every app command of the bot, with game choices taken from ``service``'s registry."""
    return [game_group(service), *play_commands(),
            *history_commands.rating_commands(service, game_choices(service))]


def game_group(service: Service) -> app_commands.Group:
    """The ``/game`` group (lobby and management)."""
    group = app_commands.Group(name="game", description="Open, join, start or end a board game "
                               "in this channel.", guild_only=True)

    @group.command(name="new")
    @app_commands.describe(game="Which game to play",
                           options="Game options as name=value, separated by spaces",
                           min_players="Fewest players to start with",
                           max_players="Most players allowed to join",
                           reminder="Remind a player who has not moved after this long (12h)",
                           timer="Time limit for each decision (24h)",
                           bank="Each player's time bank for the whole game (3d)",
                           timeout_bot="Hand a seat whose time runs out to a computer player "
                           "of this level",
                           bot_seats="Who may take a computer seat with /game join (default: "
                           "the player it replaced)")
    @app_commands.choices(game=game_choices(service), timeout_bot=robot_commands.LEVEL_CHOICES,
                          bot_seats=robot_commands.SEAT_CHOICES)
    async def new(interaction: discord.Interaction, game: str, options: Optional[str] = None,
                  min_players: Optional[PlayerCount] = None,
                  max_players: Optional[PlayerCount] = None,
                  reminder: Optional[Duration] = None, timer: Optional[Duration] = None,
                  bank: Optional[Duration] = None, timeout_bot: Optional[str] = None,
                  bot_seats: Optional[str] = None) -> None:
        """Open a table for a game in this channel (one game per channel)."""
        await flows.new_game(interaction, game, options, min_players, max_players,
                             reminder, timer, bank, timeout_bot, bot_seats)

    @new.autocomplete("options")
    async def new_options(interaction: Interaction, current: str) -> list[Choice[str]]:
        games = interaction.client.service.games
        chosen = games.get(str(getattr(interaction.namespace, "game", "") or ""))
        if chosen is None:
            return []
        pairs = specs.option_choices(chosen.options, current,
                                     specs.locale_for(interaction.locale))
        return [Choice(name=name, value=value) for name, value in pairs]

    group.add_command(plain_command("join", "Take a seat at this channel's table.", flows.join))
    group.add_command(plain_command(
        "leave", "Leave this channel's table before the game starts.", flows.leave))

    @group.command(name="start")
    @app_commands.describe(seating="Seat order: as players joined, or shuffled")
    @app_commands.choices(seating=[Choice(name="join order", value="order"),
                                   Choice(name="shuffled", value="shuffle")])
    async def start(interaction: discord.Interaction, seating: str = "order") -> None:
        """Start the game (host only)."""
        await flows.start(interaction, shuffle=seating == "shuffle")

    group.add_command(plain_command("abort", "End this channel's game without a result (host "
                                    "or channel managers; asks first).", flows.abort_ask))
    group.add_command(plain_command("concede", "Concede: leave the game for good while the "
                                    "others play on (asks first).", flows.concede_ask))
    group.add_command(plain_command("status", "Show this channel's table: seats, position "
                                    "summary and whose turn it is.", flows.status))

    @group.command(name="settings")
    @app_commands.describe(language="Language of the channel's messages and boards",
                           messages="Edit one message per turn, or post one per move")
    @app_commands.choices(language=[Choice(name="server language", value="auto"),
                                    Choice(name="English", value="en"),
                                    Choice(name="日本語", value="ja")],
                          messages=[Choice(name="one message per turn", value="quiet"),
                                    Choice(name="one message per move", value="every")])
    async def settings(interaction: discord.Interaction, language: Optional[str] = None,
                       messages: Optional[str] = None) -> None:
        """Show this server's game settings, or change them (server managers)."""
        await flows.server_settings(interaction, language, messages)

    @group.command(name="timeout")
    @app_commands.describe(player="The player who ran out of time")
    async def timeout(interaction: discord.Interaction, player: discord.Member) -> None:
        """Vote to end the game because a player ran out of time (a majority ends it)."""
        await flows.timeout_vote(interaction, str(player.id))

    history_commands.add_to_game_group(group)
    robot_commands.add_to_game_group(group)
    return group


def play_commands() -> list[app_commands.Command]:
    """The top-level commands used while playing."""

    @app_commands.command(name="move")
    @app_commands.guild_only()
    @app_commands.describe(action="Your move: pick it from the list or type it")
    async def move(interaction: discord.Interaction, action: str) -> None:
        """Play a move: pick it from the list or type it."""
        await flows.move(interaction, action)

    @move.autocomplete("action")
    async def move_suggestions(interaction: Interaction, current: str) -> list[Choice[str]]:
        locale = specs.locale_for(interaction.locale)
        try:
            place, player = where(interaction)
        except UserError:  # a direct message: nothing to suggest
            return []
        service = interaction.client.service
        actions = await service.suggest(place, player, current, locale)
        names = await _names(service, place) if actions else []
        return [Choice(name=name, value=value)
                for name, value in specs.action_choices(actions, names, locale)]

    @app_commands.command(name="board")
    @app_commands.guild_only()
    @app_commands.describe(player="Show this player's own board in full (where the game has one)",
                           whole="Show the whole map (where the board shows only a part of it)")
    async def board(interaction: discord.Interaction,
                    player: Optional[discord.Member] = None, whole: bool = False) -> None:
        """Post the current board and whose turn it is again."""
        await flows.board(interaction, None if player is None else str(player.id), whole)

    me = plain_command("me", "Show your hidden information, your options and your board, "
                       "only to you.", flows.show_me, guild_only=True)
    undo = plain_command("undo", "Take back your last move (if nothing was revealed and nobody "
                         "acted since).", flows.undo, guild_only=True)

    @app_commands.command(name="log")
    @app_commands.guild_only()
    @app_commands.describe(page="Which page (1 holds the first moves; default: the newest)")
    async def log(interaction: discord.Interaction,
                  page: Optional[app_commands.Range[int, 1, 100000]] = None) -> None:
        """Show the moves of this channel's game, page by page (the newest first shown)."""
        await flows.show_log(interaction, page)

    @app_commands.command(name="notify")
    @app_commands.describe(setting="on: a direct message when it is your turn; off: none")
    @app_commands.choices(setting=[Choice(name="on", value="on"),
                                   Choice(name="off", value="off")])
    async def notify(interaction: discord.Interaction, setting: str) -> None:
        """Choose whether the bot sends you a direct message when it is your turn."""
        await flows.notify(interaction, setting == "on")

    return [move, board, me, undo, log, notify]


def plain_command(name: str, description: str, flow: Callable[[Any], Awaitable[None]],
                  *, guild_only: bool = False) -> app_commands.Command:
    """A command without options that hands its interaction to ``flow``.

    ``description`` is the help users see; ``guild_only`` hides a top-level command from
    direct messages (subcommands follow their group).
    """
    async def callback(interaction: discord.Interaction) -> None:
        await flow(interaction)

    command = app_commands.Command(name=name, description=description, callback=callback)
    return app_commands.guild_only()(command) if guild_only else command


async def _names(service: Service, place: Place) -> list[str]:
    """The seated players' names (to word labels), or none if the channel has no game."""
    try:
        return (await service.table(place)).names
    except UserError:
        return []

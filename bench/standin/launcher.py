"""Start the real bot entry point (``bot.__main__.main``) against the local Discord stand-in.

``python -m bench.standin.launcher REST_BASE GATEWAY_URL [PLUGINS_DIR]``. Only discord.py's two
base addresses change: ``Route.BASE`` (every REST call, webhooks and interaction callbacks
too) and ``DiscordWebSocket.DEFAULT_GATEWAY`` (discord.py 2.7 connects there first; READY's
``resume_gateway_url`` then points back at the stand-in). With ``PLUGINS_DIR`` the games found
there are registered the way the registry finds every game: ``rules`` packages exposing
``GAME`` (the end-to-end tests add the platform's toy game from ``tests/e2e/plugins``).
Nothing in ``bot/`` knows of this.
"""

from __future__ import annotations

import sys


def point_discord_at(rest_base: str, gateway_url: str) -> None:
    """Send discord.py's REST calls and gateway connection to the stand-in."""
    import discord.http
    import yarl
    from discord.gateway import DiscordWebSocket

    discord.http.Route.BASE = rest_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def register_games_in(folder: str) -> None:
    """Let the rules registry discover the games in ``folder`` (before anything lists them)."""
    import rules

    rules.__path__.append(folder)


def main(argv: list[str]) -> int:
    """Point discord.py at the stand-in, register any extra games, run the real bot."""
    rest_base, gateway_url, *plugins = argv
    point_discord_at(rest_base, gateway_url)
    for folder in plugins:
        register_games_in(folder)
    from bot.__main__ import main as bot_main

    return bot_main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

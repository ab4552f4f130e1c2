"""Start the real bot entry point (``bot.__main__.main``) against the local Discord stand-in.

``python -m tests.e2e.launcher REST_BASE GATEWAY_URL [--toy]``. Only discord.py's two base
addresses change: ``Route.BASE`` (every REST call, webhooks and interaction callbacks too) and
``DiscordWebSocket.DEFAULT_GATEWAY`` (discord.py 2.7 connects there first; READY's
``resume_gateway_url`` then points back at the stand-in). With ``--toy`` the platform's toy game
is registered the way the registry finds every game: a ``rules`` package exposing ``GAME``,
here from ``tests/e2e/plugins`` added to ``rules.__path__``. Nothing in ``bot/`` knows of this.
"""

from __future__ import annotations

import sys
from pathlib import Path

PLUGINS = Path(__file__).parent / "plugins"


def point_discord_at(rest_base: str, gateway_url: str) -> None:
    """Send discord.py's REST calls and gateway connection to the stand-in."""
    import discord.http
    import yarl
    from discord.gateway import DiscordWebSocket

    discord.http.Route.BASE = rest_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def register_toy_game() -> None:
    """Let the rules registry discover the toy game (before anything lists the games)."""
    import rules

    rules.__path__.append(str(PLUGINS))


def main(argv: list[str]) -> int:
    """Point discord.py at the stand-in, optionally add the toy game, run the real bot."""
    rest_base, gateway_url, *flags = argv
    point_discord_at(rest_base, gateway_url)
    if "--toy" in flags:
        register_toy_game()
    from bot.__main__ import main as bot_main

    return bot_main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

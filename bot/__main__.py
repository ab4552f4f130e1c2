"""Run the Discord bot: ``python -m bot`` (settings from .env or the environment)."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import threading

from .config import Config, ConfigError, load_config

EXIT_CONFIG = 2
EXIT_STORE = 1
EXIT_NETWORK = 3
SHARD_REFUSED = {4010: "an invalid shard (SHARD_IDS must be below SHARD_COUNT)",
                 4011: "too few shards for the bot's servers (raise SHARD_COUNT)"}

log = logging.getLogger("bot")


async def run(config: Config) -> None:
    """Open the store, build the service and the bot, and run until stopped.

    SIGTERM and SIGINT stop the bot gently: interactions in flight finish their posts, the
    gateway and HTTP session close, then the store closes. A signal that arrives while the
    bot is still starting (migrating the store, warming renderers) stops it before it logs in.
    """
    from .discord.app import create_bot
    from .memory import freeze_long_lived, warm_and_freeze
    from .presenter import render_in_processes
    from .service import Service
    from .store import Store

    stopping = _stop_signal()  # from the first moment: a stop while starting up is clean too
    render_in_processes(config.render_processes)
    store = await Store.open(config.database)
    try:
        bot = create_bot(Service(store), dev_guild_id=config.dev_guild_id,
                         shards=config.shards)
        # what lives as long as the process, out of the collector's way (bot/memory.py);
        # render worker processes warm their own renderers
        await asyncio.to_thread(freeze_long_lived if config.render_processes
                                else warm_and_freeze)
        if stopping.done():
            log.info("stopping before logging in")
            return
        log.info("running %s", config.shards.describe())
        async with bot:
            running = asyncio.create_task(bot.start(config.token))
            done, _ = await asyncio.wait({running, stopping},
                                         return_when=asyncio.FIRST_COMPLETED)
            if stopping in done:
                log.info("stopping")
                await bot.shutdown()
            else:
                stopping.cancel()
            await running
    finally:
        await store.close()
        render_in_processes(0)
        log.info("store closed")


def _stop_signal() -> asyncio.Future:
    """A future that completes on SIGTERM or SIGINT."""
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    if _stop_requested_early.is_set():
        stop.set_result(None)
    return stop


_stop_requested_early = threading.Event()  # SIGTERM before the event loop took the signals


def main(argv: list[str] | None = None) -> int:
    """Start the bot; return 2 with a one-line explanation when the settings are wrong.

    SIGTERM at any moment, even while the bot is still importing its libraries, stops it
    cleanly with exit code 0 (a service manager stopping a bot that is starting up): until
    the event loop takes over the signal, it is only remembered, then honoured.
    """
    signal.signal(signal.SIGTERM, lambda signum, frame: _stop_requested_early.set())
    return _main()


def _main() -> int:
    try:
        config = load_config()
    except ConfigError as error:
        print(f"tabletop: {error}", file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(level=config.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from .store.postgresql import redacted

    log.info("database %s", redacted(config.database_url) if config.database_url
             else config.database_path)
    import aiohttp
    import discord

    # the bot never joins a voice channel: no warning that voice support is not installed
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    from .store import StoreError

    if _stop_requested_early.is_set():
        log.info("stopped while starting")
        return 0
    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        print("tabletop: Discord refused DISCORD_TOKEN; copy the bot token again from the "
              "developer portal.", file=sys.stderr)
        return EXIT_CONFIG
    except (aiohttp.ClientError, discord.GatewayNotFound, TimeoutError) as error:
        print(f"tabletop: cannot reach Discord ({error or type(error).__name__}); check the "
              "network connection and start again.", file=sys.stderr)
        return EXIT_NETWORK
    except discord.ConnectionClosed as error:
        if error.code not in SHARD_REFUSED:
            raise
        print(f"tabletop: Discord closed the gateway with code {error.code}: "
              f"{SHARD_REFUSED[error.code]}.", file=sys.stderr)
        return EXIT_CONFIG
    except StoreError as error:  # the store cannot be opened: say why in one line
        print(f"tabletop: {error}", file=sys.stderr)
        return EXIT_STORE
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())

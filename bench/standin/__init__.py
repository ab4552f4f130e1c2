"""A local Discord stand-in: v10 gateway and REST on 127.0.0.1, for the end-to-end tests
(``tests/e2e``) and the load benchmark (``bench/discord_load.py``).

It speaks enough of Discord for the real bot process to log in, sync its commands, receive
interactions and answer them, and it enforces Discord's documented rules (acknowledge within
3 s, one callback per interaction, message/component/autocomplete/command/upload limits).
Every breach is kept in ``StandIn.violations``; tests assert there are none. It shards as
Discord does (``StandIn(shard_count=...)``, ``add_guild``; :mod:`bench.standin.gateway`).
"""

from .server import Fault, Message, StandIn

__all__ = ["Fault", "Message", "StandIn"]

"""Read the bot's settings from the environment and a ``.env`` file (environment wins)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from .shards import EVERY_SHARD, ShardPlan, parse_plan

DEFAULT_DATABASE = "var/tabletop.db"
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True)
class Config:
    """Everything ``python -m bot`` needs to run."""

    token: str
    database_path: Path
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    render_processes: int = 0  # boards drawn in threads (measured faster; see bench)
    database_url: str | None = None  # a PostgreSQL database instead of the SQLite file
    shards: ShardPlan = EVERY_SHARD  # SHARD_COUNT / SHARD_IDS (default: automatic sharding)

    @property
    def database(self) -> str | Path:
        """What the store opens: ``DATABASE_URL`` when set, else the SQLite file."""
        return self.database_url or self.database_path


def parse_env_file(text: str) -> dict[str, str]:
    """Read ``KEY=VALUE`` lines; blank lines, ``#`` comments and ``export`` are allowed."""
    values: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):].lstrip()
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            continue
        values[key.strip()] = _unquote(value.strip())
    return values


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    if " #" in value:
        return value.split(" #", 1)[0].rstrip()
    return value


def load_config(environ: Mapping[str, str] | None = None,
                env_file: str | Path = ".env") -> Config:
    """Merge ``env_file`` (if present) under ``environ`` and validate the result."""
    environ = os.environ if environ is None else environ
    path = Path(env_file)
    merged = parse_env_file(path.read_text(encoding="utf-8")) if path.is_file() else {}
    merged.update({k: v for k, v in environ.items()})
    return config_from(merged)


def config_from(values: Mapping[str, str]) -> Config:
    """Build a :class:`Config` from plain settings, or raise :class:`ConfigError`."""
    token = values.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError("DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in .env "
                          "or the environment.")
    guild = values.get("DEV_GUILD_ID", "").strip()
    if guild and not (guild.isascii() and guild.isdigit()):
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
    level = (values.get("LOG_LEVEL", "").strip() or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
    database = values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE
    url = values.get("DATABASE_URL", "").strip() or None
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError("DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@"
                          "host/database); leave it unset to use the SQLite file DATABASE_PATH.")
    processes = values.get("RENDER_PROCESSES", "").strip() or "0"
    if not (processes.isascii() and processes.isdigit()):
        raise ConfigError(f"RENDER_PROCESSES must be a number of processes, not {processes!r}.")
    try:
        shards = parse_plan(values.get("SHARD_COUNT", ""), values.get("SHARD_IDS", ""))
    except ValueError as error:
        raise ConfigError(str(error)) from None
    return Config(token, Path(database), int(guild) if guild else None, level, int(processes),
                  url, shards)

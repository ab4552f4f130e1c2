"""Settings from .env and the environment, and ``python -m bot`` without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE, ConfigError, config_from, load_config, parse_env_file

ROOT = Path(__file__).resolve().parents[2]


def test_env_file_parsing():
    text = "# settings\nexport DISCORD_TOKEN='abc'\n\nDATABASE_PATH=var/x.db # local\nBROKEN\n" \
           "LOG_LEVEL=\"debug\"\n"
    assert parse_env_file(text) == {"DISCORD_TOKEN": "abc", "DATABASE_PATH": "var/x.db",
                                    "LOG_LEVEL": "debug"}


def test_environment_wins_over_env_file(tmp_path):
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=123\n")
    config = load_config({"DISCORD_TOKEN": "from-env"}, env)
    assert config.token == "from-env" and config.dev_guild_id == 123
    assert config.database_path == Path(DEFAULT_DATABASE) and config.log_level == "INFO"
    assert load_config({}, env).token == "from-file"


def test_database_url_selects_postgresql_and_must_name_it():
    config = config_from({"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://u:p@h/db"})
    assert config.database == "postgresql://u:p@h/db"
    assert config_from({"DISCORD_TOKEN": "t"}).database == Path(DEFAULT_DATABASE)
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        config_from({"DISCORD_TOKEN": "t", "DATABASE_URL": "mysql://h/db"})


def test_bad_settings_are_explained():
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        config_from({"DISCORD_TOKEN": "  "})
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        config_from({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"})
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        config_from({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "12²"})
    with pytest.raises(ConfigError, match="RENDER_PROCESSES"):
        config_from({"DISCORD_TOKEN": "t", "RENDER_PROCESSES": "①"})
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        config_from({"DISCORD_TOKEN": "t", "LOG_LEVEL": "loud"})


def test_missing_token_exits_with_code_2_and_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update({"DISCORD_TOKEN": "", "PYTHONPATH": str(ROOT)})
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "Traceback" not in done.stderr
    assert done.stdout == ""

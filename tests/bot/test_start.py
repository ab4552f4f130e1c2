"""Starting ``python -m bot`` with a token but no way to reach Discord: one clear line and a
non-zero exit, not a traceback; and no warning about voice support the bot never uses."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_no_network_is_one_line_and_a_non_zero_exit(tmp_path):
    port = _closed_port()  # nothing listens there: every connection is refused
    env = {**os.environ, "DISCORD_TOKEN": "fake", "DATABASE_PATH": str(tmp_path / "t.db"),
           "PYTHONPATH": str(ROOT), "LOG_LEVEL": "WARNING", "RENDER_PROCESSES": "0"}
    env.pop("DEV_GUILD_ID", None)
    done = subprocess.run(
        [sys.executable, "-m", "bench.standin.launcher", f"http://127.0.0.1:{port}/api/v10",
         f"ws://127.0.0.1:{port}/"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=120)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tabletop: cannot reach Discord"), lines
    assert "voice" not in done.stderr

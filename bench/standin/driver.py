"""Run the real bot process against the stand-in and wait for it to finish interactions."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

from .model import Interaction
from .server import StandIn

ROOT = Path(__file__).resolve().parents[2]
HANDLED = re.compile(r"interaction (\d+) handled")
CONNECTED = re.compile(r"Shard ID (\d+) has connected to Gateway")
START_SECONDS = 30.0
ANSWER_SECONDS = 3.5
DONE_SECONDS = 30.0  # a liveness bound, not a speed test (a busy CI machine may be slow)


class BotProcess:
    """``python -m bench.standin.launcher`` as a subprocess, with its log read line by line."""

    def __init__(self, standin: StandIn, database: Path, plugins: Path | None = None,
                 env: dict[str, str] | None = None, root: Path | None = None):
        self.standin = standin
        self.root = root or ROOT  # the checkout whose bot runs (another one: before/after)
        self.database = database
        self.plugins = plugins  # a folder of extra ``rules`` packages (games) to register
        self.env = env or {}
        self.process: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self._handled: dict[int, asyncio.Event] = {}
        self._reader: asyncio.Task | None = None
        self._connected: set[int] = set()  # shards this process (not another one) connected
        self._all_connected = asyncio.Event()
        self.done_seconds = DONE_SECONDS

    def shards(self) -> list[int]:
        """The shards this process runs: ``SHARD_IDS``, else all of ``SHARD_COUNT``, else all
        the stand-in recommends."""
        ids = self.env.get("SHARD_IDS", "").strip()
        if ids:
            return [int(i) for i in ids.split(",")]
        count = self.env.get("SHARD_COUNT", "").strip()
        return list(range(int(count) if count else self.standin.shard_count))

    async def start(self) -> "BotProcess":
        """Start the bot and wait until each of its shards has identified on the gateway.

        The stand-in's per-shard events are shared by every process running that shard, so
        the bot's own log must also say each of its shards connected: with two processes
        started together, the first one's login must not pass for the second one's.
        """
        ready = [self.standin.gateway.shard_ready(shard) for shard in self.shards()]
        for event in ready:
            event.clear()
        await self.launch()
        identified = asyncio.create_task(_all_set([*ready, self._all_connected]))
        done, _ = await asyncio.wait({identified, self._reader}, timeout=START_SECONDS,
                                     return_when=asyncio.FIRST_COMPLETED)
        if identified not in done:
            identified.cancel()
            raise AssertionError("the bot did not log in:\n" + self.log)
        return self

    async def launch(self) -> None:
        """Start the bot process and read its log, without waiting for it to log in."""
        env = {**os.environ, "DISCORD_TOKEN": "fake", "DATABASE_PATH": str(self.database),
               "LOG_LEVEL": "INFO", "PYTHONUNBUFFERED": "1", "RENDER_PROCESSES": "0",
               **self.env}
        if "DEV_GUILD_ID" not in self.env:
            env.pop("DEV_GUILD_ID", None)
        args = [sys.executable, "-m", "bench.standin.launcher", self.standin.url,
                self.standin.gateway_url, *([str(self.plugins)] if self.plugins else [])]
        self.process = await asyncio.create_subprocess_exec(
            *args, cwd=self.root, env=env, stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE)
        self._reader = asyncio.create_task(self._read())

    async def logged(self, text: str, timeout: float = START_SECONDS) -> None:
        """Wait until a line of the bot's log contains ``text``."""
        async def seen() -> None:
            while not any(text in line for line in self.lines):
                await asyncio.sleep(0.01)
        try:
            await asyncio.wait_for(seen(), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"the bot never logged {text!r}:\n" + self.log) from None

    async def _read(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        async for raw in self.process.stderr:
            line = raw.decode(errors="replace").rstrip()
            self.lines.append(line)
            found = HANDLED.search(line)
            if found:
                self._event(int(found.group(1))).set()
            connected = CONNECTED.search(line)
            if connected:
                self._connected.add(int(connected.group(1)))
                if self._connected >= set(self.shards()):
                    self._all_connected.set()

    def _event(self, interaction_id: int) -> asyncio.Event:
        return self._handled.setdefault(interaction_id, asyncio.Event())

    @property
    def log(self) -> str:
        """Everything the bot logged so far."""
        return "\n".join(self.lines)

    async def done(self, interaction: Interaction) -> Interaction:
        """Wait until the bot acknowledged ``interaction`` and finished handling it."""
        try:
            await asyncio.wait_for(interaction.answered.wait(), ANSWER_SECONDS)
        except asyncio.TimeoutError:
            raise AssertionError(f"interaction {interaction.id} not acknowledged in time\n"
                                 + self.log[-3000:]) from None
        if interaction.type != 4:
            try:
                await asyncio.wait_for(self._event(interaction.id).wait(), self.done_seconds)
            except asyncio.TimeoutError:
                raise AssertionError(f"interaction {interaction.id} never finished\n"
                                     + self.log[-3000:]) from None
        return interaction

    async def stop(self, sig: int = signal.SIGTERM, timeout: float = 15.0) -> int:
        """Send ``sig`` and wait for the exit code (killing the process after ``timeout``)."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(sig)
        try:
            code = await asyncio.wait_for(self.process.wait(), timeout)
        except asyncio.TimeoutError:
            self.process.kill()
            code = await self.process.wait()
        if self._reader is not None:
            await asyncio.wait({self._reader}, timeout=2)
        return code

    def errors(self) -> list[str]:
        """Log lines at ERROR or above (tracebacks included)."""
        return [line for line in self.lines if " ERROR " in line or " CRITICAL " in line
                or line.startswith("Traceback")]


async def _all_set(events: list[asyncio.Event]) -> None:
    """Return once every one of ``events`` is set."""
    for event in events:
        await event.wait()

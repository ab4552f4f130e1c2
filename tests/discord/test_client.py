"""The bot's working state is declared on its client class, and the flows share one wrapper."""

from __future__ import annotations

import ast
import inspect
from collections import Counter
from pathlib import Path

from bot.discord import flows, history_flows
from bot.discord.client import TabletopClient

DISCORD = Path(__file__).resolve().parents[2] / "bot" / "discord"


async def test_the_bot_declares_its_counters(discord_):
    bot = discord_.bot
    assert isinstance(bot, TabletopClient)
    assert bot.in_flight == set() and bot.posting == Counter() and bot.warming is None
    assert bot.view_for([]) is None


def test_no_module_probes_the_client_for_attributes():
    """No ``hasattr``/``getattr`` on the client: what it holds is declared, not stuck on."""
    bad = []
    for path in sorted(DISCORD.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("hasattr", "getattr", "setattr") and node.args
                    and "client" in ast.unparse(node.args[0])):
                bad.append(f"{path.name}:{node.lineno}")
    assert not bad, bad


def test_every_flow_is_written_once_under_the_wrapper():
    """Flows take the context (the wrapper makes the interaction entry point); none nests
    its own ``work`` closure."""
    for module in (flows, history_flows):
        source = inspect.getsource(module)
        assert "async def work(" not in source and "handle(interaction" not in source
    for entry in (flows.join, flows.click_option, flows.show_me, history_flows.export):
        assert next(iter(inspect.signature(entry.__wrapped__).parameters)) == "ctx"

"""Catalog messages of Caverna (data/messages/*/caverna.toml): one builder per kind of name,
event, action label, refusal and prompt, so no module spells catalog keys itself."""

from __future__ import annotations

from rules.core import Msg
from rules.core.namespace import Namespace

NS = Namespace("caverna")

# Names of things: ``space("forest")`` is the message ``caverna.space.forest``.
space = NS.table("space")  # an action space
part = NS.table("part")  # a part of an action space
tile = NS.table("tile")  # a furnishing tile
twin = NS.table("twin")  # a landscape tile (twin or single)
loot = NS.table("loot")  # an expedition loot item
harvest = NS.table("harvest")  # a harvest kind (none, normal, feed1, choice)
build = NS.table("build")  # a fence or stable build (small, large, stable)
# Texts with parameters: ``error("occupied", space=...)``.
action = NS.table("action")  # the label of a listed action
error = NS.table("error")  # the reason a move is refused
prompt = NS.table("prompt")  # the prompt of a decision kind
event = NS.event  # a public event: ``event("round", reveals=True, round=2)``


def good(name: str, n: int = 1) -> Msg:
    """Name ``n`` of a good or an animal ("2 wood", "1 sheep")."""
    return Msg(f"caverna.good.{name}", {"n": n})


def goods(amounts: dict) -> list[Msg]:
    """Name every non-zero amount of ``amounts``."""
    return [good(g, n) for g, n in amounts.items() if n]


def summary_round(round_no: int, total: int) -> Msg:
    """Status line naming the round."""
    return Msg("caverna.summary.round", {"round": round_no, "total": total})


DONE = action("done")

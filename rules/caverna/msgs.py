"""Catalog messages of Caverna (data/messages/*/caverna.toml): one helper per kind of name,
event, action label, refusal and prompt, so no module spells catalog keys itself."""

from __future__ import annotations

from rules.core import Event, Msg


def space(space_id: str) -> Msg:
    """Name an action space."""
    return Msg(f"caverna.space.{space_id}")


def part(part_id: str) -> Msg:
    """Name a part of an action space."""
    return Msg(f"caverna.part.{part_id}")


def good(name: str, n: int = 1) -> Msg:
    """Name ``n`` of a good or an animal ("2 wood", "1 sheep")."""
    return Msg(f"caverna.good.{name}", {"n": n})


def goods(amounts: dict) -> list[Msg]:
    """Name every non-zero amount of ``amounts``."""
    return [good(g, n) for g, n in amounts.items() if n]


def tile(tile_id: str) -> Msg:
    """Name a furnishing tile."""
    return Msg(f"caverna.tile.{tile_id}")


def twin(kind: str) -> Msg:
    """Name a landscape tile (twin or single)."""
    return Msg(f"caverna.twin.{kind}")


def loot(item_id: str) -> Msg:
    """Name an expedition loot item."""
    return Msg(f"caverna.loot.{item_id}")


def harvest(kind: str) -> Msg:
    """Name a harvest kind (none, normal, feed1, choice)."""
    return Msg(f"caverna.harvest.{kind}")


def build(what: str) -> Msg:
    """Name a fence or stable build (small, large, stable)."""
    return Msg(f"caverna.build.{what}")


def action(name: str, **params) -> Msg:
    """Label of a listed action."""
    return Msg(f"caverna.action.{name}", params)


def error(name: str, **params) -> Msg:
    """Reason a move is refused."""
    return Msg(f"caverna.error.{name}", params)


def prompt(kind: str, **params) -> Msg:
    """Prompt of a decision kind."""
    return Msg(f"caverna.prompt.{kind}", params)


def event(name: str, reveals: bool = False, **params) -> Event:
    """A public event."""
    return Event(f"caverna.event.{name}", params, reveals=reveals)


def summary_round(round_no: int, total: int) -> Msg:
    """Status line naming the round."""
    return Msg("caverna.summary.round", {"round": round_no, "total": total})


DONE = action("done")

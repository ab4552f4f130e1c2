"""What one seat may see of a Warcraft game: the Small World view plus islands, region codes,
factions, Murlocs and markers (face-down markers carry no id), in the renderer's format
(``rendering/smallworld_warcraft``)."""

from __future__ import annotations

from rules.core.types import View
from rules.smallworld import view as base_view
from rules.smallworld.state import State

from . import beasts, champion, data, goblins, harmony, holding, markers, objectives, pieces


def build(state: State, seat: int | None) -> View:
    """Return the view of ``seat`` (None: the public)."""
    base = base_view.build(state, seat)
    view_data = dict(base.data)
    board = data.board(tuple(state.extra["islands"]))
    view_data.update(
        islands=list(state.extra["islands"]), round=state.turn, rounds=state.turns,
        regions=[_region(state, board, r) for r in view_data["regions"]],
        players=[_player(state, p) for p in view_data["players"]],
        marker_pool=len(state.extra.get("pool", ())),
        bomb_pile=None if goblins.pile(state) is None else len(goblins.pile(state)))
    return View("smallworld_warcraft", seat, view_data, base.private, base.summary)


def _region(state: State, board: data.Board, region: dict) -> dict:
    rid = region["id"]
    shown = [{"id": m["id"] if m["up"] else None, "face_up": bool(m["up"])}
             for m in markers.in_region(state, rid)]
    race = region.get("race")
    held = pieces.of(state, rid)
    beasts = holding.beasts_at(state, rid)
    hero = holding.champion_at(state, rid)
    return dict(region, code=board.regions[rid].code, tokens=region["tokens"] - beasts - hero,
                faction=data.faction(race) if race in data.races() else None,
                murlocs=int(region.get("lost_tribe") or 0), markers=shown, beasts=beasts,
                champion=bool(hero), wisp_wall=bool(held.get("wisp_wall")),
                fort=bool(held.get("fort")),
                watchtower=bool(held.get("watchtower")),
                bomb=str(rid) in goblins.placed(state),
                objective=rid in objectives.placed(state))


def _player(state: State, player: dict) -> dict:
    declined = player.get("declined") or []
    active = player.get("active")
    if active is not None:
        inst = state.active(player["seat"])
        active = dict(active, champion_in_hand=champion.in_hand(state, inst),
                      beasts_in_hand=beasts.in_hand(state, inst))
    if active is not None and player["seat"] == state.current:
        active = dict(active, form=state.extra.get("turn", {}).get("form"))
    return dict(player, active=active, declined=declined[-1] if declined else None,
                harmony=player["seat"] in harmony.holders(state))

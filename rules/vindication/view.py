"""What each seat may see (spec 8.4): the public table, plus a seat's own secrets."""

from __future__ import annotations

from rules.core import Msg, View

from .crystals import KINDS as CRYSTAL_KINDS
from .data import regions
from .guilds import add_guilds
from .hidden import SECRET_DECISIONS
from .msgs import card_msg
from .myths import public as myths_public


def _player(player, seat: int, viewer: int | None, over: bool, crystals: bool) -> dict:
    data = {"seat": seat, "start": player.start_number, "triangle": player.triangle,
            "potential": player.potential, "influence": player.influence,
            "conviction": player.conviction, "attrs": dict(player.attrs), "honor": player.honor,
            "speed": player.speed, "vindicated": player.vindicated,
            "companions": [list(c) for c in player.companions],
            "relics": [list(r) for r in player.relics], "traits": list(player.traits),
            "monsters": list(player.monsters), "quest_count": len(player.quests),
            "proficiency": dict(player.proficiency), "tokens": list(player.tokens)}
    if crystals:
        data.update(crystals=player.crystals, infused=list(player.infused))
    if viewer == seat or over:
        data["quests"] = list(player.quests)
    return data


def _pending(game, state, viewer) -> list[dict]:
    block = []
    for d in _open(game, state):
        entry = {"type": d["type"], "seat": d["seat"]}
        if d["seat"] == viewer and d["type"] in SECRET_DECISIONS:
            entry["cards"] = list(d.get("dealt") or d.get("drawn") or d.get("candidates") or [])
        block.append(entry)
    return block


def _open(game, state):
    from rules.core.decisions import open_block
    return open_block(state, game.handlers)


def build_view(game, state, viewer: int | None) -> View:
    """Return the view of ``viewer`` (None: the public channel)."""
    tiles = state.aside + [t for t, _ in state.hexes.values() if t]
    crystals = "crystals" in state.options.get("modules", []) or any(
        regions()[r]["visit"]["kind"] in CRYSTAL_KINDS for r in tiles)
    data = {
        "players": [_player(p, s, viewer, state.over, crystals)
                    for s, p in enumerate(state.players)],
        "hexes": {h: list(v) for h, v in state.hexes.items()},
        "face_up": dict(state.face_up),
        "deck_sizes": {d: len(c) for d, c in state.decks.items()},
        "bag": len(state.bag), "quest_deck": len(state.quest_deck),
        "triggers_up": list(state.triggers_up), "trigger_deck": len(state.trigger_deck),
        "tokens_left": list(state.tokens_left), "prof_supply": dict(state.prof_supply),
        "wishes": {h: list(w) for h, w in state.wishes.items()}, "wish_pool": len(state.wish_pool),
        "current": state.current, "first_seat": state.first_seat, "round": state.round,
        "end_round": state.end_round, "over": state.over,
        "modules": list(state.options.get("modules", [])), "aside": list(state.aside),
        "visited_hex": state.turn["visited_hex"],
        "pending": _pending(game, state, viewer),
    }
    if "pets" in state.decks:  # Menagerie & Pets (7.8): the market and who owns which pet
        data["pet_market"] = list(state.pet_market)
        for entry, player in zip(data["players"], state.players, strict=True):
            entry["pets"] = [list(p) for p in player.pets]
    if "guilds" in data["modules"]:  # Guilds & Monuments (7.10): medals and monument boards
        add_guilds(state, data)
    if state.myths:  # Myths & Marvels (7.11): the board, its circles, the battle, the loot
        data["myths"] = myths_public(state)
    if state.over:
        data["scores"] = {str(s): {"total": line.total, "breakdown": dict(line.breakdown)}
                          for s, line in game.score(state).items()}
    private = []
    if viewer is not None:
        quests = state.players[viewer].quests
        if quests:
            named = [card_msg(q) for q in quests]
            private.append(Msg("vindication.private.quests", {"quests": named}))
        returned = state.players[viewer].returned
        if returned:
            private.append(Msg("vindication.private.returned",
                               {"quests": [card_msg(q) for q in returned]}))
        for entry in data["pending"]:
            if entry.get("cards"):
                private.append(Msg("vindication.private.cards",
                                   {"cards": [card_msg(c) for c in entry["cards"]]}))
    return View("vindication", viewer, data, private, [_summary(state)])


def _summary(state) -> Msg:
    """Whose turn it is; during the set-up's simultaneous quest choice, who still chooses;
    once over, the last round (nobody is to play)."""
    if state.over:
        return Msg("vindication.summary.over", {"round": state.round})
    choosing = sorted(d["seat"] for d in state.pending if d["type"] == "quest_keep")
    if choosing:
        return Msg("vindication.summary.choosing_quests", {"waiting_seat": choosing})
    return Msg("vindication.summary.round", {"round": state.round, "seat": state.current})

"""The Small World of Warcraft game object: Small World's engine with the Warcraft variant."""

from __future__ import annotations

import re

from rules.core.decisions import Handlers
from rules.core.rng import Rng
from rules.core.types import OptionSpec, View
from rules.smallworld import handlers
from rules.smallworld.game import SmallWorld

from . import data, goblins, invariants, markers, view
from . import moves as wc_moves
from .battleground import BattlegroundDecision
from .conquests import WarcraftConquest
from .gnomes import AirRaidDecision
from .goblins import BombsDecision
from .objectives import ObjectivesDecision
from .pieces import PlacePiecesDecision
from .placements import PlaceArtifactDecision
from .races import FormDecision, RecruitDecision
from .redeploying import WarcraftRedeploy, WarcraftWithdraw
from .variant import NAME
from .wells import WellDecision

CODE = re.compile(r"\b([lms][12])-?([0-9]{1,2})\b")
OWN_DECISIONS = (WellDecision(), FormDecision(), RecruitDecision(), ObjectivesDecision(),
                 PlaceArtifactDecision(), AirRaidDecision(), BombsDecision(),
                 PlacePiecesDecision(), BattlegroundDecision())
WARCRAFT_VERSIONS = {"conquest": WarcraftConquest(), "redeploy": WarcraftRedeploy(),
                     "withdraw": WarcraftWithdraw()}
HANDLERS = Handlers(tuple(WARCRAFT_VERSIONS.get(h.kind, h) for h in handlers.BASE_HANDLERS)
                    + OWN_DECISIONS)
OWN_KINDS = frozenset(d.kind for d in OWN_DECISIONS)
handlers.register_handlers(NAME, HANDLERS)


class SmallWorldWarcraft(SmallWorld):
    """Small World of Warcraft for 2-5 players, on islands.

    Regions are named by their number on this game's board (as drawn) or by their printed
    code (``L1-07``); moves are those of Small World plus ``well R``.
    """

    name = "smallworld_warcraft"
    title = "smallworld_warcraft.title"
    variant = NAME
    verbs = wc_moves.VERBS
    handlers = HANDLERS
    from . import evaluate as evaluator  # computer players (rules.core.ai)
    options = (
        OptionSpec("two_player_boards", "choice", "LM", "smallworld_warcraft.option."
                   "two_player_boards", choices=("LM", "LS")),
        OptionSpec("islands", "list", [], "smallworld_warcraft.option.islands"),
        OptionSpec("markers", "list", [], "smallworld_warcraft.option.markers"),
        OptionSpec("combos", "list", [], "smallworld_warcraft.option.combos"),
        OptionSpec("first_player", "int", -1, "smallworld_warcraft.option.first_player",
                   minimum=-1, maximum=4),
        OptionSpec("dice", "list", [], "smallworld_warcraft.option.dice"),
        OptionSpec("faction_bonus_own_declined", "bool", False,
                   "smallworld_warcraft.option.faction_bonus_own_declined"),
        OptionSpec("air_raid_first_conquest", "bool", False,
                   "smallworld_warcraft.option.air_raid_first_conquest"),
        OptionSpec("garrison_timing", "choice", "end_of_turn",
                   "smallworld_warcraft.option.garrison_timing",
                   choices=("end_of_turn", "on_conquest")),
        OptionSpec("portal_mage_requires_own_region", "bool", False,
                   "smallworld_warcraft.option.portal_mage_requires_own_region"),
        OptionSpec("champion_conquest_places_token", "bool", False,
                   "smallworld_warcraft.option.champion_conquest_places_token"),
        OptionSpec("announce_coin_events", "bool", True,
                   "smallworld_warcraft.option.announce_coin_events"),
    )

    def parse_move(self, text: str) -> tuple | None:
        """Read a Small World or Warcraft move (see :mod:`moves`)."""
        return wc_moves.parse(text)

    def move_text(self, move: tuple) -> str:
        """Return the canonical text of ``move``."""
        return wc_moves.text(move)

    def parse_action(self, state, seat: int, text: str):
        """Accept printed region codes (``L1-07``) for this board's numbers, then parse."""
        return super().parse_action(state, seat, self.numbered(state, text))

    def explain_illegal(self, state, seat: int, text: str):
        """Say why ``text`` is not legal now (region codes accepted)."""
        return super().explain_illegal(state, seat, self.numbered(state, text))

    @staticmethod
    def numbered(state, text: str) -> str:
        """Replace printed region codes of this board by its region numbers."""
        codes = _codes(tuple(state.extra["islands"]))

        def swap(match: re.Match) -> str:
            code = f"{match.group(1).upper()}-{int(match.group(2)):02d}"
            return str(codes.get(code, match.group(0)))

        return CODE.sub(swap, text.lower())

    def prompt(self, state, seat: int):
        """Describe the decision ``seat`` owes now (the Warcraft decisions included)."""
        top = state.pending[-1] if state.pending and not state.over else None
        if top is not None and top["type"] in OWN_KINDS and top["seat"] == seat:
            return HANDLERS[top["type"]].prompt(state, top)
        return super().prompt(state, seat)

    def check_invariants(self, state) -> list[str]:
        """Return the Warcraft invariants ``state`` breaks (empty when sound)."""
        return invariants.problems(state)

    def view(self, state, seat: int | None) -> View:
        """Return what ``seat`` may see."""
        return view.build(state, seat)

    def rerandomise_hidden(self, state, seat: int | None, seed: int):
        """Also re-deal the face-down markers (on the board and aside) among themselves."""
        out = super().rerandomise_hidden(state, seat, seed)
        rng = Rng(seed ^ 0x5757)
        down = [m for m in markers.on_board(out) if not m["up"]]
        hidden = [m["id"] for m in down] + list(out.extra["pool"])
        rng.shuffle(hidden)
        for found in down:
            found["id"] = hidden.pop()
        out.extra["pool"] = hidden
        bombs = list(out.extra.get("bomb_pile") or []) + [
            b["kind"] for _, b in sorted(goblins.placed(out).items())]
        rng.shuffle(bombs)
        for _, bomb in sorted(goblins.placed(out).items()):
            bomb["kind"] = bombs.pop()
        if out.extra.get("bomb_pile") is not None:
            out.extra["bomb_pile"] = bombs
        return out


def _codes(islands: tuple[str, ...]) -> dict[str, int]:
    return {r.code: r.id for r in data.board(islands).regions}

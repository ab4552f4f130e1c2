"""The Small World of Warcraft game object: Small World's engine with the Warcraft variant."""

from __future__ import annotations

import re

from rules.core.decisions import Handlers
from rules.core.rng import Rng
from rules.core.types import OptionSpec, View
from rules.smallworld import handlers, moves
from rules.smallworld.game import SmallWorld

from . import data, goblins, markers, view
from .conquests import ARTIFACT_MOVES, WarcraftConquest
from .gnomes import AirRaidDecision
from .goblins import BombsDecision
from .objectives import ObjectivesDecision
from .placements import PlaceArtifactDecision
from .races import FORMS, FormDecision, RecruitDecision
from .variant import NAME
from .wells import WellDecision

CODE = re.compile(r"\b([lms][12])-?(\d{1,2})\b")
OWN_DECISIONS = (WellDecision(), FormDecision(), RecruitDecision(), ObjectivesDecision(),
                 PlaceArtifactDecision(), AirRaidDecision(), BombsDecision())
HANDLERS = Handlers(tuple(WarcraftConquest() if h.kind == "conquest" else h
                          for h in handlers.BASE_HANDLERS) + OWN_DECISIONS)
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
    verbs = moves.VERBS | {"well", "form", "recruit", "objective", "objectives", "steal", "swap",
                           "intimidate", "pay", "aegis", "heart", "air", "abort", "bomb",
                           "bombs"} | set(
                               ARTIFACT_MOVES)
    handlers = HANDLERS
    options = (
        OptionSpec("two_player_boards", "choice", "LM", "smallworld_warcraft.option."
                   "two_player_boards", choices=("LM", "LS")),
        OptionSpec("islands", "list", [], "smallworld_warcraft.option.islands"),
        OptionSpec("markers", "list", [], "smallworld_warcraft.option.markers"),
        OptionSpec("combos", "list", [], "smallworld_warcraft.option.combos"),
        OptionSpec("first_player", "int", -1, "smallworld_warcraft.option.first_player",
                   minimum=-1, maximum=4),
        OptionSpec("dice", "list", [], "smallworld_warcraft.option.dice"),
    )

    def parse_move(self, text: str) -> tuple | None:
        """Read a Small World move, or ``well R``, ``form human|worgen``, ``recruit N``."""
        words = text.split(" ")
        numbered = ("well", "recruit", "objective", "aegis", "heart", "bomb", *ARTIFACT_MOVES)
        if len(words) == 2 and words[0] in numbered and _number(words[1]):
            return (words[0], int(words[1]))
        if (len(words) == 4 and words[0] in ("steal", "intimidate") and words[2] == "to"
                and _number(words[1]) and _number(words[3])):
            return (words[0], int(words[1]), int(words[3]))
        if len(words) == 3 and words[0] == "swap" and _number(words[1]) and _number(words[2]):
            return ("swap", int(words[1]), int(words[2]))
        if len(words) == 2 and words[0] == "intimidate" and _number(words[1]):
            return ("intimidate", int(words[1]))
        if len(words) == 2 and words[0] == "form" and words[1] in FORMS:
            return ("form", words[1])
        if words == ["objectives", "done"]:
            return ("objectives_done",)
        if words == ["pay", "aegis"]:
            return ("pay_aegis",)
        if words == ["bombs", "done"]:
            return ("bombs_done",)
        if words == ["abort", "air", "raid"]:
            return ("abort_air_raid",)
        if len(words) == 3 and words[:2] == ["air", "raid"] and _number(words[2]):
            return ("air_raid", int(words[2]))
        return moves.parse(text)

    def move_text(self, move: tuple) -> str:
        """Return the canonical text of ``move``."""
        if move[0] in ("well", "recruit", "form", "objective", "aegis", "heart", "bomb",
                       *ARTIFACT_MOVES):
            return f"{move[0]} {move[1]}"
        if move[0] in ("steal", "intimidate") and len(move) == 3:
            return f"{move[0]} {move[1]} to {move[2]}"
        if move[0] == "swap":
            return f"swap {move[1]} {move[2]}"
        if move[0] == "intimidate":
            return f"intimidate {move[1]}"
        if move[0] == "objectives_done":
            return "objectives done"
        if move[0] == "pay_aegis":
            return "pay aegis"
        if move[0] == "bombs_done":
            return "bombs done"
        if move[0] == "abort_air_raid":
            return "abort air raid"
        if move[0] == "air_raid":
            return f"air raid {move[1]}"
        return moves.text(move)

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


def _number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) < 4


def _codes(islands: tuple[str, ...]) -> dict[str, int]:
    return {r.code: r.id for r in data.board(islands).regions}

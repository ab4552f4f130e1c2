"""Scoring: coins at the end of a turn (3.11), final totals and tie-break (3.16).

Coins are hidden: the breakdown event of a turn goes to the scoring seat only.
"""

from __future__ import annotations

from rules.core.text import Msg
from rules.core.types import ScoreLine

from . import data, effects, msgs
from .state import State
from .variant import rules_of


def source_msg(state: State, source: str) -> Msg:
    """Return the display name of a score source (``regions``, a race id or a power id)."""
    if source in data.races(state.variant):
        return msgs.race(source)
    if source in data.powers(state.variant):
        return msgs.power(source)
    return Msg(f"smallworld.score.{source}")


def turn_lines(state: State, seat: int, held: dict[int, list[int]] | None = None,
               steady: bool = False) -> list[tuple[str, int]]:
    """Return what ``seat`` earns now, as (source, coins), regions first; ``held`` maps race
    instances to their regions (:func:`regions_by_instance`) when already known; ``steady``
    leaves out what pays only for this turn (what the same board pays on a later turn)."""
    insts = state.live_insts(seat)
    if held is None:
        owned = [state.regions_of(i.id) for i in insts]
    else:
        owned = [held.get(i.id, []) for i in insts]
    lines = [("regions", sum(len(regions) for regions in owned))]
    for inst, regions in zip(insts, owned, strict=True):
        lines.extend(effects.score_lines(state, inst, regions, steady))
    lines.extend(rules_of(state).extra_score_lines(state, seat, steady))
    return lines


def regions_by_instance(state: State) -> tuple[dict[int, list[int]], dict[int, int]]:
    """Return the regions (ascending, as ``state.regions_of``) and the tokens on the board
    (as ``state.on_board``) of every race instance with a region, in one scan of the board."""
    held: dict[int, list[int]] = {}
    tokens: dict[int, int] = {}
    for index, region in enumerate(state.regions):
        if region.inst is not None:
            held.setdefault(region.inst, []).append(index)
            tokens[region.inst] = tokens.get(region.inst, 0) + region.tokens
    return held, tokens


def score_turn(state: State, seat: int, events: list) -> int:
    """Pay ``seat`` its coins for this turn and report the breakdown to that seat only."""
    lines = turn_lines(state, seat)
    player = state.edit_player(seat)
    total = sum(coins for _, coins in lines)
    player.coins += total
    for source, coins in lines:
        player.earned[source] = player.earned.get(source, 0) + coins
    breakdown = [Msg("smallworld.score.line", {"source": source_msg(state, s), "coins": c})
                 for s, c in lines if c]
    breakdown = breakdown or [Msg("smallworld.score.nothing")]
    events.append(msgs.event("score", audience=frozenset({seat}), seat=seat, total=total,
                             coins=player.coins, breakdown=breakdown))
    events.append(msgs.event("turn_end", seat=seat))
    return total


def tokens_on_board(state: State, seat: int) -> int:
    """Return the seat's race tokens on the board (the tie-break; no reserve, no pieces)."""
    rules = rules_of(state)
    return sum(rules.tiebreak_tokens(state, i) for i in state.live_insts(seat))


def final_scores(state: State) -> dict[int, ScoreLine]:
    """Return each seat's coins, breakdown by source, and tie-break."""
    start = data.constants(state.variant)["start_coins"]
    lines = {}
    for seat, player in enumerate(state.players):
        breakdown = {"smallworld.score.start": start}
        for source, coins in player.earned.items():
            breakdown[source_msg(state, source).key] = coins
        breakdown["smallworld.score.combos"] = player.coins - start - sum(player.earned.values())
        lines[seat] = ScoreLine(player.coins, breakdown, (tokens_on_board(state, seat),))
    return lines


def ranking(state: State) -> list[int]:
    """Return the seats best first (coins, then tokens on the board)."""
    scores = final_scores(state)
    return sorted(scores, key=lambda s: (-scores[s].total, -scores[s].tiebreak[0], s))


def game_over_events(state: State) -> list:
    """Reveal every total and announce the ranking."""
    scores = final_scores(state)
    events = [msgs.event("final_coins", reveals=True, seat=s, coins=line.total,
                         tokens=line.tiebreak[0]) for s, line in scores.items()]
    order = ranking(state)
    best = (scores[order[0]].total, scores[order[0]].tiebreak)
    winners = [s for s in order if (scores[s].total, scores[s].tiebreak) == best]
    events.append(msgs.event("game_over", ranking=[Msg("smallworld.score.rank_line", {
        "seat": s, "coins": scores[s].total}) for s in order],
        winners=[Msg("smallworld.score.winner", {"seat": s}) for s in winners]))
    return events

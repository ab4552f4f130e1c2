"""How good a Vindication position is for a seat, for computer players (rules.core.ai).

Spec §6.3 (final scoring): honor at the end of play plus Mastery tiles, cards' end-game
scores, achieved Secret Quest tiers and controlled regions. A position is worth that final
honor as if the game ended now, plus a little for what turns honor into more honor later:
attribute cubes, Conviction, Influence and Potential on the power board, speed; and the
progress toward a face-up end-game trigger (a game nobody ends never finishes). Other
seats' quests are hidden: in a determinisation they are drawn at random (an expected value).
"""

from __future__ import annotations

from .data import ATTRIBUTES, card
from .hidden import _known_quests, _quest_slots, redeal_candidates
from .myths import canonical as sort_loot
from .myths import committed
from .scoring import breakdown, count, mastery_winners

HARD_ITERATIONS = 8  # rollouts of a hard decision (2 rounds of 4): p99 within 2 s at 4 players
# at 5 players rollouts through four others' turns took a hard decision's p99 to 0.77 s and
# a game of only hard seats to 2.9 CPU minutes on a fast day, 3.3 times that on the slowest
# day seen; cut at 8 decisions, 0.35 s and 1.2 minutes (README, Computer players)
ROLLOUT_DEPTH_AT = {5: 8}
BLUNDER = 3.0
STAY_COST = 0.0  # one "turn" decision spans the whole turn: staying in it is no round trip
WANDER = 0.08
CUBE = 0.5  # an attribute cube (spends on actions, counts for some quests)
CONVICTION = 0.8
SPARE = 0.2  # a cube in Influence or Potential
TRIGGER = 6.0  # meeting a face-up end-game trigger (the game ends: a lead is kept)
MONUMENT_SLOT = 1.2  # a filled monument slot: 9 of them make the 15-honor figure (7.10)
MEDAL = {"diplomacy": 1.0, "obstacle": 1.0, "fortify": 0.6, "command": 0.4}  # honor to come
MEDAL_OTHER = 0.2  # a medal on the player's own card or board (its effect works on later use)


def evaluate(state, seat: int, winners: dict | None = None) -> float:
    """Return ``seat``'s final honor if the game ended now, plus its resources' promise
    (``winners``: the Mastery winners, when already known)."""
    honor = float(sum(breakdown(state, seat, winners).values()))
    if state.over:
        return honor
    player = state.players[seat]
    cubes = sum(player.attrs[a] for a in ATTRIBUTES)
    cubes += committed(state, seat)  # Myths & Marvels: they come back with a victory (7.11)
    return (honor + CUBE * cubes + CONVICTION * player.conviction
            + SPARE * (player.influence + player.potential) + 0.5 * (player.speed - 2)
            + TRIGGER * trigger_progress(state, seat) + guild_promise(player))


def evaluate_all(state) -> list[float]:
    """Return every seat's :func:`evaluate`, the Mastery winners found once for all."""
    winners = mastery_winners(state)
    return [evaluate(state, seat, winners) for seat in range(len(state.players))]


def guild_promise(player) -> float:
    """Return the promise of ``player``'s monument slots and guild medal (spec 7.10): each
    slot brings the monument's 15 honor nearer; a medal that earns honor from the other
    players (Diplomacy, Obstacle) or guards a region is worth a little more than one on the
    player's own card or board."""
    medal = MEDAL.get(player.guild[0], MEDAL_OTHER) if player.guild else 0.0
    return MONUMENT_SLOT * len(player.monument) + medal


def trigger_progress(state, seat: int) -> float:
    """Return how near ``seat`` is to meeting a face-up end-game trigger (spec 6.2): the
    best, over the face-up cards, of the mean share of each clause reached (0..1)."""
    best = 0.0
    for trigger in state.triggers_up:
        clauses = card(trigger)["all"]
        shares = [min(1.0, count(state, seat, c["count"]) / max(1, c["at_least"]))
                  for c in clauses]
        best = max(best, sum(shares) / len(shares))
    return best


def canonical_hidden(state, seat: int):
    """Return a copy with every hidden order sorted (bag, decks, other seats' quests and
    draw candidates), so re-randomising depends only on what ``seat`` sees."""
    out = state.clone()
    out.bag.sort(key=repr)
    out.trigger_deck.sort(key=repr)
    out.wish_pool.sort(key=repr)
    known = _known_quests(out, seat)
    slots = _quest_slots(out, seat)
    names = iter(sorted({q for slot in slots for q in slot} - known))
    relabel: dict[str, str] = {}  # by first appearance: a quest in two lists keeps its link
    for slot in slots:
        for q in slot:
            if q not in known and q not in relabel:
                relabel[q] = next(names)
    for slot in slots:
        slot[:] = [relabel.get(q, q) for q in slot]
    for deck in out.decks:
        _sort_candidates(out, seat, deck)
    sort_loot(out)
    return out


def _sort_candidates(state, seat: int, deck: str) -> None:
    redeal_candidates(state, seat, deck, lambda cards: sorted(cards, key=repr))

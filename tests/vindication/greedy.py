"""A one-step greedy policy for pacing checks (spec 9 design notes: games should end around
rounds 10-15 for players who pursue honor). Test-side only; not a bot for the platform."""

from __future__ import annotations

from rules.core import Rng
from rules.vindication import VINDICATION as G
from rules.vindication.data import ATTRIBUTES, triangle_hexes


def value(state, seat: int) -> float:
    """Estimate how good ``state`` is for ``seat`` (honor now plus what it can become)."""
    p = state.players[seat]
    controlled = sum(1 for _, owner in state.hexes.values() if owner == seat)
    cards = len(p.companions) + len(p.relics) + len(p.traits) + len(p.monsters)
    attrs = sum(p.attrs[a] for a in ATTRIBUTES)
    near = 0.0
    if not state.turn["visited_or_rested"] and seat == state.current:
        near = 0.3 * sum(1 for h in triangle_hexes(p.triangle)
                         if state.hexes[h][0] and state.hexes[h][1] != seat)
    return (p.honor + 2 * controlled + 0.8 * cards + 0.3 * attrs + 0.15 * p.influence
            + 0.4 * p.conviction + 1.5 * p.speed + near)


def greedy_playout(seed: int, players: int, options: dict | None = None, max_steps=20000):
    """Play a game where every seat takes the action with the best one-step value (opening
    the recover menu changes nothing by itself, so the policy leaves it alone)."""
    state = G.new_game(seed, players, dict(options or {}))
    rng = Rng(seed ^ 0xB0B)
    for _ in range(max_steps):
        if G.is_over(state):
            return state
        seat = rng.choice(sorted(G.to_act(state)))
        best, chosen = None, []
        actions = [a for a in G.legal_actions(state, seat) if a.text != "recover"]
        for action in actions:
            after = G.copy(state)
            G.apply_unchecked(after, seat, action)
            score = value(after, seat)
            if best is None or score > best + 1e-9:
                best, chosen = score, [action]
            elif abs(score - best) <= 1e-9:
                chosen.append(action)
        state = G.copy(state)
        G.apply_unchecked(state, seat, rng.choice(chosen))
    return state

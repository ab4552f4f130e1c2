"""Small World: race/power combos conquering a shared map, with declines and hidden coins.

Split by mechanic: data (content loading), state, setup, combos (pick, column, coins, banner
return, reshuffle), conquest (targets, cost, losses, withdrawal, die), redeploy, decline,
scoring, races and powers (hooks), effects (data-driven discounts and scores), pending
(defenders' withdrawals by other seats), turn (the phase machine), actions (texts), menu
(short legal lists), view, game.
"""

from .game import SmallWorld

GAME = SmallWorld()

__all__ = ["GAME", "SmallWorld"]

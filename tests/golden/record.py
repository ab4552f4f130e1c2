"""Record golden playthroughs: one seeded random game per registered game and player count.

Each file holds the options, seed, every move as text with the events it produced, and the
final score. ``tests/golden/test_golden.py`` replays the moves and demands the same events and
score, so an engine refactor that changes behaviour fails loudly.

    python -m tests.golden.record            # (re)record every file
    python -m tests.golden.record caverna    # only one game

``VARIANTS`` adds runs with game options (an expansion module) beside the default ones, in
files named ``<game>-<variant>-<n>p.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rules.core import all_games
from rules.core.playout import random_playout

FOLDER = Path(__file__).parent / "data"
SEED = 2024
# game -> variant -> (options, player counts): recorded besides the default runs
VARIANTS = {"vindication": {
    **{module: ({"modules": [module]}, (2, 5))
       for module in ("well", "temple", "stones", "crystals", "treachery", "pets")},
    # Building Sites needs a tile to build: a Crystal Mine, as in the contract's options
    "sites": ({"modules": ["sites", "crystals"], "build": ["crystal_mine"],
               "remove": ["command_post", "shrine", "monastery"]}, (2, 5)),
    "guilds": ({"modules": ["guilds"]}, (2, 3, 4, 5)),
    "myths": ({"modules": ["myths"]}, (2, 5)),
    "all": ({"modules": ["all"]}, (2, 5)),
}}


def path_for(game_name: str, players: int, variant: str = "") -> Path:
    """Return the golden file of one game, variant (none: the default options) and count."""
    tag = f"-{variant}" if variant else ""
    return FOLDER / f"{game_name}{tag}-{players}p.json"


def event_record(event) -> list:
    """Return the comparable form of one event."""
    return event.to_json()


def score_record(game, state) -> dict:
    """Return the comparable form of the final scores."""
    return {str(seat): {"total": line.total, "breakdown": dict(line.breakdown),
                        "tiebreak": list(line.tiebreak)}
            for seat, line in sorted(game.score(state).items())}


def record(game, players: int, options: dict | None = None) -> dict:
    """Play one seeded random game (with ``options``) and return its golden record."""
    steps: list = []
    playout = random_playout(game, seed=SEED + players, players=players, options=options)
    state = game.new_game(playout.seed, players, dict(playout.options))
    for seat, text in playout.moves:
        state, events = game.play(state, seat, text)
        steps.append([seat, text, [event_record(e) for e in events]])
    return {"game": game.name, "players": players, "seed": playout.seed,
            "options": playout.options, "steps": steps, "score": score_record(game, state)}


def main(argv: list[str]) -> None:
    """Record every golden file (or only those of the games named in ``argv``)."""
    FOLDER.mkdir(exist_ok=True)
    for game in all_games():
        if argv and game.name not in argv:
            continue
        runs = [("", None, players) for players in range(game.min_players, game.max_players + 1)]
        runs += [(variant, options, players)
                 for variant, (options, counts) in VARIANTS.get(game.name, {}).items()
                 for players in counts]
        for variant, options, players in runs:
            data = record(game, players, options)
            path_for(game.name, players, variant).write_text(
                json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
            print(f"{game.name}{variant and ' ' + variant} {players}p: {len(data['steps'])} moves")


if __name__ == "__main__":
    main(sys.argv[1:])

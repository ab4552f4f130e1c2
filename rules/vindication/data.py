"""Load Vindication content (board, regions, cards, modules) from data/vindication/.

Everything is read once and cached; the rules never change it. Cards are looked up by id in
one table (``card(cid)``) whatever their type, with ``type`` and ``deck`` added at load time.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.paths import read_toml
from rules.core.text import DATA_DIR, Msg

FOLDER = DATA_DIR / "vindication"
BASIC = ("inspiration", "strength", "knowledge")
HEROIC = ("courage", "vision", "wisdom")
ATTRIBUTES = BASIC + HEROIC
CARD_DECKS = ("companions_red", "companions_blue", "companions_yellow", "traits", "relics",
              "monsters")
COLOR_DECK = {"red": "companions_red", "blue": "companions_blue",
              "yellow": "companions_yellow"}


def _load(name: str) -> dict:
    return read_toml(FOLDER / f"{name}.toml")


@lru_cache(maxsize=1)
def game() -> dict:
    """Return the core constants (attributes, dice, regions, journeys, per-count table)."""
    return _load("game")


@lru_cache(maxsize=1)
def modules() -> dict:
    """Return the expansion data (wish tokens, module regions, tile swaps)."""
    return _load("modules")


@lru_cache(maxsize=1)
def cards() -> dict:
    """Return the raw card lists by kind (companions, relics, ... end_game_triggers)."""
    return _load("cards")


@lru_cache(maxsize=1)
def card_table() -> dict[str, dict]:
    """Return every card, quest and trigger by id, each with its ``type`` and ``deck``."""
    table: dict[str, dict] = {}
    for raw, extra in ((cards(), {}), (treachery(), {"treachery": True})):
        for kind, ctype in (("companions", "companion"), ("traits", "trait"),
                            ("relics", "relic"), ("monsters", "monster"),
                            ("secret_quests", "quest"), ("end_game_triggers", "trigger")):
            for entry in raw.get(kind, []):
                item = dict(entry, type=ctype, **extra)
                item["deck"] = _deck_of(item)
                table[item["id"]] = item
    for entry in _load("pets")["pets"]:  # Menagerie & Pets (spec 7.8): ORIGINAL pet set
        table[entry["id"]] = dict(entry, type="pet", deck="pets")
    return table


@lru_cache(maxsize=1)
def treachery() -> dict:
    """Return the Treachery module's cards by kind (spec 7.3, ORIGINAL set of 9.4)."""
    return _load("treachery")


@lru_cache(maxsize=1)
def guild_rules() -> dict:
    """Return the Guilds & Monuments numbers and locations (spec 7.10)."""
    return _load("guilds")


def treachery_cards(deck: str) -> list[str]:
    """Return the ids of the treachery cards with the back of ``deck``, in data order."""
    return [cid for cid, item in card_table().items()
            if item["deck"] == deck and item.get("treachery")]


def _deck_of(item: dict) -> str | None:
    if item["type"] == "companion":
        return COLOR_DECK[item["color"]]
    return {"trait": "traits", "relic": "relics", "monster": "monsters"}.get(item["type"])


def card(cid: str) -> dict:
    """Return the card (or quest, or trigger) with id ``cid``."""
    return card_table()[cid]


def deck_cards(deck: str, chosen_modules=()) -> list[str]:
    """Return the ids of every card of ``deck`` in data order: the basic cards, and the
    treachery cards when ``chosen_modules`` holds the Treachery module."""
    basic = [cid for cid, item in card_table().items()
             if item["deck"] == deck and not item.get("treachery")]
    return basic + (treachery_cards(deck) if "treachery" in chosen_modules else [])


def card_color(cid: str) -> str:
    """Return the Mastery colour of a card (companions by colour, then deck colour)."""
    return game()["decks"][card(cid)["deck"]]["color"]


@lru_cache(maxsize=1)
def regions() -> dict[str, dict]:
    """Return every region definition (basic and module regions) by id."""
    table = dict(game()["regions"])
    table.update(modules()["regions"])
    return table


@lru_cache(maxsize=1)
def board() -> dict:
    """Return the board: ``hexes`` and ``triangles`` keyed by id, checked for consistency."""
    raw = _load("board")
    hexes = {h["id"]: h for h in raw["hexes"]}
    triangles = {t["id"]: t for t in raw["triangles"]}
    _check_neighbours(triangles)
    return {"hexes": hexes, "triangles": triangles}


def _check_neighbours(triangles: dict[str, dict]) -> None:
    """Verify that the listed neighbours are exactly the triangles sharing a vertex."""
    by_vertex: dict[tuple, list[str]] = {}
    for tid, tri in triangles.items():
        for vertex in tri["vertices"]:
            by_vertex.setdefault(tuple(vertex), []).append(tid)
    for tid, tri in triangles.items():
        derived = {other for vertex in tri["vertices"] for other in by_vertex[tuple(vertex)]}
        derived.discard(tid)
        if derived != set(tri["neighbors"]):
            raise ValueError(f"board data: neighbours of {tid} disagree with its vertices")


def neighbours(tid: str) -> list[str]:
    """Return the triangles sharing a vertex with ``tid`` (sorted)."""
    return board()["triangles"][tid]["neighbors"]


def triangle_hexes(tid: str) -> list[str]:
    """Return the hexes edge-adjacent to triangle ``tid`` (ascending)."""
    return board()["triangles"][tid]["hexes"]


def hex_triangles(hid: str) -> list[str]:
    """Return the six triangles around hex ``hid``."""
    return board()["hexes"][hid]["triangles"]


def journey(jid: str) -> dict:
    """Return Journey card ``jid``."""
    return next(j for j in game()["journey_cards"] if j["id"] == jid)


def attribute(aid: str) -> dict:
    """Return attribute ``aid`` (kind, colour, parts for heroic ones)."""
    return next(a for a in game()["attributes"] if a["id"] == aid)


def rule(section: str, key: str):
    """Return the rule number ``key`` of ``section`` in game.toml (control, proficiency tiles,
    speed track, Vindication): numbers live in the data, never copied into code."""
    return game()[section][key]


def speed_honor(level: int) -> int:
    """Return the honor gained on reaching speed ``level``."""
    return next(x["honor"] for x in game()["speed_track"]["levels"] if x["speed"] == level)


def ability(cid: str) -> dict | None:
    """Return the ability of a card (None when it has none)."""
    return card(cid).get("ability")


def tile_mix(chosen_modules: list[str], remove: list[str] | None = None,
             build: list[str] | None = None) -> dict[str, int]:
    """Return the region tiles in the bag for the chosen modules (spec 7.2 tile swaps).

    ``remove`` names the basic tiles the host takes out (one name per tile); without it the
    recommended removals for the number of added tiles apply. ``build`` names the module tiles
    set aside as buildable (7.9): each is replaced in the bag by a Building Site. The result
    is not checked: :func:`removal_problem` says what it breaks.
    """
    mix = dict(game()["base_tile_mix"])
    added: dict[str, int] = {}
    for name in chosen_modules:
        added.update(modules()["modules"][name]["regions"])
    count = sum(added.values()) + centre_tiles(chosen_modules)
    for region in build or []:
        added[region] = added.get(region, 0) - 1
        site = modules()["sites"]["tile"]
        added[site] = added.get(site, 0) + 1
    if remove is None:
        remove = modules()["tile_swaps"][str(count)] if count else []
    for region in remove:
        mix[region] = mix.get(region, 0) - 1
    for region, n in added.items():
        mix[region] = mix.get(region, 0) + n
    return {region: n for region, n in mix.items() if n > 0}


def centre_tiles(chosen_modules: list[str]) -> int:
    """Return how many hexes the chosen modules fill with their own tile at set-up (Myths &
    Marvels: the centre, 7.11), so the bag holds that many tiles fewer."""
    return sum(modules()["modules"][m].get("centre_tiles", 0) for m in chosen_modules)


def buildable(chosen_modules: list[str], options) -> list[str]:
    """Return the tiles set aside as buildable (7.9): the ``build`` option's names, or the
    first default a chosen module brings; none without the Building Sites module."""
    if "sites" not in chosen_modules:
        return []
    named = [r.lower() for r in options.get("build") or [] if r]
    if named:
        return named
    brought = module_tiles(chosen_modules)
    return [r for r in modules()["sites"]["default_buildable"] if r in brought][:1]


def module_tiles(chosen_modules: list[str]) -> dict[str, int]:
    """Return the region tiles the chosen modules bring, by region."""
    brought: dict[str, int] = {}
    for name in chosen_modules:
        brought.update(modules()["modules"][name]["regions"])
    return brought


def build_problem(chosen_modules: list[str], build: list[str]) -> Msg | None:
    """Say why the buildable tiles cannot be set aside (7.9), or None."""
    if "sites" not in chosen_modules:
        return None
    brought = module_tiles(chosen_modules)
    if not build:
        return Msg("vindication.error.sites_nothing")
    for region in build:
        if region not in brought:
            return Msg("vindication.error.build_unknown",
                       {"region": region, "known": ",".join(sorted(brought)) or "-"})
        if build.count(region) > brought[region]:
            return Msg("vindication.error.build_too_many",
                       {"region": Msg(f"vindication.region.{region}"), "n": brought[region]})
    return None


def removals(options) -> list[str] | None:
    """Return the basic tiles the ``remove`` option names (lower case), or None when the
    host takes the recommended removals."""
    named = [r.lower() for r in options.get("remove") or [] if r]
    return named or None


def removal_problem(chosen_modules: list[str], remove: list[str] | None,
                    build: list[str] | None = None) -> Msg | None:
    """Say why the host's ``remove`` list cannot start a game with ``chosen_modules`` (a
    name that is no basic tile, more copies than the box holds, or a broken constraint of
    spec 7.2), or None when the mix is valid."""
    base = game()["base_tile_mix"]
    if remove is not None:
        for region in remove:
            if region not in base:
                return Msg("vindication.error.remove_unknown",
                           {"region": region, "known": ",".join(sorted(base))})
            if remove.count(region) > base[region]:
                return Msg("vindication.error.remove_too_many",
                           {"region": Msg(f"vindication.region.{region}"), "n": base[region]})
    elif sum(n for m in chosen_modules for n in modules()["modules"][m]["regions"].values()) \
            + centre_tiles(chosen_modules) > max_removals():
        return Msg("vindication.error.mix_too_big", {"n": max_removals()})
    mix = tile_mix(chosen_modules, remove, build)
    problems = swap_problems(mix, centre_tiles(chosen_modules))
    return _problem_msg(problems[0], mix, centre_tiles(chosen_modules)) if problems else None


def max_removals() -> int:
    """Return the most basic tiles the constraints of 7.2 allow to remove."""
    return len(modules()["tile_swaps"])


def _problem_msg(problem: str, mix: dict[str, int], centre: int = 0) -> Msg:
    rules = modules()["tile_swap_constraints"]
    kind, _, rest = problem.partition(":")
    names = [Msg(f"vindication.region.{r}") for r in rest.split(",") if r]
    if kind == "total_tiles":
        return Msg("vindication.error.mix_total", {"n": sum(mix.values()),
                                                     "want": rules["total_tiles"] - centre})
    if kind == "keep":
        return Msg("vindication.error.mix_keep", {"region": names[0]})
    if kind == "equal":
        return Msg("vindication.error.mix_equal", {"regions": names})
    return Msg("vindication.error.mix_min", {"region": names[0],
                                             "n": rules["min_counts"][rest]})


def swap_problems(mix: dict[str, int], centre: int = 0) -> list[str]:
    """Return the tile-swap constraints (spec 7.2) that ``mix`` breaks (empty when valid);
    ``centre`` hexes are filled by a module's own tile, so the bag holds that many fewer."""
    rules = modules()["tile_swap_constraints"]
    problems = []
    if sum(mix.values()) != rules["total_tiles"] - centre:
        problems.append("total_tiles")
    problems += [f"keep:{r}" for r in rules["always_keep"] if mix.get(r, 0) < 1]
    for group in rules["equal_counts"]:
        if len({mix.get(r, 0) for r in group}) > 1:
            problems.append("equal:" + ",".join(group))
    problems += [f"min:{r}" for r, n in rules["min_counts"].items() if mix.get(r, 0) < n]
    return problems


MODULE_NAMES = tuple(modules()["modules"])
"""Every module this engine implements, in data order (``modules=all`` means all of them)."""

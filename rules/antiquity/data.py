"""Load Antiquity content (tiles, layouts, buildings, houses, saints) from data/antiquity/."""

from __future__ import annotations

from functools import lru_cache

from rules.core.paths import data_path, read_toml

DATA = data_path("antiquity")


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    return read_toml(DATA / name)


def game_data() -> dict:
    """Return the parsed game.toml (components, goods classes, limits)."""
    return _load("game.toml")


def tile_faces() -> dict:
    """Return the 16 tile faces by name (T0 ... T7m) as written in tiles.toml."""
    return _load("tiles.toml")["tile"]


def layout(players: int) -> dict:
    """Return the map layout for ``players`` seats (tile positions and start letters)."""
    return _load("layouts.toml")["layout"][str(players)]


def buildings() -> dict:
    """Return every city building type by id (footprint, cost, staffing, supply)."""
    return _load("buildings.toml")["building"]


@lru_cache(maxsize=None)
def house_chart() -> dict[int, dict]:
    """Return house number -> {"food": n, "lux": n}."""
    return {int(k): v for k, v in _load("houses.toml")["house"].items()}


def saints() -> dict:
    """Return the five patron saints by id (bonuses and victory condition)."""
    return _load("saints.toml")["saint"]


GOODS_DATA = game_data()["goods"]
FOOD: tuple[str, ...] = tuple(GOODS_DATA["food"])
LUXURY: tuple[str, ...] = tuple(GOODS_DATA["luxury"])
MATERIAL: tuple[str, ...] = tuple(GOODS_DATA["material"])
GOODS: tuple[str, ...] = FOOD + LUXURY + MATERIAL
CLASS_OF: dict[str, str] = {**{g: "food" for g in FOOD}, **{g: "lux" for g in LUXURY},
                            **{g: "material" for g in MATERIAL}}
BUILDING_TYPES: tuple[str, ...] = tuple(buildings())
SAINTS: tuple[str, ...] = tuple(saints())
COLOURS: tuple[str, ...] = tuple(game_data()["player"]["colours"])

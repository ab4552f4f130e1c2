"""Elimination and concession (spec §8.3)."""

from __future__ import annotations

from .city import of_type


def eliminate(state, seat: int) -> None:
    """Take the seat out: producers and tokens go (pollution stays), pool pieces return."""
    p = state.ps[seat]
    for cid, b in list(state.country.items()):
        if b["owner"] == seat:
            state.bank[b["good"]] += len(b["tokens"])
            if b["type"] == "fisherman":
                state.pools["fisherman"] += 1
            del state.country[cid]
    state.pools["cart_shop"] += len(of_type(p, "cart_shop"))
    state.pools["fountain"] += len(of_type(p, "fountain"))
    state.pools["storage"] += sum(len(p["buildings"][bid]["cells"]) // 2
                                  for bid in of_type(p, "storage"))
    retire(p)


def retire(p: dict) -> None:
    """Mark a player record out of the game: shared-pool pieces leave it, men go."""
    p["eliminated"] = True
    for kind in ("cart_shop", "fountain", "storage"):
        for bid in of_type(p, kind):
            del p["buildings"][bid]
    for b in p["buildings"].values():
        b["staffed"] = False
    p["idle"] = 0


def survivors(state) -> list[int]:
    """Return the seats still in the game."""
    return [s for s in range(state.players) if not state.ps[s]["eliminated"]]

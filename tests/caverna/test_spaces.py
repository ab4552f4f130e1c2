"""Action spaces and their connectors (spec §3, §4): mines, family growth, imitation,
trading, market, rubies, furnishing, starting player, hardware rental."""

from __future__ import annotations

import pytest

from rules.caverna import GAME, furnish
from rules.caverna.spaces import find
from rules.core import NotLegalNow

from .helpers import STAGE_ORDER, at, finish_round, give, lay, main_texts, new, play, texts


def first(card: str, then: str | None = None) -> list[str]:
    head = [card] + ([then] if then else [])
    return head + [c for c in STAGE_ORDER if c not in head]


def test_ore_mine_construction_on_two_ordinary_tunnels():
    state = new(3, rounds=first("ore-mine-construction"))
    lay(state, 0, "2,4", "tunnel")
    lay(state, 0, "2,5", "tunnel")
    state, _ = play(state, 0, "place ore-mine-construction", "tile ore-mine 2,4 right")
    player = state.ps[0]
    assert player["cells"]["2,4"]["kind"] == "ore-mine"
    assert player["cells"]["2,5"]["kind"] == "deep-tunnel"
    assert player["goods"]["ore"] == 3


def test_ore_mine_needs_ordinary_tunnels():
    state = new(3, rounds=first("ore-mine-construction"))
    lay(state, 0, "2,4", "tunnel")
    lay(state, 0, "2,5", "deep-tunnel")
    assert "place ore-mine-construction" not in main_texts(state, 0)


def test_ruby_mine_on_deep_tunnel_gives_ruby_and_guest_room_allows_both():
    state = new(3, rounds=first("ruby-mine-construction"))
    lay(state, 0, "2,4", "tunnel")
    lay(state, 0, "2,5", "deep-tunnel")
    state, _ = play(state, 0, "place ruby-mine-construction")
    assert main_texts(state, 0) == ["choose ruby-mine-tunnel", "choose ruby-mine-deep"]
    state, _ = play(state, 0, "choose ruby-mine-deep", "ruby-mine 2,5")
    assert state.ps[0]["goods"]["ruby"] == 1
    assert GAME.to_act(state) == frozenset({1})
    guest = new(3, rounds=first("ruby-mine-construction"))
    lay(guest, 0, "2,4", "tunnel")
    lay(guest, 0, "2,5", "deep-tunnel")
    guest.ps[0]["furnishings"].append("guest-room")
    guest, _ = play(guest, 0, "place ruby-mine-construction", "choose ruby-mine-tunnel",
                    "ruby-mine 2,4", "choose ruby-mine-deep", "ruby-mine 2,5")
    player = guest.ps[0]
    assert player["goods"]["ruby"] == 1
    assert player["cells"]["2,4"]["kind"] == player["cells"]["2,5"]["kind"] == "ruby-mine"


def test_wish_for_children_dwelling_but_no_growth_same_action():
    state = new(3, rounds=first("wish-for-children"))
    give(state, 0, wood=4, stone=3)
    state, _ = play(state, 0, "place wish-for-children")
    assert main_texts(state, 0)[0].startswith("furnish ")
    state, _ = play(state, 0, "furnish dwelling 3,4")
    assert len(state.ps[0]["dwarfs"]) == 2
    assert GAME.to_act(state) == frozenset({1})
    assert furnish.can_grow(state.ps[0])


def test_family_life_flips_wish_for_children_on_reveal():
    state = new(3, rounds=first("wish-for-children", "family-life"))
    assert find(state, "wish-for-children") is not None
    state = finish_round(state)
    assert state.round == 2 and state.wish_urgent
    assert find(state, "wish-for-children") is None
    assert find(state, "urgent-wish-for-children")["round"] == 1


def _urgent_state(dwarfs: int):
    """Round 2 (the wish for children has turned urgent); seat 0 with ``dwarfs`` dwarfs in
    as many dwellings, a free cavern and the goods for a dwelling."""
    dwellings = "\n".join(f'"{square}" = {{furnishing = "dwelling"}}'
                           for square in ("3,5", "2,4", "2,5")[: dwarfs - 2])
    return at(f"""round = 2
        [seat.0]
        dwarfs = {[0] * dwarfs}
        goods = {{wood = 8, stone = 6}}
        [seat.0.board]
        "1,4" = "cavern"
        {dwellings}""", rounds=first("wish-for-children", "family-life"))


def test_urgent_wish_dwelling_and_then_growth_or_gold():
    state = _urgent_state(3)
    state, _ = play(state, 0, "place urgent-wish-for-children")
    assert set(main_texts(state, 0)) == {"choose dwelling-then-growth", "choose gold-3"}
    state, _ = play(state, 0, "choose dwelling-then-growth", "furnish simple-dwelling-1 3,4")
    assert len(state.ps[0]["dwarfs"]) == 4 and state.ps[0]["dwarfs"][3]["newborn"]
    state2 = _urgent_state(3)
    state2, _ = play(state2, 0, "place urgent-wish-for-children", "choose gold-3")
    assert state2.ps[0]["goods"]["gold"] == 3 and len(state2.ps[0]["dwarfs"]) == 3


def test_urgent_wish_with_five_dwarfs_only_additional_dwelling():
    state = _urgent_state(5)
    state, _ = play(state, 0, "place urgent-wish-for-children", "choose dwelling-then-growth")
    tiles = {t.split()[1] for t in main_texts(state, 0)}
    assert tiles == {"additional-dwelling"}
    state, _ = play(state, 0, "furnish additional-dwelling 3,4")
    assert len(state.ps[0]["dwarfs"]) == 6


def test_additional_dwelling_room_only_for_sixth():
    rooms = """[seat.0.board]
        "1,4" = {furnishing = "dwelling"}
        "1,5" = {furnishing = "dwelling"}
        "2,4" = {furnishing = "additional-dwelling"}\n"""
    third = '"2,5" = {furnishing = "dwelling"}\n'
    assert not furnish.can_grow(at(rooms + "[seat.0]\ndwarfs = [0, 0, 0, 0]").ps[0])
    assert furnish.can_grow(at(rooms + third + "[seat.0]\ndwarfs = [0, 0, 0, 0]").ps[0])
    player = at(rooms + third + "[seat.0]\ndwarfs = [0, 0, 0, 0, 0]").ps[0]
    assert furnish.capacity(player) == 6 and furnish.can_grow(player)


def test_imitation_copies_fixed_goods_not_accumulated():
    state = new(3, start=0)
    state, _ = play(state, 0, "place sustenance", "done")
    state, _ = play(state, 1, "place starting-player")
    give(state, 2, food=4)
    food = state.ps[2]["goods"]["food"]
    state, _ = play(state, 2, "place imitation")
    assert set(main_texts(state, 2)) == {"imitate sustenance"}
    with pytest.raises(NotLegalNow):
        GAME.play(state, 2, "imitate starting-player")
    state, _ = play(state, 2, "imitate sustenance")
    player = state.ps[2]
    assert player["goods"]["grain"] == 1 and player["goods"]["food"] == food - 4
    assert "choose twin-meadow-field" in main_texts(state, 2)


def test_imitation_cannot_copy_own_space():
    state = new(3, start=0)
    state, _ = play(state, 0, "place sustenance", "done")
    state, _ = play(state, 1, "place wood-gathering")
    state, _ = play(state, 2, "place supplies")
    give(state, 0, food=4)
    state, _ = play(state, 0, "place imitation")
    # own space never; a pure accumulation space may be copied (for none of its goods)
    assert sorted(main_texts(state, 0)) == ["imitate supplies", "imitate wood-gathering"]


def test_imitating_an_accumulation_space_gives_none_of_its_goods():
    """Spec §4.0/§4.15: always executable, but the accumulated goods were already taken."""
    state = new(3, start=0)
    state, _ = play(state, 0, "place sustenance", "done")
    state, _ = play(state, 1, "place wood-gathering")
    state, _ = play(state, 2, "place supplies")
    give(state, 0, food=4)
    wood = state.ps[0]["goods"]["wood"]
    state, events = play(state, 0, "place imitation", "imitate wood-gathering")
    assert state.ps[0]["goods"]["wood"] == wood
    assert 0 not in GAME.to_act(state) or not any(
        t.startswith("choose") for t in main_texts(state, 0))


def test_ore_trading():
    state = new(3, rounds=first("ore-trading"))
    give(state, 0, ore=1)
    assert "place ore-trading" not in main_texts(state, 0)
    give(state, 0, ore=4)
    state, _ = play(state, 0, "place ore-trading")
    assert main_texts(state, 0) == ["trade 1", "trade 2"]
    food = state.ps[0]["goods"]["food"]
    state, _ = play(state, 0, "trade 2")
    goods = state.ps[0]["goods"]
    assert (goods["ore"], goods["gold"], goods["food"]) == (1, 4, food + 2)


def test_weekly_market_one_of_each():
    state = new(5)
    give(state, 0, gold=1)
    lay(state, 0, "4,3", "meadow", stable=True)
    state, _ = play(state, 0, "place weekly-market", "choose market")
    assert state.ps[0]["goods"]["gold"] == 5
    state, _ = play(state, 0, "buy cattle", "buy sheep")
    assert "buy sheep" not in main_texts(state, 0)
    with pytest.raises(NotLegalNow):
        GAME.play(state, 0, "buy sheep")
    state, _ = play(state, 0, "buy grain")
    player = state.ps[0]
    assert player["goods"]["gold"] == 0 and player["goods"]["grain"] == 1
    assert player["animals"]["cattle"] == 1 and player["animals"]["sheep"] == 1


def test_ruby_powers():
    state = new(3)
    give(state, 0, ruby=4)
    state.ps[0]["goods"]["food"] = 0
    assert "ruby cattle" not in texts(state, 0)
    state.ps[0]["goods"]["food"] = 1
    state, _ = play(state, 0, "ruby cattle")
    assert state.ps[0]["animals"]["cattle"] == 1 and state.ps[0]["goods"]["food"] == 0
    state, _ = play(state, 0, "ruby cavern")
    with pytest.raises(NotLegalNow):
        GAME.play(state, 0, "tile cavern 1,6")
    state, _ = play(state, 0, "tile cavern 2,4")
    assert state.ps[0]["goods"]["ruby"] == 1 and state.ps[0]["cells"]["2,4"]["kind"] == "cavern"
    lay(state, 0, "4,3", "meadow")
    state.ps[0]["cells"]["3,3"]["stable"] = True
    state, _ = play(state, 0, "ruby field")
    assert "tile field 3,3" not in main_texts(state, 0)
    assert "tile field 4,2" in main_texts(state, 0)
    state, _ = play(state, 0, "cancel")
    assert state.ps[0]["goods"]["ruby"] == 1


def test_housework_without_cavern_only_dog_unless_cavern_bought():
    state = new(3)
    lay(state, 0, "3,4", "cavern", furnishing="carpenter")
    state.ps[0]["furnishings"].append("carpenter")
    give(state, 0, wood=5, stone=5, ruby=2)
    alone, _ = play(state, 0, "place housework")
    assert alone.ps[0]["animals"]["dog"] == 1  # the dog was the only part: done at once
    assert GAME.to_act(alone) == frozenset({1})
    state, _ = play(state, 0, "ruby cavern", "tile cavern 2,4", "place housework")
    assert set(main_texts(state, 0)) == {"choose dog", "choose furnish"}
    state, _ = play(state, 0, "choose furnish", "furnish dwelling 2,4")
    assert state.ps[0]["goods"]["wood"] == 5 - 3  # Carpenter: 1 wood less


def test_starting_player_changes_order_next_round_4p():
    state = new(4, start=0)
    state, _ = play(state, 0, "place wood-gathering".replace("wood-gathering", "logging"))
    state, _ = play(state, 1, "place clearing", "done")
    state, _ = play(state, 2, "place starting-player")
    assert state.ps[2]["goods"]["ruby"] == 1 and state.ps[2]["goods"]["food"] == 2 + 1
    assert state.start_player == 0
    assert GAME.to_act(state) == frozenset({3})
    state = finish_round(state)
    assert state.start_player == 2 and GAME.to_act(state) == frozenset({2})


def test_hardware_rental_6p_always_playable_takes_2_wood():
    state = new(6)
    assert "place hardware-rental" in main_texts(state, 0)
    state, _ = play(state, 0, "place hardware-rental")
    assert state.ps[0]["goods"]["wood"] == 2
    assert GAME.to_act(state) == frozenset({1})


def test_hardware_rental_5p_needs_weapon_or_sow():
    state = new(5)
    assert "place hardware-rental" not in main_texts(state, 0)


def test_small_scale_drift_mining_stone_only_with_tile():
    state = new(5)
    state, _ = play(state, 0, "place small-scale-drift-mining", "tile cavern-tunnel 2,4 right")
    assert state.ps[0]["goods"]["stone"] == 1


def test_growth_space_either_bundle_or_growth():
    state = new(4)
    state.ps[0]["furnishings"].append("dwelling")
    state, _ = play(state, 0, "place growth")
    assert main_texts(state, 0) == ["choose bundle", "choose growth"]
    state, _ = play(state, 0, "choose growth")
    assert len(state.ps[0]["dwarfs"]) == 3 and state.ps[0]["goods"]["wood"] == 0


def test_a_player_with_no_space_to_take_is_told_and_skipped():
    state = new(3, start=0)
    for space in state.spaces:
        if space["id"] != "sustenance":
            space["occupant"] = {"seat": 2, "dwarf": 0, "weapon": 0}
    state, events = play(state, 0, "place sustenance", "done")
    skipped = [e.params["seat"] for e in events if e.key == "caverna.event.no_space"]
    assert 1 in skipped

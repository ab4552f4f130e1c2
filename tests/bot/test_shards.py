"""SHARD_COUNT and SHARD_IDS: which shards a process runs and which servers' games it owns."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, config_from
from bot.shards import EVERY_SHARD, ShardPlan, parse_plan, shard_of


def test_a_guild_belongs_to_the_shard_of_discords_rule():
    # Discord's rule: (guild_id >> 22) % shard_count; the id's low 22 bits never count
    guild = 197038439483310086  # a real server id
    assert shard_of(guild, 1) == 0
    assert shard_of(guild, 4) == (guild // 2 ** 22) % 4
    assert shard_of((5 << 22) | (2 ** 22 - 1), 2) == 1 and shard_of(5 << 22, 2) == 1


def test_settings_choose_the_shards():
    assert parse_plan("", "") == EVERY_SHARD and EVERY_SHARD.every_shard
    assert parse_plan("4", "") == ShardPlan(4)  # one process, every shard of 4
    plan = parse_plan(" 4 ", "3, 1")
    assert plan == ShardPlan(4, (1, 3)) and not plan.every_shard
    assert plan.describe() == "shards 1,3 of 4"
    assert config_from({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "1"}).shards \
        == ShardPlan(2, (1,))
    assert config_from({"DISCORD_TOKEN": "t"}).shards == EVERY_SHARD


@pytest.mark.parametrize("count, ids, words", [
    ("0", "", "SHARD_COUNT"), ("two", "", "SHARD_COUNT"), ("", "0", "needs SHARD_COUNT"),
    ("2", "2", "0 to 1"), ("2", "0,0", "distinct"), ("2", "a", "distinct"),
    ("2", "-1", "distinct")])
def test_bad_shard_settings_are_refused_with_a_sentence(count, ids, words):
    with pytest.raises(ConfigError, match=words):
        config_from({"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids})


def test_a_process_owns_the_games_of_its_shards_guilds_only():
    on_0, on_1 = str(6 << 22), str((7 << 22) | 123)
    assert ShardPlan(2, (0,)).owns(on_0) and not ShardPlan(2, (0,)).owns(on_1)
    assert ShardPlan(2, (1,)).owns(on_1) and ShardPlan(2, (0, 1)).owns(on_0)
    assert EVERY_SHARD.owns(on_1) and ShardPlan(2).owns(on_0)
    assert EVERY_SHARD.owns("local") and not ShardPlan(2, (0,)).owns("local")
    assert ShardPlan(2, (0,)).syncs_commands and not ShardPlan(2, (1,)).syncs_commands

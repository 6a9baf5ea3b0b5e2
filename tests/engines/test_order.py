"""The order of players every engine declares (who is ahead), and the base's defaults built on it."""

from games.engines import base, slovenian_tarok
from games.engines.base import FEWER_BUMMERL, HIGHER, LOWER, best, ranked, settlement_by, total_key
from games.registry import ENGINES

TOTALS = {"Anna": 10, "Boris": -4, "Cyril": 30}


def test_every_engine_declares_an_order():
    for engine in ENGINES.values():
        assert engine.ORDER in base.ORDERS, engine.SLUG
    assert ENGINES["schnapsen"].ORDER == FEWER_BUMMERL


def test_a_higher_total_is_better():
    assert ranked(HIGHER, TOTALS) == ["Cyril", "Anna", "Boris"]
    assert best(HIGHER, TOTALS) == ["Cyril"]


def test_a_lower_total_is_better():
    assert ranked(LOWER, TOTALS) == ["Boris", "Anna", "Cyril"]
    assert best(LOWER, TOTALS) == ["Boris"]
    assert sorted(TOTALS.values(), key=lambda t: total_key(LOWER, t)) == [-4, 10, 30]


def test_fewer_bummerl_then_game_points():
    status = {"marks": {"Anna": {"bummerl": 1}, "Boris": {"bummerl": 0}, "Cyril": {"bummerl": 1}}}
    assert ranked(FEWER_BUMMERL, TOTALS, status) == ["Boris", "Cyril", "Anna"]


def test_players_level_keep_their_seats():
    assert best(LOWER, {"Anna": 3, "Boris": 3, "Cyril": 5}) == ["Anna", "Boris"]


def test_settlement_pays_for_penalty_points_and_lost_bummerl():
    assert settlement_by(HIGHER)(TOTALS, {}) == TOTALS
    assert settlement_by(LOWER)(TOTALS, {}) == {"Anna": -10, "Boris": 4, "Cyril": -30}
    assert settlement_by(FEWER_BUMMERL)({"Anna": 50, "Boris": 7}, {"marks": {"Anna": {"bummerl": 2}}}) == {"Anna": -2,
                                                                                               "Boris": 0}


def test_slovenian_bonuses_are_the_base_bonus():
    assert slovenian_tarok.Bonus is base.Bonus

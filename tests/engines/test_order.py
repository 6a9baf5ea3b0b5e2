"""The ranking every engine declares (who is ahead, as data), and the contract's defaults built on it."""

from games.contract.defaults import settlement_by
from games.contract.engine import Bonus
from games.contract.ranking import (
    HIGHER,
    HIGHER_TOTAL,
    LOWER,
    LOWER_TOTAL,
    TOTAL,
    Rank,
    best,
    marks_ranked,
    rank_values,
    ranked,
    ranking_words,
    total_key,
)
from games.registry import ENGINES
from games.slovenian_tarok import engine as slovenian_tarok

TOTALS = {"Anna": 10, "Boris": -4, "Cyril": 30}
BY_MARKS = (Rank("lost", "lost games", LOWER, "the fewest lost first, then the most points"), Rank(TOTAL, "points"))


def test_every_engine_declares_its_ranking_as_data():
    for engine in ENGINES.values():
        assert engine.RANKING and all(isinstance(rank, Rank) for rank in engine.RANKING), engine.SLUG
        assert all(rank.better in (HIGHER, LOWER) and rank.label for rank in engine.RANKING), engine.SLUG
        assert sum(rank.key == TOTAL for rank in engine.RANKING) == 1, engine.SLUG
        assert ranking_words(engine.RANKING), engine.SLUG
    assert [rank.key for rank in marks_ranked(ENGINES["schnapsen"].RANKING)] == ["bummerl"]


def test_a_higher_total_is_better():
    assert ranked(HIGHER_TOTAL, TOTALS) == ["Cyril", "Anna", "Boris"]
    assert best(HIGHER_TOTAL, TOTALS) == ["Cyril"]


def test_a_lower_total_is_better():
    assert ranked(LOWER_TOTAL, TOTALS) == ["Boris", "Anna", "Cyril"]
    assert best(LOWER_TOTAL, TOTALS) == ["Boris"]
    assert sorted(TOTALS.values(), key=lambda t: total_key(LOWER_TOTAL, t)) == [-4, 10, 30]


def test_fewer_marks_lost_then_more_points():
    status = {"marks": {"Anna": {"lost": 1}, "Boris": {"lost": 0}, "Cyril": {"lost": 1}}}
    assert ranked(BY_MARKS, TOTALS, status) == ["Boris", "Cyril", "Anna"]
    assert rank_values(BY_MARKS, "Cyril", TOTALS, status) == (1, 30)
    assert rank_values(BY_MARKS, "Dana", TOTALS, status) == (0, 0)


def test_schnapsen_ranks_by_fewer_bummerl_lost_then_game_points():
    status = {"marks": {"Anna": {"bummerl": 1}, "Boris": {"bummerl": 0}, "Cyril": {"bummerl": 1}}}
    assert ranked(ENGINES["schnapsen"].RANKING, TOTALS, status) == ["Boris", "Cyril", "Anna"]


def test_players_level_keep_their_seats():
    assert best(LOWER_TOTAL, {"Anna": 3, "Boris": 3, "Cyril": 5}) == ["Anna", "Boris"]


def test_settlement_pays_for_penalty_points_and_marks_lost():
    assert settlement_by(HIGHER_TOTAL)(TOTALS, {}) == TOTALS
    assert settlement_by(LOWER_TOTAL)(TOTALS, {}) == {"Anna": -10, "Boris": 4, "Cyril": -30}
    assert settlement_by(BY_MARKS)({"Anna": 50, "Boris": 7}, {"marks": {"Anna": {"lost": 2}}}) == {
        "Anna": -2,
        "Boris": 0,
    }


def test_the_rules_page_says_who_is_ahead_in_each_ranks_words():
    assert ranking_words(HIGHER_TOTAL) == "the highest total first"
    assert ranking_words(ENGINES["schnapsen"].RANKING) == "the fewest Bummerl lost first, then the most points"


def test_slovenian_bonuses_are_the_base_bonus():
    assert slovenian_tarok.Bonus is Bonus

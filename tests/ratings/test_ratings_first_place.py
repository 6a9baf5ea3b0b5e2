"""The chance of finishing first is the model's own: each player's performance normal around their mu with
variance sigma² + beta² (what openskill's predict_win assumes for two players), the chance that it is the highest.
Checked against openskill for two players and against sampling of our own (a fixed seed) for more; the
percentages shown add up to 100."""

import math
from random import Random

import pytest
from openskill.models import PlackettLuce

from games.ratings.core import MODEL, Rated, chances, first_place_chances, whole_percents

TABLES = [
    [Rated(20.0, 4.0), Rated(27.0, 3.0), Rated(27.3, 3.1), Rated(24.0, 5.0)],
    [Rated(25.0, 25 / 3), Rated(30.2, 7.8), Rated(26.5, 2.1)],
    [Rated(18.0, 2.0), Rated(33.0, 6.5), Rated(25.0, 25 / 3), Rated(22.0, 4.4), Rated(29.0, 1.5)],
]


def sampled(rated, draws=200_000, seed=2028):
    """How often each player's sampled performance is the highest."""
    r = Random(seed)
    spreads = [math.sqrt(x.sigma**2 + MODEL.beta**2) for x in rated]
    wins = [0] * len(rated)
    for _ in range(draws):
        performances = [r.gauss(x.mu, s) for x, s in zip(rated, spreads)]
        wins[performances.index(max(performances))] += 1
    return [w / draws for w in wins]


def test_two_players_get_openskills_own_chances():
    model = PlackettLuce()
    for a, b in [(Rated(28, 3), Rated(24, 6)), (Rated(25, 25 / 3), Rated(25, 25 / 3)), (Rated(31, 2), Rated(19, 7))]:
        expected = model.predict_win([[model.rating(mu=a.mu, sigma=a.sigma)], [model.rating(mu=b.mu, sigma=b.sigma)]])
        assert first_place_chances([a, b]) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("rated", TABLES, ids=["four", "three", "five"])
def test_the_chance_of_first_place_agrees_with_sampling(rated):
    found = first_place_chances(rated)
    assert sum(found) == pytest.approx(1, abs=1e-12)
    for exact, counted in zip(found, sampled(rated)):
        assert exact == pytest.approx(counted, abs=0.004)  # 200 000 draws: within about 3.5 standard errors


def test_it_is_not_the_mean_of_head_to_head_chances():
    rated = TABLES[0]
    model = PlackettLuce()
    head_to_head = model.predict_win([[model.rating(mu=x.mu, sigma=x.sigma)] for x in rated])
    assert abs(first_place_chances(rated)[0] - head_to_head[0]) > 0.03  # the weakest player's chance is far lower


def test_equal_players_have_equal_chances():
    assert chances({}, ["A", "B", "C"]) == pytest.approx({"A": 1 / 3, "B": 1 / 3, "C": 1 / 3}, abs=1e-12)


@pytest.mark.parametrize(
    "values",
    [[1 / 3] * 3, [0.125, 0.125, 0.75], [0.0586, 0.3538, 0.3815, 0.2061], [0.995, 0.005], [1 / 7] * 7, [0.2] * 5],
)
def test_whole_percentages_add_up_to_100_and_stay_within_one_of_the_chance(values):
    shown = whole_percents(values)
    assert sum(shown) == 100
    assert all(abs(percent - 100 * value / sum(values)) < 1 for percent, value in zip(shown, values))

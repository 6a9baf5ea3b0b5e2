"""Settling up: balances for zero-sum and other games, and the fewest payments."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engines.settle_up import balances, fewest_payments, parse_price


def test_zero_sum_totals_are_the_balances():
    assert balances({"A": 9, "B": -3, "C": -3, "D": -3}, zero_sum=True) == {"A": 9, "B": -3, "C": -3, "D": -3}


def test_other_games_settle_every_pair_difference():
    # Slovenian: 140, 50, 70, 50 → Ana gets 90 + 70 + 90 from the others
    assert balances({"Ana": 140, "Bojan": 50, "Cene": 70, "Dora": 50}, zero_sum=False) == {
        "Ana": 250,
        "Bojan": -110,
        "Cene": -30,
        "Dora": -110,
    }


def test_fewest_payments_finds_pairs_that_settle_apart():
    payments = fewest_payments({"A": 5, "B": -5, "C": 3, "D": -3})
    assert sorted(payments) == [("B", "A", 5), ("D", "C", 3)]


def test_one_winner_is_paid_by_each_loser():
    assert sorted(fewest_payments({"A": 9, "B": -3, "C": -3, "D": -3})) == [("B", "A", 3), ("C", "A", 3), ("D", "A", 3)]


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=6))
def test_payments_settle_every_balance_in_at_most_n_minus_1(values):
    values[-1] = -sum(values[:-1])
    balance = {f"P{i}": v for i, v in enumerate(values)}
    payments = fewest_payments(balance)
    left = dict(balance)
    for payer, receiver, amount in payments:
        assert amount > 0
        left[payer] += amount
        left[receiver] -= amount
    assert all(v == 0 for v in left.values())
    assert len(payments) <= max(0, sum(1 for v in values if v) - 1)


@pytest.mark.parametrize(
    "text, price",
    [("0.10", Fraction(1, 10)), ("0,05", Fraction(1, 20)), ("2", 2), ("", None), ("-1", None), ("1e3", None)],
)
def test_parse_price(text, price):
    assert parse_price(text) == price


def fewest_by_search(values: list[int]) -> int:
    """The fewest payments that settle ``values``, by exhaustive search (optimal account balancing): the first
    unsettled player settles in full with one of the others of the opposite sign, in every possible way."""
    debts = [v for v in values if v]

    def search(start: int) -> int:
        while start < len(debts) and debts[start] == 0:
            start += 1
        if start == len(debts):
            return 0
        best = len(debts)
        for other in range(start + 1, len(debts)):
            if debts[other] * debts[start] < 0:
                debts[other] += debts[start]
                best = min(best, 1 + search(start + 1))
                debts[other] -= debts[start]
        return best

    return search(0)


def test_fewest_payments_uses_groups_that_settle_among_themselves():
    # 6 + 4 = 10 and 7 = 2 + 5: two groups, four payments (settling greedily over all six makes five)
    balance = {"A": 6, "B": 7, "C": 4, "D": -2, "E": -5, "F": -10}
    assert len(fewest_payments(balance)) == fewest_by_search(list(balance.values())) == 4


@given(st.lists(st.integers(-6, 6), min_size=2, max_size=6))
def test_fewest_payments_is_as_few_as_an_exhaustive_search_finds(values):
    values[-1] = -sum(values[:-1])
    payments = fewest_payments({f"P{i}": v for i, v in enumerate(values)})
    assert len(payments) == fewest_by_search(values)

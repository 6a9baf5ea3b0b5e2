"""A number written as text in a tournament (place points, a league's points table) is read exactly, and never
with an exponent: Python's Fraction("1e9999999") first computes a number of ten million digits (seconds of one
core; a billion digits, hours), before any bound can refuse it. Pure: no Django."""

import time
from fractions import Fraction

import pytest

import games.registry  # noqa: F401  (the games a tournament may be of)
from games.tournaments import engine as T


@pytest.mark.parametrize(
    ("text", "value"),
    [("2", 2), ("0.5", Fraction(1, 2)), ("1/2", Fraction(1, 2)), ("-3", -3), (" 4 ", 4), (".5", Fraction(1, 2))],
)
def test_a_number_is_read_exactly(text, value):
    assert T.read_number(text) == value


@pytest.mark.parametrize("text", ["1e9999999", "1E5", "2e-9999999", "1.5e3", "inf", "nan", "1/0x", "", "½", "٣"])
def test_anything_else_is_refused_at_once(text):
    started = time.monotonic()
    with pytest.raises((ValueError, ZeroDivisionError)):
        T.read_number(text)
    assert time.monotonic() - started < 1


def test_a_documents_place_points_with_an_exponent_are_refused_at_once():
    raw = {
        "tournament": "Pokal",
        "preset": "points",
        "game": "two-ten-jack",
        "table_size": 2,
        "rounds": 1,
        "draw": {"seed": 1},
        "scoring": {"measure": "place-points", "place_points": ["1e9999999", 1]},
        "players": [{"no": 1, "name": "Anna"}, {"no": 2, "name": "Bert"}],
    }
    started = time.monotonic()
    with pytest.raises(T.InvalidTournament) as caught:
        T.load(raw)
    assert time.monotonic() - started < 2
    assert caught.value.field == "scoring.place_points[0]"

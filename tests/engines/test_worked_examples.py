"""Every worked example of every game through settle: the scores the rules files give, and only whole numbers
and Fractions wherever the engines hand out a number (scores, totals, the state the table page shows)."""

from fractions import Fraction

import pytest

from games.engines.table import parse_document, replay, settle

from .worked_examples import EXAMPLES


@pytest.mark.parametrize("document, expected, extra", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_the_scores_the_rules_file_gives(document, expected, extra):
    out = settle(document)
    players = out["players"]
    assert [[hand["scores"][p] for p in players] for hand in out["hands"]] == expected
    for key, value in extra.items():
        assert out[key] == value


def numbers_in(value):
    """Every number inside a result, however deep (dicts, lists, tuples, dataclass-like states)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from numbers_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from numbers_in(item)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from numbers_in(getattr(value, name))
    elif isinstance(value, (int, float, complex, Fraction)) and not isinstance(value, bool):
        yield value


@pytest.mark.parametrize("document, expected, extra", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_every_number_is_a_whole_number_or_a_fraction(document, expected, extra):
    table, hands = parse_document(document)
    result = replay(table, hands)
    for hand in result.results:
        assert all(type(score) is int for score in hand.scores.values()), hand.scores
    assert all(type(total) is int for total in result.totals.values()), result.totals
    status = table.engine.status(result.state).as_json()
    summary = table.engine.summary(result.state)
    for value in (*numbers_in(status), *numbers_in(summary), *numbers_in(result.state)):
        assert type(value) in (int, Fraction), (value, type(value))

"""Every number a table document can carry has the bounds the app's forms have, checked where the engine parses
it: so import, settle, a phone's send and the forms agree, and a few bytes cannot make a table of any size."""

import json

import pytest

from games.contract.hands import MOST_CARD_POINTS, MOST_POINTS
from games.engines.table import InvalidTable, settle
from games.slovenian_tarok.engine import MOST_RADELCI
from games.two_ten_jack import engine as two_ten_jack

SL = ["Ana", "Bojan", "Cene", "Dora"]


def sl(hands, rules=None) -> dict:
    return {"game": "slovenian-tarok", "rules": rules or {}, "players": SL, "hands": hands}


def refused(doc) -> str:
    with pytest.raises(InvalidTable) as caught:
        settle(doc)
    return caught.value.line()


def test_the_eighty_bytes_that_made_a_page_of_112_mb_are_refused_naming_hand_and_field():
    doc = sl([{"adjustment": {}, "radelci": {"Ana": 1_000_000}}])
    assert len(json.dumps(doc["hands"][0])) < 80
    assert refused(doc) == f"hand 1: radelci.Ana: must be between {-MOST_RADELCI} and {MOST_RADELCI}, got 1000000"


@pytest.mark.parametrize("change", [MOST_RADELCI + 1, -MOST_RADELCI - 1])
def test_a_radelci_change_beyond_the_carry_over_forms_bound_is_refused(change):
    assert refused(sl([{"adjustment": {}, "radelci": {"Bojan": change}}])).startswith("hand 1: radelci.Bojan: ")


def test_the_largest_radelci_change_either_way_is_taken():
    out = settle(
        sl(
            [
                {"adjustment": {}, "radelci": {"Cene": MOST_RADELCI}},
                {"adjustment": {}, "radelci": {"Cene": -MOST_RADELCI}},
            ]
        )
    )
    assert out["radelci"]["Cene"] == 0


@pytest.mark.parametrize("amount", [MOST_POINTS + 1, -MOST_POINTS - 1])
def test_an_adjustment_beyond_the_carry_over_forms_bound_is_refused(amount):
    assert refused(sl([{"adjustment": {"Dora": amount}}])).startswith("hand 1: adjustment.Dora: must be between")


@pytest.mark.parametrize("value", [MOST_CARD_POINTS + 1, -MOST_CARD_POINTS - 1])
def test_a_card_value_beyond_the_point_table_forms_bound_is_refused(value):
    doc = {"game": "two-ten-jack", "rules": {"card_points": {"AH": value}}, "players": ["Aiko", "Ben"], "hands": []}
    assert refused(doc) == (
        f"rules: card_points.AH: must be between {-MOST_CARD_POINTS} and {MOST_CARD_POINTS}, got {value}"
    )


def test_the_largest_card_value_is_taken():
    rules = two_ten_jack.parse_rules({"card_points": {"AH": MOST_CARD_POINTS, "2S": -MOST_CARD_POINTS}}, ("A", "B"))
    assert rules.points("AH") == MOST_CARD_POINTS


def test_the_largest_end_penalty_on_the_most_radelci_a_few_adjustments_give_is_exact():
    """Radelci × the end penalty is the largest score a hand can reach: exact, however large."""
    hands = [{"adjustment": {}, "radelci": {p: MOST_RADELCI for p in SL}}] * 300 + [{"closing": True}]
    out = settle(sl(hands, {"radelci_end_penalty": 1000}))
    assert out["hands"][-1]["scores"] == {p: -300 * MOST_RADELCI * 1000 for p in SL}
    assert out["radelci"] == {p: 0 for p in SL}

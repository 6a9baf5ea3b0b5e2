"""Schnapsen: worked examples K1–K7 of games/schnapsen/rules.md and the Bummerl."""

import pytest

from games.contract.words import InvalidHand
from games.engines.table import parse_document, replay
from games.schnapsen import engine as sn

PLAYERS = ("Anna", "Ben")


def run(hands, rules=None):
    table, raw = parse_document({"game": "schnapsen", "players": list(PLAYERS), "rules": rules or {}, "hands": hands})
    return replay(table, raw)


EXAMPLES = {
    "K1 declares, Ben 40 with tricks": (
        {"ending": "declared", "by": "Anna", "other_points": 40, "other_had_trick": True},
        {"Anna": 1, "Ben": 0},
    ),
    "K2 declares, Ben 26 and a trick": (
        {"ending": "declared", "by": "Anna", "other_points": 26, "other_had_trick": True},
        {"Anna": 2, "Ben": 0},
    ),
    "K3 closes at Ben 30, then declares": (
        {"ending": "closed", "by": "Anna", "other_points": 30, "other_had_trick": True},
        {"Anna": 2, "Ben": 0},
    ),
    "K4 closes, Ben no trick, fails": (
        {"ending": "closed-failed", "by": "Anna", "other_had_trick": False},
        {"Anna": 0, "Ben": 3},
    ),
    "K4 variant: Ben held a trick": (
        {"ending": "closed-failed", "by": "Anna", "other_had_trick": True},
        {"Anna": 0, "Ben": 2},
    ),
    "K5 wrong declaration": (
        {"ending": "wrong-declaration", "by": "Anna", "other_had_trick": True},
        {"Anna": 0, "Ben": 2},
    ),
    "K6 last trick": (
        {"ending": "last-trick", "by": "Ben", "other_points": 58, "other_had_trick": True},
        {"Anna": 0, "Ben": 1},
    ),
    "declared, opponent without a trick": (
        {"ending": "declared", "by": "Ben", "other_points": 0, "other_had_trick": False},
        {"Anna": 0, "Ben": 3},
    ),
    "quick entry": ({"winner": "Ben", "game_points": 2}, {"Anna": 0, "Ben": 2}),
}


@pytest.mark.parametrize("raw, expected", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_worked_examples(raw, expected):
    assert run([raw]).results[0].scores == expected


def test_k7_schneider_bummerl_counts_two():
    result = run(
        [
            {"winner": "Anna", "game_points": 3},
            {"winner": "Anna", "game_points": 3},
            {"winner": "Anna", "game_points": 1},
        ]
    )
    assert sn.summary(result.state) == {"bummerl": {"Anna": 0, "Ben": 2}, "current": {"Anna": 0, "Ben": 0}}


def test_overflow_does_not_carry_and_a_normal_bummerl_counts_one():
    result = run(
        [
            {"winner": "Ben", "game_points": 1},
            {"winner": "Anna", "game_points": 3},
            {"winner": "Anna", "game_points": 3},
            {"winner": "Anna", "game_points": 3},
            {"winner": "Ben", "game_points": 2},
        ]
    )
    assert result.results[3].scores == {"Anna": 3, "Ben": 0}, "6 + 3 is recorded as 3"
    assert sn.summary(result.state) == {"bummerl": {"Anna": 0, "Ben": 1}, "current": {"Anna": 0, "Ben": 2}}


def test_schneider_off_and_target():
    result = run(
        [{"winner": "Anna", "game_points": 3}, {"winner": "Anna", "game_points": 3}],
        {"schneider_bummerl": False, "target": 5},
    )
    assert sn.summary(result.state)["bummerl"] == {"Anna": 0, "Ben": 1}


def test_last_trick_fixed_one():
    raw = {"ending": "last-trick", "by": "Ben", "other_points": 20, "other_had_trick": True}
    assert run([raw]).results[0].scores["Ben"] == 2
    assert run([raw], {"last_trick_points": "one"}).results[0].scores["Ben"] == 1


def test_dealer_alternates():
    result = run([{"winner": "Anna", "game_points": 1}])
    assert sn.next_dealer(result.state) == "Ben"


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"ending": "declared", "by": "Anna", "other_had_trick": True}, "other_points"),
        ({"ending": "declared", "by": "Anna", "other_points": 20, "other_had_trick": False}, "other_points"),
        ({"ending": "resigned", "by": "Anna", "other_had_trick": True}, "ending"),
        ({"winner": "Anna", "game_points": 4}, "game_points"),
        ({"winner": "Carl", "game_points": 1}, "winner"),
        ({"ending": "declared", "by": "Anna", "other_points": 20}, "other_had_trick"),
    ],
)
def test_bad_input_names_the_field(raw, field):
    with pytest.raises(InvalidHand) as caught:
        sn.parse_hand(raw, PLAYERS, sn.Rules())
    assert caught.value.field == field


def test_status_draws_the_bummerl_as_strokes_down_from_seven():
    result = run(
        [
            {"winner": "Anna", "game_points": 2},
            {"winner": "Ben", "game_points": 3},
            {"winner": "Anna", "game_points": 1},
        ]
    )
    status = sn.status(result.state).as_json()
    assert status["strokes"] == {"Anna": [5, 4], "Ben": [4]}
    assert status["next_dealer"] == "Ben"
    finished = run([{"winner": "Anna", "game_points": 3}] * 3)
    assert sn.status(finished.state).as_json()["strokes"] == {"Anna": [], "Ben": []}

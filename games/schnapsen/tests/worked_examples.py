"""Schnapsen's worked examples of its rules file (games/schnapsen/rules.md), as table documents with the scores the
rules give: each entry is (document, expected scores per hand in seating order, extra expectations on settle's
output). test_schnapsen.py checks the steps of each example; the tests that cover every game
(tests/engines/worked_examples.py gathers every registered game's) run them through ``settle`` and check that every
number the engine gives is a whole number or a Fraction, never a float.
"""

EXAMPLES = {
    "K1": (
        {
            "game": "schnapsen",
            "players": ["Anna", "Ben"],
            "hands": [{"ending": "declared", "by": "Anna", "other_points": 40, "other_had_trick": True}],
        },
        [[1, 0]],
        {},
    ),
    "K2": (
        {
            "game": "schnapsen",
            "players": ["Anna", "Ben"],
            "hands": [{"ending": "declared", "by": "Anna", "other_points": 26, "other_had_trick": True}],
        },
        [[2, 0]],
        {},
    ),
    "K3": (
        {
            "game": "schnapsen",
            "players": ["Anna", "Ben"],
            "hands": [{"ending": "closed", "by": "Anna", "other_points": 30, "other_had_trick": True}],
        },
        [[2, 0]],
        {},
    ),
    "K4": (
        {
            "game": "schnapsen",
            "players": ["Anna", "Ben"],
            "hands": [
                {"ending": "closed-failed", "by": "Anna", "other_had_trick": False},
                {"ending": "closed-failed", "by": "Anna", "other_had_trick": True},
            ],
        },
        [[0, 3], [0, 2]],
        {},
    ),
    "K5": (
        {
            "game": "schnapsen",
            "players": ["Anna", "Ben"],
            "hands": [{"ending": "wrong-declaration", "by": "Anna", "other_had_trick": True}],
        },
        [[0, 2]],
        {},
    ),
    "K6": (
        {
            "game": "schnapsen",
            "players": ["Anna", "Ben"],
            "hands": [{"ending": "last-trick", "by": "Ben", "other_points": 58, "other_had_trick": True}],
        },
        [[0, 1]],
        {},
    ),
    "K7": (
        {
            "game": "schnapsen",
            "players": ["Anna", "Ben"],
            "hands": [
                {"winner": "Anna", "game_points": 3},
                {"winner": "Anna", "game_points": 3},
                {"winner": "Anna", "game_points": 1},
            ],
        },
        [[3, 0], [3, 0], [1, 0]],
        {"bummerl": {"Anna": 0, "Ben": 2}, "current": {"Anna": 0, "Ben": 0}},
    ),
    "K8": (
        {
            "game": "schnapsen",
            "rules": {"deck": 24},
            "players": ["Anna", "Ben"],
            "hands": [
                {"ending": "draw"},
                {"ending": "declared", "by": "Ben", "other_points": 40, "other_had_trick": True},
            ],
        },
        [[0, 0], [0, 2]],
        {"current": {"Anna": 0, "Ben": 2}},
    ),
}

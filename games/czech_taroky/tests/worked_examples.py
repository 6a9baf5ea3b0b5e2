"""Czech Taroky's worked examples of its rules file (games/czech_taroky/rules.md), as table documents with the scores
the rules give: each entry is (document, expected scores per hand in seating order, extra expectations on settle's
output). test_czech_taroky.py checks the steps of each example; the tests that cover every game
(tests/engines/worked_examples.py gathers every registered game's) run them through ``settle`` and check that every
number the engine gives is a whole number or a Fraction, never a float.
"""

CZ = ["A", "B", "C", "D"]


def czech(hand, *, rules=None):
    return {"game": "czech-taroky", "rules": rules or {}, "players": CZ, "hands": [hand]}


def ann(side="declarers", announced=True, made=True):
    return {"side": side, "announced": announced, "made": made}


EXAMPLES = {
    "E1": (czech({"povinnost": "A", "partner": "C", "points": 63}), [[4, -4, 4, -4]], {}),
    "E2": (czech({"povinnost": "A", "partner": "B", "points": 40}), [[-5, -5, 5, 5]], {}),
    "E3": (czech({"povinnost": "A", "partner": "C", "points": 53}), [[-2, 2, -2, 2]], {}),
    "E4": (czech({"povinnost": "A", "partner": "D", "points": 58, "contra": 3}), [[24, -24, -24, 24]], {}),
    "E5": (
        czech({"povinnost": "A", "mode": "prever", "prever": "B", "talon": 1, "points": 59}),
        [[-5, 15, -5, -5]],
        {},
    ),
    "E6": (
        czech({"povinnost": "A", "mode": "prever", "prever": "B", "talon": 3, "points": 45}),
        [[20, -60, 20, 20]],
        {},
    ),
    "E7": (czech({"povinnost": "A", "partner": "C", "points": 55, "contra": 1, "pagat": ann()}), [[8, -8, 8, -8]], {}),
    "E8": (czech({"povinnost": "A", "partner": "C", "points": 54, "pagat": ann(made=False)}), [[-2, 2, -2, 2]], {}),
    "E9": (czech({"povinnost": "A", "partner": "C", "contra": 1, "valat": ann()}), [[80, -80, 80, -80]], {}),
    "E10": (
        czech({"povinnost": "A", "mode": "prever", "prever": "B", "valat": ann(announced=False)}),
        [[-30, 90, -30, -30]],
        {},
    ),
    "E11": (
        czech(
            {
                "povinnost": "A",
                "partner": "C",
                "points": 64,
                "contra": 1,
                "declarations": [
                    {"player": "A", "kind": "big-ones"},
                    {"player": "A", "kind": "trul"},
                    {"player": "B", "kind": "uni"},
                    {"player": "D", "kind": "rosa-honery"},
                ],
            }
        ),
        [[18, -6, -6, -6]],
        {},
    ),
    "E12": (czech({"povinnost": "A", "partner": "A", "points": 60}), [[9, -3, -3, -3]], {}),
    "E13": (
        czech(
            {"povinnost": "A", "partner": "C", "points": 55, "contra": 1, "pagat": ann()}, rules={"pagat_announced": 8}
        ),
        [[12, -12, 12, -12]],
        {},
    ),
    "E14": (
        czech(
            {"povinnost": "A", "partner": "C", "valat": ann(), "pagat": ann(announced=False)},
            rules={"pagat_with_valat": True},
        ),
        [[42, -42, 42, -42]],
        {},
    ),
    "E14 default": (
        czech({"povinnost": "A", "partner": "C", "valat": ann(), "pagat": ann(announced=False)}),
        [[40, -40, 40, -40]],
        {},
    ),
    "E15": (czech({"adjustment": {"A": 5, "B": -15, "C": 5, "D": 5}, "reason": "revoke"}), [[5, -15, 5, 5]], {}),
}

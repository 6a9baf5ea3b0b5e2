"""Every worked example of shared/rules/, as a table document with the scores the rules file gives.

Each entry: (document, expected scores per hand in seating order, extra expectations on settle's output).
The per-game test files check the steps of each example; test_worked_examples.py runs them all through
``settle`` and checks that every number the engines give is a whole number or a Fraction, never a float.
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
    "S1": (
        {
            "game": "slovenian-tarok",
            "players": ["Ana", "Bojan", "Cene"],
            "hands": [
                {
                    "contract": "two",
                    "declarer": "Ana",
                    "points": "40 2/3",
                    "mond_lost_by": "Bojan",
                    "bonuses": [{"kind": "kings", "side": "declarers", "announced": False, "made": True}],
                }
            ],
        },
        [[36, -21, 0]],
        {},
    ),
    "S2": (
        {
            "game": "slovenian-tarok",
            "players": ["Ana", "Bojan", "Cene"],
            "hands": [
                {
                    "contract": "one",
                    "declarer": "Ana",
                    "points": "33 1/3",
                    "bonuses": [
                        {"kind": "pagat-ultimo", "side": "declarers", "announced": True, "made": False},
                        {"kind": "trula", "side": "defenders", "announced": False, "made": True},
                    ],
                },
                {"contract": "one", "declarer": "Ana", "points": "35 1/3"},
            ],
        },
        [[-92, 0, 0], [-30, 0, 0]],
        {},
    ),
    "S3": (
        {
            "game": "slovenian-tarok",
            "players": ["Ana", "Bojan", "Cene"],
            "hands": [
                {"contract": "klop", "klop": {"Ana": "31 1/3", "Bojan": 24, "Cene": "14 2/3"}},
                {"contract": "klop", "klop": {"Ana": 0, "Bojan": 41, "Cene": 29}},
            ],
        },
        [[-31, -24, -15], [70, -70, 0]],
        {},
    ),
    "S4": (
        {
            "game": "slovenian-tarok",
            "players": ["Dora", "Pia", "Ema", "Fran"],
            "hands": [
                {
                    "contract": "three",
                    "declarer": "Dora",
                    "partner": "Pia",
                    "points": 44,
                    "kontra": 1,
                    "mond_lost_by": "Dora",
                    "bonuses": [
                        {"kind": "kings", "side": "declarers", "announced": True, "made": True},
                        {"kind": "king-ultimo", "side": "declarers", "announced": False, "made": True},
                        {"kind": "trula", "side": "defenders", "announced": False, "made": True},
                    ],
                }
            ],
        },
        [[39, 60, 0, 0]],
        {},
    ),
    "S5": (
        {
            "game": "slovenian-tarok",
            "players": ["Ana", "Bojan", "Cene", "Ema"],
            "hands": [
                {"contract": "beggar", "declarer": "Ana", "won": True},  # gives Ema her radelc
                {
                    "contract": "solo-one",
                    "declarer": "Ema",
                    "points": 31,
                    "kontra": 2,
                    "bonuses": [
                        {"kind": "pagat-ultimo", "side": "declarers", "announced": True, "made": True, "kontra": 1}
                    ],
                },
            ],
        },
        [[70, 0, 0, 0], [0, 0, 0, -320]],
        {"radelci": {"Ana": 1, "Bojan": 1, "Cene": 1, "Ema": 1}},
    ),
    "S6": (
        {
            "game": "slovenian-tarok",
            "players": ["Ana", "Bojan", "Cene", "Dora"],
            "hands": [
                {"contract": "beggar", "declarer": "Cene", "won": True},
                {"contract": "klop", "klop": {"Ana": 0, "Bojan": 20, "Cene": 25, "Dora": 25}},
                {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38},
            ],
        },
        [[0, 0, 70, 0], [140, 0, 0, 0], [0, 50, 0, 50]],
        {"radelci": {"Ana": 1, "Bojan": 1, "Cene": 2, "Dora": 2}},
    ),
    "S7": (
        {
            "game": "slovenian-tarok",
            "rules": {"klop_radelci": False},
            "players": ["Ana", "Bojan", "Cene", "Dora"],
            "hands": [
                {"contract": "beggar", "declarer": "Cene", "won": True},
                {"contract": "klop", "klop": {"Ana": 0, "Bojan": 20, "Cene": 25, "Dora": 25}},
                {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38},
            ],
        },
        [[0, 0, 70, 0], [70, 0, 0, 0], [0, 50, 0, 50]],
        {"radelci": {"Ana": 2, "Bojan": 1, "Cene": 2, "Dora": 2}},
    ),
    "S8": (
        {
            "game": "slovenian-tarok",
            "rules": {"announced_valat": "contract"},
            "players": ["Ana", "Bojan", "Cene", "Dora"],
            "hands": [
                {
                    "contract": "three",
                    "declarer": "Ana",
                    "partner": "Bojan",
                    "points": 40,
                    "bonuses": [{"kind": "valat", "side": "declarers", "announced": True, "made": False}],
                }
            ],
        },
        [[-500, -500, 0, 0]],
        {"radelci": {"Ana": 1, "Bojan": 1, "Cene": 1, "Dora": 1}},
    ),
    "S8 bonus": (
        {
            "game": "slovenian-tarok",
            "players": ["Ana", "Bojan", "Cene", "Dora"],
            "hands": [
                {
                    "contract": "three",
                    "declarer": "Ana",
                    "partner": "Bojan",
                    "points": 40,
                    "bonuses": [{"kind": "valat", "side": "declarers", "announced": True, "made": False}],
                }
            ],
        },
        [[-485, -485, 0, 0]],
        {"radelci": {"Ana": 0, "Bojan": 0, "Cene": 0, "Dora": 0}},
    ),
    "S9": (
        {
            "game": "slovenian-tarok",
            "rules": {"radelci_end_penalty": 100},
            "players": ["Ana", "Bojan", "Cene", "Dora"],
            "hands": [
                {"contract": "beggar", "declarer": "Cene", "won": True},
                {"contract": "klop", "klop": {"Ana": 0, "Bojan": 20, "Cene": 25, "Dora": 25}},
                {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38},
                {"closing": True},
            ],
        },
        [[0, 0, 70, 0], [140, 0, 0, 0], [0, 50, 0, 50], [-100, -100, -200, -200]],
        {"radelci": {"Ana": 0, "Bojan": 0, "Cene": 0, "Dora": 0}},
    ),
    "S10": (
        {
            "game": "slovenian-tarok",
            "rules": {"mondfang_radelci": True},
            "players": ["Ana", "Bojan", "Cene", "Dora"],
            "hands": [
                {"contract": "three", "declarer": "Ana", "partner": "Bojan", "points": 40, "mond_lost_by": "Cene"}
            ],
        },
        [[15, 15, -21, 0]],
        {"radelci": {"Ana": 1, "Bojan": 1, "Cene": 1, "Dora": 1}},
    ),
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
    "T4": (
        {
            "game": "two-ten-jack",
            "players": ["Aiko", "Ben", "Chie"],
            "hands": [
                {
                    "captured": {
                        "Aiko": ["2H", "KH", "QS", "10S"],
                        "Ben": ["10H", "JH", "AH", "2S"],
                        "Chie": ["QH", "AS", "KS", "JS"],
                    }
                },
                {
                    "captured": {
                        "Ben": ["2H", "10H", "JH", "AH", "KH", "QH", "QS"],
                        "Chie": ["AS", "KS", "JS", "10S", "2S"],
                    }
                },
                {"closing": True},
            ],
        },
        [[0, 15, -15], [0, -50, -40], [0, 0, 0]],
        {"totals": {"Aiko": 0, "Ben": -35, "Chie": -55}},
    ),
    "T1-T3": (
        {
            "game": "two-ten-jack",
            "players": ["Aiko", "Ben", "Chie"],
            "hands": [
                {
                    "captured": {
                        "Aiko": ["2H", "KH", "QS", "10S"],
                        "Ben": ["10H", "JH", "AH", "2S"],
                        "Chie": ["QH", "AS", "KS", "JS"],
                    }
                },
                {
                    "captured": {
                        "Ben": ["2H", "10H", "JH", "AH", "KH", "QH", "QS"],
                        "Chie": ["AS", "KS", "JS", "10S", "2S"],
                    }
                },
                {
                    "captured": {
                        "Aiko": ["2S", "10S", "JS", "AS", "KS", "QS"],
                        "Ben": ["AH", "KH"],
                        "Chie": ["2H", "10H", "JH", "QH"],
                    }
                },
            ],
        },
        [[0, 15, -15], [0, -50, -40], [45, 10, 35]],
        {"totals": {"Aiko": 45, "Ben": -25, "Chie": -20}},
    ),
}

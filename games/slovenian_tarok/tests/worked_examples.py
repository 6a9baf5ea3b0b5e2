"""Slovenian Tarok's worked examples of its rules file (games/slovenian_tarok/rules.md), as table documents with the
scores the rules give: each entry is (document, expected scores per hand in seating order, extra expectations on
settle's output). test_slovenian_tarok.py checks the steps of each example; the tests that cover every game
(tests/engines/worked_examples.py gathers every registered game's) run them through ``settle`` and check that every
number the engine gives is a whole number or a Fraction, never a float.
"""

EXAMPLES = {
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
}

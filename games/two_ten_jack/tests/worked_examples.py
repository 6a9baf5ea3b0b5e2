"""Two Ten Jack's worked examples of its rules file (games/two_ten_jack/rules.md), as table documents with the scores
the rules give: each entry is (document, expected scores per hand in seating order, extra expectations on settle's
output). test_two_ten_jack.py checks the steps of each example; the tests that cover every game
(tests/engines/worked_examples.py gathers every registered game's) run them through ``settle`` and check that every
number the engine gives is a whole number or a Fraction, never a float.
"""

EXAMPLES = {
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

"""Dreierschnapsen's worked examples of its rules file (games/schnapsen_family/rules.md, D1–D12), as table documents with
the scores the rules give: each entry is (document, expected scores per hand in seating order, extra expectations on
settle's output). test_dreierschnapsen.py checks these and the examples that take several hands (the Bummerl, Schneider,
Retourschneider); the tests that cover every game (tests/engines/worked_examples.py gathers every registered game's)
run them through ``settle``.
"""

from games.schnapsen_family.tests.helpers import contract, normal

PLAYERS = ("Anna", "Bert", "Cilli")
SINGLE_HANDS = {
    "D1 normal won, defenders 40": (normal("Anna", True, 40), [1, 0, 0]),
    # D2: Anna (the losing side) had 20 and a trick: g = 2 to each defender
    "D2 normal lost": (normal("Anna", False, 20), [0, 2, 2]),
    "D3 Schwarz with Kontra": (normal("Bert", True, 0, trick=False, kontra=1), [0, 6, 0]),
    "D4 Schnapser won": (contract("schnapser", "Cilli"), [0, 0, 6]),
    "D5 Schnapser lost": (contract("schnapser", "Cilli", won=False), [6, 6, 0]),
    "D6 Bettler won with Re": (contract("bettler", "Anna", kontra=2), [16, 0, 0]),
    "D7 Gang lost with Kontra": (contract("gang", "Bert", won=False, kontra=1), [18, 0, 18]),
    "D11 Herrenschnapser": (contract("herrenschnapser", "Bert"), [0, 24, 0]),
}


def _document(hand: dict) -> dict:
    return {"game": "dreierschnapsen", "players": list(PLAYERS), "hands": [hand]}


EXAMPLES = {name.split(" ")[0]: (_document(hand), [expected], {}) for name, (hand, expected) in SINGLE_HANDS.items()}

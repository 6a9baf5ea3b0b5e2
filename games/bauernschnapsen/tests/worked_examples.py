"""Bauernschnapsen's worked examples of its rules file (games/schnapsen_family/rules.md, B1–B14), as table documents with
the scores the rules give: each entry is (document, expected scores per hand in seating order, extra expectations on
settle's output). test_bauernschnapsen.py checks these and the examples that take several hands (the Bummerl, Schneider,
Retourschneider); the tests that cover every game (tests/engines/worked_examples.py gathers every registered game's)
run them through ``settle``.
"""

from games.schnapsen_family.tests.helpers import contract, normal

PLAYERS = ("Anna", "Bert", "Cilli", "Dieter")
SINGLE_HANDS = {
    # B1: Anna (Rufer) wins, BD 40 >= 33: g = 1
    "B1 normal won, opponents 40": (normal("Anna", True, 40), [1, 0, 1, 0]),
    # B2: Bert is Rufer and loses; BD (the losing side) has 25 and a trick: g = 2 to AC
    "B2 normal lost, losers 25 and a trick": (normal("Bert", False, 25), [2, 0, 2, 0]),
    # B3: Cilli wins, BD no trick: g = 3; Kontra: 3 x 2 = 6
    "B3 Schwarz with Kontra": (normal("Cilli", True, 0, trick=False, kontra=1), [6, 0, 6, 0]),
    "B4 Schnapser won": (contract("schnapser", "Dieter"), [0, 6, 0, 6]),
    "B5 Schnapser lost": (contract("schnapser", "Dieter", won=False), [6, 0, 6, 0]),
    # B6: Bettler 4, Kontra and Re: 4 x 4 = 16 to AC
    "B6 Bettler lost, Kontra and Re": (contract("bettler", "Bert", won=False, kontra=2), [16, 0, 16, 0]),
    "B7 Gang won": (contract("gang", "Cilli"), [9, 0, 9, 0]),
    # B8: Bauernschnapser 12, Kontra: 24 to BD
    "B8 Bauernschnapser lost with Kontra": (contract("bauernschnapser", "Anna", won=False, kontra=1), [0, 24, 0, 24]),
    "B11 Farbenringerl": (contract("farbenringerl", "Dieter"), [0, 18, 0, 18]),
}


def _document(hand: dict) -> dict:
    return {"game": "bauernschnapsen", "players": list(PLAYERS), "hands": [hand]}


EXAMPLES = {name.split(" ")[0]: (_document(hand), [expected], {}) for name, (hand, expected) in SINGLE_HANDS.items()}

"""A Bauernschnapsen hand form's fields to the hand's object: schnapsen_family's, and the game's samples."""

from __future__ import annotations

from games.entry import Samples
from games.schnapsen_family.fields import random_document, to_data  # noqa: F401 (the entry's contract: to_data)

PLAYERS = ("Anna", "Bert", "Cilli", "Dieter")

SAMPLES = Samples(
    players=PLAYERS,
    table=({"contract": "normal", "declarer": "Anna", "won": True, "loser_points": 40, "loser_had_trick": True},),
    hands=(
        {"contract": "gang", "declarer": "Cilli", "won": True},
        {"contract": "schnapser", "declarer": "Dieter", "won": False, "kontra": 1},
        {"contract": "normal", "declarer": "Bert", "won": True, "game_points": 2},
        {"contract": "bettler", "declarer": "Bert", "won": True},
    ),
    fields={
        "contract": "normal",
        "declarer": "Bert",
        "won": "yes",
        "loser_points": 25,
        "loser_had_trick": "",
        "game_points": "",
        "kontra": "",
    },
    hand={"contract": "normal", "declarer": "Bert", "won": True, "loser_points": 25, "loser_had_trick": True},
    adjustment={"adjustment": {"Bert": 3}, "reason": "renonce by Anna"},
    document=lambda r: random_document(r, "bauernschnapsen", PLAYERS),
)

"""A Hearts hand form's fields (each player's penalty points, or who shot the moon) to the hand's object; and
Hearts' samples, whose hands depend on the round (each round's points add up to twice its cards)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from random import Random
from typing import Any

from games.entry import Samples

from .engine import cards

PLAYERS = ("North", "East", "South", "West")


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str], rules: Any) -> dict[str, Any]:
    """Each player's penalty points; a tap on who shot the moon: the engine gives everyone else the round's all."""
    if c.get("moon") in players:
        return {"moon": c["moon"]}
    return {"points": {p: c.get(f"points_{i}") or 0 for i, p in enumerate(players)}}


def random_hand(r: Random, round_number: int) -> dict:
    """A valid hand of round ``round_number``: its points add up to twice the round's cards."""
    total = 2 * cards(round_number)
    if r.random() < Fraction(1, 10):  # one hand in ten (a Fraction: no float in a game's modules)
        return {"moon": r.choice(PLAYERS)}
    cuts = sorted(r.randint(0, total) for _ in range(3))
    return {"points": dict(zip(PLAYERS, (b - a for a, b in zip([0, *cuts], [*cuts, total]))))}


SAMPLES = Samples(
    players=PLAYERS,
    table=({"points": {"North": 13, "East": 5, "South": 8, "West": 0}},),
    hands=(  # round 1 deals 13 cards each (26 points), round 2 12 (24), round 3 11 (22), round 4 10 (20)
        {"points": {"North": 13, "East": 5, "South": 8, "West": 0}},
        {"moon": "East"},
        {"points": {"North": 16, "East": 2, "South": 2, "West": 2}},
        {"adjustment": {"West": 5}, "reason": "revoke"},
        {"points": {"North": 20, "East": 0, "South": 0, "West": 0}},
    ),
    fields={"moon": "", "points_0": 1, "points_1": 11, "points_2": 12, "points_3": None},  # round 2: 24 points
    hand={"points": {"North": 1, "East": 11, "South": 12, "West": 0}},
    adjustment={"adjustment": {"North": 10}},
    document=lambda r: {
        "game": "hearts",
        "players": list(PLAYERS),
        "hands": [random_hand(r, n) for n in range(1, r.randint(2, 9))],
    },
)

"""A Hearts hand form's fields (each player's penalty points) to the hand's object; and Hearts' samples."""

from __future__ import annotations

from random import Random
from typing import Any, Mapping

from games.entry import Samples

PLAYERS = ("North", "East", "South", "West")


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str], rules: Any) -> dict[str, Any]:
    """Each player's penalty points; a tap on who shot the moon gives that player all 26."""
    if c.get("moon") in players:
        return {"points": {p: 26 if p == c["moon"] else 0 for p in players}}
    return {"points": {p: c.get(f"points_{i}") or 0 for i, p in enumerate(players)}}


def random_hand(r: Random) -> dict:
    cuts = sorted(r.randint(0, 26) for _ in range(3))
    return {"points": dict(zip(PLAYERS, (b - a for a, b in zip([0, *cuts], [*cuts, 26]))))}


SAMPLES = Samples(
    players=PLAYERS,
    table=({"points": {"North": 13, "East": 5, "South": 8, "West": 0}},),
    hands=(
        {"points": {"North": 13, "East": 5, "South": 8, "West": 0}},
        {"points": {"North": 0, "East": 26, "South": 0, "West": 0}},
        {"points": {"North": 20, "East": 2, "South": 2, "West": 2}},
        {"adjustment": {"West": 5}, "reason": "revoke"},
        {"points": {"North": 26, "East": 0, "South": 0, "West": 0}},
    ),
    fields={"moon": "", "points_0": 1, "points_1": 13, "points_2": 12, "points_3": None},
    hand={"points": {"North": 1, "East": 13, "South": 12, "West": 0}},
    adjustment={"adjustment": {"North": 10}},
    document=lambda r: {"game": "hearts", "players": list(PLAYERS),
                        "hands": [random_hand(r) for _ in range(r.randint(1, 8))]},
)

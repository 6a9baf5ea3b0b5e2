"""A Two Ten Jack hand form's fields (who took each scoring card, the removed cards) to the hand's object."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.entry import Samples

from . import engine as ttj

SUIT_ORDER = {"H": 0, "S": 1, "D": 2, "C": 3, "K": 4}  # hearts first; the joker (JK) last


def scoring_cards(rules: Any) -> list[str]:
    """The cards that score under the table's point table, in the form's order."""
    return sorted(
        (card for card, value in rules.card_points if value),
        key=lambda card: (SUIT_ORDER[card[-1]], ttj.DECK.index(card)),
    )


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str], rules: Any) -> dict[str, Any]:
    removed = [c[f"removed_{i}"] for i in range(ttj.removed_count(len(players))) if c.get(f"removed_{i}")]
    captured: dict[str, list[str]] = {p: [] for p in players}
    for card in scoring_cards(rules):
        if c.get(f"card_{card}") in captured:
            captured[c[f"card_{card}"]].append(card)
    data: dict[str, Any] = {"captured": captured}
    if removed:
        data = {"removed": removed, **data}
    return data


# ---- the game's samples, for the tests that cover every game ------------------------------------------------

PLAYERS = ("Aiko", "Ben", "Chie")


def random_hand(r: Random, players: list[str]) -> dict:
    cards = r.sample(ttj.DECK, 53)
    removed = 53 % len(players)
    hand: dict = {"captured": {}}
    if removed and r.randrange(100) < 50:
        hand["removed"] = cards[:removed]
    cards = cards[removed:]
    for name in players:
        hand["captured"][name] = cards[: r.randint(0, 12)]
        cards = cards[len(hand["captured"][name]) :]
    return hand


def _document(r: Random) -> dict:
    players = ["Aiko", "Ben", "Chie", "Dai", "Emi", "Fumi"][: r.randint(2, 6)]
    return {
        "game": "two-ten-jack",
        "players": players,
        "hands": [random_hand(r, players) for _ in range(r.randint(1, len(players)))],
    }


SAMPLES = Samples(
    players=PLAYERS,
    table=({"captured": {"Aiko": ["2H"]}},),
    hands=(
        {"captured": {"Aiko": ["2H", "10H"], "Ben": ["JH"], "Chie": []}},
        {"captured": {"Aiko": [], "Ben": ["2H"], "Chie": ["JK"]}},
        {"captured": {"Chie": ["10H", "JH"]}},
        {"captured": {"Chie": ["2H", "10H", "JH", "AH", "KH", "QH"]}},
    ),
    fields={"removed_0": "", "removed_1": "", "card_2H": "Ben", "card_10H": "Aiko", "card_JK": ""},
    hand={"captured": {"Aiko": ["10H"], "Ben": ["2H"], "Chie": []}},
    adjustment={"adjustment": {"Aiko": -20}},
    document=_document,
)

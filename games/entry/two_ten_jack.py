"""A Two Ten Jack hand form's fields (who took each scoring card, the removed cards) to the hand's object."""

from __future__ import annotations

from typing import Any, Mapping

from ..engines import two_ten_jack as ttj

SUIT_ORDER = {"H": 0, "S": 1, "D": 2, "C": 3, "K": 4}  # hearts first; the joker (JK) last


def scoring_cards(rules: Any) -> list[str]:
    """The cards that score under the table's point table, in the form's order."""
    return sorted((card for card, value in rules.card_points if value),
                  key=lambda card: (SUIT_ORDER[card[-1]], ttj.DECK.index(card)))


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

"""A Slovenian Tarok hand form's fields (points in thirds, bonuses as states, klop) to the hand's object."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ..engines import slovenian_tarok as st


def thirds(whole_part: int | None, third: str | None) -> Fraction | None:
    if whole_part is None:
        return None
    return Fraction(whole_part) + Fraction(int(third or 0), 3)


def bonus_kinds(players: tuple[str, ...] | list[str]) -> list[str]:
    """The bonuses the form offers: the king ultimo only with four players."""
    return [k for k in st.BONUS_VALUES if len(players) == 4 or k != "king-ultimo"]


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str], rules: Any = None) -> dict[str, Any]:
    contract = c.get("contract") or None
    if contract == "klop":
        klop = {}
        for i, p in enumerate(players):
            value = thirds(c.get(f"klop_{i}"), c.get(f"klop_{i}_third"))
            if value is not None:  # a player not entered yet is left out: the engine lists who is still to enter
                klop[p] = st.format_points(value)
        return {"contract": "klop", "klop": klop}
    data: dict[str, Any] = {"contract": contract, "declarer": c.get("declarer") or None}
    if contract in st.CALLS_KING and len(players) == 4 and c.get("partner"):
        data["partner"] = c["partner"]
    if contract in st.WITH_POINTS:
        points = thirds(c.get("points_whole"), c.get("points_third"))
        data["points"] = st.format_points(points) if points is not None else None
    if contract in st.WITH_WON and c.get("won"):
        data["won"] = c["won"] == "yes"
    if c.get("kontra") and c["kontra"] != "0":
        data["kontra"] = int(c["kontra"])
    if contract in st.WITH_DIFFERENCE:
        bonuses = []
        for kind in bonus_kinds(players):
            state = c.get(f"bonus_{kind}")
            if not state:
                continue
            announced = state.startswith("announced")
            bonus = {"kind": kind, "side": c.get(f"bonus_{kind}_side") or "declarers", "announced": announced,
                     "made": state.endswith("made")}
            kontra = c.get(f"bonus_{kind}_kontra") or "0"
            if announced and kontra != "0":
                bonus["kontra"] = int(kontra)
            bonuses.append(bonus)
        if bonuses:
            data["bonuses"] = bonuses
    if c.get("mond_lost_by"):
        data["mond_lost_by"] = c["mond_lost_by"]
    return {key: value for key, value in data.items() if value is not None}

"""A Schnapsen hand form's fields (quick entry or how the hand ended) to the hand's object."""

from __future__ import annotations

from typing import Any, Mapping

from ..engines import schnapsen as sn


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str] = (), rules: Any = None) -> dict[str, Any]:
    if c.get("ending") == "draw":
        return {"ending": "draw"}
    game_points = c.get("game_points")
    if game_points not in (None, ""):
        game_points = int(game_points)
    else:
        game_points = None
    if game_points is not None or not c.get("ending"):
        return {"winner": c.get("winner") or None, "game_points": game_points}
    data: dict[str, Any] = {"ending": c["ending"], "by": c.get("by") or None}
    if c.get("other_points") is not None and c["ending"] in sn.NEEDS_OTHER_POINTS:
        data["other_points"] = c["other_points"]
    if c.get("other_had_trick"):
        data["other_had_trick"] = c["other_had_trick"] == "yes"
    return {key: value for key, value in data.items() if value is not None}

"""A Czech Taroky hand form's fields to the hand's object (defaults left out)."""

from __future__ import annotations

from typing import Any, Mapping


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str], rules: Any = None) -> dict[str, Any]:
    data: dict[str, Any] = {"povinnost": c.get("povinnost") or None}
    if c.get("mode") == "prever":
        data["mode"] = "prever"
        data["prever"] = c.get("prever") or None
        if c.get("talon") and c["talon"] != "1":
            data["talon"] = int(c["talon"])
    else:
        data["partner"] = c.get("partner") or None
        if c.get("called") and c["called"] != "XIX":
            data["called"] = c["called"]
    if c.get("valat_side"):
        data["valat"] = {"side": c["valat_side"], "announced": bool(c.get("valat_announced")),
                         "made": bool(c.get("valat_made"))}
    elif c.get("points") is not None:
        data["points"] = c["points"]
    if c.get("contra") and c["contra"] != "0":
        data["contra"] = int(c["contra"])
    if c.get("pagat_side"):
        data["pagat"] = {"side": c["pagat_side"], "announced": bool(c.get("pagat_announced")),
                         "made": bool(c.get("pagat_made"))}
    declarations = []
    for i, p in enumerate(players):
        for kind in (c.get(f"trumps_{i}"), c.get(f"honours_{i}"), "trul" if c.get(f"trul_{i}") else ""):
            if kind:
                declarations.append({"player": p, "kind": kind})
    if declarations:
        data["declarations"] = declarations
    return {key: value for key, value in data.items() if value is not None}

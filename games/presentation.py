"""Short words for the table page: a one-line summary of each hand and the players' totals, in the player's
language. Only presentation: the numbers all come from the engines through services."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext as _

from .engines import schnapsen as sn
from .engines import slovenian_tarok as sl
from .engines import two_ten_jack as ttj
from .engines.base import fmt_number
from .models import Table

CONTRA_MARKS = {1: "×2", 2: "×4", 3: "×8"}


def describe_hand(table: Table, data: dict[str, Any]) -> str:
    if table.game == "czech-taroky":
        return _describe_czech(data)
    if table.game == "slovenian-tarok":
        return _describe_slovenian(data)
    if table.game == "schnapsen":
        return _describe_schnapsen(data)
    if table.game == "two-ten-jack":
        return _describe_two_ten_jack(data)
    return ""


def _describe_schnapsen(data: dict[str, Any]) -> str:
    if "winner" in data:
        return _("%(player)s wins %(points)s") % {"player": data["winner"], "points": data["game_points"]}
    return f"{data['by']} {gettext(sn.ENDING_NAMES[data['ending']])}"


def _describe_two_ten_jack(data: dict[str, Any]) -> str:
    parts = [f"{name}: {' '.join(ttj.show_card(c) for c in cards)}" for name, cards in data["captured"].items() if cards]
    return " · ".join(parts) or _("no scoring cards")


def _describe_slovenian(data: dict[str, Any]) -> str:
    contract = gettext(sl.CONTRACT_NAMES[data["contract"]])
    if data["contract"] == "klop":
        return contract
    text = f"{data['declarer']}: {contract}"
    if data.get("partner"):
        text += " " + _("with %(player)s") % {"player": data["partner"]}
    if "points" in data:
        text += f" · {fmt_number(sl.parse_points(data['points'], 'points'))}"
    if "won" in data:
        text += " · " + (_("made") if data["won"] else _("failed"))
    if data.get("kontra"):
        text += f" · ×{2 ** data['kontra']}"
    if data.get("bonuses"):
        text += " · " + ", ".join(gettext(sl.BONUS_NAMES[b["kind"]]) for b in data["bonuses"])
    return text


def _describe_czech(data: dict[str, Any]) -> str:
    if data.get("mode") == "prever":
        text = _("%(player)s prever") % {"player": data["prever"]}
        if data.get("talon", 1) > 1:
            text += " " + {2: "↓×2", 3: "↑×4"}[data["talon"]]
    elif data.get("partner") == data["povinnost"]:
        text = _("%(player)s alone") % {"player": data["povinnost"]}
    else:
        text = f"{data['povinnost']} + {data['partner']}"
    if data.get("valat"):
        text += " · " + _("valat")
    elif "points" in data:
        text += f" · {data['points']}"
    if data.get("contra"):
        text += " · " + CONTRA_MARKS[data["contra"]]
    if data.get("pagat"):
        text += " · I"
    return text


def player_rows(table: Table) -> list[dict[str, Any]]:
    summary = table.summary or {}
    rows = []
    for name in table.players:
        rows.append({
            "name": name,
            "total": table.totals.get(name, 0),
            "povinnost": summary.get("next_povinnost") == name,
            "dealer": summary.get("next_dealer") == name and table.game in ("czech-taroky", "schnapsen"),
            "radelci": range(summary.get("radelci", {}).get(name, 0)),
            "radelci_used": range(summary.get("radelci_used", {}).get(name, 0)),
            "bummerl": summary.get("bummerl", {}).get(name, 0),
            "strokes": summary.get("strokes", {}).get(name, []),
            "winner": name in winners(table),
        })
    return rows


def winners(table: Table) -> list[str]:
    """Two Ten Jack: the players with the highest total once every round is played."""
    if table.game != "two-ten-jack" or not (table.summary or {}).get("finished"):
        return []
    best = max(table.totals.values())
    return [name for name in table.players if table.totals[name] == best]

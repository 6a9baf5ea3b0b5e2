"""Short words for the table page: a one-line summary of each hand and the players' totals, in the player's
language. Only presentation: the numbers all come from the engines through services."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from .engines import schnapsen as sn
from .engines import slovenian_tarok as sl
from .engines import two_ten_jack as ttj
from .engines.base import fmt_number
from .engines.settle_up import balances, fewest_payments, format_money, parse_price
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


def settle_up(table: Table) -> dict[str, Any] | None:
    """Who pays whom, in money, with the fewest payments; None until the table has a price per point."""
    price = parse_price(table.price_per_point)
    if not price:
        return None
    if table.game == "schnapsen":  # what counts in Schnapsen is the Bummerl: each one lost is paid for
        scores = {name: -(table.summary or {}).get("bummerl", {}).get(name, 0) for name in table.players}
    else:
        scores = {name: table.totals.get(name, 0) for name in table.players}
    balance = balances(scores, zero_sum=table.game == "czech-taroky")
    payments = fewest_payments({name: points * price for name, points in balance.items()})
    return {"price": format_money(price, table.currency), "unit": _("Bummerl") if table.game == "schnapsen"
            else _("point"),
            "payments": [(payer, receiver, format_money(amount, table.currency))
                         for payer, receiver, amount in payments]}


def running_totals_svg(players: list[str], hands: list[list[int]], *, width: int = 340, height: int = 180) -> str:
    """A line per player of the running totals, hand by hand, as an SVG drawn on the server."""
    if len(hands) < 2:
        return ""
    colours = ["#1f4d3a", "#c8512a", "#2f5fb3", "#8a3ea8", "#7a6a00", "#0f7f86"]
    series, running = [], [0] * len(players)
    for scores in hands:
        running = [r + s for r, s in zip(running, scores)]
        series.append(running)
    low = min(0, *(min(row) for row in series))
    high = max(0, *(max(row) for row in series))
    span = (high - low) or 1
    pad = 8

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / (len(series) - 1)

    def y(v: int) -> float:
        return pad + (height - 2 * pad) * (high - v) / span

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" class="chart" role="img" '
             f'aria-label="{escape(_("Running totals, hand by hand"))}">',
             f'<line x1="{pad}" x2="{width - pad}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#b9c2bb" stroke-dasharray="4 4"/>']
    for p, name in enumerate(players):
        points = " ".join(f"{x(i):.1f},{y(row[p]):.1f}" for i, row in enumerate(series))
        colour = colours[p % len(colours)]
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" points="{points}"><title>'
                     f'{escape(name)}</title></polyline>')
    parts.append("</svg>")
    legend = "".join(f'<li><span class="swatch" style="background:{colours[p % len(colours)]}"></span>{escape(name)}'
                     f"</li>" for p, name in enumerate(players))
    return "".join(parts) + f'<ul class="legend">{legend}</ul>'

"""Short words for the pages: a one-line summary of each hand, the players' totals, settle-up and the chart, in the
player's language. Only presentation: the numbers and every rule fact come from the engines."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any, Callable

from django.utils.translation import gettext
from django.utils.translation import gettext as _

from .engines.base import N_, InvalidHand, Line, Phrase, parse_options
from .engines.settle_up import balances, fewest_payments, format_money, parse_price
from .models import Table
from .registry import ENGINES


def describer(table: Table) -> Callable[[dict[str, Any]], Line | Phrase]:
    """One line per hand (``describe(hand data)``), as the engine words it: for the ``explain`` template filter,
    or ``.render(gettext)`` for plain text."""
    engine = ENGINES[table.game]
    players = tuple(table.players)
    rules = engine.parse_rules(table.rules, players)
    return lambda data: engine.describe(engine.parse_hand(data, players, rules))


def describe_hand(table: Table, data: dict[str, Any]) -> str:
    """The one line as plain text, in the player's language (CSV, the admin)."""
    return describer(table)(data).render(gettext)


def player_rows(table: Table) -> list[dict[str, Any]]:
    summary = table.summary or {}
    winning = winners(table)
    rows = []
    for name in table.players:
        rows.append({
            "name": name,
            "total": table.totals.get(name, 0),
            "povinnost": summary.get("next_povinnost") == name,
            "dealer": summary.get("next_dealer") == name,
            "radelci": range(summary.get("radelci", {}).get(name, 0)),
            "radelci_used": range(summary.get("radelci_used", {}).get(name, 0)),
            "bummerl": summary.get("bummerl", {}).get(name, 0),
            "strokes": summary.get("strokes", {}).get(name, []),
            "winner": name in winning,
        })
    return rows


def winners(table: Table) -> list[str]:
    """Whoever has won the game, when the game has an end (Two Ten Jack after its last round)."""
    return ENGINES[table.game].winners(table.totals, table.summary or {})


def settle_up(table: Table) -> dict[str, Any] | None:
    """Who pays whom, in money, with the fewest payments; None until the table has a price per point."""
    price = parse_price(table.price_per_point)
    if not price:
        return None
    engine = ENGINES[table.game]
    scores = engine.settlement({name: table.totals.get(name, 0) for name in table.players}, table.summary or {})
    balance = balances(scores, zero_sum=engine.ZERO_SUM)
    payments = fewest_payments({name: points * price for name, points in balance.items()})
    return {"price": format_money(price, table.currency), "unit": gettext(engine.SETTLE_UNIT),
            "payments": [(payer, receiver, format_money(amount, table.currency))
                         for payer, receiver, amount in payments]}


COLOURS = ["#1f4d3a", "#c8512a", "#2f5fb3", "#8a3ea8", "#7a6a00", "#0f7f86"]


def running_totals_chart(players: list[str], series: list[list[int]], *, numbers: list[int] | None = None,
                         width: int = 340, height: int = 180) -> dict[str, Any] | None:
    """A line per player through the running totals ``series`` (one row per point, seating order), placed at
    hand ``numbers`` (1, 2, … when not given), for templates/games/_chart.html; None for fewer than two points."""
    if len(series) < 2:
        return None
    numbers = numbers or list(range(1, len(series) + 1))
    low = min(0, *(min(row) for row in series))
    high = max(0, *(max(row) for row in series))
    span = (high - low) or 1
    first, last = numbers[0], numbers[-1]
    pad = 8

    def x(n: int) -> float:
        return pad + (width - 2 * pad) * (n - first) / ((last - first) or 1)

    def y(v: int) -> float:
        return pad + (height - 2 * pad) * (high - v) / span

    lines = [{"name": name, "colour": COLOURS[p % len(COLOURS)],
              "points": " ".join(f"{x(n):.1f},{y(row[p]):.1f}" for n, row in zip(numbers, series))}
             for p, name in enumerate(players)]
    return {"width": width, "height": height, "pad": pad, "right": width - pad, "zero": f"{y(0):.1f}",
            "lines": lines, "label": _("Running totals, hand by hand")}



def _rule_value(option, value) -> Line | str:
    for choice, label in option.choices:
        if choice == value and type(choice) is type(value):
            return Line(label)
    if isinstance(value, dict):  # a point table: how many cards score
        return Line(N_("{count} scoring cards"), {"count": sum(1 for v in value.values() if v)})
    return str(value)


def describe_rules(table: Table, before: dict, after: dict) -> Phrase:
    """What a change of house rules changed, option by option, in the players' words: "Rounding: half up →
    always up"."""
    engine = ENGINES[table.game]
    old = engine_options(engine, before, table.players)
    new = engine_options(engine, after, table.players)
    parts = [Line(N_("{option}: {before} → {after}"), {"option": Line(option.label),
                                                        "before": _rule_value(option, old[option.key]),
                                                        "after": _rule_value(option, new[option.key])})
             for option in engine.OPTIONS if old[option.key] != new[option.key]]
    return Phrase(tuple(parts) or (Line(N_("no option changed")),), "; ")


def engine_options(engine, rules: dict, players: list[str]) -> dict[str, Any]:
    """Every option's value under ``rules`` (defaults and preset filled in)."""
    try:
        return parse_options(rules, engine.OPTIONS, len(players), engine.PRESETS)
    except InvalidHand:
        return {option.key: option.default_for(len(players)) for option in engine.OPTIONS}


DETAIL_LABELS = {"name": N_("Name"), "price_per_point": N_("Price per point"), "currency": N_("Currency")}


def describe_change(table: Table, change, describe: Callable[[dict[str, Any]], Line | Phrase] | None = None) -> Line:
    """One entry of the history in the players' words: what changed, before → after."""
    describe = describe or describer(table)

    def what(data):
        try:
            return describe(data)
        except InvalidHand:
            return json.dumps(data, ensure_ascii=False)

    number = change.number
    if change.kind == "recorded":
        return Line(N_("Hand {number} recorded: {what}"), {"number": number, "what": what(change.after)})
    if change.kind == "edited":
        return Line(N_("Hand {number} changed: {before} → {after}"),
                    {"number": number, "before": what(change.before), "after": what(change.after)})
    if change.kind == "deleted":
        return Line(N_("Hand {number} deleted: {what}"), {"number": number, "what": what(change.before)})
    if change.kind == "restored":
        return Line(N_("Hand {number} restored: {what}"), {"number": number, "what": what(change.after)})
    if change.kind == "renamed":
        return Line(N_("Renamed {before} to {after}"), {"before": change.before["player"],
                                                        "after": change.after["player"]})
    if change.kind == "rules":
        return Line(N_("House rules: {changes}"), {"changes": describe_rules(table, change.before or {},
                                                                             change.after or {})})
    parts = tuple(Line(N_("{option}: {before} → {after}"), {"option": Line(DETAIL_LABELS[key]),
                                                             "before": change.before.get(key) or "—",
                                                             "after": value or "—"})
                  for key, value in (change.after or {}).items())
    return Line(N_("Table: {changes}"), {"changes": Phrase(parts, "; ")})


def in_current_names(table: Table, changes: list) -> list[tuple[Any, Any]]:
    """Each change (newest first) beside a copy whose hand data names the players as the table does now: a change
    made before a player was renamed keeps the old name, which the engine would no longer read."""
    engine = ENGINES[table.game]
    later: list[tuple[str, str]] = []  # the renames after the change at hand, newest first
    shown = []
    for change in changes:
        view = change
        if change.kind == "renamed":
            later.append((change.before["player"], change.after["player"]))
        elif later and change.kind in ("recorded", "edited", "deleted", "restored"):
            before, after = change.before, change.after
            for old, new in reversed(later):
                before = None if before is None else engine.rename_player(before, old, new)
                after = None if after is None else engine.rename_player(after, old, new)
            view = SimpleNamespace(kind=change.kind, number=change.number, before=before, after=after)
        shown.append((change, view))
    return shown


def rules_summary(table: Table) -> dict[str, Any]:
    """Which preset the table follows, and each option where the table plays differently from it."""
    engine = ENGINES[table.game]
    count = len(table.players)
    key = (table.rules or {}).get("preset") or next((p.key for p in engine.PRESETS if count in p.default_for), "")
    preset = next((p for p in engine.PRESETS if p.key == key), None)
    base = engine_options(engine, {"preset": key} if preset else {}, table.players)
    now = engine_options(engine, table.rules or {}, table.players)
    return {"preset": gettext(preset.label) if preset else "",
            "differences": [(gettext(option.label), _rule_value(option, now[option.key]).render(gettext)
                             if isinstance(_rule_value(option, now[option.key]), Line) else now[option.key])
                            for option in engine.OPTIONS if now[option.key] != base[option.key]]}

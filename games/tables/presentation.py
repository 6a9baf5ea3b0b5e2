"""Short words for the pages: a one-line summary of each hand, the players' totals, settle-up and the chart, in the
player's language. Only presentation: the numbers and every rule fact come from the engines."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext as _

from games.contract.options import parse_options
from games.contract.ranking import marks_ranked, ranked
from games.contract.words import N_, InvalidHand, Line, Phrase
from games.engines.settle_up import balances, fewest_payments, parse_price
from games.lib.numbers import local_money, local_number
from games.models import Table
from games.registry import ENGINES, GAMES
from games.tables.lines import rule_value
from games.web import HAND_HISTORY


def describer(table: Table) -> Callable[[dict[str, Any]], Line | Phrase]:
    """One line per hand (``describe(hand data)``), as the engine words it: for the ``explain`` template filter,
    or ``.render(gettext)`` for plain text."""
    engine = ENGINES[table.game]
    players = tuple(table.players)
    rules = engine.parse_rules(table.rules, players)
    return lambda data: engine.describe(engine.parse_hand(data, players, rules), rules)


def describe_hand(table: Table, data: dict[str, Any]) -> str:
    """The one line as plain text, in the player's language (CSV, the admin)."""
    return describer(table)(data).render(gettext)


def player_rows(table: Table) -> list[dict[str, Any]]:
    """Each player's total, role and marks, from the table's status (``Status.as_json``): the same for every game;
    the game's ``marks.html`` draws its marks (``marks``: the status's, by kind)."""
    status = table.summary or {}
    marks = status.get("marks") or {}
    winning = winners(table)
    ahead = not status.get("over")  # nobody deals or leads next once nothing may follow (an evening closed)
    return [
        {
            "name": name,
            "total": table.totals.get(name, 0),
            "leader": ahead and status.get("next_leader") == name,
            "dealer": ahead and status.get("next_dealer") == name,
            "marks": marks.get(name, {}),
            "winner": name in winning,
        }
        for name in table.players
    ]


def ranked_marks(table: Table) -> list[tuple[str, list[int]]]:
    """The marks the game ranks its players by beside their totals (a game's lost matches), each as its name
    for players and every player's count, in seating order: what the table page's badges say, as the last lines
    of the score sheet and the CSV. None for a game ranked by its totals alone."""
    marks = (table.summary or {}).get("marks") or {}
    return [
        (gettext(rank.label), [(marks.get(name) or {}).get(rank.key, 0) for name in table.players])
        for rank in marks_ranked(ENGINES[table.game].RANKING)
    ]


def marks_on_paper(table: Table) -> list[tuple[str, list[int]]]:
    """Every mark the table page draws beside the totals that the game does not rank by (circles held
    and crossed off), as the score sheet's and the CSV's last lines after ``ranked_marks``: its name and every
    player's count, in seating order."""
    marks = (table.summary or {}).get("marks") or {}
    lines = []
    for mark in GAMES[table.game].web.marks:
        for kind, label in ((mark.kind, mark.on_paper), (mark.used, mark.used_on_paper)):
            if kind and label:
                lines.append((str(label), [(marks.get(name) or {}).get(kind, 0) for name in table.players]))
    return lines


def winners(table: Table) -> list[str]:
    """Whoever has won the game, when the game has an end (Two Ten Jack after its last round)."""
    return ENGINES[table.game].winners(table.totals, table.summary or {})


def ranked_totals(table: Table, totals: dict[str, int], summary: dict[str, Any] | None = None) -> dict[str, int]:
    """``totals`` with the players best first, by the game's ranking (``RANKING``, the engine's data):
    the end of the evening lists them so."""
    order = ranked(ENGINES[table.game].RANKING, totals, table.summary if summary is None else summary)
    return {name: totals[name] for name in order}


def settle_up(
    table: Table, totals: dict[str, int] | None = None, summary: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """Who pays whom, in money, with the fewest payments (at the table's totals, or at ``totals`` and ``summary``:
    the end of the evening's), and what is settled (the engine's words); each payment with its sum ("24 points ×
    2,00 €", in the words of the game's web side for what its settle-up counts). None until the table has a price
    per point."""
    price = parse_price(table.price_per_point)
    if not price:
        return None
    engine = ENGINES[table.game]
    totals = table.totals if totals is None else totals
    scores = engine.settlement(
        {name: totals.get(name, 0) for name in table.players}, (table.summary if summary is None else summary) or {}
    )
    balance = balances(scores, zero_sum=engine.ZERO_SUM)
    payments = fewest_payments({name: points * price for name, points in balance.items()})
    money = local_money(price, table.currency)
    words = GAMES[table.game].web.settle
    return {
        "price": money,
        "what": gettext(engine.SETTLE_WHAT),
        "per": words.price_per % {"price": money},
        "payments": [
            (
                payer,
                receiver,
                local_money(amount, table.currency),
                _("%(count)s × %(price)s") % {"count": _count(words.count, amount / price), "price": money},
            )
            for payer, receiver, amount in payments
        ],
    }


def _count(counted: Callable[[int], str], n: Fraction) -> str:
    return counted(n.numerator if n.denominator == 1 else 2) % {"count": local_number(n)}


def describe_rules(table: Table, before: dict, after: dict) -> Phrase:
    """What a change of house rules changed, option by option, in the players' words: "Rounding: half up →
    always up"."""
    engine = ENGINES[table.game]
    old = engine_options(engine, before, table.players)
    new = engine_options(engine, after, table.players)
    parts = [
        Line(
            N_("{option}: {before} → {after}"),
            {
                "option": Line(option.label),
                "before": rule_value(option, old[option.key]),
                "after": rule_value(option, new[option.key]),
            },
        )
        for option in engine.OPTIONS
        if old[option.key] != new[option.key]
    ]
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

    if change.kind in ("recorded", "edited", "deleted", "restored"):
        return _hand_change(table, change, what) if _a_hand(change) else _other_change(change, what)
    if change.kind == "renamed":
        return Line(
            N_("Renamed {before} to {after}"), {"before": change.before["player"], "after": change.after["player"]}
        )
    if change.kind == "rules":
        return Line(
            N_("House rules: {changes}"), {"changes": describe_rules(table, change.before or {}, change.after or {})}
        )
    parts = tuple(
        Line(
            N_("{option}: {before} → {after}"),
            {"option": Line(DETAIL_LABELS[key]), "before": change.before.get(key) or "—", "after": value or "—"},
        )
        for key, value in (change.after or {}).items()
    )
    return Line(N_("Table: {changes}"), {"changes": Phrase(parts, "; ")})


def deleted_hand(table: Table, what: Line | Phrase, number: int | None) -> Line | Phrase:
    """A deleted hand in the history's list of them, named as the game's pages name it ("Hand 3: …", "Game 2, round 1:
    …") by its number among the game's hands when it was deleted; a penalty, a correction or the closing has none."""
    if number is None:
        return what
    words = GAMES[table.game].web.words
    return Line(words.history["listed"], {**words.place(number, len(table.players)), "what": what})


def _hand_change(table: Table, change, what: Callable[[Any], Any]) -> Line:
    """A hand's change, the hand named as the game's pages name it (its words: "Hand 4", "Game 2, round 1") by its
    number among the game's hands when the change was made."""
    words = GAMES[table.game].web.words
    history, place = (words.history, words.place) if change.number is not None else (HAND_HISTORY, None)
    values = place(change.number, len(table.players)) if place else {"number": change.number}
    if change.kind == "edited":
        return Line(history["edited"], {**values, "before": what(change.before), "after": what(change.after)})
    data = change.after if change.kind in ("recorded", "restored") else change.before
    return Line(history[change.kind], {**values, "what": what(data)})


def _a_hand(change) -> bool:
    """Whether a change's row is a hand of the game (a number in the history), not a penalty, a correction or the
    closing (shared/formats/table-json.md's two kinds every game has)."""
    data = change.after if change.after is not None else change.before
    return not (isinstance(data, dict) and ("adjustment" in data or "closing" in data))


OTHER_CHANGES = {
    "recorded": N_("Recorded: {what}"),
    "deleted": N_("Deleted: {what}"),
    "restored": N_("Restored: {what}"),
}


def _other_change(change, what: Callable[[Any], Any]) -> Line:
    """A penalty's, a correction's or the closing's change: no hand number, for it is no hand."""
    if change.kind == "edited":
        return Line(N_("Changed: {before} → {after}"), {"before": what(change.before), "after": what(change.after)})
    data = change.after if change.kind in ("recorded", "restored") else change.before
    return Line(OTHER_CHANGES[change.kind], {"what": what(data)})


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
    return rules_summary_of(table.game, table.rules or {}, len(table.players))


def rules_summary_of(game: str, rules: dict, count: int) -> dict[str, Any]:
    """Which preset a table of ``game`` with ``count`` players and ``rules`` follows, and each option where it
    plays differently from it (a table's, or every table's of a tournament)."""
    engine = ENGINES[game]
    players = [str(n) for n in range(count)]
    key = rules.get("preset") or next((p.key for p in engine.PRESETS if count in p.default_for), "")
    preset = next((p for p in engine.PRESETS if p.key == key), None)
    base = engine_options(engine, {"preset": key} if preset else {}, players)
    now = engine_options(engine, rules, players)
    return {
        "preset": gettext(preset.label) if preset else "",
        "differences": [
            (
                gettext(option.label),
                rule_value(option, now[option.key]).render(gettext)
                if isinstance(rule_value(option, now[option.key]), Line)
                else now[option.key],
            )
            for option in engine.OPTIONS
            if now[option.key] != base[option.key]
        ],
    }

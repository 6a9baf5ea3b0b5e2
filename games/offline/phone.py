"""What a phone runs without signal: the server's own engines (games/engines, games/registry.py, each game's
engine.py) and hand entry (games/entry, each game's entry.py), loaded into the phone's Python runtime (Pyodide) from the very files the server runs.

No Django here. The phone holds the table as the server last sent it (``snapshot``: game, rules, players, the
state the last live hand left, the totals, the number of hands) and the hands it recorded since and has not
sent yet (``pending``, the table document's hand objects, in order). From those two it scores what the page
shows, exactly as the server would score the same hands after the same state (games.tables.services.record_hand):

- ``table_now``: the totals, the status (each player's marks, whose turn) and a row per unsent hand;
- ``preview``: the hand form's fields scored as the next hand, or the engine's objection.

Both take and give JSON text (the worker passes strings across), with the words in the player's language from
``catalog`` (msgid → translation, the server's own catalogue).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from importlib import import_module
from typing import Any

from games.contract.hands import Adjustment, Closing
from games.contract.words import InvalidHand, Line, Phrase
from games.engines import table as engine_table
from games.engines.table import InvalidTable, Setup
from games.lib.number_text import Number, written
from games.registry import GAMES, Game, add

FORMATS = "@formats"  # the catalogue's entry for how the language writes numbers (games/offline/views.py: words)


def translator(catalog: dict[str, Any] | None) -> Callable[[str], str]:
    catalog = catalog or {}

    def gettext(text: str) -> str:
        found = catalog.get(text)
        return found if isinstance(found, str) and found else text

    formats = catalog.get(FORMATS)
    gettext.formats = formats if isinstance(formats, dict) else {}  # type: ignore[attr-defined]
    return gettext


def local_number(value: int | Fraction | Number, formats: dict[str, Any]) -> str:
    """A number as the player's language writes it, with the separators the server's formats give (``−1 000``,
    ``+4,6``, ``40⅔``): by ``written``, the very function games.lib.numbers.local_number writes a page's with."""
    number = value if isinstance(value, Number) else Number(value)
    grouping = formats.get("grouping")
    return written(
        number.value,
        plus=number.plus,
        places=number.places,
        decimal=str(formats.get("decimal") or "."),
        thousands=str(formats.get("thousands") or ""),
        grouping=grouping if isinstance(grouping, int) else 0,
    )


def render(item: Line | Phrase | str | None, gettext: Callable[[str], str]) -> str | None:
    """An engine line in the player's language with its numbers written as that language does (the plain-text
    twin of games.templatetags.talon.line_html, which the server's pages use)."""
    formats = getattr(gettext, "formats", {})
    if item is None:
        return None
    if isinstance(item, Number):
        return local_number(item, formats)
    if isinstance(item, Phrase):
        return item.separator.join(render(part, gettext) for part in item.parts)
    if isinstance(item, Line):
        args = {
            key: render(value, gettext)
            if isinstance(value, (Line, Phrase, Number))
            else local_number(value, formats)
            if isinstance(value, (int, Fraction)) and not isinstance(value, bool)
            else value
            for key, value in item.args.items()
        }
        return item.reference() + item.translated(gettext).format(**args)
    return item


def _setup(snapshot: dict[str, Any]) -> Setup:
    return engine_table.setup(snapshot["game"], snapshot.get("rules") or {}, snapshot["players"])


def _error(
    error: InvalidTable | InvalidHand, gettext: Callable[[str], str], number: int | None = None
) -> dict[str, Any]:
    inner = error.error if isinstance(error, InvalidTable) else error
    return {
        "field": inner.field,
        "root": inner.field.split(".")[0].split("[")[0],
        "message": ": ".join(part for part in (inner.field, inner.message(gettext)) if part),  # as settle says it
        "number": number,
    }


def _walk(
    table: Setup, snapshot: dict[str, Any], pending: list[Any], gettext: Callable[[str], str]
) -> tuple[Any, int, list[int], list[dict[str, Any]], dict[str, Any] | None]:
    """The unsent hands scored in order after the snapshot: the state, number and totals they leave, a row per
    hand, and the objection of the first hand the engine refuses (scoring stops there)."""
    engine = table.engine
    state = engine_table.load_state(table, snapshot.get("state"))
    totals = [int(snapshot.get("totals", {}).get(p, 0)) for p in table.players]
    number = int(snapshot.get("hand_count", 0))
    counted = int(snapshot.get("hands", number))  # the game's hands, as the list numbers them: no penalty counts
    rows = []
    for data in pending:
        before = state
        try:
            parsed = engine.parse_hand(data, table.players, table.rules)
            result, state = engine_table.score_next(table, state, data, number + 1)
        except (InvalidHand, InvalidTable) as refused:
            return state, number, totals, rows, _error(refused, gettext, counted + 1)
        number += 1
        other = isinstance(parsed, (Adjustment, Closing))  # a penalty, a correction, the closing: "±", no number
        counted += 0 if other else 1
        scores = [result.scores[p] for p in table.players]
        totals = [t + s for t, s in zip(totals, scores)]
        played = engine.status(state)
        rows.append(
            {
                "number": None if other else counted,
                "round": played.round if played.rounds else None,  # Two Ten Jack: its round
                "scores": scores,
                "totals": totals,
                "what": render(engine_table.describe_played(table, parsed, before), gettext),
                "lines": [render(line, gettext) for line in result.lines],
                "note": render(engine.milestone(before, state), gettext),
            }
        )
    return state, number, totals, rows, None


def score_pending(snapshot: dict[str, Any], pending: list[Any], gettext: Callable[[str], str] = str) -> dict[str, Any]:
    """The table after the unsent hands: totals, status, winners and one row per hand (its number, scores, running
    totals, one line saying what it was, its explanation, what it ended). A hand the engine refuses (the table
    changed under it) stops there, with its objection."""
    table = _setup(snapshot)
    state, number, totals, rows, error = _walk(table, snapshot, pending, gettext)
    status = table.engine.status(state).as_json()
    return {
        "players": list(table.players),
        "totals": totals,
        "status": status,
        "rows": rows,
        "error": error,
        "winners": table.engine.winners(dict(zip(table.players, totals)), status),
        "hand_count": number,
    }


def hand_from_fields(snapshot: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """The hand form's fields as the table document's hand object, by the same function the server's form uses."""
    table = _setup(snapshot)
    return GAMES[table.engine.SLUG].entry.to_data(fields, table.players, table.rules)


def preview_hand(
    snapshot: dict[str, Any], pending: list[Any], fields: dict[str, Any], gettext: Callable[[str], str] = str
) -> dict[str, Any]:
    """The form's hand scored after the unsent ones: {"data", "what", "scores", "lines"} or {"data", "error"};
    "what" is the line the table page lists the hand by (kept with the hand: listed before the engine is up)."""
    data = hand_from_fields(snapshot, fields)
    table = _setup(snapshot)
    state, number, _totals, _rows, error = _walk(table, snapshot, pending, gettext)
    if error is not None:
        return {"data": data, "error": error}
    engine = table.engine
    try:
        result = engine_table.score_next(table, state, data, number + 1)[0]
        what = engine_table.describe_played(table, engine.parse_hand(data, table.players, table.rules), state)
    except (InvalidHand, InvalidTable) as refused:
        return {"data": data, "error": _error(refused, gettext)}
    return {
        "data": data,
        "what": render(what, gettext),
        "scores": [result.scores[p] for p in table.players],
        "lines": [render(line, gettext) for line in result.lines],
    }


# ---- the worker's calls: JSON text in, JSON text out ----------------------------------------------------------

_catalog: dict[str, Any] = {}


def use_games(text: str) -> None:
    """Register the games the server registered (games.offline.bundle.registered_games) that this runtime's registry
    does not list itself: a game added to the server's registry elsewhere is scored on the phone too."""
    for entry in json.loads(text or "[]"):
        engine = import_module(entry["engine"])
        if engine.SLUG not in GAMES:
            add(Game(engine, import_module(entry["entry"]), entry["web"], entry["prefix"]))


def use_catalog(text: str) -> None:
    _catalog.clear()
    _catalog.update(json.loads(text or "{}"))


def _answer(work: Callable[[], dict[str, Any]]) -> str:
    try:
        return json.dumps(work(), ensure_ascii=False)
    except (InvalidHand, InvalidTable) as refused:
        return json.dumps({"error": _error(refused, translator(_catalog))}, ensure_ascii=False)


def table_now(snapshot: str, pending: str) -> str:
    return _answer(lambda: score_pending(json.loads(snapshot), json.loads(pending), translator(_catalog)))


def preview(snapshot: str, pending: str, fields: str) -> str:
    return _answer(
        lambda: preview_hand(json.loads(snapshot), json.loads(pending), json.loads(fields), translator(_catalog))
    )

"""Results at a table (TN5, TN6, TN8): the tables of the rounds played, read from the document (totals typed from a
paper sheet, checked; or a table played in Talon, replayed), the corrections after an appeal, the results as they
are now or as first recorded, and each seat's place and place points at its table.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from games.contract.hands import MOST_POINTS, REASON_LENGTH
from games.contract.inputs import show
from games.contract.numbers import signed
from games.contract.ranking import TOTAL, marks_ranked, rank_key
from games.contract.words import N_, Line
from games.engines import table as table_engine
from games.engines.table import InvalidTable
from games.lib.number_text import read_number

from .base import (
    CORRECTION_FIELDS,
    MOST_CORRECTIONS,
    MOST_MARKS,
    MOST_PLAYERS,
    TABLE_FIELDS,
    Correction,
    InvalidTournament,
    PlayedRound,
    TableResult,
    Tournament,
    checked_keys,
    whole_between,
)


def read_played(raw: Any, t: Tournament) -> tuple[PlayedRound, ...]:
    if not isinstance(raw, list):
        raise InvalidTournament("played", N_("must be a list of rounds"))
    rounds = []
    for position, item in enumerate(raw, start=1):
        checked_keys(item, ("round", "tables"), "played", round=position)
        if item.get("round") != position or isinstance(item.get("round"), bool):
            raise InvalidTournament(
                "round",
                N_("the rounds played are numbered 1, 2, 3 … in order: this one must be {number}, got {value}"),
                number=position,
                value=show(item.get("round")),
                round=position,
            )
        if position > t.last_round:
            raise InvalidTournament("round", N_("the tournament has {rounds} rounds"), rounds=t.rounds, round=position)
        tables = item.get("tables")
        if not isinstance(tables, list):
            raise InvalidTournament("tables", N_("must be a list of tables"), round=position)
        seated: dict[int, int] = {}
        numbers: set[int] = set()
        results = []
        for index, entry in enumerate(tables, start=1):
            number = entry.get("table") if isinstance(entry, dict) else None
            valid = isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= MOST_PLAYERS
            where = {"round": position, "table": number if valid else index}
            checked_keys(entry, TABLE_FIELDS + t.mark_keys, "", **where)
            number = whole_between(entry.get("table"), "table", 1, MOST_PLAYERS, **where)
            if number in numbers:
                raise InvalidTournament(
                    "table", N_("table {number} is given twice in this round"), number=number, **where
                )
            numbers.add(number)
            seats = _seats(entry.get("seats"), t, position, seated, number, **where)
            results.append(_result(entry, seats, t, **where))
        rounds.append(PlayedRound(round=position, tables=tuple(results)))
    return tuple(rounds)


def _seats(
    raw: Any, t: Tournament, round_no: int, seated: dict[int, int], table_no: int, **where: Any
) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != t.table_size:
        raise InvalidTournament(
            "seats", N_("must list the start numbers of {count} players in seat order"), count=t.table_size, **where
        )
    for no in raw:
        if isinstance(no, bool) or not isinstance(no, int) or not 1 <= no <= len(t.players):
            raise InvalidTournament(
                "seats",
                N_("{value} is not a start number of this tournament (1 to {count})"),
                value=show(no),
                count=len(t.players),
                **where,
            )
        if no in seated:
            raise InvalidTournament(
                "seats",
                N_("player {no} is seated at two tables of this round ({first} and {other})"),
                no=no,
                first=seated[no],
                other=table_no,
                **where,
            )
        seated[no] = table_no
        p = t.player(no)
        if p.joins > round_no:
            raise InvalidTournament(
                "seats", N_("player {no} joins the tournament in round {joins}"), no=no, joins=p.joins, **where
            )
        if p.withdrawn_after is not None and round_no > p.withdrawn_after:
            raise InvalidTournament(
                "seats", N_("player {no} withdrew after round {after}"), no=no, after=p.withdrawn_after, **where
            )
    return tuple(raw)


def _result(entry: dict, seats: tuple[int, ...], t: Tournament, **where: Any) -> TableResult:
    has_totals, has_document = "totals" in entry, "document" in entry
    if has_totals == has_document:
        raise InvalidTournament(
            "totals", N_("a table's result is its typed totals or its document, exactly one of them"), **where
        )
    if has_totals:
        totals, marks = check_result(t, where["round"], where["table"], entry["totals"], entry)
        replaced = _in_tournament_rules(entry.get("replaced"), t)
        if replaced is not None:
            _replayed(replaced, seats, t, "replaced", **where)
        return TableResult(
            table=entry["table"],
            seats=seats,
            totals=totals,
            marks=marks,
            status=_marks_status(t, seats, marks),
            replaced=replaced,
        )
    for rank in marks_ranked(t.ranking):
        if rank.key in entry:
            raise InvalidTournament(
                rank.key,
                N_("a table played in Talon gives its {label} in its document"),
                label=Line(rank.label),
                **where,
            )
    if "replaced" in entry:
        raise InvalidTournament("replaced", N_("only a typed result replaces a table played in Talon"), **where)
    document = _in_tournament_rules(entry["document"], t)
    names, replayed, setup = _replayed(document, seats, t, "document", **where)
    status = setup.engine.status(replayed.state).as_json()
    return TableResult(
        table=entry["table"],
        seats=seats,
        totals=tuple(replayed.totals[n] for n in names),
        document=document,
        status=status,
    )


def _in_tournament_rules(document: Any, t: Tournament) -> Any:
    """A table's document as the tournament plays it: one that names no rules plays the tournament's (Talon
    creates a tournament's tables with them), written in; one that names its rules keeps them (checked)."""
    if isinstance(document, dict) and "rules" not in document and t.rules:
        return {**document, "rules": dict(t.rules)}
    return document


def _replayed(document: Any, seats: tuple[int, ...], t: Tournament, field: str, **where: Any):
    """A table's document (a table played in Talon, counted or replaced), replayed: the seated names, the
    replay and its setup; refused when it is not a table of the tournament's game and seated players."""
    try:
        setup, hands = table_engine.parse_document(document)
        replayed = table_engine.replay(setup, hands)
    except InvalidTable as error:
        raise InvalidTournament(field, error, **where) from None
    except RecursionError:
        raise InvalidTournament(field, N_("nested too deeply"), **where) from None
    if setup.engine.SLUG != t.game:
        raise InvalidTournament(
            field,
            N_("is a table of {game}, the tournament plays {tournament}"),
            game=setup.engine.SLUG,
            tournament=t.game,
            **where,
        )
    names = tuple(t.player(no).name for no in seats)
    if setup.players != names:
        raise InvalidTournament(
            field, N_("its players must be the seated players in seat order: {names}"), names=", ".join(names), **where
        )
    if setup.rules != table_engine.setup(t.game, t.rules, list(names)).rules:
        raise InvalidTournament(
            f"{field}.rules",
            N_("a table of this tournament plays the tournament's rules ({rules}), this table's differ"),
            rules=json.dumps(t.rules, ensure_ascii=False) if t.rules else "{}",
            **where,
        )
    return names, replayed, setup


def _marks_status(t: Tournament, seats: Sequence[int], marks: Mapping[str, Sequence[int]] | None) -> dict | None:
    """A typed result's marks as the engine's status gives them (``Status.as_json``), for its ranking to read."""
    if marks is None:
        return None
    return {
        "marks": {t.player(no).name: {key: values[i] for key, values in marks.items()} for i, no in enumerate(seats)}
    }


def check_result(
    t: Tournament, round_no: int | None, table_no: int | None, totals: Any, given: Mapping[str, Any] | None = None
) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]] | None]:
    """TN5: a table's totals typed from its paper sheet, checked: one whole number per seat, adding up to 0
    where the scores are zero-sum (the difference shown otherwise), and in a game ranked by marks before its
    totals each seat's marks beside them (``given``: the fields typed, by the marks' names). Returns (totals,
    marks or None); InvalidTournament otherwise."""
    where = {"round": round_no, "table": table_no}
    if not isinstance(totals, (list, tuple)) or len(totals) != t.table_size:
        raise InvalidTournament(
            "totals", N_("must give one whole number for each of the {count} seats"), count=t.table_size, **where
        )
    if t.scoring.measure == "balance":  # money: crowns and hellers (cents), -15.5
        totals = [money(value, **where) for value in totals]
    for value in totals:
        if not isinstance(value, Fraction):  # an amount of money was read above; anything else is whole points
            whole_between(value, "totals", -MOST_POINTS, MOST_POINTS, **where)
    if t.zero_sum and sum(totals) != 0:
        raise InvalidTournament(
            "totals",
            N_("must add up to 0 (the scores are zero-sum), they add up to {total}"),
            total=signed(sum(totals)),
            **where,
        )
    return tuple(totals), typed_marks(t, given or {}, **where)


def money(value: Any, **where: Any) -> int | Fraction:
    """A money balance typed from a paper sheet (TN5, the measure ``balance``): a whole amount, or one with at most
    two decimals (-15.5 as a JSON number, or as text "-15.5", "-31/2"), read exactly; an int when whole."""
    amount = None
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        amount = Fraction(value)
    elif isinstance(value, str) or type(value).__name__ in ("float", "Decimal"):
        try:
            amount = read_number(str(value)) if len(str(value)) <= 40 else None
        except (ValueError, ZeroDivisionError):
            amount = None
    if amount is None or 100 % amount.denominator or abs(amount) > MOST_POINTS:
        raise InvalidTournament(
            "totals",
            N_("must be amounts of money with at most two decimals (such as -15.5), got {value}"),
            value=show(value),
            **where,
        )
    return int(amount) if amount.denominator == 1 else amount


def typed_marks(t: Tournament, given: Mapping[str, Any], **where: Any) -> dict[str, tuple[int, ...]] | None:
    """Each ranked mark of the game (``t.ranking``) typed beside the totals, checked: required, one whole number
    per seat. None for a game ranked by its totals alone."""
    ranks = marks_ranked(t.ranking)
    if not ranks:
        return None
    total = next((rank.label for rank in t.ranking if rank.key == TOTAL), N_("total"))
    out = {}
    for rank in ranks:
        values = given.get(rank.key)
        if values is None:
            raise InvalidTournament(
                rank.key,
                N_("is required: each seat's {label}, beside the {total} in totals"),
                label=Line(rank.label),
                total=Line(total),
                **where,
            )
        if not isinstance(values, (list, tuple)) or len(values) != t.table_size:
            raise InvalidTournament(
                rank.key, N_("must give one whole number for each of the {count} seats"), count=t.table_size, **where
            )
        for value in values:
            whole_between(value, rank.key, 0, MOST_MARKS, **where)
        out[rank.key] = tuple(values)
    return out


def read_corrections(raw: Any, t: Tournament) -> tuple[Correction, ...]:
    if not isinstance(raw, list):
        raise InvalidTournament("corrections", N_("must be a list of corrections"))
    if len(raw) > MOST_CORRECTIONS:
        raise InvalidTournament(
            "corrections", N_("at most {most} corrections, got {count}"), most=MOST_CORRECTIONS, count=len(raw)
        )
    out = []
    for position, item in enumerate(raw, start=1):
        checked_keys(item, CORRECTION_FIELDS + t.mark_keys, "", correction=position)
        round_no = whole_between(item.get("round"), "round", 1, max(len(t.played), 1), correction=position)
        if round_no > len(t.played):
            raise InvalidTournament(
                "round", N_("round {number} has not been played"), number=round_no, correction=position
            )
        tables = {r.table: r for r in t.played[round_no - 1].tables}
        table_no = item.get("table")
        if table_no not in tables or isinstance(table_no, bool):
            raise InvalidTournament(
                "table",
                N_("round {number} has no table {value}"),
                number=round_no,
                value=show(table_no),
                correction=position,
            )
        reason = item.get("reason")
        if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_LENGTH:
            raise InvalidTournament(
                "reason",
                N_("a correction needs its reason: text of 1 to {most} characters"),
                most=REASON_LENGTH,
                correction=position,
            )
        if any(unicodedata.category(c) in ("Cc", "Cs") for c in reason):
            raise InvalidTournament(
                "reason",
                N_("must be on one line, without a tab or another control character"),
                correction=position,
            )
        at = item.get("at")
        if correction_time(at) is None:
            raise InvalidTournament(
                "at",
                N_(
                    "must be the correction's time (ISO 8601, e.g. 2026-05-01T18:30:00Z; "
                    "without an offset, UTC) between the years {first} and {last}, got "
                    "{value}"
                ),
                first=EARLIEST.year,
                last=LATEST.year,
                value=show(at),
                correction=position,
            )
        try:
            totals, marks = check_result(t, round_no, table_no, item.get("totals"), item)
        except InvalidTournament as error:
            raise InvalidTournament(
                error.field, error.reason_of, round=error.round, table=error.table, correction=position
            ) from None
        out.append(Correction(round=round_no, table=table_no, totals=totals, reason=reason, at=at, marks=marks))
    return tuple(out)


EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)  # a correction's time: what a database column holds, with


LATEST = datetime(2999, 12, 31, 23, 59, 59, tzinfo=UTC)  # room for any offset at either end


def correction_time(value: Any) -> datetime | None:
    """A correction's ``at`` as the moment it names, in UTC: ISO 8601 (``2026-05-01T18:30:00+02:00``,
    ``…Z``); a time without an offset, or a date alone (midnight), is read as UTC. None when it is no such text,
    or falls outside EARLIEST…LATEST. The one reading of it: the engine's check, the import and the command."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        at = datetime.fromisoformat(value)
        at = (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):  # no time; or one whose offset carries it past year 1 or 9999
        return None
    return at if EARLIEST <= at <= LATEST else None


def results(t: Tournament, *, upto_round: int | None = None, corrected: bool = True) -> tuple[PlayedRound, ...]:
    """The rounds played up to ``upto_round``, each table's result as it is now (corrections applied in order) or,
    with ``corrected=False``, as first recorded."""
    fixes: dict[tuple[int, int], Correction] = {}
    if corrected:
        for c in t.corrections:
            fixes[(c.round, c.table)] = c
    out = []
    for r in t.played:
        if upto_round is not None and r.round > upto_round:
            break
        tables = []
        for result in r.tables:
            c = fixes.get((r.round, result.table))
            if c is not None:
                result = TableResult(
                    table=result.table,
                    seats=result.seats,
                    totals=c.totals,
                    marks=c.marks,
                    status=_marks_status(t, result.seats, c.marks),
                )
            tables.append(result)
        out.append(PlayedRound(round=r.round, tables=tuple(tables)))
    return tuple(out)


def _as_result(t: Tournament, seats: Sequence[int], totals_or_document: Any, status: dict | None = None) -> TableResult:
    if isinstance(totals_or_document, TableResult):
        return totals_or_document
    if isinstance(totals_or_document, dict):
        return _result({"table": 1, "document": totals_or_document}, tuple(seats), t, round=None, table=None)
    return TableResult(table=0, seats=tuple(seats), totals=tuple(totals_or_document), status=status)


def seat_places(
    t: Tournament, seats: Sequence[int], totals_or_document: Any, status: dict | None = None
) -> tuple[int, ...]:
    """TN6: each seat's place at its table by the game's ranking (the engine's data: a higher total, a lower one,
    or marks of its status before the total), players level sharing the best of their places (1, 1, 3)."""
    result = _as_result(t, seats, totals_or_document, status)
    names = [t.player(no).name for no in result.seats]
    totals = dict(zip(names, result.totals))
    keys = [rank_key(t.ranking, name, totals, result.status) for name in names]
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


def places(
    t: Tournament, seats: Sequence[int], totals_or_document: Any, status: dict | None = None
) -> tuple[Fraction, ...]:
    """TN6: each seat's place points; players level share the points of the places they occupy equally (two tied
    for first at a table of three: (2 + 1) / 2 = 1½ each)."""
    placed = seat_places(t, seats, totals_or_document, status)
    points = t.scoring.place_points
    out = []
    for place in placed:
        level = placed.count(place)
        out.append(Fraction(sum(points[place - 1 : place - 1 + level]), level))
    return tuple(out)

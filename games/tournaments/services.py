"""Where the tournament engine (games.tournaments.engine) meets the database: a tournament's rows become the
engine's document (shared/formats/tournament.md) to draw a round and compute the standings, and every change of
many rows (registering a list, a draw, the start of a round, a result, a correction, an import) is made in one
transaction and bumps the tournament's version, which the public pages and the projector watch.

A table played in Talon gives the standings its STORED totals and status (Table.totals, Table.summary), never a
replay: the standings cost the same after 21 hands as after 2,100. The export writes that table's own document
instead, which the engine settles, and the two agree.
"""

from __future__ import annotations

import math
from datetime import timedelta
from fractions import Fraction
from typing import Any

from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import Count, F, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.contract.names import name_problem
from games.contract.ranking import marks_ranked
from games.engines.table import InvalidTable, counted_hands
from games.lib import limits
from games.lib.inputs import whole_number
from games.lib.names import name_key, tidy_name
from games.lib.numbers import local_number
from games.models import (
    Correction,
    Entry,
    FormerLink,
    League,
    Rating,
    RatingStep,
    Round,
    RoundTable,
    Seat,
    Table,
    Tournament,
    new_token,
)
from games.ratings import shown as ratings_shown
from games.ratings import store as ratings_store
from games.ratings.core import Event, History, Rated, current_ranking, rate
from games.ratings.shown import Pool
from games.registry import GAMES
from games.tables import services
from games.tournaments import engine

SETTINGS = ("rules", "table_size", "rounds", "round_limit", "scoring", "draw")


class Refused(ValueError):
    """A change refused, nothing saved: ``field`` is the form field the message belongs beside."""

    def __init__(self, field: str | None, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


FORM_FIELDS = {
    "tournament": "name",
    "table_size": "table_size",
    "rounds": "rounds",
    "round_limit": "hands",
    "scoring.measure": "measure",
    "scoring.place_points": "place_points",
    "scoring.tie_breaks": "tie_break_1",
    "draw.seed": "seed",
    "draw.first": "draw_first",
    "draw": "draw_later",
    "totals": "totals",
    "reason": "reason",
    "name": "players",
}  # and each ranked mark: its own field


def _engine_error(error: Exception, field: str | None = None, marks: tuple[str, ...] = ()) -> Refused:
    """The engine's objection, beside the form field its document field is typed in (else ``field``); ``marks``:
    the game's ranked marks, each typed in a field of its own name."""
    if isinstance(error, engine.InvalidTournament):
        fields = {**FORM_FIELDS, **{key: key for key in marks}}
        named = next(
            (
                fields[key]
                for key in sorted(fields, key=len, reverse=True)
                if error.field == key or error.field.startswith((key + ".", key + "["))
            ),
            None,
        )
        if named is not None and field != "document":
            reason = error.reason(_)
            return Refused(named, reason[:1].upper() + reason[1:])  # a sentence beside the field
        return Refused(field, error.message(_))
    if isinstance(error, InvalidTable):
        return Refused(field, error.line(_))
    return Refused(field, str(error))


def _still_valid(tournament: Tournament, field: str | None = None) -> None:
    """Inside a change's transaction: the tournament's document after it, checked whole by the engine; a change
    that would leave a document the engine refuses is undone with its reason (nothing saved)."""
    try:
        engine.load(document(tournament))
    except engine.InvalidTournament as error:
        raise _engine_error(error, field) from None


def _bump(tournament: Tournament) -> None:
    """Every change of a tournament ends here, inside its transaction: its version moves (its pages ask only for
    what changed) and, in a league, what the league reads of it and the league's standings are stored again."""
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    tournament.refresh_from_db(fields=["version", "league"])
    if tournament.league_id is not None:
        season_changed(tournament)


# ---- creating and registering --------------------------------------------------------------------------


def create_tournament(*, name: str, game: str, preset: str, settings: dict[str, Any]) -> Tournament:
    """A tournament whose settings the engine accepts (it checks them as a document with no players yet)."""
    document = {
        "tournament": name,
        "game": game,
        "preset": preset,
        **{key: settings[key] for key in SETTINGS if key in settings},
        "players": [],
        "played": [],
    }
    try:
        engine.load(document)
    except engine.InvalidTournament as error:
        raise _engine_error(error) from None
    return Tournament.objects.create(
        name=name, game=game, preset=preset, settings={key: settings[key] for key in SETTINGS if key in settings}
    )


def is_final(tournament: Tournament) -> bool:
    """Every round of the tournament has been played and closed (TN2: with Břeclav's extra round where it has
    one)."""
    return tournament.rounds.filter(status=Round.CLOSED).exists() and engine.finished(load(tournament, live=False))


def last_started(tournament: Tournament) -> int:
    return tournament.rounds.exclude(status=Round.DRAWN).aggregate(last=Max("number"))["last"] or 0


def parse_players(text: str) -> list[tuple[str, int | None]]:
    """A pasted list, one player a line; a line may end in ``;`` or ``,`` and a ranking (a CSV's second column)."""
    players = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        name, ranking = line, None
        for separator in (";", ",", "\t"):
            if separator in line:
                head, _sep, tail = line.rpartition(separator)
                if not tail.strip() or whole_number(tail.strip()) is not None:
                    name, ranking = head.strip(), whole_number(tail.strip())
                break
        players.append((tidy_name(name), ranking))
    return players


def register(tournament: Tournament, players: list[tuple[str, int | None]]) -> list[Entry]:
    """New players with the next start numbers; after a round has started they join from the next round (TN1).
    A name given twice, or already registered, refuses the whole list."""
    if not players:
        raise Refused("players", _("Type at least one name."))
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        if is_final(tournament):
            raise Refused(
                "players", _("This tournament is final: its last round is closed, and it takes no more players.")
            )
        _room_for_players(tournament, len(players))
        known = {name_key(name): name for name in tournament.entries.values_list("name", flat=True)}
        listed: dict[str, tuple[int, str]] = {}  # the pasted list's own names, by line
        for number, (name, _ranking) in enumerate(players, start=1):
            problem = name_problem(name)
            if not name:  # a line of invisible characters only (a zero-width space): nothing a page could show
                raise Refused("players", _("Line %(number)s: write a name with visible letters.") % {"number": number})
            if problem is not None:
                raise Refused(
                    "players", _("Line %(number)s: %(problem)s") % {"number": number, "problem": problem.render(_)}
                )
            if name_key(name) in listed:
                raise Refused(
                    "players",
                    _(
                        "Lines %(first)s and %(number)s: %(name)s and %(other)s are one name "
                        "(capitals and spaces do not tell players apart)."
                    )
                    % {
                        "first": listed[name_key(name)][0],
                        "number": number,
                        "name": listed[name_key(name)][1],
                        "other": name,
                    },
                )
            if name_key(name) in known:
                raise Refused("players", _("%(name)s is registered already.") % {"name": name})
            listed[name_key(name)] = (number, name)
        first = (tournament.entries.aggregate(last=Max("no"))["last"] or 0) + 1
        joins = last_started(tournament) + 1
        entries = Entry.objects.bulk_create(
            [
                Entry(tournament=tournament, no=first + i, name=name, ranking=ranking, joins=joins)
                for i, (name, ranking) in enumerate(players)
            ]
        )
        void_draw(tournament)
        _still_valid(tournament, "players")
        _bump(tournament)
    return entries


def _room_for_players(tournament: Tournament, adding: int) -> None:
    """The format's limit of players (engine.most_players: fewer, the more rounds) checked before any name is
    read: a list of a million names is refused at once, not after a million checks."""
    settings = tournament.settings
    rounds = settings.get("rounds") or 1
    if (settings.get("draw") or {}).get("later") == "schedule":
        rounds += 1  # the extra round of a schedule (TN2)
    most = engine.most_players(rounds)
    registered = tournament.entries.count()
    if registered + adding > most:
        raise Refused(
            "players",
            _(
                "A tournament of %(rounds)s rounds takes at most %(most)s players: "
                "%(registered)s are registered, this list adds %(count)s."
            )
            % {"rounds": rounds, "most": most, "registered": registered, "count": adding},
        )


def rename_entry(entry: Entry, new: str) -> None:
    """A registered name corrected (a typo) in the whole tournament: its entry and every Talon table it sat at."""
    problem = name_problem(new)
    if problem is not None:
        raise Refused("name", problem.render(_))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
        others = tournament.entries.exclude(pk=entry.pk).values_list("name", flat=True)
        if any(name_key(name) == name_key(new) for name in others):
            raise Refused("name", _("%(name)s is registered already.") % {"name": new})
        for seat in entry.seats.select_related("round_table__table"):
            table = seat.round_table.table
            if table is not None and table.players[seat.seat] != new:
                try:
                    services.rename_player(table, table.players[seat.seat], new, by_tournament=True)
                except (InvalidTable, services.Conflict) as error:
                    raise Refused("name", error.line(_) if isinstance(error, InvalidTable) else str(error)) from None
        entry.name = new
        entry.save(update_fields=["name"])
        _still_valid(tournament, "name")
        _bump(tournament)
        if tournament.rounds.filter(status=Round.CLOSED).exists():
            results_changed(tournament)


def void_draw(tournament: Tournament) -> int | None:
    """A round drawn and not started is drawn no more when the players change (a late arrival, a withdrawal): the
    director draws it again. Its number, or None."""
    drawn = tournament.rounds.filter(status=Round.DRAWN).first()
    if drawn is None:
        return None
    retire(tournament, drawn.number, drawn_links(tournament, drawn.number))
    drawn.delete()
    return drawn.number


def drawn_links(tournament: Tournament, number: int) -> dict[tuple, tuple[str, int, list[int]]]:
    """Every printed link of round ``number`` not started yet, by its table and seats: its drawn tables' and
    those of its earlier draws (token, table number, start numbers in seat order)."""
    links = {
        (link.table_no, tuple(link.seats)): (link.token, link.table_no, link.seats)
        for link in FormerLink.objects.filter(tournament=tournament, round_no=number)
    }
    drawn = list(
        RoundTable.objects.filter(
            round__tournament=tournament, round__number=number, round__status=Round.DRAWN
        ).exclude(planned_token="")
    )
    seats = seat_numbers(drawn)
    for round_table in drawn:
        numbers = seats.get(round_table.pk, [])
        links[(round_table.table_no, tuple(numbers))] = (round_table.planned_token, round_table.table_no, numbers)
    return links


def retire(tournament: Tournament, number: int, links: dict[tuple, tuple[str, int, list[int]]]) -> None:
    """Printed links of round ``number`` that no table of its draw carries any more: kept, to say where their
    players sit now."""
    known = set(
        FormerLink.objects.filter(token__in=[token for token, _no, _seats in links.values()]).values_list(
            "token", flat=True
        )
    )
    FormerLink.objects.bulk_create(
        [
            FormerLink(tournament=tournament, token=token, round_no=number, table_no=no, seats=seats)
            for token, no, seats in links.values()
            if token not in known
        ]
    )


def _lock(entry: Entry) -> None:
    """The entry's tournament locked (as a draw and a start lock it) and the entry read again under the lock."""
    entry.tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    entry.refresh_from_db(fields=["withdrawn_after", "joins"])


def withdraw(entry: Entry) -> int | None:
    """A withdrawn player keeps the results played and is drawn no more (TN1). Returns the round whose draw this
    voided, if any."""
    with transaction.atomic():
        _lock(entry)  # a round drawn, started or closed meanwhile is seen as it now is
        _not_final(entry.tournament)
        entry.withdrawn_after = last_started(entry.tournament)
        entry.save(update_fields=["withdrawn_after"])
        voided = void_draw(entry.tournament)
        _bump(entry.tournament)
    return voided


def _not_final(tournament: Tournament) -> None:
    """A final tournament's players stand as they finished: nobody withdraws or comes back after its last round."""
    if is_final(tournament):
        raise Refused(None, _("This tournament is final: every round has been played and closed."))


def reinstate(entry: Entry) -> int | None:
    """A withdrawal taken back before the next round starts (a player who missed a round cannot come back: the
    document says only when a player joins and when they withdrew)."""
    with transaction.atomic():
        _lock(entry)
        _not_final(entry.tournament)
        if entry.withdrawn_after != last_started(entry.tournament):
            raise Refused(
                None, _("%(name)s missed a round since withdrawing and cannot come back.") % {"name": entry.name}
            )
        entry.withdrawn_after = None
        entry.save(update_fields=["withdrawn_after"])
        voided = void_draw(entry.tournament)
        _bump(entry.tournament)
    return voided


# ---- the document ---------------------------------------------------------------------------------------


def seat_numbers(round_tables) -> dict[int, list[int]]:
    """Each round table's start numbers in seat order, in one query."""
    seats: dict[int, list[int]] = {}
    for table_id, no in (
        Seat.objects.filter(round_table__in=round_tables)
        .order_by("round_table", "seat")
        .values_list("round_table", "entry__no")
    ):
        seats.setdefault(table_id, []).append(no)
    return seats


def played_totals(table: Table) -> list[int]:
    """A Talon table's stored totals in seat order (the seat, not the name: a name corrected at the table stays
    in its seat)."""
    return [table.totals.get(name, 0) for name in table.players]


def mark_keys(game: str) -> tuple[str, ...]:
    """The marks the game's ranking reads besides the totals (the engine's RANKING): what a typed result gives."""
    return tuple(rank.key for rank in marks_ranked(GAMES[game].engine.RANKING))


def played_marks(table: Table, keys: tuple[str, ...]) -> dict[str, list[int]]:
    """A Talon table's ranked marks in seat order, from its stored status (a game ranked by them, TN6)."""
    marks = (table.summary or {}).get("marks") or {}
    return {key: [int((marks.get(name) or {}).get(key, 0)) for name in table.players] for key in keys}


def has_result(round_table: RoundTable) -> bool:
    return round_table.totals is not None or (round_table.table is not None and round_table.table.hand_count > 0)


def document(
    tournament: Tournament, *, export: bool = False, before: int | None = None, live: bool = True
) -> dict[str, Any]:
    """The tournament document from the rows. ``export``: Talon tables as their own documents (the record);
    else their stored totals. ``before``: only the rounds before that one (a draw). ``live``: a started round's
    tables that have a result count too (live standings); else only closed rounds."""
    statuses = [Round.CLOSED, Round.STARTED] if live else [Round.CLOSED]
    keys = mark_keys(tournament.game)
    rounds = tournament.rounds.filter(status__in=statuses).order_by("number")
    if before is not None:
        rounds = rounds.filter(number__lt=before)
    round_tables = list(
        RoundTable.objects.filter(round__in=rounds)
        .select_related("table")
        .defer("table__state")
        .annotate(number=F("round__number"))
        .order_by("round__number", "table_no")
    )
    seats = seat_numbers(round_tables)
    played: dict[int, list[dict[str, Any]]] = {}
    for round_table in round_tables:
        if not has_result(round_table):
            continue
        line: dict[str, Any] = {"table": round_table.table_no, "seats": seats.get(round_table.pk, [])}
        if round_table.totals is not None:
            line["totals"] = [engine.json_number(v) for v in typed_totals(round_table.totals)]  # cents: 15.5
            line.update(round_table.marks or {})
            if export and replaces_played(round_table):
                line["replaced"] = services.export_table(round_table.table)
        elif export:
            line["document"] = services.export_table(round_table.table)
        else:
            line["totals"] = played_totals(round_table.table)
            line.update(played_marks(round_table.table, keys))
        played.setdefault(round_table.number, []).append(line)
    doc: dict[str, Any] = {
        "tournament": tournament.name,
        "game": tournament.game,
        "preset": tournament.preset,
        **{key: tournament.settings[key] for key in SETTINGS if key in tournament.settings},
        "players": [engine.dump_player(entry) for entry in tournament.entries.order_by("no")],
        "played": [{"round": number, "tables": tables} for number, tables in sorted(played.items())],
    }
    corrections = Correction.objects.filter(round_table__round__tournament=tournament)
    if before is not None:
        corrections = corrections.filter(round_table__round__number__lt=before)
    listed = [
        {
            "round": number,
            "table": table_no,
            "totals": [engine.json_number(v) for v in typed_totals(totals)],
            **(marks or {}),
            "reason": reason,
            "at": at.isoformat(timespec="seconds"),
        }
        for number, table_no, totals, marks, reason, at in corrections.order_by("at", "id").values_list(
            "round_table__round__number", "round_table__table_no", "totals", "marks", "reason", "at"
        )
        if number in played
    ]
    if listed:
        doc["corrections"] = listed
    return doc


def settings_document(tournament: Tournament) -> dict[str, Any]:
    """The tournament's document without its players and results: what its settings alone say (cheap at any size)."""
    return {
        "tournament": tournament.name,
        "game": tournament.game,
        "preset": tournament.preset,
        **{key: tournament.settings[key] for key in SETTINGS if key in tournament.settings},
        "players": [],
        "played": [],
    }


def last_round(tournament: Tournament) -> int:
    """The last round there can be (the extra round of a schedule counted), from the settings alone."""
    try:
        return engine.load(settings_document(tournament)).last_round
    except engine.InvalidTournament as error:
        raise _engine_error(error) from None


def load(tournament: Tournament, **options) -> engine.Tournament:
    """The engine's tournament, from the rows."""
    try:
        return engine.load(document(tournament, **options))
    except engine.InvalidTournament as error:
        raise _engine_error(error) from None


def load_standings(tournament: Tournament, *, corrected: bool = True) -> tuple[engine.Standing, ...]:
    """The standings of the tournament as stored (the engine computes them from its document)."""
    return engine.standings(load(tournament), corrected=corrected)


# ---- rounds ---------------------------------------------------------------------------------------------


def next_round(tournament: Tournament) -> int:
    """The round a draw is for: the one drawn and not started yet (a redraw), or the next."""
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        return 1
    return last.number if last.status == Round.DRAWN else last.number + 1


def active_players(tournament: Tournament, number: int) -> int:
    return sum(
        1
        for entry in tournament.entries.all()
        if entry.joins <= number and (entry.withdrawn_after is None or entry.withdrawn_after >= number)
    )


def draw_round(tournament: Tournament, number: int) -> Round:
    """Draw round ``number`` (TN2, TN3) from the seed and the rounds before it; a drawn round not started yet is
    drawn again. Refused: a round out of turn, past the last, or fewer players than one table holds."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if number != next_round(tournament):
            raise Refused(
                "round",
                _("Round %(number)s cannot be drawn now: the next draw is round %(next)s.")
                % {"number": number, "next": next_round(tournament)},
            )
        previous = tournament.rounds.filter(number=number - 1).first()
        if previous is not None and previous.status != Round.CLOSED:
            raise Refused(
                "round",
                _("Close round %(number)s before drawing the next: its results decide the draw.")
                % {"number": previous.number},
            )
        try:
            last = engine.load(document(tournament, live=False)).last_round
        except engine.InvalidTournament as error:
            raise _engine_error(error, "round") from None
        if is_final(tournament):
            raise Refused("round", _("This tournament is final: every round has been played and closed."))
        if number > last:
            raise Refused("round", _("This tournament has %(rounds)s rounds.") % {"rounds": last})
        size = tournament.settings.get("table_size") or 0
        playing = active_players(tournament, number)
        if playing < size:
            raise Refused(
                "round", _("%(count)s players cannot fill one table of %(size)s.") % {"count": playing, "size": size}
            )
        try:
            drawn = engine.draw(load(tournament, before=number, live=False), number)
        except engine.InvalidTournament as error:
            raise _engine_error(error, "round") from None
        links = drawn_links(tournament, number)
        tournament.rounds.filter(number=number, status=Round.DRAWN).delete()
        round_ = Round.objects.create(tournament=tournament, number=number)
        entries = {entry.no: entry for entry in tournament.entries.all()}
        tokens = [kept_link(links, no, seats) for no, seats in drawn.tables]
        RoundTable.objects.bulk_create(
            [
                RoundTable(round=round_, table_no=no, planned_token=token)
                for (no, _seats), token in zip(drawn.tables, tokens)
            ]
        )
        FormerLink.objects.filter(token__in=tokens).delete()
        retire(tournament, number, links)
        made = list(round_.tables.order_by("table_no"))
        Seat.objects.bulk_create(
            [
                Seat(round_table=rt, round=round_, entry=entries[no], seat=i)
                for rt, (_no, seats) in zip(made, drawn.tables)
                for i, no in enumerate(seats)
            ]
        )
        _bump(tournament)
    round_.repeats = drawn.repeats  # pairs who meet again: only where no seating without a repeat was found
    return round_


def kept_link(links: dict[tuple, tuple[str, int, list[int]]], no: int, seats) -> str:
    """A drawn table's printed link: the one an earlier draw of its round gave the same table, same players in
    the same seats (taken out of ``links``), else a new one."""
    kept = links.pop((no, tuple(seats)), None)
    return kept[0] if kept else new_token()


def start_round(round_: Round) -> Round:
    """A Talon table for every table of the round (the seated names in seat order, the tournament's game and
    rules) and the countdown for the room (TN4)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.DRAWN:
            raise Refused(None, _("This round has started already."))
        if tournament.rounds.filter(number__lt=round_.number).exclude(status=Round.CLOSED).exists():
            raise Refused(None, _("Close the round before it first."))
        rules = tournament.settings.get("rules") or {}
        for round_table in round_.tables.order_by("table_no"):
            names = list(round_table.seats.order_by("seat").values_list("entry__name", flat=True))
            round_table.table = services.create_table(
                game=tournament.game,
                players=names,
                rules=rules,
                name=table_name(tournament.name, round_.number, round_table.table_no),
            )
            if round_table.planned_token:  # the link its printed sheet carries
                round_table.table.edit_token = round_table.planned_token
                round_table.table.save(update_fields=["edit_token"])
            round_table.save(update_fields=["table"])
        minutes = (tournament.settings.get("round_limit") or {}).get("minutes")
        round_.status, round_.started_at = Round.STARTED, timezone.now()
        round_.ends_at = round_.started_at + timedelta(minutes=minutes) if minutes else None
        round_.save(update_fields=["status", "started_at", "ends_at"])
        _bump(tournament)
    return round_


def table_name(tournament: str, round_no: int, table_no: int) -> str:
    """A tournament table's name, "<tournament>, round 1, table 1", fitting the table name's column: a long
    tournament name is cut (with "…") so that the round and the table always show."""
    most = Table._meta.get_field("name").max_length
    where = _("%(tournament)s, round %(round)s, table %(table)s")
    full = where % {"tournament": tournament, "round": round_no, "table": table_no}
    if len(full) <= most:
        return full
    room = most - (len(full) - len(tournament)) - 1
    return where % {"tournament": tournament[: max(room, 0)].rstrip() + "…", "round": round_no, "table": table_no}


def type_result(
    round_: Round,
    round_table: RoundTable,
    totals: list[int],
    marks: dict[str, list[int]] | None = None,
    *,
    replace: bool = False,
) -> None:
    """A paper table's final totals (TN5): refused with the difference when a zero-sum result does not add up;
    only for a table of this round while it is played (after it, a correction with a reason). A table with hands
    played in Talon takes a typed result only when the director chose to ``replace`` them: the hands stay in the
    record (the export keeps the table's document as ``replaced``) and the typed result counts. ``marks``: each
    ranked mark of the game (``mark_keys``) in seat order, by its name."""
    if round_table.round_id != round_.pk:
        raise Refused(
            "table",
            _("Table %(table)s is not a table of round %(round)s.")
            % {"table": round_table.table_no, "round": round_.number},
        )
    with transaction.atomic():
        _table_told(round_table)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)  # a round closed meanwhile takes no result
        _while_played(round_)
        round_table = RoundTable.objects.select_related("table").get(pk=round_table.pk)
        if replaces_played(round_table) and round_table.totals is None and not replace:  # chosen once
            raise Refused("replace", replace_warning(round_table))
        _check(round_, round_table, totals, marks)
        round_table.totals, round_table.marks = stored_totals(totals), marks or None
        round_table.save(update_fields=["totals", "marks"])
        _still_valid(round_.tournament, "totals")
        _bump(round_.tournament)


def stored_totals(totals: list) -> list[int | str]:
    """Typed totals as the database keeps them: whole numbers as they are, a money balance with cents as exact text
    ("-31/2"), never a float."""
    return [value if isinstance(value, int) else f"{value.numerator}/{value.denominator}" for value in totals]


def typed_totals(stored: list | None) -> list | None:
    """Stored typed totals read back exactly (``stored_totals``): ints, and Fractions for amounts with cents."""
    if stored is None:
        return None
    return [value if isinstance(value, int) else engine.read_number(str(value)) for value in stored]


def _table_told(round_table: RoundTable) -> None:
    """Inside the change of a typed result: the Talon table it counts for (if any) locked first, as every change
    locks a table before its round, and its version moved on, so that every phone watching it learns that the
    typed result counts there (or no longer does) at its next look."""
    if round_table.table_id is not None:
        Table.objects.select_for_update().filter(pk=round_table.table_id).update(version=F("version") + 1)


def _while_played(round_: Round) -> None:
    if round_.status == Round.CLOSED:
        raise Refused("reason", _("This round is closed: a change needs a reason (a correction)."))
    if round_.status != Round.STARTED:
        raise Refused("table", _("This round has not started yet."))


def hands_at(round_tables: list[RoundTable]) -> dict[int, int]:
    """The hands of the game played at each of these round tables' Talon tables (by round table), as the round's
    limit counts them (TN4): a penalty, a correction or the end of the evening is none. One query for them all."""
    at_tables = [rt for rt in round_tables if rt.table is not None]
    others = dict(
        services.others_at([rt.table_id for rt in at_tables])
        .values_list("table_id")
        .annotate(count=Count("pk"))
        .values_list("table_id", "count")
    )
    return {rt.pk: rt.table.hand_count - others.get(rt.table_id, 0) for rt in at_tables}


def hands_of(round_table: RoundTable) -> int:
    return hands_at([round_table])[round_table.pk]


def replaces_played(round_table: RoundTable) -> bool:
    """A typed result here would stand in for hands played in Talon (which are kept, not counted)."""
    return round_table.table is not None and round_table.table.hand_count > 0


def replace_warning(round_table: RoundTable) -> str:
    """What a typed result replaces, said before it does."""
    table = round_table.table
    return ngettext(
        "Table %(table)s has %(count)s hand played in Talon (totals %(totals)s). To count the typed result "
        "instead, tick 'Replace the hands played': they stay in the record and can be counted again until the "
        "round closes.",
        "Table %(table)s has %(count)s hands played in Talon (totals %(totals)s). To count the typed result "
        "instead, tick 'Replace the hands played': they stay in the record and can be counted again until the "
        "round closes.",
        hands_of(round_table),
    ) % {
        "table": round_table.table_no,
        "count": hands_of(round_table),
        "totals": " / ".join(local_number(total) for total in played_totals(table)),
    }


def take_back_result(round_: Round, round_table: RoundTable) -> None:
    """A typed result taken back while its round is played: the table counts what was played in Talon again
    (or waits for a result)."""
    with transaction.atomic():
        _table_told(round_table)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        _while_played(round_)
        if round_table.round_id != round_.pk or round_table.totals is None:
            raise Refused(
                "table", _("Table %(table)s has no typed result to take back.") % {"table": round_table.table_no}
            )
        round_table.totals, round_table.marks = None, None
        round_table.save(update_fields=["totals", "marks"])
        _bump(round_.tournament)


def _check(round_: Round, round_table: RoundTable, totals: list[int], marks: dict[str, list[int]] | None) -> None:
    size = round_table.seats.count()
    if len(totals) != size:
        raise Refused("totals", _("Give one total for each of the %(count)s seats.") % {"count": size})
    try:
        engine.check_result(
            load(round_.tournament, live=False), round_.number, round_table.table_no, list(totals), marks or {}
        )
    except engine.InvalidTournament as error:
        raise _engine_error(error, "totals", mark_keys(round_.tournament.game)) from None


def close_round(round_: Round) -> None:
    """A round closes when every table has a result (played in Talon, or typed)."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.STARTED:
            raise Refused(None, _("Only a round being played can be closed."))
        missing = [rt.table_no for rt in round_.tables.select_related("table") if not has_result(rt)]
        if missing:
            raise Refused(
                None,
                _("These tables have no result yet: %(tables)s.") % {"tables": ", ".join(str(no) for no in missing)},
            )
        round_.status, round_.closed_at = Round.CLOSED, timezone.now()
        round_.save(update_fields=["status", "closed_at"])
        _bump(round_.tournament)
        results_changed(round_.tournament)


def reopen_round(round_: Round) -> int | None:
    """A round's close taken back until the next round starts: its tables take results again, and a next round
    drawn from its results is drawn no more (its sheets say where their players sit once drawn again). Returns
    that round's number, if any."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.CLOSED:
            raise Refused(None, _("Only a closed round can be opened again."))
        if tournament.rounds.filter(number__gt=round_.number).exclude(status=Round.DRAWN).exists():
            raise Refused(
                None,
                _(
                    "Round %(number)s has started: round %(closed)s stays closed (a late change is "
                    "a correction, with its reason)."
                )
                % {"number": round_.number + 1, "closed": round_.number},
            )
        voided = void_draw(tournament)
        round_.status, round_.closed_at = Round.STARTED, None
        round_.save(update_fields=["status", "closed_at"])
        _bump(tournament)
        results_changed(tournament)
    return voided


def correct(
    round_: Round,
    round_table: RoundTable,
    totals: list[int],
    reason: str,
    marks: dict[str, list[int]] | None = None,
    *,
    keep: bool = True,
) -> Correction:
    """TN8: a closed round's result changed after an appeal, with its reason; a later draw stays as played.
    ``keep=False``: only checked (refused as it would be), nothing saved: the director is asked first."""
    if round_table.round_id != round_.pk:
        raise Refused(
            "table",
            _("Table %(table)s is not a table of round %(round)s.")
            % {"table": round_table.table_no, "round": round_.number},
        )
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)  # a round opened again meanwhile is played
        if round_.status != Round.CLOSED:
            raise Refused("table", _("Only a closed round's result is corrected; while it is played, type the result."))
        if not reason.strip():
            raise Refused("reason", _("Say why the result changes: the reason is kept with the correction."))
        _check(round_, round_table, totals, marks)
        correction = Correction.objects.create(
            round_table=round_table, totals=stored_totals(totals), marks=marks or None, reason=reason.strip()
        )
        _still_valid(round_.tournament, "reason")
        if not keep:
            transaction.set_rollback(True)
            return correction
        _bump(round_.tournament)
        results_changed(round_.tournament)
    return correction


# ---- export and import ----------------------------------------------------------------------------------


def export(tournament: Tournament) -> dict[str, Any]:
    return document(tournament, export=True)


TABLES_PER_PAGE = 200  # what an import writes for the cost of one long page (as limits.HANDS_PER_PAGE hands): tables,
CORRECTIONS_PER_PAGE = 100  # corrections,
BYTES_PER_PAGE = 1024 * 1024  # and bytes read


def import_cost(raw: Any, size: int) -> int:
    """What importing a tournament document of ``size`` bytes counts as against its client's allowance of long
    pages: one, and one more for each limits.HANDS_PER_PAGE hands its Talon tables bring, each TABLES_PER_PAGE tables
    played, each CORRECTIONS_PER_PAGE corrections and each BYTES_PER_PAGE bytes (anyone may send one: no link
    is needed). Counted from the document as sent, before any of it is checked."""
    rounds = raw.get("played") if isinstance(raw, dict) else None
    corrections = raw.get("corrections") if isinstance(raw, dict) else None
    tables = (
        sum(len(item["tables"]) for item in rounds if isinstance(item, dict) and isinstance(item.get("tables"), list))
        if isinstance(rounds, list)
        else 0
    )
    return (
        1
        + table_hands(raw) // limits.HANDS_PER_PAGE
        + tables // TABLES_PER_PAGE
        + (len(corrections) if isinstance(corrections, list) else 0) // CORRECTIONS_PER_PAGE
        + size // BYTES_PER_PAGE
    )


def table_hands(raw: Any) -> int:
    """How many hands the tables' documents of a tournament document carry: a table played in Talon
    (``document``) and the hands a typed result replaced (``replaced``): each is scored on import, and each becomes
    a Talon table. Counted as a table's import counts them: a closing at the end takes no hand's place, so a table
    ended at the limit comes back in."""
    hands = 0
    for played in _list_at(raw, "played"):  # any shape: this is counted before the document is checked
        for line in _list_at(played, "tables"):
            for key in ("document", "replaced"):
                document = line.get(key) if isinstance(line, dict) else None
                found = document.get("hands") if isinstance(document, dict) else None
                hands += counted_hands(found) if isinstance(found, list) else 0  # the end of the evening is none
    return hands


def _list_at(raw: Any, key: str) -> list:
    """``raw[key]`` where ``raw`` is an object and that is a list, else nothing (a number, a string, an object)."""
    found = raw.get(key) if isinstance(raw, dict) else None
    return found if isinstance(found, list) else []


def import_document(raw: Any) -> Tournament:
    """A new tournament from a document: checked whole by the engine first, then written in one transaction
    from what the engine read (a field the format lets a document leave out has the format's default); each
    table played in Talon becomes a Talon table again (its hands scored as an imported table's). Its tables
    together bring at most as many hands as one table import (TALON_MAX_IMPORT_HANDS: a championship of five
    rounds at 50 tables brings a few thousand): scoring more would hold a worker too long."""
    hands = table_hands(raw)
    most = min(django_settings.TALON_MAX_IMPORT_HANDS, django_settings.TALON_MAX_HANDS)
    if hands > most:
        raise Refused(
            "document",
            _("Hands at the tables of this document: %(count)s; an import brings at most %(most)s.")
            % {"count": hands, "most": most},
        )
    try:
        read = engine.load(raw)
    except engine.InvalidTournament as error:
        raise _engine_error(error, "document") from None
    scored = {  # every hand at its Talon tables scored before the transaction: no lock is held meanwhile
        (played.round, result.table): _scored_talon_table(result) for played in read.played for result in played.tables
    }
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=read.name,
            game=read.game,
            preset=read.preset,
            settings={key: raw[key] for key in SETTINGS if key in raw},
        )
        entries = {
            player.no: entry
            for player, entry in zip(
                read.players,
                Entry.objects.bulk_create(
                    [
                        Entry(
                            tournament=tournament,
                            no=player.no,
                            name=player.name,
                            ranking=player.ranking,
                            joins=player.joins,
                            withdrawn_after=player.withdrawn_after,
                        )
                        for player in read.players
                    ]
                ),
            )
        }
        made: dict[tuple[int, int], RoundTable] = {}
        for played in read.played:
            made.update(_imported_round(tournament, played, entries, scored))
        _imported_corrections(read.corrections, made)
        if read.played:
            results_changed(tournament)
    return tournament


def _imported_round(
    tournament: Tournament,
    played: engine.PlayedRound,
    entries: dict[int, Entry],
    scored: dict[tuple[int, int], services.ScoredDocument | None],
) -> dict[tuple[int, int], RoundTable]:
    """One round of an imported document, closed, its tables and seats written in a few queries: each table played
    in Talon a Talon table again, each typed one its totals."""
    round_ = Round.objects.create(tournament=tournament, number=played.round, status=Round.CLOSED)
    made = RoundTable.objects.bulk_create(
        [
            RoundTable(
                round=round_,
                table_no=result.table,
                table=_written(scored[played.round, result.table]),
                totals=stored_totals(result.totals) if result.document is None else None,
                marks=_listed(result.marks) if result.document is None else None,
            )
            for result in played.tables
        ]
    )
    Seat.objects.bulk_create(
        [
            Seat(round_table=round_table, round=round_, entry=entries[no], seat=i)
            for round_table, result in zip(made, played.tables)
            for i, no in enumerate(result.seats)
        ]
    )
    return {(played.round, round_table.table_no): round_table for round_table in made}


def _listed(marks: dict[str, tuple[int, ...]] | None) -> dict[str, list[int]] | None:
    """A result's ranked marks as a row keeps them (JSON lists), None when it has none."""
    return {key: list(values) for key, values in marks.items()} if marks else None


def _scored_talon_table(result: engine.TableResult) -> services.ScoredDocument | None:
    """The table played in Talon, scored: the one that counts, or the one a typed result replaced (kept in the
    record)."""
    document = result.document if result.document is not None else result.replaced
    if document is None:
        return None
    try:
        return services.score_document(document)
    except InvalidTable as error:
        raise _engine_error(error, "document") from None


def _written(scored: services.ScoredDocument | None) -> Table | None:
    return None if scored is None else services.write_scored(scored)


def _imported_corrections(corrections: tuple[engine.Correction, ...], made: dict[tuple[int, int], RoundTable]) -> None:
    """The document's corrections, each kept at the time it gives (not the time of the import)."""
    kept = Correction.objects.bulk_create(
        [
            Correction(
                round_table=made[(correction.round, correction.table)],
                totals=stored_totals(correction.totals),
                marks=_listed(correction.marks),
                reason=correction.reason,
            )
            for correction in corrections
        ]
    )
    for correction, row in zip(corrections, kept):  # ``at`` is the time of writing when first written
        row.at = engine.correction_time(correction.at)
    Correction.objects.bulk_update(kept, ["at"], batch_size=500)


# ---- a league (TN9) -------------------------------------------------------------------------------------


def league_standings(league: League):
    """The season's standings: each tournament of the league, in the order they were created, through the engine."""
    tournaments = [load(tournament) for tournament in league.tournaments.order_by("created_at", "pk")]
    settings = league.settings
    return engine.league(
        tournaments,
        points_table=settings.get("points_table"),
        best_n=settings.get("best"),
        qualify=settings.get("qualify"),
    )


# A league's standings are stored, not worked out for a visitor: each tournament of it keeps what the season reads
# of it (``Tournament.season``: each player's place, the players sharing it and the measure), stored again in the
# transaction of each of its changes (``_bump``, and a hand at one of its Talon tables); the league's standings
# (``League.standings``) are then summed from those rows alone, the league's row locked. A change costs one
# tournament's standings, whatever the league's size, and a page reads one row.


def season_changed(tournament: Tournament) -> None:
    """A tournament of a league changed: what its league reads of it, and the league's standings, stored again."""
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=tournament.league_id)
        _store_season(tournament)
        store_league_standings(league)


def _store_season(tournament: Tournament) -> list:
    season = [[r.name, r.place, r.level, *_fraction(r.measure)] for r in engine.season_results(load(tournament))]
    Tournament.objects.filter(pk=tournament.pk).update(season=season)
    return season


def _fraction(value: int | Fraction) -> list[int]:
    value = Fraction(value)
    return [value.numerator, value.denominator]


def _number(pair: list[int] | None) -> int | Fraction | None:
    if pair is None:
        return None
    value = Fraction(*pair)
    return value.numerator if value.denominator == 1 else value


def store_league_standings(league: League) -> list[engine.LeagueLine]:
    """The league's standings summed from its tournaments' stored seasons (a tournament stored before seasons were
    is read once), stored on its row. The caller holds the league's row."""
    seasons = [
        season if season is not None else _store_season(tournament)
        for tournament, season in (
            (tournament, tournament.season) for tournament in league.tournaments.order_by("created_at", "pk")
        )
    ]
    settings = league.settings
    lines = engine.season(
        [[engine.SeasonResult(name, place, level, _number([n, d])) for name, place, level, n, d in s] for s in seasons],
        points_table=settings.get("points_table"),
        best_n=settings.get("best"),
        qualify=settings.get("qualify"),
    )
    league.standings = [
        {
            "name": line.name,
            "place": line.place,
            "points": _fraction(line.points),
            "results": [None if value is None else _fraction(value) for value in line.results],
            "counted": list(line.counted),
            "qualified": line.qualified,
        }
        for line in lines
    ]
    League.objects.filter(pk=league.pk).update(standings=league.standings)
    return list(lines)


def stored_league_standings(league: League) -> list[engine.LeagueLine]:
    """The league's standings as stored with its tournaments' last change: one row read, nothing worked out (a
    league stored before standings were is worked out once, its row locked)."""
    if league.standings is None:
        with transaction.atomic():
            league = League.objects.select_for_update().get(pk=league.pk)
            if league.standings is None:
                return store_league_standings(league)
    return [
        engine.LeagueLine(
            name=line["name"],
            place=line["place"],
            points=_number(line["points"]),
            results=tuple(_number(value) for value in line["results"]),
            counted=tuple(line["counted"]),
            qualified=line["qualified"],
        )
        for line in league.standings
    ]


MOST_IN_A_LEAGUE = 50  # a season holds a dozen; the league's pages and ratings read every one of them


def add_to_league(league: League, tournament: Tournament) -> None:
    with transaction.atomic():
        # the tournament, then its league, as a round's close locks them: added to two leagues at once, it joins
        # one; two tournaments added at once count one by one
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        League.objects.select_for_update().get(pk=league.pk)
        if tournament.league_id not in (None, league.pk):
            raise Refused("link", _("This tournament belongs to another league."))
        if tournament.league_id is None and league.tournaments.count() >= MOST_IN_A_LEAGUE:
            raise Refused("link", _("A league holds at most %(most)s tournaments.") % {"most": MOST_IN_A_LEAGUE})
        tournament.league = league
        tournament.save(update_fields=["league"])
        _bump(tournament)
        joined_league(tournament)


def league_players(league: League) -> list[str]:
    """The league's one player list: every name registered in its tournaments, in the order they first came and
    as first written; names are compared as a table compares them ("Anna" and "ANNA" are one player)."""
    seen: dict[str, str] = {}
    for name in (
        Entry.objects.filter(tournament__league=league)
        .order_by("tournament__created_at", "no")
        .values_list("name", flat=True)
    ):
        seen.setdefault(name_key(name), name)
    return list(seen.values())


def register_league_players(league: League, tournament: Tournament) -> list[Entry]:
    """The league's players not yet in this tournament, registered in it (start numbers follow on)."""
    known = {name_key(name) for name in tournament.entries.values_list("name", flat=True)}
    missing = [(name, None) for name in league_players(league) if name_key(name) not in known]
    if not missing:
        raise Refused(None, _("Every player of the league is registered in this tournament already."))
    return register(tournament, missing)


# ---- ratings of a league, or of a tournament in no league (games.ratings.store keeps them) -------------------
# A rated event is each table of a closed round, its players placed by the game's order (TN6: the engine's own
# ``seat_places``) from its result as the standings read it: a table played in Talon gives its stored totals and
# status, a table typed from paper its typed totals, a correction (TN8) replaces either. The events are rated in a
# fixed order (when their round closed, then the tournament, the round and the table number), so the same results
# always give the same ratings; the pool is rebuilt whole, in the transaction of the change, when a round closes, a
# result is corrected, a closed round's Talon table changes, a name is corrected, or a tournament joins a league.


def pool_of(tournament: Tournament) -> Pool:
    """The pool a tournament's results are rated in: its league's, else its own."""
    if tournament.league_id is not None:
        return Pool(league=League.objects.get(pk=tournament.league_id))
    return Pool(tournament=tournament)


def _pool_tournaments(pool: Pool) -> list[Tournament]:
    if pool.league is not None:
        return list(pool.league.tournaments.order_by("created_at", "pk"))
    return [pool.tournament]


def pool_events(pool: Pool) -> tuple[list[Event], dict[tuple, int]]:
    """The pool's events (each closed round's tables with a result) and each event's round table, by key
    (tournament, round, table). Read from the stored rows through the tournament document, never a replay."""
    events: list[Event] = []
    round_tables: dict[tuple, int] = {}
    spelled: dict[str, str] = {}  # one league, one player list: a name as first seen
    for tournament in _pool_tournaments(pool):
        found, ids = tournament_events(tournament, spelled)
        events += found
        round_tables.update(ids)
    return events, round_tables


def tournament_events(tournament: Tournament, spelled: dict[str, str]) -> tuple[list[Event], dict[tuple, int]]:
    """One tournament's events and their round tables (as pool_events), each name written as ``spelled`` has it
    (a name not in it is added as first seen)."""
    events: list[Event] = []
    round_tables: dict[tuple, int] = {}
    closed = {r.number: r for r in tournament.rounds.filter(status=Round.CLOSED)}
    if not closed:
        return events, round_tables
    t = engine.load(document(tournament, live=False))
    ids = dict(
        ((number, no), pk)
        for number, no, pk in RoundTable.objects.filter(
            round__tournament=tournament, round__status=Round.CLOSED
        ).values_list("round__number", "table_no", "pk")
    )
    for played in engine.results(t, corrected=True):
        round_ = closed[played.round]
        ended = _ended(round_, tournament)
        for result in played.tables:
            names = tuple(spelled.setdefault(name_key(t.player(no).name), t.player(no).name) for no in result.seats)
            key = (tournament.pk, played.round, result.table)
            events.append(Event(tournament.game, ended, key, names, engine.seat_places(t, result.seats, result)))
            round_tables[key] = ids[(played.round, result.table)]
    return events, round_tables


def _ended(round_: Round, tournament: Tournament):
    """When a closed round's results count as rated: its close (an imported round: its tournament's creation)."""
    return round_.closed_at or round_.started_at or tournament.created_at


def rate_pool(pool: Pool) -> History:
    """The pool's ratings and steps rebuilt from its events (the pool's row locked first, so that the events read
    are those the rebuild stores)."""
    with transaction.atomic():
        pool.lock()
        events, round_tables = pool_events(pool)
        return ratings_store.rebuild(pool, events, round_tables)


def results_changed(tournament: Tournament) -> None:
    """After a change of a tournament's rated results: its pool again, in the change's transaction. In a league,
    when the tournament is the season's last (created and rated after the others: the one being played), only its
    own results are rated again, from each player's rating before it; else the pool is rebuilt whole."""
    pool = pool_of(tournament)
    if pool.league is None or not _rated_again_from_its_start(pool, tournament):
        rate_pool(pool)


def _rated_again_from_its_start(pool: Pool, tournament: Tournament) -> bool:
    """The league's ratings of the tournament's game again from where its results start, when they are the
    league's last: each player's rating before it is their last step in the others; the tournament's steps and
    its players' ratings are written again. What a rebuild gives; False (nothing done) when it is not the last."""
    game = tournament.game
    with transaction.atomic():
        pool.lock()
        steps = RatingStep.objects.filter(**pool.owner, game=game)
        own, others = (
            steps.filter(round_table__round__tournament=tournament),
            steps.exclude(round_table__round__tournament=tournament),
        )
        last_other = others.aggregate(last=Max("number"))["last"] or 0
        spelled = {name_key(name): name for name in others.values_list("player", flat=True).distinct()}
        events, round_tables = tournament_events(tournament, spelled)
        if not _comes_last(tournament, events) or own.filter(number__lte=last_other).exists():
            return False
        players = set(own.values_list("player", flat=True)) | {name for event in events for name in event.players}
        before: dict[str, tuple[Rated, float]] = {}
        for player, mu, sigma, change in (
            others.filter(player__in=players).order_by("number").values_list("player", "mu", "sigma", "change")
        ):
            count = before[player][0].events if player in before else 0
            before[player] = (Rated(mu, sigma, count + 1), change)
        own.delete()
        Rating.objects.filter(**pool.owner, game=game, player__in=players).delete()
        history = rate(events, start={game: {player: rated for player, (rated, _change) in before.items()}})
        moved = {step.player for step in history.steps}
        Rating.objects.bulk_create(
            [
                Rating(**pool.owner, game=game, player=name, mu=r.mu, sigma=r.sigma, events=r.events, change=change)
                for name, r, change in (
                    (name, history.ratings[game][name], history.last[game, name])
                    if name in moved
                    else (name, *before[name])
                    for name in sorted(players)
                    if name in moved or name in before
                )
            ]
        )
        ratings_store.store_steps(pool, history, round_tables, first=last_other + 1)
    return True


def _comes_last(tournament: Tournament, events: list[Event]) -> bool:
    """Whether a tournament's results are its league's last: it was created after the others (its names are then
    the last spelled) and each of its events comes after every event of the others, as rate() orders them."""
    newest = (
        Tournament.objects.filter(league_id=tournament.league_id).order_by("-created_at", "-pk").values_list("pk")
    ).first()
    if newest != (tournament.pk,):
        return False
    return not events or _latest_other_event(tournament) < min((event.ended, event.key) for event in events)


def joined_league(tournament: Tournament) -> None:
    """A tournament added to a league: its own pool is gone, the league's takes its results: rated on from the
    league's ratings when they all come after the league's others (a season's next tournament: the cost of its
    own results, whatever the league's size), else the league's pool rebuilt."""
    Rating.objects.filter(tournament=tournament).delete()
    RatingStep.objects.filter(tournament=tournament).delete()
    pool = pool_of(tournament)
    with transaction.atomic():
        pool.lock()
        spelled = {
            name_key(name): name for name in Rating.objects.filter(**pool.owner).values_list("player", flat=True)
        }
        events, round_tables = tournament_events(tournament, spelled)
        if not events:
            return
        if _comes_last(tournament, events):
            ratings_store.rate_on(pool, events, round_tables)
            return
    rate_pool(pool)


def _latest_other_event(tournament: Tournament) -> tuple:
    """No earlier than the latest event of the other tournaments of its league, as rate() orders them (when it
    ended, then its key); the earliest time when there is none."""
    latest: tuple = (tournament.created_at.min.replace(tzinfo=tournament.created_at.tzinfo), ())
    for round_ in (
        Round.objects.filter(tournament__league_id=tournament.league_id, status=Round.CLOSED)
        .exclude(tournament=tournament)
        .select_related("tournament")
    ):
        ended = _ended(round_, round_.tournament)
        latest = max(latest, (ended, (round_.tournament_id, round_.number, math.inf)))
    return latest


def round_table_changed(sender, *, table: Table, circles: tuple[int, ...] = (), **kwargs) -> None:
    """A Talon table's hands changed (connected in games.apps): if it is a table of a closed round, its
    tournament's pool again (the standings read its stored totals, and so do the ratings); a table of a round
    under way or closed of a tournament in a league, that league's standings. One query for any other table, none
    for a table joining a circle (``circles``: its hands, so its results, are as they were)."""
    if circles:
        return
    round_table = (
        RoundTable.objects.filter(table_id=table.pk, round__status__in=(Round.STARTED, Round.CLOSED))
        .select_related("round__tournament")
        .first()
    )
    if round_table is None:
        return
    tournament = round_table.round.tournament
    if tournament.league_id is not None:
        season_changed(tournament)
    if round_table.round.status == Round.CLOSED:
        results_changed(tournament)


def rank_by_ratings(tournament: Tournament) -> list[str]:
    """Each entry's ``ranking`` filled from the current ratings of its pool (the league's, or the tournament's
    own): 1 the highest rated; unrated players after the rated ones, by start number. Called before round 1 is
    drawn, so the tournament document carries plain rankings and its draw is reproduced from it. Returns the
    names best first."""
    entries = list(tournament.entries.order_by("no"))
    now = ratings_shown.ratings_now(pool_of(tournament))
    game = {name_key(name): name for name in now.get(tournament.game, {})}
    spelled = {entry.name: game.get(name_key(entry.name), entry.name) for entry in entries}
    ranked = current_ranking(tournament.game, [spelled[entry.name] for entry in entries], now)
    place = {name: i for i, name in enumerate(ranked, start=1)}
    for entry in entries:
        entry.ranking = place[spelled[entry.name]]
    Entry.objects.bulk_update(entries, ["ranking"])
    return ranked
